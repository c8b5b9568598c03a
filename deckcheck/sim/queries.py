"""Tracked queries (`--track`): a card name or id, `type:...`, `brigade:...`, `faction:...`,
`color:...`, and `A+B` for both by the same turn. Each becomes one or two masks over deck slots."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from deckcheck.loading.card_db import CardDatabase
from deckcheck.loading.names import normalise
from deckcheck.sim.model import DeckFacts

_FIELDS = {"type": "types", "brigade": "brigades", "faction": "faction", "color": "color", "colour": "color"}


class QueryError(ValueError):
    """A query that names nothing in the deck's game; the message says what would."""


@dataclass(frozen=True)
class Query:
    label: str
    sets: tuple[np.ndarray, ...]  # one mask over slots, or two for A+B


def compile_query(text: str, facts: DeckFacts, database: CardDatabase) -> Query:
    resolution = database.names.resolve(text)
    if "+" not in text or resolution.card or resolution.candidates:  # a card may have + in its name
        return Query(text, (_part(text, facts, database),))
    parts = [p.strip() for p in text.split("+")]
    if len(parts) != 2 or not all(parts):
        raise QueryError(f"'{text}': A+B takes exactly two queries")
    return Query(text, tuple(_part(p, facts, database) for p in parts))


def _part(text: str, facts: DeckFacts, database: CardDatabase) -> np.ndarray:
    key, colon, value = text.partition(":")
    if colon and key.strip().lower() in _FIELDS:
        wanted = normalise(value)
        field = _FIELDS[key.strip().lower()]
        return facts.where(lambda card: wanted in _values(card, field))
    resolution = database.names.resolve(text, suggest=True)
    cards = [resolution.card] if resolution.card else list(resolution.candidates)
    if cards:
        ids = {card.id for card in cards}
        return facts.where(lambda card: card.id in ids)
    hint = f"; did you mean {', '.join(repr(s) for s in resolution.suggestions)}?" if resolution.suggestions else ""
    raise QueryError(f"'{text}' is no {database.game} card{hint} (or use type:, brigade:, faction:, color:)")


def _values(card, field: str) -> set[str]:
    if field == "types":
        return {normalise(t) for t in card.types}
    value = card.get(field)
    if isinstance(value, (list, tuple)):
        return {normalise(str(v)) for v in value}
    return {normalise(str(value))} if value is not None else set()
