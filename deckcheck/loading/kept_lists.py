"""A card list read before, kept whole in the cache (cache.py): its cards in the order its files
gave them, with the indexes a check finds them by (names, LackeyCCG image ids). A warm check
against the 5,680 printings of the Redemption list then builds neither again, and parses the facts
of the few dozen cards its deck names, not of every card.

The key is the content of every file of the list (each is read on every run, so an edited file is
a new key) and the code that indexes names and writes the entry (a change there is a new key too).
An entry is written only for files that all read without a problem.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, overload

import orjson

from deckcheck.loading import cache as entries
from deckcheck.loading import names
from deckcheck.model import Card


@dataclass(frozen=True)
class KeptGame:
    """One game's database as the entry keeps it."""

    game: str
    files: list[int]  # the positions of its files among the files read
    formats: list[dict]
    cards: Sequence[Card]
    indexes: dict[str, Any]  # "names": NameIndex.kept, "images": image id -> card positions
    sha256: str  # of its files' content, in their order (CardDatabase.sha256)


class KeptCards(Sequence[Card]):
    """The cards of a kept list, each kept as its JSON text and made the first time it is read:
    a check reads the few dozen cards its deck names (and those its rules look up by id)."""

    def __init__(self, ids: list[str], rows: list[str]):
        self._rows = rows
        self._made: dict[int, Card] = {}
        self.by_id: Mapping[str, Card] = _ById(self, {card_id: position for position, card_id in enumerate(ids)})

    def __len__(self) -> int:
        return len(self._rows)

    @overload
    def __getitem__(self, index: int) -> Card: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Card]: ...

    def __getitem__(self, index: int | slice) -> Card | Sequence[Card]:
        if isinstance(index, slice):
            return [self[position] for position in range(*index.indices(len(self._rows)))]
        position = index + len(self._rows) if index < 0 else index
        made = self._made.get(position)
        if made is None:
            card_id, name, types, facts = orjson.loads(self._rows[position])
            # setdefault: one card for a position, whichever thread of `serve` made it first
            made = self._made.setdefault(position, Card(card_id, name, tuple(types), MappingProxyType(facts)))
        return made


class _ById(Mapping[str, Card]):
    """Id -> card, over a kept list's cards, making only the cards asked for."""

    def __init__(self, cards: KeptCards, positions: dict[str, int]):
        self._cards = cards
        self._positions = positions

    def __getitem__(self, card_id: str) -> Card:
        return self._cards[self._positions[card_id]]

    def __contains__(self, card_id: object) -> bool:
        return card_id in self._positions

    def __iter__(self) -> Iterator[str]:
        return iter(self._positions)

    def __len__(self) -> int:
        return len(self._positions)


def kept(contents: Sequence[bytes]) -> list[KeptGame] | None:
    """The databases kept for files of these contents, in this order; None if none are kept."""
    data = entries.load(_key(contents))
    if not isinstance(data, list):
        return None
    try:
        return [
            KeptGame(game["game"], game["files"], game["formats"], KeptCards(game["ids"], game["cards"]), game["indexes"], game["sha256"])
            for game in data
        ]
    except (TypeError, KeyError):  # an entry of another shape: read the files
        return None


def keep(contents: Sequence[bytes], games: Iterable[KeptGame]) -> None:
    entries.store(
        _key(contents),
        [
            {
                "game": game.game,
                "files": game.files,
                "formats": game.formats,
                "ids": [card.id for card in game.cards],
                "cards": [json.dumps([card.id, card.name, list(card.types), dict(card.facts)], ensure_ascii=False) for card in game.cards],
                "indexes": game.indexes,
                "sha256": game.sha256,
            }
            for game in games
        ],
    )


def _key(contents: Sequence[bytes]) -> bytes:
    """What the entry stands for, as the cache keys an entry: the files' contents and the code."""
    return b"".join([b"card lists\0", _code(), *(hashlib.sha256(content).digest() for content in contents)])


@cache
def _code() -> bytes:
    # read once a process
    digest = hashlib.sha256()
    for source in (Path(str(names.__file__)), Path(__file__)):
        digest.update(source.read_bytes())
    return digest.digest()
