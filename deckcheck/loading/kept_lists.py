"""A card list read before, kept whole in the cache (cache.py): its cards in the order its files
gave them, with the indexes a check finds them by (names, LackeyCCG image ids). A warm check
against the 5,680 printings of the Redemption list then builds neither again, and parses the facts
of the few dozen cards its deck names, not of every card.

The key is the content of every file of the list (an edited file is a new key) and the code that
indexes names and writes the entry (a change there is a new key too).
The cards and each index are kept as parts of their own (cache.store_parts), read when needed: a
card is made from its bytes the first time it is read (found by the offsets of the cards, kept
beside them), a table the first time a name needs it. An entry is written only for files that all
read without a problem.

Reading and hashing every file of a list on every run (1.8 MB for the Redemption list, 3 ms of a
one-deck check) is skipped where the files' stat says they are the files last read: their paths,
sizes, modification and change times, inodes and devices, as git's index and mypy's cache tell a
file unchanged (`kept_by_stats`). The change time is the kernel's, which no program can set back.
A file changed less than SETTLED seconds before it was read is not remembered by its stat: a clock
coarser than the changes (a second on some file systems) could give two versions the same times.
"""

from __future__ import annotations

import hashlib
import itertools
import marshal
import os
import sys
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, overload

from deckcheck.loading import cache as entries
from deckcheck.loading import marks, names, positions, spelling
from deckcheck.model import Card
from deckcheck.records import record


@record
class KeptGame:
    """One game's database as the entry keeps it."""

    game: str
    files: list[int]  # the positions of its files among the files read
    formats: list[dict]
    cards: Sequence[Card]
    indexes: dict[str, Any]  # "names": NameIndex.kept, "images": image id -> card positions
    sha256: str  # of its files' content, in their order (CardDatabase.sha256)


class KeptCards(Sequence[Card]):
    """The cards of a kept list, each kept as the bytes marshal wrote of it, one after the other,
    and made the first time it is read: a check reads the few dozen cards its deck names (and
    those its rules look up by id)."""

    def __init__(self, at: Mapping[str, int], rows: bytes | memoryview, offsets: list[int]):
        self._rows = rows
        self._offsets = offsets  # where each card's bytes start, and where the last one's end
        self._made: dict[int, Card] = {}
        self.by_id: Mapping[str, Card] = _ById(self, at)

    def __len__(self) -> int:
        return len(self._offsets) - 1

    @overload
    def __getitem__(self, index: int) -> Card: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Card]: ...

    def __getitem__(self, index: int | slice) -> Card | Sequence[Card]:
        if isinstance(index, slice):
            return [self[position] for position in range(*index.indices(len(self)))]
        position = index + len(self) if index < 0 else index
        if not 0 <= position < len(self):
            raise IndexError(f"no card at {index} of {len(self)}")
        made = self._made.get(position)
        if made is None:
            card_id, name, types, facts = marshal.loads(self._rows[self._offsets[position] : self._offsets[position + 1]])
            # setdefault: one card for a position, whichever thread of `serve` made it first
            made = self._made.setdefault(position, Card(card_id, name, tuple(types), MappingProxyType(facts)))
        return made


class _ById(Mapping[str, Card]):
    """Id -> card, over a kept list's cards, making only the cards asked for."""

    def __init__(self, cards: KeptCards, at: Mapping[str, int]):
        self._cards = cards
        self._positions = at

    def __getitem__(self, card_id: str) -> Card:
        return self._cards[self._positions[card_id]]

    def __contains__(self, card_id: object) -> bool:
        return card_id in self._positions

    def __iter__(self) -> Iterator[str]:
        return iter(self._positions)

    def __len__(self) -> int:
        return len(self._positions)


NAME_TABLES = ("id", "name", "title", "half", "bare", "blind", "spelling")  # NameIndex's


SETTLED = 2.0  # seconds since a file's last change before its stat may stand for its content


def stats_of(files: Sequence[Path]) -> bytes | None:
    """What the files' stat says of them, in this order, to stand for their contents; None when one
    cannot be stat'ed or has changed too lately to be told from its next version (SETTLED). Taken
    before they are read: a file changed while it is read then has other times at the next run."""
    said, newest = [b"stats of card lists\0"], 0
    for file in files:
        try:
            status = os.stat(file)
        except OSError:
            return None
        said.append(
            b"%s\0%d %d %d %d %d\0"
            % (os.fsencode(file), status.st_size, status.st_mtime_ns, status.st_ctime_ns, status.st_ino, status.st_dev)
        )
        newest = max(newest, status.st_mtime_ns, status.st_ctime_ns)
    return b"".join(said) if time.time_ns() - newest > SETTLED * 1e9 else None


def kept_by_stats(stats: bytes) -> list[KeptGame] | None:
    """The databases kept for the files `stats` describes, when those files were read before with
    these same stats (`remember_stats`): none of them is read again."""
    digests = entries.load(stats)
    if not isinstance(digests, list) or not all(isinstance(d, str) for d in digests):
        return None
    try:
        return _kept_of(_key_of([bytes.fromhex(d) for d in digests]))
    except ValueError:  # not hexadecimal: an entry of another shape
        return None


def remember_stats(stats: bytes, contents: Sequence[bytes]) -> None:
    """Keep the hashes of the contents read of the files `stats` describes (taken before they were read)."""
    entries.store(stats, [hashlib.sha256(content).hexdigest() for content in contents])


def kept(contents: Sequence[bytes]) -> list[KeptGame] | None:
    """The databases kept for files of these contents, in this order; None if none are kept.

    The entry's parts (cache.store_parts): first what each game is and where its parts are, then
    for each game its ids, its cards (each made into a card when read) with where each starts, and
    its tables, each read the first time it is needed."""
    return _kept_of(_key(contents))


def _kept_of(key: bytes) -> list[KeptGame] | None:
    parts = entries.load_parts(key)
    if not parts:
        return None
    try:
        return [_kept_game(game, parts) for game in marshal.loads(parts[0])]
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, EOFError):  # an entry of another shape: read the files
        return None


def _kept_game(game: dict[str, Any], parts: Sequence[bytes | memoryview]) -> KeptGame:
    at = game["parts"]
    rows, offsets = parts[at["cards"]], marshal.loads(parts[at["offsets"]])
    if not isinstance(offsets, list) or not offsets or offsets[0] != 0 or offsets[-1] != len(rows):
        raise ValueError("the cards' offsets are not theirs")
    cards = KeptCards(positions.KeptTable(parts[at["ids"]]), rows, offsets)
    if len(cards) != len(cards.by_id):
        raise ValueError("not a card for each id")
    tables = {"names": {name: parts[at[name]] for name in NAME_TABLES}, "images": parts[at["images"]]}
    return KeptGame(game["game"], game["files"], game["formats"], cards, tables, game["sha256"])


def keep(contents: Sequence[bytes], games: Iterable[KeptGame]) -> None:
    parts: list[bytes] = [b""]
    described = []
    for game in games:
        rows = [_marshalled([card.id, card.name, list(card.types), dict(card.facts)]) for card in game.cards]
        at = {}
        for name, part in (
            ("ids", positions.bucketed({card.id: position for position, card in enumerate(game.cards)})),
            ("cards", b"".join(rows)),
            ("offsets", _marshalled([0, *itertools.accumulate(len(row) for row in rows)])),
            *((name, positions.bucketed(game.indexes["names"][name])) for name in NAME_TABLES),
            ("images", positions.bucketed(game.indexes["images"])),
        ):
            at[name] = len(parts)
            parts.append(part)
        described.append({"game": game.game, "files": game.files, "formats": game.formats, "sha256": game.sha256, "parts": at})
    parts[0] = _marshalled(described)
    entries.store_parts(_key(contents), parts)


def _marshalled(data: Any) -> bytes:
    # as the cache's other entries: what JSON would give back, in marshal's bytes
    return marshal.dumps(entries.as_json_gives(data))


def _key(contents: Sequence[bytes]) -> bytes:
    """What the entry stands for, as the cache keys an entry: the files' contents and the code."""
    return _key_of([hashlib.sha256(content).digest() for content in contents])


def _key_of(digests: Sequence[bytes]) -> bytes:
    return b"".join([b"card lists\0", _code(), *digests])


@cache
def _code() -> bytes:
    # read once a process
    digest = hashlib.sha256()
    for source in (Path(str(module.__file__)) for module in (names, spelling, marks, positions, sys.modules[__name__])):
        digest.update(source.read_bytes())
    return digest.digest()
