"""Redemption's "Defining Duplicate Cards": which printings count as the same card.

Two printings with the same title are the same card when they share the art, or when they share
a brigade, unless both are generic characters with different art. Same title, different art and
different brigade: different cards. The relation is made transitive with a union-find over all
the printings of a title in the database (not only the deck's), so that a printing absent from
the deck can still link two that are in it.

Interpretation (the rules say nothing of it): two printings that have no brigade at all (dominants, Lost
Souls, sites) count as sharing their absence of brigade, which is what the rulebook's "1 Son of
God" means for two Son of God printings with different art.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from itertools import combinations

from deckcheck.loading.card_db import CardDatabase
from deckcheck.model import Card


def art(card: Card) -> str:
    return card.get("art") or card.id


def brigades(card: Card) -> frozenset[str]:
    return frozenset(card.get("brigades") or ())


def duplicates(a: Card, b: Card) -> bool:
    """The rulebook's pairwise test, for two printings with the same title."""
    if art(a) == art(b):
        return True
    if a.get("generic") and b.get("generic"):
        return False
    shared = brigades(a) & brigades(b)
    return bool(shared) or (not brigades(a) and not brigades(b))


class Identities:
    """Card id -> the id of its duplicate group's representative. Each title's printings are
    joined (union-find) the first time a card of that title is asked about: a deck names a few
    dozen titles of a database's thousands."""

    def __init__(self, database: CardDatabase):
        self._names = database.names  # its printings by title, built once with the database
        self._root: dict[str, str] = {}

    def __call__(self, card: Card) -> str:
        if card.id not in self._root:
            self._join(list(self._names.printings_of(card.title)) or [card])
        return self._root.get(card.id, card.id)

    def why(self, cards: list[Card]) -> str:
        """What makes printings of one group one card, as the quick-start rules say it."""
        for a, b in combinations(cards, 2):
            if art(a) == art(b):
                return "the same title and art"
            if duplicates(a, b):
                return "the same title and a brigade in common" if brigades(a) else "the same title, neither with a brigade"
        return "the same title, through other printings of it"

    def _join(self, printings: list[Card]) -> None:
        parent = {card.id: card.id for card in printings}

        def root(card_id: str) -> str:
            while parent[card_id] != card_id:
                parent[card_id] = parent[parent[card_id]]
                card_id = parent[card_id]
            return card_id

        for a, b in combinations(printings, 2):
            if root(a.id) != root(b.id) and duplicates(a, b):
                parent[root(b.id)] = root(a.id)
        self._root.update({card_id: root(card_id) for card_id in parent})


@cache
def quickstart_identity(database: CardDatabase) -> Callable[[Card], str]:
    """The identity rule the copy limits and ban lists use: a card's duplicate group."""
    return Identities(database)
