"""Tiny Duel goldfish: one knight a turn, and the race is to 10 power in play.

The turn, as the model plays it:
1. Draw a card.
2. Put one knight from your hand into play.
3. With 10 power of knights in play, you win.
"""

from __future__ import annotations

import numpy as np
from deckcheck.sim.model import GoldfishModel, RaceResult, deck_facts


class TinyDuelGoldfish(GoldfishModel):
    game = "tiny-duel"
    goal = "10 power of knights in play"
    opening_label = "knights"
    simplifications = ("one knight a turn; spells and mounts do nothing",)
    turn_order = ("Draw a card.", "Put one knight from your hand into play.", "With 10 power of knights in play, you win.")

    def __init__(self, facts, params):
        super().__init__(facts, params)
        self.knight = facts.where(lambda card: card.is_a("knight"))
        self.power = facts.numbers("power", 1)

    def opening_counts(self, order: np.ndarray, drawn: np.ndarray) -> np.ndarray:
        return ((drawn == 0) & self.knight[order]).sum(axis=1)

    def race(self, order: np.ndarray, drawn: np.ndarray, rng: np.random.Generator, turns: int) -> RaceResult:
        rows = np.arange(order.shape[0])
        knight, power = self.knight[order], self.power[order]
        in_play = np.zeros(order.shape, dtype=bool)
        win = np.zeros(order.shape[0], dtype=np.int16)
        for turn in range(1, turns + 1):
            candidates = (drawn <= turn) & ~in_play & knight
            has = candidates.any(axis=1)
            in_play[rows[has], candidates.argmax(axis=1)[has]] = True
            newly = ((power * in_play).sum(axis=1) >= 10) & (win == 0)
            win[newly] = turn
        return RaceResult(win)


def model_for(deck, params) -> TinyDuelGoldfish:
    return TinyDuelGoldfish(deck_facts(deck), params)


MODEL = TinyDuelGoldfish
