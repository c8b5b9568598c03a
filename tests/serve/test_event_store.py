"""An event's store (registrations/event.sqlite3): imported from an earlier version's folder the first
time it is opened, exported as such a folder, read by `check registrations/ --current`, never
drawing a player twice however many draws run at once, and never hung by what a stranger put in
the folder."""

import json
import os
import shutil
import threading
from dataclasses import asdict
from datetime import UTC, datetime
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason='the serve extra (pip install "deckcheck[serve]") is not installed')

from deckcheck.serve import deck_checks  # noqa: E402
from deckcheck.serve.event_folder import event_store  # noqa: E402
from deckcheck.serve.registrations import Registration, by_player, deck_of, read_all, register  # noqa: E402
from deckcheck.serve.store import Store  # noqa: E402
from deckcheck.serve.window import close_now, closed_at  # noqa: E402
from test_current_registrations import three_registrations  # noqa: E402
from test_site import LEGAL  # noqa: E402

from conftest import run  # noqa: E402


def _record(player: str, **fields) -> Registration:
    said = dict(deck_file="", time=datetime.now(UTC).isoformat(), game="redline", format="standard", rules_version=None)
    said |= dict(as_of="2026-09-01", events=(), deck_name=None, legal=True, errors=0, warnings=0, sha256="")
    return Registration(player=player, **{**said, **fields})


@pytest.fixture(scope="module")
def registered_once(tmp_path_factory):
    """Ann's two registrations and Bob's, a draw and a check."""
    folder = three_registrations(tmp_path_factory.mktemp("desk"))
    deck_checks.draw(Store(folder), count=1, seed=3)
    deck_checks.record(Store(folder), "Bob", deck_checks.Checked("Sam", "fail", "two short"))
    return folder


@pytest.fixture
def registrations(registered_once, tmp_path):
    """A copy for each test."""
    return Path(shutil.copytree(registered_once, tmp_path / "registrations"))


def _verdicts(path, *options):
    decks = run("check", path, "--current", *options, "--output-format", "json").report["decks"]
    return sorted(((d["player"], d["legal"], d["path"].rsplit("/", 1)[-1]) for d in decks), key=lambda v: (v[0] or "", v[2]))


def test_an_export_is_checked_as_the_store_it_was_written_from(registrations, tmp_path):
    outcome = run("registrations", "export", registrations, tmp_path / "export")
    assert outcome.exit_code == 0 and "exported 3 registrations" in outcome.stdout
    assert _verdicts(tmp_path / "export") == _verdicts(registrations)
    assert [(p, legal) for p, legal, _ in _verdicts(registrations)] == [("Bob", False), ("ann", True)]
    log = json.loads((tmp_path / "export" / "deck-checks.json").read_text())["deck_checks"]
    assert [row["kind"] for row in log] == ["drawn", "checked"] and log[1]["note"] == "two short"
    assert (tmp_path / "export" / "registrations.csv").read_text(encoding="utf-8-sig").count("\n") == 4  # a header and 3 rows


def test_a_folder_exported_or_kept_by_an_earlier_version_is_imported_whole_the_first_time(registrations, tmp_path):
    store = Store(registrations)
    close_now(store, datetime(2026, 11, 28, 9, tzinfo=UTC))
    run("registrations", "export", registrations, tmp_path / "export")
    imported = event_store(tmp_path / "export")
    assert read_all(imported) == read_all(store)
    assert deck_checks.read_log(imported) == deck_checks.read_log(store)
    assert closed_at(imported, None, datetime.now(UTC)) == datetime(2026, 11, 28, 9, tzinfo=UTC)
    ann = by_player(read_all(imported))[0].current
    assert deck_of(imported, ann.deck_file).decode() == LEGAL


def test_an_earlier_versions_files_as_it_wrote_them_are_imported(tmp_path):
    """Written here as deckcheck 0.x wrote them, field by field: an import reads what was on disk, not what export writes."""
    (tmp_path / "ann-0123456789ab.yaml").write_text(LEGAL)
    old = {**asdict(_record("Ann", deck_file="ann-0123456789ab.yaml")), "events": ["Regional"]}
    del old["code_sha256"]  # older records have no withdrawal code
    (tmp_path / "ann-0123456789ab.registration.json").write_text(json.dumps(old))
    (tmp_path / "deck-checks").mkdir()
    draw = {"kind": "draw", "time": old["time"], "seed": 1, "asked": "1", "players": ["Ann"], "again": False}  # no pool: older
    (tmp_path / "deck-checks" / "20261128T090000-draw-1.json").write_text(json.dumps(draw))
    (tmp_path / "registration-closed.json").write_text('{"closed_at": "2026-11-28T10:00:00+00:00"}')
    store = event_store(tmp_path)
    (ann,) = read_all(store)
    assert ann.player == "Ann" and ann.events == ("Regional",) and deck_of(store, ann.deck_file).decode() == LEGAL
    assert [entry.players for entry in deck_checks.read_log(store)] == [("Ann",)]
    assert closed_at(store, None, datetime.now(UTC)) == datetime(2026, 11, 28, 10, tzinfo=UTC)


def test_what_is_not_a_regular_file_in_a_folder_imported_is_passed_by_unread(tmp_path):
    (tmp_path / "deck-checks").mkdir()
    os.mkfifo(tmp_path / "deck-checks" / "a.json")  # reading it would wait for a writer forever
    os.mkfifo(tmp_path / "x.registration.json")
    opened = threading.Thread(target=lambda: run("deck-checks", "list", tmp_path), daemon=True)
    opened.start()
    opened.join(timeout=30)
    assert not opened.is_alive()
    assert not read_all(Store(tmp_path)) and not deck_checks.read_log(Store(tmp_path))


def test_eight_draws_at_once_never_draw_a_player_twice(tmp_path):
    store = event_store(tmp_path)
    for number in range(24):
        register(store, _record(f"Player {number}"), f"deck {number}".encode(), ".txt")
    start = threading.Barrier(8)
    drawn: list[tuple[str, ...]] = []

    def draw() -> None:
        start.wait()
        drawn.append(deck_checks.draw(store, count=3).players)

    threads = [threading.Thread(target=draw) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    every = [player for players in drawn for player in players]
    assert len(drawn) == 8 and len(every) == len(set(every)) == 24


def test_a_store_in_a_folder_run_is_read_from_the_store_not_from_copies_beside_it(registrations, tmp_path):
    """An imported folder keeps its files: a copy whose registration the store knows is not checked twice."""
    run("registrations", "export", registrations, registrations)  # the store's own decks written beside it
    (registrations / "walk-in.yaml").write_text(LEGAL)
    assert [(p, file == "walk-in.yaml") for p, _, file in _verdicts(registrations)] == [(None, True), ("Bob", False), ("ann", False)]
    assert len(run("check", registrations, "--output-format", "json").report["decks"]) == 4  # every registration, and the walk-in


def test_a_stores_decks_are_checked_again_by_another_dates_rules(registrations):
    decks = run("check", registrations, "--current", "--compare-as-of", "2025-01-01", "--output-format", "json").report["decks"]
    assert sorted(d["player"] for d in decks) == ["Bob", "ann"] and all(d["compared_as_of"]["as_of"] == "2025-01-01" for d in decks)


def test_a_store_that_cannot_be_opened_is_one_line_for_every_command(tmp_path):
    (tmp_path / "event.sqlite3").mkdir()  # what SQLite cannot open, even for root
    for arguments in (
        ("deck-checks", "list", tmp_path),
        ("deck-checks", "draw", tmp_path, "--count", "1"),
        ("registrations", "export", tmp_path, tmp_path / "out"),
        ("check", tmp_path, "--current"),
    ):
        outcome = run(*arguments)
        assert outcome.exit_code == 2 and outcome.stderr.count("\n") == 1 and "event.sqlite3" in outcome.stderr, outcome.stderr
