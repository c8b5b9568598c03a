"""`deckcheck cards`: a game's cards by name (fuzzy) and by facts (type, brigade, faction, colour,
set), best matches first; the values a fact takes, for a filter that matches none."""

from __future__ import annotations

import difflib
import re

from deckcheck.loading.card_db import CardDatabase
from deckcheck.loading.names import normalise
from deckcheck.model import Card

FILTERS = {"type": None, "brigade": "brigades", "faction": "faction", "color": "color", "set": "set"}
_CLOSE_WORD = 0.8  # how alike a query word and a name's word must be to count as a misspelling


def fact_key(value: str) -> str:
    """A fact's value as filters compare it: `Pale Green`, `pale-green` and `pale_green` alike."""
    return re.sub(r"[\s_-]+", " ", normalise(value)).strip()


def values_of(card: Card, fact: str | None) -> set[str]:
    """The values a card has for a filter's fact; a type also by its last word (`dominant`)."""
    if fact is None:
        return {fact_key(t) for t in card.types} | {fact_key(t).split()[-1] for t in card.types}
    value = card.get(fact)
    values = value if isinstance(value, (list, tuple)) else [value] if value is not None else []
    return {fact_key(str(v)) for v in values}


def known_values(database: CardDatabase, fact: str | None) -> list[str]:
    """Every value of a fact in the database, as the data writes it, for a message."""
    found: set[str] = set()
    for card in database.cards:
        value = card.types if fact is None else card.get(fact)
        found |= {str(v) for v in (value if isinstance(value, (list, tuple)) else [value]) if v is not None}
    return sorted(found, key=fact_key)


def _score(card: Card, wanted: str) -> float | None:
    """0 for the name itself, then a prefix, the query inside the name, every word of the query in
    the name, every word of it close to one of the name's; None for no match."""
    name = normalise(card.name)
    if not wanted or name == wanted or card.id == wanted:
        return 0.0
    if name.startswith(wanted):
        return 1.0
    if wanted in name:
        return 2.0
    words, name_words = wanted.split(), re.findall(r"\w+", name)
    if all(word in name_words for word in words):
        return 3.0
    closeness = [max((difflib.SequenceMatcher(None, word, other).ratio() for other in name_words), default=0) for word in words]
    if min(closeness) >= _CLOSE_WORD:
        return 4.0 + (1 - sum(closeness) / len(closeness))
    return None


def search(database: CardDatabase, query: str = "", **filters: str | None) -> list[Card]:
    wanted = normalise(query)
    found = []
    for card in database.cards:
        if any(value is not None and fact_key(value) not in values_of(card, FILTERS[key]) for key, value in filters.items()):
            continue
        score = _score(card, wanted)
        if score is not None:
            found.append((score, normalise(card.name), card))
    return [card for _, _, card in sorted(found, key=lambda item: item[:2])]
