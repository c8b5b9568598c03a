"""Tracked queries (`--track`) and keep rules (`--keep`), one small language:

- an atom is a card name or id, or `type:T`, `brigade:B`, `faction:F`, `color:C`;
- `A|B` is either (the cards of A and of B together);
- `2x Q` is at least two cards of Q, `2-4x Q` between two and four (`0-1x Q` at most one): a range
  may hold on one turn and not on a later one, and is tracked so (and kept so by `--keep`);
- `A+B+C` is all of them, by the same turn;
- `curve:Q` (alone) is "a card of Q to play on each turn": by every turn t, at least t of them.

A query becomes clauses: each a mask over deck slots with the count of its cards wanted.
"""

from __future__ import annotations

import re

import numpy as np

from deckcheck.loading.card_db import CardDatabase
from deckcheck.records import record
from deckcheck.sim.model import NEVER, DeckFacts

_FIELDS = {"type": "types", "brigade": "brigades", "faction": "faction", "color": "color", "colour": "color"}
_COUNT = re.compile(r"^(?P<low>\d+)(?:\s*-\s*(?P<high>\d+))?\s*[xX]\s+(?P<rest>\S.*)$")


class QueryError(ValueError):
    """A query that names nothing in the deck's game; the message says what would."""


@record
class Clause:
    mask: np.ndarray  # the deck slots whose cards count
    at_least: int = 1
    at_most: int | None = None  # a keep rule's upper bound


@record
class Query:
    label: str
    clauses: tuple[Clause, ...]
    curve: bool = False  # by each turn t, at least t cards of the one clause

    @property
    def ranged(self) -> bool:
        """A count with an upper bound (`3-3x Q`): it may hold on one turn and not on a later one."""
        return any(clause.at_most is not None for clause in self.clauses)

    def held(self, first: np.ndarray, turn: int) -> np.ndarray:
        """Per game, whether the query holds on `turn`, from what `first_turns` gave."""
        if self.curve:
            return first > turn
        if self.ranged:
            return (first[:, 0] <= turn) & (first[:, 1] > turn)
        return first <= turn


def compile_query(text: str, facts: DeckFacts, database: CardDatabase) -> Query:
    stripped = text.strip()
    if _names_a_card(stripped, database):  # a card may have + or | in its name
        return Query(text, (Clause(_atom(stripped, facts, database)),))
    if stripped.lower().startswith("curve:"):
        inner = stripped[len("curve:") :].strip()
        if not inner or "+" in inner:
            raise QueryError(f"'{text}': curve: takes one query of cards, e.g. curve:type:resource")
        atom = inner if ":" in inner or _names_a_card(inner, database) else f"type:{inner}"
        clause = _clause(atom, facts, database, text)
        if clause.at_least != 1 or clause.at_most is not None:
            raise QueryError(f"'{text}': curve: counts one card a turn by itself (by turn t, t cards): it takes no count")
        return Query(text, (clause,), curve=True)
    parts = [part.strip() for part in stripped.split("+")]
    if not all(parts):
        raise QueryError(f"'{text}': A+B takes a query on each side of +")
    return Query(text, tuple(_clause(part, facts, database, text) for part in parts))


def _names_a_card(text: str, database: CardDatabase) -> bool:
    resolution = database.names.resolve(text)
    return bool(resolution.card or resolution.candidates)


def _clause(text: str, facts: DeckFacts, database: CardDatabase, whole: str) -> Clause:
    low, high, rest = 1, None, text
    counted = _COUNT.match(text)
    if counted and not _names_a_card(text, database):
        low, rest = int(counted["low"]), counted["rest"]
        high = int(counted["high"]) if counted["high"] else None
        if (high is None and low < 1) or (high is not None and high < low):
            raise QueryError(f"'{whole}': a count is at least 1, and a range goes from low to high ({text!r})")
    mask = np.zeros(len(facts), dtype=bool)
    for alternative in rest.split("|") if not _names_a_card(rest, database) else [rest]:
        if not alternative.strip():
            raise QueryError(f"'{whole}': A|B takes a query on each side of |")
        mask |= _atom(alternative.strip(), facts, database)
    return Clause(mask, low, high)


def _atom(text: str, facts: DeckFacts, database: CardDatabase) -> np.ndarray:
    from deckcheck.search import fact_key, known_values, values_of

    key, colon, value = text.partition(":")
    if colon and key.strip().lower() in _FIELDS:
        field = None if _FIELDS[key.strip().lower()] == "types" else _FIELDS[key.strip().lower()]
        wanted = fact_key(value)
        if not any(wanted in values_of(card, field) for card in database.cards):
            known = ", ".join(known_values(database, field)) or "none"
            raise QueryError(f"'{text}': no {database.game} card has {key.strip().lower()} '{value.strip()}' (known: {known})")
        return facts.where(lambda card: wanted in values_of(card, field))
    resolution = database.names.resolve(text, suggest=True)
    cards = [resolution.card] if resolution.card else list(resolution.candidates)
    if cards:
        ids = {card.id for card in cards}
        return facts.where(lambda card: card.id in ids)
    hint = f"; did you mean {', '.join(repr(s) for s in resolution.suggestions)}?" if resolution.suggestions else ""
    raise QueryError(f"'{text}' is no {database.game} card{hint} (or use type:, brigade:, faction:, color:)")


def first_turns(query: Query, order: np.ndarray, drawn: np.ndarray) -> np.ndarray:
    """Per game, the first turn by which the query holds (NEVER when not within the turns); for a
    curve, the first turn it breaks (NEVER when it holds through every turn played)."""
    starts, ends = [], []
    for clause in query.clauses:
        seen = np.where(clause.mask[order], drawn, NEVER)
        starts.append(_reached(seen, clause.at_least))
        if clause.at_most is not None:
            ends.append(_reached(seen, clause.at_most + 1))
    if not query.curve:
        start = np.maximum.reduce(starts) if len(starts) > 1 else starts[0]
        if not ends:
            return start.astype(np.int8)
        # a range holds from the turn each clause has its least to the turn one has more than its most
        return np.stack([start, np.minimum.reduce(ends)], axis=1).astype(np.int8)
    seen = np.where(query.clauses[0].mask[order], drawn, NEVER)
    last = int(drawn[drawn < NEVER].max(initial=0))  # no card is drawn after it (the deck may have run out)
    broken = np.full(order.shape[0], NEVER, dtype=np.int8)
    for turn in range(last, 0, -1):
        broken[(seen <= turn).sum(axis=1) < turn] = turn
    # past the last draw a game holds its cards: it breaks the turn after it has fewer than the turn
    held = (seen <= last).sum(axis=1)
    later = np.minimum(np.maximum(held + 1, last + 1), NEVER).astype(np.int8)
    return np.where(broken == NEVER, later, broken).astype(np.int8)


def _reached(seen: np.ndarray, count: int) -> np.ndarray:
    """Per game, the first turn by which `count` cards of a clause are drawn (0 for none)."""
    if count <= 0:
        return np.zeros(seen.shape[0], dtype=seen.dtype)
    if count == 1:
        return seen.min(axis=1)
    if count > seen.shape[1]:  # more cards than are drawn
        return np.full(seen.shape[0], NEVER, dtype=seen.dtype)
    return np.partition(seen, count - 1, axis=1)[:, count - 1]


def hand_holds(query: Query, order: np.ndarray, hand_size: int) -> np.ndarray:
    """Per game, whether the opening hand (the first `hand_size` cards) meets every clause."""
    hand = order[:, :hand_size]
    held = np.ones(order.shape[0], dtype=bool)
    for clause in query.clauses:
        count = clause.mask[hand].sum(axis=1)
        held &= count >= clause.at_least
        if clause.at_most is not None:
            held &= count <= clause.at_most
    return held
