"""A registrations folder as its users name it: its store opened (event_store), an earlier
version's files imported into it the first time, and the store exported as a folder of files
(export): a deck file and a `.registration.json` record a registration, `deck-checks/` one file an
entry of the log, `registration-closed.json` the closing, and the log and registrations as CSV and
JSON too. That folder is what `deckcheck check FOLDER --current` and the sheets read, what a
spreadsheet opens, and what a store is imported from."""

from __future__ import annotations

import json
from dataclasses import asdict
from datetime import datetime
from pathlib import Path

from deckcheck.loading.files import UnreadableFile, read_limited
from deckcheck.loading.writing import write_atomically
from deckcheck.serve import deck_checks, registrations
from deckcheck.serve.registrations import RECORD, everyone, read_exported, registrations_in, same_player
from deckcheck.serve.store import Store, Transaction
from deckcheck.serve.window import CLOSED

LOG = "deck-checks"  # the folder of the log's entries
CLOSED_FILE = "registration-closed.json"


def event_store(folder: Path) -> Store:
    """The store of a registrations folder, made where there is none; a folder an earlier version
    filled is imported into it, whole, in the transaction that makes it. Raises StoreProblem."""
    store = Store(folder)
    if Store.exists(folder):
        return store
    with store.writing() as kept:
        if kept.empty():  # two processes opening a new folder at once import it once
            _import(folder, kept)
    return store


def _import(folder: Path, kept: Transaction) -> None:
    for record in read_exported(folder):
        try:
            content = read_limited(folder / record.deck_file)
        except UnreadableFile:
            continue  # a deck file that is not a regular file is no registration
        kept.add_deck(record.deck_file, content)
        kept.add_record(same_player(record.player), asdict(record))
    for kind, data in _exported_log(folder):
        kept.add_entry(kind, data)
    closed = _exported_closing(folder)
    if closed is not None:
        kept.set_setting(CLOSED, closed)


def _exported_log(folder: Path) -> list[tuple[str, dict]]:
    """The entries of an exported log, oldest first; a file not of ours (or not a regular file) passed by."""
    entries = []
    for path in sorted((folder / LOG).glob("*.json")):
        try:
            data = json.loads(read_limited(path))
            kind = data.pop("kind")
        except (UnreadableFile, ValueError, KeyError, TypeError, AttributeError):
            continue
        if deck_checks.entry_of(kind, data) is not None:
            entries.append((kind, data))
    return entries


def _exported_closing(folder: Path) -> str | None:
    try:
        closed = json.loads(read_limited(folder / CLOSED_FILE))["closed_at"]
        datetime.fromisoformat(closed)
    except (UnreadableFile, ValueError, KeyError, TypeError):
        return None  # no closing kept (a damaged file is none: the organiser closes again)
    return closed


def export(store: Store, out: Path) -> int:
    """The store as a folder of files in `out` (made where missing; files already there are
    replaced); how many registrations it wrote. Raises OSError where `out` cannot take them."""
    with store.reading() as kept:
        every = registrations_in(kept)
        decks = {each.deck_file: kept.deck(each.deck_file) for each in every if each.withdrawn_by is None}
        entries = deck_checks.entries_in(kept)
        closed = kept.setting(CLOSED)
    out.mkdir(parents=True, exist_ok=True)
    withdrawals = 0
    for each in every:
        stem = each.deck_file.rsplit(".", 1)[0]
        if each.withdrawn_by is not None:
            withdrawals += 1
            _write(out / f"{stem}-withdrawn-{withdrawals}{RECORD}", _json(asdict(each)))
            continue
        _write(out / each.deck_file, decks[each.deck_file] or b"")
        _write(out / f"{stem}{RECORD}", _json(asdict(each)))
    (out / LOG).mkdir(exist_ok=True)
    for number, entry in enumerate(entries, 1):
        kind = "draw" if isinstance(entry, deck_checks.Draw) else "check"
        _write(out / LOG / f"{number:06d}-{kind}.json", _json({"kind": kind, **asdict(entry)}))
    if closed is not None:
        _write(out / CLOSED_FILE, _json({"closed_at": closed}))
    rows, log = registrations.export_rows(everyone(every)), deck_checks.export_rows(entries)
    _write(out / "registrations.json", _json({"registrations": rows}))
    _write(out / "registrations.csv", registrations.as_csv(rows).encode("utf-8"))
    _write(out / "deck-checks.json", _json({"deck_checks": log}))
    _write(out / "deck-checks.csv", deck_checks.as_csv(log).encode("utf-8"))
    return len(every) - withdrawals


def _json(data: dict) -> bytes:
    return (json.dumps(data, ensure_ascii=False, indent=2) + "\n").encode("utf-8")


def _write(path: Path, content: bytes) -> None:
    write_atomically(path, content, ".exporting-")
