"""Bible Battles goldfish: the official rules' turn played against an opponent who does nothing.

- Opening hand 7; no mulligan (the rules have none). Each turn draws 1, the first turn too.
- One follower a turn comes into play from the hand (no effort needed). Every follower in play is
  inspired each turn to add its `wisdom` (1 when the data does not say); none is used for effort,
  since a goldfish needs no army or city to win the race.
- Race: reach the wisdom target (30, or the event's `wisdom_target`, up to 99).
"""

from __future__ import annotations

import numpy as np

from deckcheck.sim.model import DeckFacts, GoldfishModel, RaceResult, deck_facts


class BibleBattlesGoldfish(GoldfishModel):
    game = "bible-battles"
    goal = "reach the wisdom target"
    opening_label = "followers"
    simplifications = (
        "no mulligan (the rules have none)",
        "one follower a turn; every follower in play adds its wisdom (1 unless the data says) each turn",
        "followers never spend effort: a goldfish needs no army, city or food to win",
    )

    def __init__(self, facts: DeckFacts, params):
        super().__init__(facts, params)
        self.follower = facts.where(lambda card: card.is_a("follower"))
        self.wisdom = facts.numbers("wisdom", 1)

    def opening_counts(self, order: np.ndarray, drawn: np.ndarray) -> np.ndarray:
        return ((drawn == 0) & self.follower[order]).sum(axis=1)

    def cannot_win(self) -> str | None:
        return None if self.follower.any() else "the deck has no follower to gain wisdom"

    def race_context(self) -> object:
        return self.params

    def race(self, order: np.ndarray, drawn: np.ndarray, rng: np.random.Generator, turns: int) -> RaceResult:
        games = order.shape[0]
        rows = np.arange(games)
        is_follower, wisdom = self.follower[order], self.wisdom[order]
        in_play = np.zeros(order.shape, dtype=bool)
        total = np.zeros(games)
        target = float(self.params.wisdom_target)
        win = np.zeros(games, dtype=np.int16)
        for turn in range(1, turns + 1):
            candidates = (drawn <= turn) & ~in_play & is_follower
            has = candidates.any(axis=1)
            in_play[rows[has], candidates.argmax(axis=1)[has]] = True
            total += (wisdom * in_play).sum(axis=1)
            newly = (total >= target) & (win == 0)
            win[newly] = turn
        return RaceResult(win)


def model_for(deck, params) -> BibleBattlesGoldfish:
    return BibleBattlesGoldfish(deck_facts(deck), params)


MODEL = BibleBattlesGoldfish
