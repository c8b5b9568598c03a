"""Promised Land goldfish: the game guide's turn played against an opponent who does nothing.

- Opening hand 6; no mulligan (the guide does not use one). Each turn draws 1, the first too.
- One Source a turn comes into play from the hand (the first drawn). Sources flip when used and
  unflip at the next turn's Yield step.
- A card is playable when unflipped Sources meet its reference: a section Source of its testament,
  or chapter Sources whose digits, linked (up to 3), form its chapter number. A card whose data
  states neither needs any one Source. Book, colour and Bible Sources are not modelled.
- Race: the format's life points (tournament 12, Sunday School 10, home 15, or the event's) are
  removed by Query cards, 1 damage each, because the goldfish fails every question. Counters,
  armies, cities and the other permanents are left out.
- Also reported: the chance each card of the deck is playable (its Source requirement met by the
  Sources in play) by each turn.
"""

from __future__ import annotations

import numpy as np

from deckcheck.games.promised_land.rules import testament
from deckcheck.sim.model import NEVER, DeckFacts, GoldfishModel, RaceResult, deck_facts

# Source categories: the ten chapter digits, the two testament sections, any other Source
DIGITS, OLD, NEW, OTHER = 10, 10, 11, 12
CATEGORIES = 13
PLAYS_PER_TURN = 7


def _requirement(card) -> tuple[np.ndarray, int | None, bool]:
    """(digits needed per category, testament category or None, needs any Source)."""
    need = np.zeros(CATEGORIES, dtype=int)
    chapter = (card.get("reference") or {}).get("chapter")
    if isinstance(chapter, int) and 0 < chapter < 1000:
        for digit in str(chapter):
            need[int(digit)] += 1
    section = {"old": OLD, "new": NEW}.get(testament(card))
    return need, section, not need.any() and section is None


def _category(card) -> int:
    if card.get("source_kind") == "chapter" and isinstance(card.get("chapter_digit"), int):
        return card.get("chapter_digit")
    if card.get("source_kind") == "section":
        return {"old": OLD, "new": NEW}.get(card.get("testament"), OTHER)
    return OTHER


class PromisedLandGoldfish(GoldfishModel):
    game = "promised-land"
    goal = "remove the goldfish's life points with Query cards"
    opening_label = "Sources"
    simplifications = (
        "no mulligan (the guide does not use one)",
        "one Source a turn, the first drawn; Sources flip when used and unflip each turn",
        "a card needs a section Source of its testament or chapter digits linked to its chapter; "
        "one with neither stated needs any Source; book, colour and Bible Sources are not modelled",
        "every Query deals 1 damage (the goldfish fails every question); other cards are left out",
    )

    def __init__(self, facts: DeckFacts, params):
        super().__init__(facts, params)
        self.source = facts.where(lambda card: card.is_a("source"))
        self.query = facts.where(lambda card: card.is_a("query"))
        self.category = np.array([_category(card) for card in facts.slots])
        requirements = [_requirement(card) for card in facts.slots]
        self.need = np.stack([r[0] for r in requirements]) if requirements else np.zeros((0, CATEGORIES), int)
        self.section = np.array([-1 if r[1] is None else r[1] for r in requirements])
        self.needs_any = np.array([r[2] for r in requirements], dtype=bool)
        names = {}
        for index, card in enumerate(facts.slots):
            if not card.is_a("source"):
                names.setdefault(card.name, index)
        self.named = names  # card name -> a slot of that card, for "playable by turn"

    def opening_counts(self, order: np.ndarray, drawn: np.ndarray) -> np.ndarray:
        return ((drawn == 0) & self.source[order]).sum(axis=1)

    def _meets(self, available: np.ndarray, slots: np.ndarray) -> np.ndarray:
        """(games, K): whether `available` Sources (games, categories) meet each card at `slots` (games, K)."""
        need, section = self.need[slots], self.section[slots]
        digits = (need[..., :DIGITS] <= available[:, None, :DIGITS]).all(axis=-1) & need[..., :DIGITS].any(axis=-1)
        has_section = (section >= 0) & (np.take_along_axis(available, np.maximum(section, 0), axis=1) > 0)
        anything = self.needs_any[slots] & (available.sum(axis=1) > 0)[:, None]
        return digits | has_section | anything

    def race(self, order: np.ndarray, drawn: np.ndarray, rng: np.random.Generator, turns: int) -> RaceResult:
        games, size = order.shape
        rows = np.arange(games)
        is_source, is_query = self.source[order], self.query[order]
        used = np.zeros(order.shape, dtype=bool)
        in_play = np.zeros((games, CATEGORIES), dtype=int)
        life = np.full(games, float(self.params.life_points))
        win = np.zeros(games, dtype=np.int16)
        playable = {name: np.full(games, NEVER, dtype=np.int8) for name in self.named}
        for turn in range(1, turns + 1):
            candidates = (drawn <= turn) & ~used & is_source
            has = candidates.any(axis=1)
            pick = candidates.argmax(axis=1)[has]
            used[rows[has], pick] = True
            np.add.at(in_play, (rows[has], self.category[order[rows[has], pick]]), 1)
            for name, slot in self.named.items():
                met = self._meets(in_play, np.full((games, 1), slot))[:, 0]
                playable[name] = np.where(met & (playable[name] == NEVER), turn, playable[name]).astype(np.int8)
            available = in_play.copy()
            for _ in range(PLAYS_PER_TURN):
                hand = (drawn <= turn) & ~used & is_query
                if not hand.any():
                    break
                ok = hand & self._meets(available, order)
                can = ok.any(axis=1)
                if not can.any():
                    break
                g, pick = rows[can], ok.argmax(axis=1)[can]
                used[g, pick] = True
                self._flip(available, g, order[g, pick])
                life[g] -= 1
            newly = (life <= 0) & (win == 0)
            win[newly] = turn
        return RaceResult(win, {f"{name} playable": first for name, first in playable.items()})

    def _flip(self, available: np.ndarray, games: np.ndarray, slots: np.ndarray) -> None:
        """Flip the Sources that paid for the cards at `slots`: a section when there is one, else
        the chapter digits, else any one Source."""
        section = self.section[slots]
        by_section = (section >= 0) & (available[games, np.maximum(section, 0)] > 0)
        available[games[by_section], section[by_section]] -= 1
        rest = ~by_section
        need = self.need[slots[rest]]
        by_digits = need[:, :DIGITS].any(axis=1)
        available[games[rest][by_digits]] -= need[by_digits]
        anything = games[rest][~by_digits]
        first = (available[anything] > 0).argmax(axis=1)
        available[anything, first] -= 1


def model_for(deck, params) -> PromisedLandGoldfish:
    return PromisedLandGoldfish(deck_facts(deck), params)


MODEL = PromisedLandGoldfish
