"""The deck-check log: players drawn at random for deck checks (seeded, never twice unless asked),
each check recorded with the registration's fingerprint, listed and exported; as commands."""

import json
import shutil
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason='the serve extra (pip install "deckcheck[serve]") is not installed')

from deckcheck.serve.registrations import read_all  # noqa: E402
from deckcheck.serve.store import Store  # noqa: E402
from test_site import ILLEGAL, LEGAL, redline_desk, register  # noqa: E402

from conftest import run  # noqa: E402

PLAYERS = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]


@pytest.fixture(scope="module")
def registered_once(tmp_path_factory):
    folder = tmp_path_factory.mktemp("desk") / "registrations"
    folder.mkdir()
    with redline_desk(folder) as client:
        for player in PLAYERS:
            register(client, player, LEGAL)
        register(client, "Ann", ILLEGAL)  # Ann's second registration is her current one
    return folder


@pytest.fixture
def registrations(registered_once, tmp_path):
    """The registrations made once a module, a copy for each test to draw and record in."""
    return Path(shutil.copytree(registered_once, tmp_path / "registrations"))


def _drawn(outcome) -> list[str]:
    assert outcome.exit_code == 0, outcome.stderr
    return outcome.stdout.split("): ", 1)[1].strip().split(", ")


def test_the_same_seed_draws_the_same_players_and_the_seed_is_shown(registrations, tmp_path):
    first = run("deck-checks", "draw", registrations, "--count", "3", "--seed", "2026")
    assert "seed 2026" in first.stdout
    drawn = _drawn(first)
    assert len(drawn) == 3 and set(drawn) <= set(PLAYERS)
    log = run("deck-checks", "list", registrations, "--output-format", "json").stdout
    rows = json.loads(log)["deck_checks"]
    assert [row["player"] for row in rows] == drawn and {row["seed"] for row in rows} == {2026}
    again = run("deck-checks", "draw", registrations, "--count", "3", "--seed", "2026", "--again")
    assert _drawn(again) == drawn  # the same seed among the same players: the same draw


def test_players_are_never_drawn_twice_unless_asked(registrations):
    first = _drawn(run("deck-checks", "draw", registrations, "--count", "4"))
    second = _drawn(run("deck-checks", "draw", registrations, "--count", "4"))
    assert not set(first) & set(second) and len(second) == 2  # only two left
    done = run("deck-checks", "draw", registrations, "--count", "1")
    assert done.exit_code == 2 and "drawn already" in done.stderr and "--again" in done.stderr


def test_a_share_draws_at_least_one(registrations):
    assert len(_drawn(run("deck-checks", "draw", registrations, "--share", "0.5"))) == 3
    assert len(_drawn(run("deck-checks", "draw", registrations, "--share", "0.01"))) == 1
    assert run("deck-checks", "draw", registrations, "--share", "2").exit_code == 2


def test_a_check_is_recorded_against_the_current_registration(registrations):
    outcome = run("deck-checks", "record", registrations, "ann", "--judge", "Sam", "--result", "fail", "--note", "=one card short")
    assert outcome.exit_code == 0 and "Ann, fail, by Sam" in outcome.stdout
    rows = json.loads(run("deck-checks", "list", registrations, "--output-format", "json").stdout)["deck_checks"]
    (row,) = rows
    assert row["kind"] == "checked" and row["judge"] == "Sam" and len(row["fingerprint"]) == 19
    (record,) = [r for r in read_all(Store(registrations)) if r.deck_file == row["deck_file"]]
    assert record.player == "Ann" and record.legal is False  # her second, current registration
    csv_text = run("deck-checks", "list", registrations, "--output-format", "csv").stdout
    assert csv_text.startswith("\ufeff") and "'=one card short" in csv_text  # no formula in a spreadsheet


@pytest.mark.parametrize(
    "args, said",
    [
        (("Nobody", "--judge", "Sam", "--result", "pass"), "no player 'Nobody'"),
        (("Ann", "--judge", "Sam", "--result", "maybe"), "pass, fail"),
        (("Ann", "--judge", " ", "--result", "pass"), "which judge"),
    ],
)
def test_a_check_that_cannot_be_recorded_says_why(registrations, args, said):
    outcome = run("deck-checks", "record", registrations, *args)
    assert outcome.exit_code == 2 and said in outcome.stderr


def test_an_empty_log_says_so_and_a_missing_folder_is_exit_2(registrations, tmp_path):
    assert "no deck checks" in run("deck-checks", "list", registrations).stdout
    assert run("deck-checks", "list", tmp_path / "nowhere").exit_code == 2


def test_a_check_keeps_round_table_and_penalty_and_each_time_in_the_events_zone(registrations, monkeypatch):
    monkeypatch.setenv("TZ", "America/Chicago")  # the desk's computer, at a US event
    import time

    time.tzset()
    try:
        outcome = run(
            "deck-checks",
            "record",
            registrations,
            "Bob",
            "--judge",
            "Sam",
            "--result",
            "fail",
            "--round",
            "3",
            "--table",
            "12",
            "--penalty",
            "game loss",
        )
        assert outcome.exit_code == 0
        (row,) = json.loads(run("deck-checks", "list", registrations, "--output-format", "json").stdout)["deck_checks"]
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()
    assert (row["round"], row["table"], row["penalty"]) == ("3", "12", "game loss")
    assert row["time"].endswith("+00:00") and row["local_time"].endswith(("CST", "CDT"))


def test_a_draw_keeps_what_redraws_it_and_a_player_who_registered_again_after_it_is_flagged(registrations):
    drawn = _drawn(run("deck-checks", "draw", registrations, "--count", "6", "--seed", "7"))
    rows = json.loads(run("deck-checks", "list", registrations, "--output-format", "json").stdout)["deck_checks"]
    assert rows[0]["pool"] == "; ".join(sorted(PLAYERS)) and rows[0]["again"] is False and rows[0]["asked"] == "6"
    assert sorted(drawn) == sorted(PLAYERS)
    with redline_desk(registrations) as client:
        register(client, "Cy", ILLEGAL)  # after being drawn, before the check
    outcome = run("deck-checks", "record", registrations, "Cy", "--judge", "Sam", "--result", "pass")
    assert "registered again after being drawn" in outcome.stdout
    plain = run("deck-checks", "record", registrations, "Dee", "--judge", "Sam", "--result", "pass")
    assert "registered again" not in plain.stdout
    checks = [
        r
        for r in json.loads(run("deck-checks", "list", registrations, "--output-format", "json").stdout)["deck_checks"]
        if r["kind"] == "checked"
    ]
    assert [(r["player"], r["registered_after_draw"]) for r in checks] == [("Cy", True), ("Dee", False)]
