"""Characters of sets newer than the Official Redemption Dictionary the rules read: whom they
represent is in no list deckcheck has. Roots 2 (2026-07-25) postdates the dictionary 7.0.0
(2026-03-13), and many of its characters share the name before the comma and a brigade with an
older card (`Aaron, the Voice [RR2]` and `Aaron (Pa)`): possibly the same person, which only a
judge can say. They are listed as such, and a deck holding such a pair gets a note, never a silent
pass and never an error."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date

from deckcheck.games.redemption.sets import DatedSet, newer_than
from deckcheck.loading.card_db import CardDatabase
from deckcheck.loading.names import normalise
from deckcheck.model import Card, Deck

CHARACTERS = ("hero", "evil_character")
_FIRST_NAME = re.compile(r",|\s[(\[]|\s/\s")


def first_name(card: Card) -> str:
    """`Aaron, the Voice [RR2]` -> aaron; `Aaron (Pa)` -> aaron."""
    return normalise(_FIRST_NAME.split(card.title, maxsplit=1)[0])


class NewerCards:
    """Each character of a set newer than a dictionary -> the older characters it may be the same
    person as (the same first name, a brigade in common, not already the same card)."""

    def __init__(self, sets: dict[str, DatedSet], possibly: dict[str, list[Card]]):
        self.sets = sets
        self._possibly = possibly

    @classmethod
    def worked_out(
        cls, database: CardDatabase, published: date, same: Callable[[Card, Card], bool], generic: Callable[[Card], bool]
    ) -> NewerCards:
        sets = newer_than(published)
        possibly: dict[str, list[Card]] = {}
        if not sets:
            return cls(sets, possibly)
        older: dict[str, list[Card]] = {}
        newer: list[Card] = []
        for card in database.cards:
            if not card.is_a(*CHARACTERS) or generic(card):
                continue
            if str(card.get("set") or "") in sets:
                newer.append(card)
            else:
                older.setdefault(first_name(card), []).append(card)
        for card in newer:
            brigades = set(card.get("brigades") or ()) - {"multi"}
            found = [o for o in older.get(first_name(card), ()) if brigades & set(o.get("brigades") or ()) and not same(card, o)]
            if found:
                possibly[card.id] = found
        return cls(sets, possibly)

    def kept(self) -> dict[str, list[str]]:
        """What worked_out found, as the cache keeps it (JSON: card ids)."""
        return {card_id: [card.id for card in cards] for card_id, cards in self._possibly.items()}

    @classmethod
    def restored(cls, database: CardDatabase, published: date, kept: dict[str, list[str]]) -> NewerCards:
        return cls(newer_than(published), {card_id: [database.by_id[i] for i in ids] for card_id, ids in kept.items()})

    def possibly(self, card: Card) -> list[Card]:
        """The older cards this one may represent the same person as; none for an older card."""
        return self._possibly.get(card.id, [])

    def set_of(self, card: Card) -> DatedSet:
        return self.sets[str(card.get("set"))]

    def notes(self, deck: Deck, source: str) -> list[str]:
        """A note for each pair of the deck's lines that may be one person (`source`: the dictionary)."""
        ids = [e.card.id for e in deck.entries() if e.card is not None]
        if self._possibly.keys().isdisjoint(ids):
            return []  # (as most decks: no character of a newer set)
        entries = [e for e in deck.entries() if e.card is not None]
        lines_of: dict[str, list[int]] = {}  # card id -> where the deck holds it: each line is looked up, not compared with each
        for index, card_id in enumerate(ids):
            lines_of.setdefault(card_id, []).append(index)
        notes = []
        for entry in entries:
            found = sorted(index for card in self.possibly(entry.known) for index in lines_of.get(card.id, ()))
            for other in (entries[index] for index in dict.fromkeys(found)):
                title = self.set_of(entry.known).title
                notes.append(
                    f"line {entry.position.line}: {entry.known.name} and line {other.position.line}: {other.known.name} may be "
                    f"the same person with a brigade in common; {source} predates {title}, so no list says: a judge decides "
                    "whether they are one card"
                )
        return list(dict.fromkeys(notes))
