"""Demon Rush goldfish: the rules page's turn played against an opponent who does nothing.

- Opening hand 5; one mulligan (shuffle the hand back and draw 5). The default policy takes it
  when the hand holds no soldier.
- Each turn draws 1 (the first turn too) and imperium refills to 10. Soldiers are rallied from
  the hand, in the order drawn, while their cost can be paid; spells, equipment, armor and
  structures are left out.
- Race: reduce the goldfish's 30 health. Soldiers attack the turn they are rallied; with no
  soldier in the way, every soldier and the champion team-attack the goldfish's champion, which
  deals the strength difference: their total strength minus the goldfish champion's (1, like
  Soren), never less than 0.
- Facts the data lacks have documented defaults: a soldier without `cost` costs 3, one without
  `strength` has 3, a champion without `strength` has 0.
"""

from __future__ import annotations

import numpy as np

from deckcheck.sim.model import DeckFacts, GoldfishModel, RaceResult, deck_facts

DEFAULT_COST = 3
DEFAULT_STRENGTH = 3
RALLIES_PER_TURN = 10


class DemonRushGoldfish(GoldfishModel):
    game = "demon-rush"
    mulligans = ("no-soldier", "none")
    throws_back = "the hand is shuffled back and 5 cards drawn anew"
    goal = "reduce the goldfish to 0 health"
    opening_label = "soldiers"
    simplifications = (
        "one mulligan, taken when the opening 5 hold no soldier",
        "soldiers are rallied in the order drawn while the 10 imperium lasts; other cards are left out",
        "the whole army team-attacks every turn: its strength minus the goldfish champion's (1) is the damage",
        "a soldier costs 3 and has 3 strength unless the data says",
    )

    def __init__(self, facts: DeckFacts, params, champion_strength: float = 0.0):
        super().__init__(facts, params)
        self.soldier = facts.where(lambda card: card.is_a("soldier"))
        self.cost = facts.numbers("cost", DEFAULT_COST)
        self.strength = facts.numbers("strength", DEFAULT_STRENGTH)
        self.champion_strength = champion_strength

    def mulligan(self, order: np.ndarray, spare: np.ndarray, policy: str) -> np.ndarray:
        if policy != "no-soldier":
            return order
        no_soldier = ~self.soldier[order[:, : self.hand_size]].any(axis=1)
        return np.where(no_soldier[:, None], spare, order)

    def redraw(self, order: np.ndarray, spare: np.ndarray, which: np.ndarray) -> np.ndarray:
        return np.where(which[:, None], spare, order)  # shuffle the hand back, draw 5 anew

    def opening_counts(self, order: np.ndarray, drawn: np.ndarray) -> np.ndarray:
        return ((drawn == 0) & self.soldier[order]).sum(axis=1)

    def cannot_win(self) -> str | None:
        return None if self.soldier.any() else "the deck has no soldier to attack with"

    def race(self, order: np.ndarray, drawn: np.ndarray, rng: np.random.Generator, turns: int) -> RaceResult:
        games = order.shape[0]
        rows = np.arange(games)
        is_soldier, cost, strength = self.soldier[order], self.cost[order], self.strength[order]
        rallied = np.zeros(order.shape, dtype=bool)
        health = np.full(games, float(self.params.health))
        imperium = float(self.params.imperium)
        goldfish_champion = float(self.params.goldfish_champion_strength)
        win = np.zeros(games, dtype=np.int16)
        for turn in range(1, turns + 1):
            budget = np.full(games, imperium)
            for _ in range(RALLIES_PER_TURN):
                candidates = (drawn <= turn) & ~rallied & is_soldier & (cost <= budget[:, None])
                can = candidates.any(axis=1)
                if not can.any():
                    break
                pick = candidates.argmax(axis=1)[can]
                rallied[rows[can], pick] = True
                budget[can] -= cost[rows[can], pick]
            army = (strength * rallied).sum(axis=1) + self.champion_strength
            health -= np.maximum(0.0, army - goldfish_champion)
            newly = (health <= 0) & (win == 0)
            win[newly] = turn
        return RaceResult(win)


def model_for(deck, params) -> DemonRushGoldfish:
    champions = [entry.card for entry in deck.entries("champion") if entry.card is not None]
    strength = champions[0].get("strength", 0) if champions else 0
    return DemonRushGoldfish(deck_facts(deck), params, float(strength or 0))


MODEL = DemonRushGoldfish
