"""Writing an imported card list as card database files, one set at a time, in bounded memory.

- A set's cards go to `<set>.yaml`, and on to `<set>-2.yaml`, ... once a file nears the 1 MiB that
  deckcheck reads of a database file: a set of 20,000 cards stays loadable.
- File names are the set's slug, lower-cased (so that a case-insensitive file system cannot join
  two of them); two sets whose slugs meet (`Pa` and `PA`) each get a short hash of their exact
  name, so that no card is written over.
- Cards are buffered a few MiB at a time and appended to files in a private folder inside the
  output folder, which are renamed into place only when the whole import has succeeded; files a
  previous import of the same list left that this one did not write are removed. A crash leaves
  the output folder as it was.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import sqlite3
import tempfile
from collections.abc import Callable
from pathlib import Path

from deckcheck.loading.names import slug
from deckcheck.loading.safe_yaml import double_quoted

FILE_LIMIT = 900 * 1024  # bytes per database file, under the loader's 1 MiB
SET_BUFFER = 64 * 1024  # a set's bytes held in memory before they are appended to its file
BUFFERED = 16 * 1024 * 1024  # bytes held in memory in all, before every set's are written
IMPORTED_MARK = "LackeyCCG Redemption plugin"  # in the `source:` of every file an import writes


class SetFiles:
    def __init__(self, out: Path, header: Callable[[str], str]):
        self.out = out
        self.header = header  # set name -> the file's first lines
        self.work = Path(tempfile.mkdtemp(dir=out, prefix=".deckcheck-import-"))
        self.stems: dict[str, str] = {}  # set -> file stem
        self.taken: dict[str, str] = {}  # stem -> set
        self.chunk: dict[str, int] = {}  # set -> number of its current file
        self.size: dict[str, int] = {}  # set -> bytes in its current file
        self.pending: dict[str, list[str]] = {}  # set -> lines not yet written
        self.pending_bytes: dict[str, int] = {}
        self.buffered = 0
        self.written: list[str] = []  # file names, in the order first written

    def _stem(self, card_set: str) -> str:
        if card_set not in self.stems:
            stem = slug(card_set) or "no-set"
            if stem in self.taken and self.taken[stem] != card_set:
                stem = f"{stem}-{hashlib.sha256(card_set.encode()).hexdigest()[:8]}"
            self.stems[card_set], self.taken[stem] = stem, card_set
        return self.stems[card_set]

    def _name(self, card_set: str) -> str:
        number = self.chunk.get(card_set, 1)
        return f"{self._stem(card_set)}.yaml" if number == 1 else f"{self._stem(card_set)}-{number}.yaml"

    def add(self, card_set: str, line: str) -> None:
        line += "\n"
        encoded = len(line.encode())
        if card_set not in self.size:
            self.size[card_set] = len(self.header(card_set).encode())
        elif self.size[card_set] + encoded > FILE_LIMIT:
            self._flush(card_set)
            self.chunk[card_set] = self.chunk.get(card_set, 1) + 1
            self.size[card_set] = len(self.header(card_set).encode())
        self.pending.setdefault(card_set, []).append(line)
        self.pending_bytes[card_set] = self.pending_bytes.get(card_set, 0) + encoded
        self.size[card_set] += encoded
        self.buffered += encoded
        if self.pending_bytes[card_set] > SET_BUFFER:
            self._flush(card_set)
        elif self.buffered > BUFFERED:
            for each in list(self.pending):
                self._flush(each)

    def _flush(self, card_set: str) -> None:
        lines = self.pending.pop(card_set, [])
        self.buffered -= self.pending_bytes.pop(card_set, 0)
        if not lines:
            return
        name = self._name(card_set)
        path = self.work / name
        new = not path.exists()
        with path.open("a", encoding="utf-8", newline="\n") as handle:
            if new:
                handle.write(self.header(card_set))
                self.written.append(name)
            handle.writelines(lines)

    def add_file(self, name: str, text: str) -> None:
        (self.work / name).write_text(text, encoding="utf-8", newline="\n")
        self.written.append(name)

    def finish(self) -> list[Path]:
        """Every file into place; what an earlier import left and this one did not write, away."""
        for card_set in list(self.pending):
            self._flush(card_set)
        for name in self.written:
            os.replace(self.work / name, self.out / name)
        kept = set(self.written)
        for old in self.out.glob("*.yaml"):
            if old.name not in kept and _imported(old):
                old.unlink()
        self.discard()
        return [self.out / name for name in self.written]

    def discard(self) -> None:
        shutil.rmtree(self.work, ignore_errors=True)


def _imported(path: Path) -> bool:
    try:
        with path.open(encoding="utf-8", errors="replace") as handle:
            head = handle.read(400)
    except OSError:
        return False
    return head.startswith("game: redemption\nsource: ") and IMPORTED_MARK in head.split("\n", 2)[1]


# no `?`: PyYAML's pure-Python scanner ends a plain scalar at it inside a flow collection (libyaml
# and ruamel do not), and the files are for every YAML reader
_FLOW_PLAIN = re.compile(r"[A-Za-z][A-Za-z0-9 ._'()!/+&-]*[A-Za-z0-9.)'!]|[A-Za-z]")
_YAML11 = re.compile(r"(?i)y|n|yes|no|on|off|true|false|null")


def flow(text: str) -> str:
    """A scalar safe inside a YAML flow collection: plain when nothing in it could end it early."""
    if _FLOW_PLAIN.fullmatch(text) and not _YAML11.fullmatch(text):
        return text
    return double_quoted(text)


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, list):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    return flow(str(value))


def card_line(card: dict) -> str:
    """One card as a flow mapping on one line of its set's file."""
    card = dict(card)
    if len(card["type"]) == 1:
        card["type"] = card["type"][0]
    return "  - {" + ", ".join(f"{key}: {_value(value)}" for key, value in card.items()) + "}"


class KeysOnDisk:
    """A counter of keys kept in an SQLite file (the standard library's), so that a list of a
    million names needs no memory for them."""

    def __init__(self, path: Path):
        self.db = sqlite3.connect(path, isolation_level=None)
        self.db.execute("PRAGMA journal_mode = OFF")
        self.db.execute("PRAGMA synchronous = OFF")
        self.db.execute("CREATE TABLE keys (key BLOB PRIMARY KEY, count INTEGER) WITHOUT ROWID")
        self.db.execute("BEGIN")

    def add(self, key: bytes) -> int:
        """Count one more of `key`; its count before this one."""
        found = self.db.execute("SELECT count FROM keys WHERE key = ?", (key,)).fetchone()
        if found:
            self.db.execute("UPDATE keys SET count = count + 1 WHERE key = ?", (key,))
            return found[0]
        self.db.execute("INSERT INTO keys VALUES (?, 1)", (key,))
        return 0

    def count(self, key: bytes) -> int:
        found = self.db.execute("SELECT count FROM keys WHERE key = ?", (key,)).fetchone()
        return found[0] if found else 0

    def close(self) -> None:
        self.db.close()
