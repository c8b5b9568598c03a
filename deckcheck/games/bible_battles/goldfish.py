"""Bible Battles goldfish: the official rules' turn played against an opponent who does nothing.

The rulebook's turn ("GAME PLAY"), as the model plays it, step by step:
1. Beginning Stage: draw a card (the first turn too; a player who cannot draw, the deck empty,
   loses the game), then "add points to your wisdom at this time": every follower already in
   play adds its wisdom (1 when the data does not say).
2. The game is won in the Beginning Stage whose wisdom reaches the target (30, or the event's
   wisdom_target, up to 99).
3. Building Stage: one follower comes into play from the hand, the first drawn (no effort
   needed); it first adds wisdom in the next turn's Beginning Stage.
4. Attack and End Stages: nothing is attacked, and the hand limit of 7 is not played.
- Opening hand 7; no mulligan (the rules have none). No follower is used for effort, since a
  goldfish needs no army or city to win the race.
"""

from __future__ import annotations

import numpy as np

from deckcheck.games.bible_battles.rules import BibleBattlesParams
from deckcheck.model import Card, Deck
from deckcheck.sim.model import DeckFacts, GoldfishModel, RaceRandom, RaceResult, deck_facts


class BibleBattlesGoldfish(GoldfishModel[BibleBattlesParams]):
    game = "bible-battles"
    goal = "reach the wisdom target"
    opening_label = "followers"
    simplifications = (
        "no mulligan (the rules have none)",
        "each turn: draw, then every follower already in play adds its wisdom (1 unless the data says); "
        "then one follower comes into play, adding wisdom from the next turn on (the rulebook's Beginning and Building Stages)",
        "followers never spend effort: a goldfish needs no army, city or food to win",
        "animals, beasts, armies, buildings, cities, crops, events, fortresses, items, lands, rivers and unique "
        "persons are left out: in the model none adds wisdom, so the race is as fast without them; a card that adds "
        "wisdom or draws in a real game would make it faster",
    )

    turn_order = (
        "Beginning Stage: draw a card (the first turn too; a player who cannot draw, the deck empty, loses the game), "
        'then "add points to your wisdom at this time": '
        "every follower already in play adds its wisdom (1 when the data does not say).",
        "The game is won in the Beginning Stage whose wisdom reaches the target (30, or the event's wisdom_target, up to 99).",
        "Building Stage: one follower comes into play from the hand, the first drawn (no effort needed); "
        "it first adds wisdom in the next turn's Beginning Stage.",
        "Attack and End Stages: nothing is attacked, and the hand limit of 7 is not played.",
    )

    decking = "cannot draw"

    def plays(self, card: Card) -> bool:
        return card.is_a("follower")

    def __init__(self, facts: DeckFacts, params: BibleBattlesParams):
        super().__init__(facts, params)
        self.follower = facts.where(lambda card: card.is_a("follower"))
        self.wisdom = facts.numbers("wisdom", 1)

    def opening_counts(self, order: np.ndarray, drawn: np.ndarray) -> np.ndarray:
        return ((drawn == 0) & self.follower[order]).sum(axis=1)

    def cannot_win(self) -> str | None:
        return None if self.follower.any() else "the deck has no follower to gain wisdom"

    def race_context(self) -> object:
        return self.params

    def race(self, order: np.ndarray, drawn: np.ndarray, rng: RaceRandom, turns: int) -> RaceResult:
        games = order.shape[0]
        rows = np.arange(games)
        is_follower, wisdom = self.follower[order], self.wisdom[order]
        in_play = np.zeros(order.shape, dtype=bool)
        total = np.zeros(games)
        target = float(self.params.wisdom_target)
        win = np.zeros(games, dtype=np.int16)
        for turn in range(1, turns + 1):
            # Beginning Stage: the draw, then the wisdom of the followers already in play
            total += (wisdom * in_play).sum(axis=1)
            newly = (total >= target) & (win == 0)
            win[newly] = turn
            # Building Stage: one follower from the hand comes into play
            candidates = (drawn <= turn) & ~in_play & is_follower
            has = candidates.any(axis=1)
            in_play[rows[has], candidates.argmax(axis=1)[has]] = True
        return RaceResult(win)


def model_for(deck: Deck, params: BibleBattlesParams) -> BibleBattlesGoldfish:
    return BibleBattlesGoldfish(deck_facts(deck), params)


MODEL = BibleBattlesGoldfish
