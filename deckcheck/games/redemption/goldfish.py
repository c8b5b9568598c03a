"""Redemption goldfish: the quick-start rulebook's turn played against an opponent who does nothing.

- Opening hand 8. Every Lost Soul drawn goes to the Land of Bondage and is replaced, in the
  opening hand and in every draw, so the cards that count are the non-Lost-Soul cards: the k-th of
  them is drawn at a fixed turn whatever Lost Souls come before it. The exact (hypergeometric)
  values are therefore taken over the non-Lost-Soul cards of the deck; a query that matches Lost
  Souls has no exact value.
- Each turn draws 3, except the first player's first turn (two-player game): `--on-play` skips it.
  No mulligan: the rulebook has none.
- Race: one rescue attempt a turn with a Hero against a goldfish that never blocks and whose Land
  of Bondage always holds a Lost Soul; a Hero in hand is placed and rescues the same turn and
  survives, so the deck wins 4 turns after the first turn it has a Hero (5 rescues). The hand
  limit of 8 never binds a deck that plays its Hero.
- Also reported: the chance of a Hero and a good enhancement of a matching brigade (or a
  multi-coloured one) by each turn.
"""

from __future__ import annotations

import numpy as np

from deckcheck.sim.model import NEVER, DeckFacts, GoldfishModel, RaceResult, deck_facts, first_turn


class RedemptionGoldfish(GoldfishModel):
    game = "redemption"
    skip_first_draw_on_play = True
    goal = "rescue 5 Lost Souls"
    opening_label = "Lost Souls"
    simplifications = (
        "Lost Souls are replaced as they are drawn; exact values are over the non-Lost-Soul cards",
        "the goldfish never blocks and always has a Lost Soul: a Hero rescues every turn from the turn it is drawn",
        "no mulligan (the quick-start rules have none)",
    )

    def __init__(self, facts: DeckFacts, params):
        super().__init__(facts, params)
        self.lost_soul = facts.where(lambda card: card.is_a("lost_soul"))
        self.hero = facts.where(lambda card: card.is_a("hero"))
        brigades = {b for card in facts.slots for b in (card.get("brigades") or ()) if b != "multi"}
        enhancement = facts.where(lambda card: card.is_a("good_enhancement"))
        multi = facts.where(lambda card: "multi" in (card.get("brigades") or ()))
        self.pairs = [
            (
                facts.where(lambda card, b=b: b in (card.get("brigades") or ())) & self.hero,
                enhancement & (multi | facts.where(lambda card, b=b: b in (card.get("brigades") or ()))),
            )
            for b in sorted(brigades)
        ]

    def draw_turns(self, order: np.ndarray, on_play: bool, turns: int) -> np.ndarray:
        counted = ~self.lost_soul[order]
        # a card's rank among the cards that stay in hand; a Lost Soul comes with the next of them
        rank = np.cumsum(counted, axis=1) - counted
        drawn = self.turn_of_position(rank, on_play)
        return np.where(drawn > turns, NEVER, drawn).astype(np.int8)

    def exact_population(self) -> np.ndarray:
        return ~self.lost_soul

    def opening_counts(self, order: np.ndarray, drawn: np.ndarray) -> np.ndarray:
        return ((drawn == 0) & self.lost_soul[order]).sum(axis=1)

    def cannot_win(self) -> str | None:
        return None if self.hero.any() else "the deck has no Hero to make a rescue attempt"

    def race(self, order: np.ndarray, drawn: np.ndarray, rng: np.random.Generator, turns: int) -> RaceResult:
        first_hero = first_turn(drawn, self.hero[order]).astype(np.int16)
        win = np.maximum(first_hero, 1) + self.params.rescues_to_win - 1
        win = np.where((first_hero == NEVER) | (win > turns), 0, win)
        matched = np.full(order.shape[0], NEVER, dtype=np.int8)
        for heroes, enhancements in self.pairs:
            both = np.maximum(first_turn(drawn, heroes[order]), first_turn(drawn, enhancements[order]))
            matched = np.minimum(matched, both)
        return RaceResult(win, {"a Hero and an enhancement of its brigade": matched})


def model_for(deck, params) -> RedemptionGoldfish:
    return RedemptionGoldfish(deck_facts(deck), params)


MODEL = RedemptionGoldfish
