"""`deckcheck cards`: a game's cards by name (fuzzy) and by facts (type, brigade, faction, colour,
set), best matches first."""

from __future__ import annotations

import difflib

from deckcheck.loading.card_db import CardDatabase
from deckcheck.loading.names import normalise
from deckcheck.model import Card

FILTERS = {"type": None, "brigade": "brigades", "faction": "faction", "color": "color", "set": "set"}


def _values(card: Card, fact: str | None) -> set[str]:
    if fact is None:
        return {normalise(t) for t in card.types}
    value = card.get(fact)
    values = value if isinstance(value, (list, tuple)) else [value] if value is not None else []
    return {normalise(str(v)) for v in values}


def _score(card: Card, wanted: str) -> float | None:
    """0 for the name itself, then a prefix, a word inside, a close spelling; None for no match."""
    name = normalise(card.name)
    if not wanted or name == wanted or card.id == wanted:
        return 0.0
    if name.startswith(wanted):
        return 1.0
    if wanted in name:
        return 2.0
    ratio = difflib.SequenceMatcher(None, wanted, name).ratio()
    return 3.0 + (1 - ratio) if ratio >= 0.6 else None


def search(database: CardDatabase, query: str = "", **filters: str | None) -> list[Card]:
    wanted = normalise(query)
    found = []
    for card in database.cards:
        if any(value is not None and normalise(value) not in _values(card, FILTERS[key]) for key, value in filters.items()):
            continue
        score = _score(card, wanted)
        if score is not None:
            found.append((score, normalise(card.name), card))
    return [card for _, _, card in sorted(found, key=lambda item: item[:2])]
