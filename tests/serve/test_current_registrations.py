"""`deckcheck check REGISTRATIONS --current`: the organiser's report from the command line, the same
decks as /organiser/report.html: each player's current registration, with their name."""

import shutil
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason='the serve extra (pip install "deckcheck[serve]") is not installed')

from test_site import ILLEGAL, LEGAL, redline_desk, register  # noqa: E402

from conftest import run  # noqa: E402


@pytest.fixture(scope="module")
def registered_once(tmp_path_factory):
    return three_registrations(tmp_path_factory.mktemp("desk"))


@pytest.fixture
def registrations(registered_once, tmp_path):
    """The registrations made once a module, a copy for each test."""
    return Path(shutil.copytree(registered_once, tmp_path / "registrations"))


def three_registrations(tmp_path):
    """Ann's two registrations (the second counts) and Bob's, through the page."""
    folder = tmp_path / "registrations"
    folder.mkdir()
    with redline_desk(folder) as client:
        register(client, "Ann", ILLEGAL)
        register(client, "ann", LEGAL)  # the same player, registering again
        register(client, "Bob", ILLEGAL)
    return folder


def test_current_reports_each_players_latest_registration_with_their_name(registrations):
    every = run("check", registrations, "--output-format", "json").report["decks"]
    assert len(every) == 3  # without --current: every file of the folder, superseded ones too
    current = run("check", registrations, "--current", "--output-format", "json")
    decks = current.report["decks"]
    assert sorted((d["player"], d["legal"]) for d in decks) == [("Bob", False), ("ann", True)]
    text = run("check", registrations, "--current").stdout
    assert " \u2014 ann, CPM starter: legal" in text and " \u2014 Bob: ILLEGAL" in text


def test_the_sheets_of_current_registrations_name_their_players(registrations):
    page = run("check", registrations, "--current", "--output-format", "html").stdout
    assert page.count('<section class="sheet">') == 2
    assert '<th>Name</th><td class="fill">ann</td>' in page and '<th>Name</th><td class="fill">Bob</td>' in page


def test_a_deck_file_that_is_no_registration_is_still_checked(registrations):
    (registrations / "walk-in.yaml").write_text(LEGAL)
    decks = run("check", registrations, "--current", "--output-format", "json").report["decks"]
    assert len(decks) == 3 and [d["player"] for d in decks if d["path"].endswith("walk-in.yaml")] == [None]
