"""Demon Rush goldfish: the rules page's turn played against an opponent who does nothing.

- Opening hand 5; "1 mulligan per match (best 2 out of 3 games)": shuffle the hand back and draw
  5. The default policy takes it when the hand holds no soldier. A run plays one game of a match
  (`game_of_match`, 1 unless `--game-of-match` says 2 or 3): in game 2 or 3 the mulligan is left
  only when the policy did not take it in the games before, whose opening hands are drawn from the
  same deck (side-decking between games is left out).

The rules page's turn, as the model plays it, step by step:
1. Draw 1 card (the first turn too; with no card left to draw for the turn, the game is lost)
   and replenish imperium to 10.
2. Rally soldiers from the hand: again and again the first drawn soldier whose cost the imperium
   left can pay (one it cannot pay is skipped, and a cheaper one drawn later can still be
   rallied), until none can be paid (at most 10 a turn); then a structure with a strength bonus
   (Tower of Babel: +2 to every holy soldier), one of each name, is played with the imperium
   left; other spells, equipment, armor and structures are not played.
3. Attack: with no soldier in the way, every soldier in play (those rallied this turn too) and
   the champion team-attack the goldfish's champion, dealing their total strength minus its
   strength (1, like Soren), never less than 0, to the goldfish's health.
4. The game is won the turn the goldfish's health (30) reaches 0; its other way to be won, an
   opponent with no card left to draw, is not played.
- Facts the data lacks have documented defaults: a structure without `cost` costs 1 (the page
  gives none: it is played with any imperium left); a soldier without `strength` has 3; a soldier
  without `cost` costs its strength, from 1 to 10 imperium (the rules: "the higher a soldier's
  strength, the higher its imperium cost", Nefarious Roc's 10 strength costs 10); a champion
  without `strength` has 0.
"""

from __future__ import annotations

import numpy as np

from deckcheck.games.demon_rush.rules import DemonRushParams
from deckcheck.model import Card, Deck
from deckcheck.sim.model import DeckFacts, GoldfishModel, RaceRandom, RaceResult, deck_facts, in_opening_hand

DEFAULT_STRENGTH = 3
RALLIES_PER_TURN = 10
# the rules page gives no structure's cost: one without a `cost` is played with any imperium left
DEFAULT_STRUCTURE_COST = 1


class DemonRushGoldfish(GoldfishModel[DemonRushParams]):
    game = "demon-rush"
    mulligans = ("no-soldier", "none")
    throws_back = "the hand is shuffled back and 5 cards drawn anew"
    draws_anew = True
    goal = "reduce the goldfish to 0 health"
    opening_label = "soldiers"
    simplifications = (
        "one mulligan per match, taken when the opening 5 hold no soldier; game 2 or 3 of a match has it only "
        "when the games before did not take it",
        "soldiers are rallied first drawn first, each whose cost the 10 imperium left can pay (one it cannot is "
        "skipped, a cheaper one drawn later still rallied); then a structure with a strength bonus (Tower of Babel) "
        "with the imperium left",
        "spells, equip spells, armor spells and structures without a strength bonus are left out: they could only "
        "add to an attack or clear its way, so a real game can be won sooner than the race",
        "the whole army team-attacks every turn: its strength minus the goldfish champion's (1) is the damage",
        "a soldier has 3 strength unless the data says, and without a cost costs its strength (1 to 10)",
    )

    turn_order = (
        "Draw 1 card (the first turn too; with no card left to draw for the turn, the game is lost) and replenish imperium to 10.",
        "Rally soldiers from the hand: again and again the first drawn soldier whose cost the imperium left can pay "
        "(one it cannot pay is skipped, and a cheaper one drawn later can still be rallied), until none can be paid "
        "(at most 10 a turn); then a structure with a strength bonus (Tower of Babel: +2 to every holy soldier), one "
        "of each name, is played with the imperium left; other spells, equipment, armor and structures are not played.",
        "Attack: with no soldier in the way, every soldier in play (those rallied this turn too) and the champion "
        "team-attack the goldfish's champion, dealing their total strength minus its strength (1, like Soren), "
        "never less than 0, to the goldfish's health.",
        "The game is won the turn the goldfish's health (30) reaches 0; its other way to be won, an opponent with no "
        "card left to draw, is not played.",
    )

    decking = "cannot draw"

    def plays(self, card: Card) -> bool:
        return card.is_a("soldier", "champion") or bool(card.get("strength_bonus"))

    def __init__(self, facts: DeckFacts, params: DemonRushParams, champion_strength: float = 0.0):
        super().__init__(facts, params)
        self.soldier = facts.where(lambda card: card.is_a("soldier"))
        self.strength = facts.numbers("strength", DEFAULT_STRENGTH)
        stated = facts.numbers("cost", np.nan)
        structure = facts.where(lambda card: card.is_a("structure"))
        self.cost = np.where(np.isnan(stated), np.where(structure, DEFAULT_STRUCTURE_COST, np.clip(self.strength, 1, 10)), stated)
        self.champion_strength = champion_strength
        # each structure with a static strength bonus, by name ("only 1 of each card name" in play):
        # (its slots, the bonus, the soldiers of the faction it boosts)
        names = np.array([card.name for card in facts.slots], dtype=object)
        factions = np.array([card.get("faction") for card in facts.slots], dtype=object)
        self.boosts = [
            (names == name, float(bonus), factions == side)
            for name, bonus, side in sorted(
                {(card.name, card.get("strength_bonus"), card.get("boosts")) for card in facts.slots if card.get("strength_bonus")}
            )
        ]

    def _no_soldier(self, order: np.ndarray) -> np.ndarray:
        return ~self.soldier[order[:, : self.hand_size]].any(axis=1)

    def mulligan(self, order: np.ndarray, spare: np.ndarray | None, policy: str, rng: np.random.Generator) -> np.ndarray:
        if policy != "no-soldier":
            return order
        left = np.ones(order.shape[0], dtype=bool)  # the match's one mulligan, not taken in an earlier game
        for _ in range(int(self.params.game_of_match) - 1):
            earlier = np.argsort(rng.random(order.shape), axis=1)
            left &= ~self._no_soldier(earlier)
        return np.where((self._no_soldier(order) & left)[:, None], _anew(spare), order)

    def redraw(self, order: np.ndarray, spare: np.ndarray | None, which: np.ndarray) -> np.ndarray:
        return np.where(which[:, None], _anew(spare), order)  # shuffle the hand back, draw 5 anew

    def opening_counts(self, order: np.ndarray, drawn: np.ndarray) -> np.ndarray:
        return in_opening_hand(self.soldier, order, drawn)

    def cannot_win(self) -> str | None:
        return None if self.soldier.any() else "the deck has no soldier to attack with"

    def race_context(self) -> object:
        return self.params, self.champion_strength

    def race(self, order: np.ndarray, drawn: np.ndarray, rng: RaceRandom, turns: int) -> RaceResult:
        games = order.shape[0]
        rows = np.arange(games)
        is_soldier, cost, strength = self.soldier[order], self.cost[order], self.strength[order]
        rallied = np.zeros(order.shape, dtype=bool)
        health = np.full(games, float(self.params.health))
        imperium = float(self.params.imperium)
        goldfish_champion = float(self.params.goldfish_champion_strength)
        win = np.zeros(games, dtype=np.int16)
        built = [np.zeros(games, dtype=bool) for _ in self.boosts]  # per boosting structure: in play
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
            for (is_it, bonus, boosted), in_play in zip(self.boosts, built):  # played with the imperium left
                candidates = (drawn <= turn) & is_it[order] & (cost <= budget[:, None])
                now = ~in_play & candidates.any(axis=1)
                budget[now] -= cost[rows[now], candidates.argmax(axis=1)[now]]
                in_play |= now
                army += in_play * bonus * (rallied & boosted[order]).sum(axis=1)
            health -= np.maximum(0.0, army - goldfish_champion)
            newly = (health <= 0) & (win == 0)
            win[newly] = turn
        return RaceResult(win)


def _anew(spare: np.ndarray | None) -> np.ndarray:
    """The second shuffle a mulligan draws anew from (the engine gives one to a model that draws_anew)."""
    if spare is None:
        raise ValueError("a Demon Rush mulligan draws anew: the engine gives it a second shuffle")
    return spare


def model_for(deck: Deck, params: DemonRushParams) -> DemonRushGoldfish:
    champions = [entry.card for entry in deck.entries("champion") if entry.card is not None]
    strength = champions[0].get("strength", 0) if champions else 0
    return DemonRushGoldfish(deck_facts(deck), params, float(strength or 0))


MODEL = DemonRushGoldfish
