"""An event's store: its registrations (each with the deck as sent), withdrawals, deck-check log and
closing, in one SQLite file inside the registrations folder (`event.sqlite3`, write-ahead log).
Each registration, withdrawal, draw and check is one transaction: a crash or a kill at any point
leaves it whole or absent, never half written, and two draws at once run one after the other (a
writing transaction takes the write lock before it reads). Every call opens its own connection,
so threads and the workers' processes share the file as SQLite lets them.

The store holds rows of JSON; what they mean (a Registration, a Draw) is the modules' that write
them (registrations.py, deck_checks.py, window.py). event_folder.py opens a store, imports a folder
of an earlier version's files into it, and exports it as such a folder."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path

from deckcheck.escaping import terminal_path

STORE = "event.sqlite3"
WAITED_SECONDS = 30  # how long a transaction waits for another's write lock before giving up
_SCHEMA = """
CREATE TABLE IF NOT EXISTS records (
    id INTEGER PRIMARY KEY,  -- the order records were made in
    player TEXT NOT NULL,    -- who the player is (registrations.same_player)
    deck_file TEXT NOT NULL,
    record TEXT NOT NULL     -- a registration or a withdrawal, as JSON
);
CREATE INDEX IF NOT EXISTS records_of_player ON records (player, id);
CREATE TABLE IF NOT EXISTS decks (deck_file TEXT PRIMARY KEY, content BLOB NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS log (id INTEGER PRIMARY KEY, kind TEXT NOT NULL, entry TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
"""


class StoreProblem(Exception):
    """The store cannot be opened, read or written: one line, naming its file."""


class Transaction:
    """What one transaction reads and writes (Store.reading, Store.writing)."""

    def __init__(self, connection: sqlite3.Connection) -> None:
        self._db = connection

    def records(self, player: str | None = None) -> list[dict]:
        """Every record (or a player's), oldest first."""
        if player is None:
            rows = self._db.execute("SELECT record FROM records ORDER BY id")
        else:
            rows = self._db.execute("SELECT record FROM records WHERE player = ? ORDER BY id", (player,))
        return [json.loads(text) for (text,) in rows]

    def latest(self, player: str) -> dict | None:
        """A player's latest record."""
        row = self._db.execute("SELECT record FROM records WHERE player = ? ORDER BY id DESC LIMIT 1", (player,)).fetchone()
        return json.loads(row[0]) if row else None

    def add_record(self, player: str, record: dict) -> None:
        self._db.execute(
            "INSERT INTO records (player, deck_file, record) VALUES (?, ?, ?)",
            (player, record["deck_file"], json.dumps(record, ensure_ascii=False)),
        )

    def deck(self, deck_file: str) -> bytes | None:
        row = self._db.execute("SELECT content FROM decks WHERE deck_file = ?", (deck_file,)).fetchone()
        return bytes(row[0]) if row else None

    def add_deck(self, deck_file: str, content: bytes) -> bool:
        """The deck kept under this name; False where the name is taken."""
        return self._db.execute("INSERT OR IGNORE INTO decks VALUES (?, ?)", (deck_file, content)).rowcount == 1

    def entries(self) -> list[tuple[str, dict]]:
        """The deck-check log, oldest first: each entry's kind and fields."""
        return [(kind, json.loads(text)) for kind, text in self._db.execute("SELECT kind, entry FROM log ORDER BY id")]

    def add_entry(self, kind: str, entry: dict) -> None:
        self._db.execute("INSERT INTO log (kind, entry) VALUES (?, ?)", (kind, json.dumps(entry, ensure_ascii=False)))

    def setting(self, key: str) -> str | None:
        row = self._db.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
        return row[0] if row else None

    def set_setting(self, key: str, value: str) -> None:
        self._db.execute("INSERT OR REPLACE INTO settings VALUES (?, ?)", (key, value))

    def empty(self) -> bool:
        return not any(self._db.execute(f"SELECT 1 FROM {table} LIMIT 1").fetchone() for table in ("records", "log", "settings"))


class Store:
    """The store of the registrations folder `folder`. Opening it creates the file where it is
    not; Store.exists says whether it is."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.path = folder / STORE

    @staticmethod
    def exists(folder: Path) -> bool:
        return (folder / STORE).is_file()

    @contextmanager
    def reading(self) -> Iterator[Transaction]:
        """A transaction that reads one state of the store, whatever is written meanwhile."""
        with self._transaction("BEGIN") as transaction:
            yield transaction

    @contextmanager
    def writing(self) -> Iterator[Transaction]:
        """A transaction that holds the write lock from its first read: what it reads stays so
        until it commits, which it does where the block ends without an exception."""
        with self._transaction("BEGIN IMMEDIATE") as transaction:
            yield transaction

    @contextmanager
    def _transaction(self, begin: str) -> Iterator[Transaction]:
        if not self.folder.is_dir():
            raise StoreProblem(f"{terminal_path(self.folder)} is not a folder: the registrations cannot be kept there")
        try:
            with closing(sqlite3.connect(self.path, timeout=WAITED_SECONDS, isolation_level=None)) as connection:
                connection.execute("PRAGMA journal_mode = WAL")  # readers never wait for the writer
                connection.execute("PRAGMA synchronous = FULL")  # a registration acknowledged is on disk
                connection.executescript(_SCHEMA)
                connection.execute(begin)
                try:
                    yield Transaction(connection)
                except BaseException:
                    connection.execute("ROLLBACK")
                    raise
                connection.execute("COMMIT")
        except sqlite3.Error as exc:
            raise StoreProblem(f"{terminal_path(self.path)}: {exc}") from None
