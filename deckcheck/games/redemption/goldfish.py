"""Redemption goldfish: the quick-start rulebook's turn played against an opponent who does nothing.

The rulebook's turn, as the model plays it, step by step:
1. Draw Phase: draw 3 (the first player skips it on turn 1 of a two-player game: --on-play);
   each Lost Soul drawn goes to the Land of Bondage and another card is drawn in its place, as
   in the opening hand of 8.
2. Preparation Phase: every Hero in hand is placed in the territory.
3. Battle Phase: from the turn a Hero is in play, one Hero makes a rescue attempt whenever the
   goldfish's Land of Bondage holds a Lost Soul; the goldfish never blocks, so a Lost Soul is
   rescued and the Hero returns to the territory.
4. Discard Phase: the hand limit of 8 is not played (it never binds a deck that plays its Heroes).
5. The game is won the turn the fifth Lost Soul is rescued; between the player's turns the
   goldfish draws 3, its Lost Souls put in its Land of Bondage and replaced.

- Opening hand 8. Every Lost Soul drawn goes to the Land of Bondage and is replaced, in the
  opening hand and in every draw, so the cards that count are the non-Lost-Soul cards: the k-th of
  them is drawn at a fixed turn whatever Lost Souls come before it. The exact (hypergeometric)
  values are therefore taken over the non-Lost-Soul cards of the deck. A query of Lost Souls alone
  (`type:lost_soul`, `2x Lost Soul ...`) has its own: a Lost Soul is seen by the turn the n-th
  non-Lost-Soul card is drawn exactly when it comes before that card, so at least k of them are
  seen when the first n+k-1 cards of the Lost Souls asked for and the non-Lost-Soul cards, in the
  deck's order, hold k of them (the negative hypergeometric). Other queries that match Lost Souls
  have no exact value.
- Each turn draws 3, except the first player's first turn (two-player game): `--on-play` skips it.
  No mulligan: the rulebook has none.
- Race: one rescue attempt a turn with a Hero against a goldfish that never blocks; a Hero in
  hand is placed and rescues the same turn and survives; 5 rescues win. A rescue needs a Lost Soul
  in the goldfish's Land of Bondage ("If there is a Lost Soul in an opponent's Land of Bondage,
  you may make a rescue attempt"), so the goldfish plays its own deck by the same rules: a copy
  of this deck (with --vs, of the first deck, for both; `--opponent DECK` for another), shuffled
  each game, 8 cards then 3 a turn, every Lost Soul it draws put in its Land of Bondage and
  replaced. Before the player's turn t it has drawn 8 + 3(t - 1) cards that are not Lost Souls,
  whoever went first. The hand limit of 8 never binds a deck that plays its Hero.
- Also reported: the chance of a Hero and a good enhancement of a matching brigade (or a
  multi-coloured one) by each turn.
"""

from __future__ import annotations

import numpy as np

from deckcheck.games.redemption.params import RedemptionParams
from deckcheck.model import Card, Deck
from deckcheck.sim import stats
from deckcheck.sim.model import NEVER, DeckFacts, GoldfishModel, RaceRandom, RaceResult, deck_facts, first_turn, in_opening_hand
from deckcheck.sim.queries import Query


class RedemptionGoldfish(GoldfishModel[RedemptionParams]):
    game = "redemption"
    skip_first_draw_on_play = True
    goal = "rescue 5 Lost Souls (--win-at N: N)"

    def race_goal(self) -> str:
        return f"rescue {self.params.rescues_to_win} Lost Souls"  # the format's (the rulebook's 5), an event's or --win-at

    opening_label = "Lost Souls"
    simplifications = (
        "Lost Souls are replaced as they are drawn; exact values are over the non-Lost-Soul cards "
        "(a query of Lost Souls alone: the negative hypergeometric)",
        "the goldfish never blocks: a Hero rescues every turn from the turn it is drawn, while the goldfish's Land "
        "of Bondage holds a Lost Soul",
        "the goldfish draws its own deck (a copy of this one, or --opponent): 8 cards, then 3 a turn, its Lost "
        "Souls put in its Land of Bondage as drawn",
        "no mulligan (the quick-start rules have none)",
        "a Paragon deck plays the shared Soul Deck of 21 Lost Souls, 3 in play and each one rescued replaced from it, "
        "in place of the goldfish's Land of Bondage: a rescue always finds a Lost Soul while it lasts; the Paragon rules' "
        "own win condition is not known here, so 5 rescues win, as in Type 1",
        "good enhancements, evil enhancements, evil characters, good dominants, evil dominants, sites, cities, "
        "fortresses, artifacts, covenants and curses are left out: against a goldfish that never blocks no rescue "
        "needs them, so they change nothing here; a real game can still be won sooner with a card whose ability "
        "rescues or draws (a Dominant among them), and later against an opponent who blocks",
    )

    turn_order = (
        "Draw Phase: draw 3 (the first player skips it on turn 1 of a two-player game: --on-play); each Lost Soul "
        "drawn goes to the Land of Bondage and another card is drawn in its place, as in the opening hand of 8.",
        "Preparation Phase: every Hero in hand is placed in the territory.",
        "Battle Phase: from the turn a Hero is in play, one Hero makes a rescue attempt whenever the goldfish's Land "
        "of Bondage holds a Lost Soul; the goldfish never blocks, so a Lost Soul is rescued and the Hero returns to the territory.",
        "Discard Phase: the hand limit of 8 is not played (it never binds a deck that plays its Heroes).",
        "The game is won the turn the fifth Lost Soul is rescued; between the player's turns the goldfish draws 3, "
        "its Lost Souls put in its Land of Bondage and replaced.",
    )

    def plays(self, card: Card) -> bool:
        return card.is_a("hero", "lost_soul")

    def __init__(self, facts: DeckFacts, params: RedemptionParams):
        super().__init__(facts, params)
        self.lost_soul = facts.where(lambda card: card.is_a("lost_soul"))
        self.play_against(facts)  # the goldfish's deck: a copy of this one
        self.hero = facts.where(lambda card: card.is_a("hero"))
        brigades = {b for card in facts.slots for b in (card.get("brigades") or ()) if b != "multi"}
        enhancement = facts.where(lambda card: card.is_a("good_enhancement"))
        multi = facts.where(lambda card: "multi" in (card.get("brigades") or ()))
        self.pairs = [(_of_brigade(facts, b) & self.hero, enhancement & (multi | _of_brigade(facts, b))) for b in sorted(brigades)]

    def draw_turns(self, order: np.ndarray, on_play: bool, turns: int) -> np.ndarray:
        counted = ~self.lost_soul[order]
        # a card's rank among the cards that stay in hand; a Lost Soul comes with the next of them
        rank = np.cumsum(counted, axis=1) - counted
        drawn = self.turn_of_position(rank, on_play)
        return np.where(drawn > turns, NEVER, drawn).astype(np.int8)

    def exact_population(self) -> np.ndarray:
        return ~self.lost_soul

    def exact_of(self, query: Query, turn: int, on_play: bool) -> float | None:
        """At least k of some Lost Souls seen by `turn` (see the module's docstring)."""
        if query.curve or len(query.clauses) != 1:
            return None
        clause = query.clauses[0]
        if clause.at_most is not None or not clause.mask.any() or (clause.mask & ~self.lost_soul).any():
            return None
        wanted, others = int(clause.mask.sum()), int((~self.lost_soul).sum())
        first = self.cards_seen(turn, on_play) + clause.at_least - 1
        return stats.clauses_hold(wanted + others, {(True,): wanted}, [(clause.at_least, None)], first)

    def opening_counts(self, order: np.ndarray, drawn: np.ndarray) -> np.ndarray:
        return in_opening_hand(self.lost_soul, order, drawn)

    needs_opponent = True  # --opponent: the deck the goldfish plays

    def play_against(self, opponent: DeckFacts) -> None:
        # its cards in the order of their identities: the goldfish shuffles the same way whatever
        # order its deck file lists them in
        by_identity = np.argsort(np.array(opponent.identities, dtype=object), kind="stable")
        self.opponent_lost_soul = opponent.where(lambda card: card.is_a("lost_soul"))[by_identity]

    def cannot_win(self) -> str | None:
        if not self.hero.any():
            return "the deck has no Hero to make a rescue attempt"
        souls = self.params.shared_souls or int(self.opponent_lost_soul.sum())
        if souls < self.params.rescues_to_win:
            return f"the goldfish's deck holds {souls} Lost Souls, fewer than the {self.params.rescues_to_win} rescues that win"
        return None

    def goldfish_lost_souls(self, rng: RaceRandom, games: int, turns: int) -> np.ndarray:
        """(games, turns): the Lost Souls in the goldfish's Land of Bondage before the player's turn t."""
        soul = self.opponent_lost_soul[np.argsort(rng.random((games, len(self.opponent_lost_soul))), axis=1)]
        others_before = np.cumsum(~soul, axis=1) - ~soul  # cards that are not Lost Souls before each one
        seen = self.hand_size + self.draws_per_turn * np.arange(turns)  # such cards drawn before turn t
        return (soul[:, None, :] & (others_before[:, None, :] < seen[None, :, None])).sum(axis=2)

    def lost_souls_to_rescue(self, rng: RaceRandom, games: int, turns: int) -> np.ndarray:
        """(games, turns): the Lost Souls a rescue could have found by the player's turn t: the
        goldfish's Land of Bondage, or a shared Soul Deck, whose souls in play are replaced as they
        are rescued (every one of them can be rescued in turn)."""
        if self.params.shared_souls:
            return np.full((games, turns), self.params.shared_souls, dtype=np.int16)
        return self.goldfish_lost_souls(rng, games, turns)

    def race_context(self) -> object:
        # the brigades paired for the figure are the deck's, but a pair whose Hero was never drawn
        # cannot be the first matched: the figure reads only the cards drawn
        return self.params, self.opponent_lost_soul.tobytes()

    def race(self, order: np.ndarray, drawn: np.ndarray, rng: RaceRandom, turns: int) -> RaceResult:
        games = order.shape[0]
        first_hero = first_turn(drawn, self.hero[order]).astype(np.int16)
        bondage = self.lost_souls_to_rescue(rng, games, turns)
        rescued = np.zeros(games, dtype=np.int16)
        win = np.zeros(games, dtype=np.int16)
        for turn in range(1, turns + 1):
            rescued += (first_hero <= turn) & (rescued < bondage[:, turn - 1])
            win[(rescued >= self.params.rescues_to_win) & (win == 0)] = turn
        matched = np.full(order.shape[0], NEVER, dtype=np.int8)
        for heroes, enhancements in self.pairs:
            both = np.maximum(first_turn(drawn, heroes[order]), first_turn(drawn, enhancements[order]))
            matched = np.minimum(matched, both)
        return RaceResult(win, {"a Hero and an enhancement of its brigade": matched})


def _of_brigade(facts: DeckFacts, brigade: str) -> np.ndarray:
    return facts.where(lambda card: brigade in (card.get("brigades") or ()))


def model_for(deck: Deck, params: RedemptionParams) -> RedemptionGoldfish:
    return RedemptionGoldfish(deck_facts(deck), params)


MODEL = RedemptionGoldfish
