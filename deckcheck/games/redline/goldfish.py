"""REDLINE goldfish: the manual's turn played against an opponent who does nothing.

- Opening hand 7; one partial mulligan (the manual: bottom any cards, draw as many). The default
  policy: with fewer than 2 resources, bottom every other card; with more than 4, bottom the
  resources beyond the fourth; otherwise keep.
- Each turn draws 1 (the first turn too: the deploy phase begins with a draw), plays at most one
  resource card, and every resource in play gives 1 resource.
- Efreets are deployed from the hand while their cost can be paid, up to the efreet limit of 5,
  and attack the turn they are deployed. Equipment, tactics, recon and repairs are left out.
- The redline: each game shuffles the mission deck and reveals its top 5 (setup, step 6); the
  revealed missions stay for the game (the manual replaces none). A deck without a mission deck
  with capture costs plays 5 missions of `capture_cost` (4).
- Race: capture all 5 missions unopposed. Squads are formed mission by mission, the cheapest
  open mission first: efreets join it, heaviest first, until the squad's average capture roll
  (3.5 per die, light -2, heavy +2) reaches the capture cost, then the next mission gets a
  squad; efreets too few to make a squad that could reach its mission's cost at all join the
  first squad. Each squad rolls 1d6-2 per light, 1d6 per medium, 1d6+2 per heavy, summed; a
  mission is captured when the sum reaches its cost. A captured mission stays captured (nobody
  contests it), so capture tokens never raise a cost.
- Facts the manual leaves out have documented defaults: an efreet without a `cost` costs 2, one
  without a `weight` is medium.
"""

from __future__ import annotations

import numpy as np

from deckcheck.sim.model import NEVER, DeckFacts, GoldfishModel, RaceResult, deck_facts

WEIGHT_MODIFIER = {"light": -2, "medium": 0, "heavy": 2}
DEFAULT_EFREET_COST = 2
DEFAULT_CAPTURE_COST = 4


class RedlineGoldfish(GoldfishModel):
    game = "redline"
    mulligans = ("partial", "none")
    throws_back = "the whole hand goes to the bottom of the deck and 7 cards are drawn"
    goal = "capture all 5 missions"
    opening_label = "resources"
    simplifications = (
        "partial mulligan: with fewer than 2 resources bottom every other card, with more than 4 bottom the extra resources",
        "one resource card a turn, each gives 1 resource; efreets cost 2 and are medium unless the data says",
        "efreets attack the turn they are deployed; squads form cheapest mission first, heaviest efreets first, "
        "until the squad's average capture roll reaches the mission's cost",
        "the mission deck is shuffled each game and its top 5 revealed (5 missions of cost 4 without one); "
        "nobody contests a captured mission",
        "equipment, tactics, recon and repairs are left out",
    )

    def __init__(self, facts: DeckFacts, params, missions: list[float] | None = None):
        super().__init__(facts, params)
        self.resource = facts.where(lambda card: card.is_a("resource"))
        self.efreet = facts.where(lambda card: card.is_a("efreet"))
        self.cost = facts.numbers("cost", DEFAULT_EFREET_COST)
        self.modifier = np.array([WEIGHT_MODIFIER.get(card.get("weight"), 0) for card in facts.slots], dtype=float)
        self.efreet_limit, self.missions = params.efreet_limit, params.missions_to_win
        deck = list(missions or [])
        # the mission deck each game shuffles; a short or missing one is made up with cost-4 missions
        self.mission_deck = np.array(deck + [DEFAULT_CAPTURE_COST] * max(0, self.missions - len(deck)), dtype=float)

    def mulligan(self, order: np.ndarray, spare: np.ndarray, policy: str, rng: np.random.Generator) -> np.ndarray:
        if policy != "partial":
            return order
        hand = order[:, : self.hand_size]
        is_resource = self.resource[hand]
        count = is_resource.sum(axis=1, keepdims=True)
        bottom = np.where(count < 2, ~is_resource, np.where(count > 4, is_resource & (np.cumsum(is_resource, axis=1) > 4), False))
        keys = np.broadcast_to(np.arange(order.shape[1]), order.shape).copy()
        keys[:, : self.hand_size] += np.where(bottom, order.shape[1], 0)
        return np.take_along_axis(order, np.argsort(keys, axis=1, kind="stable"), axis=1)

    def redraw(self, order: np.ndarray, spare: np.ndarray, which: np.ndarray) -> np.ndarray:
        """The partial mulligan with every card of the hand put on the bottom, and 7 drawn anew."""
        keys = np.broadcast_to(np.arange(order.shape[1]), order.shape).copy()
        keys[:, : self.hand_size] += np.where(which[:, None], order.shape[1], 0)
        return np.take_along_axis(order, np.argsort(keys, axis=1, kind="stable"), axis=1)

    def opening_counts(self, order: np.ndarray, drawn: np.ndarray) -> np.ndarray:
        return ((drawn == 0) & self.resource[order]).sum(axis=1)

    def cannot_win(self) -> str | None:
        return None if self.efreet.any() else "the deck has no efreet to capture a mission"

    def race(self, order: np.ndarray, drawn: np.ndarray, rng: np.random.Generator, turns: int) -> RaceResult:
        # cards are drawn in the order of the columns: only the first `seen` are ever in a hand
        seen = int((drawn <= turns).sum(axis=1).max(initial=0))
        order, drawn = order[:, :seen], drawn[:, :seen]
        games = order.shape[0]
        is_resource, is_efreet = self.resource[order], self.efreet[order]
        cost, modifier = self.cost[order], self.modifier[order]
        played = np.zeros(order.shape, dtype=bool)
        resources = np.zeros(games, dtype=int)
        # the modifiers of the efreets in play, NaN for an empty place (at most 5)
        squad = np.full((games, self.efreet_limit), np.nan)
        captured = np.zeros((games, self.missions), dtype=bool)
        win = np.zeros(games, dtype=np.int16)
        first_deploy = np.full(games, NEVER, dtype=np.int8)
        rows = np.arange(games)
        shuffled = np.argsort(rng.random((games, len(self.mission_deck))), axis=1)[:, : self.missions]
        costs = self.mission_deck[shuffled]  # (games, 5): the missions each game reveals
        for turn in range(1, turns + 1):
            hand = (drawn <= turn) & ~played
            resource = hand & is_resource
            has = resource.any(axis=1)
            pick = resource.argmax(axis=1)
            played[rows[has], pick[has]] = True
            resources += has
            budget = resources.astype(float)
            for _ in range(self.efreet_limit):
                room = np.isnan(squad).any(axis=1)
                candidates = (drawn <= turn) & ~played & is_efreet & (cost <= budget[:, None]) & room[:, None]
                can = candidates.any(axis=1)
                if not can.any():
                    break
                pick = candidates.argmax(axis=1)
                g = rows[can]
                played[g, pick[can]] = True
                budget[g] -= cost[g, pick[can]]
                place = np.isnan(squad[g]).argmax(axis=1)
                squad[g, place] = modifier[g, pick[can]]
                first_deploy[g] = np.minimum(first_deploy[g], turn)
            # the dice are rolled for every game, so that a game's rolls do not depend on the others';
            # only the games with efreets and missions left attack
            dice = rng.integers(1, 7, size=squad.shape)
            attacking = np.flatnonzero(~captured.all(axis=1) & ~np.isnan(squad).all(axis=1))
            captured[attacking] |= self._attack(squad[attacking], captured[attacking], costs[attacking], dice[attacking])
            newly = captured.all(axis=1) & (win == 0)
            win[newly] = turn
        return RaceResult(win, {"an efreet deployed": first_deploy})

    def _attack(self, squad: np.ndarray, captured: np.ndarray, costs: np.ndarray, dice: np.ndarray) -> np.ndarray:
        """One combat phase: the efreets in play form squads, cheapest open mission first."""
        games = squad.shape[0]
        rows = np.arange(games)
        open_costs = np.where(captured, np.inf, costs)
        by_cost = np.argsort(open_costs, axis=1, kind="stable")
        open_count = (~captured).sum(axis=1)
        weights = np.sort(np.nan_to_num(squad, nan=-np.inf), axis=1)[:, ::-1]  # heaviest first
        present = np.isfinite(weights)
        target = np.full(weights.shape, -1)
        mission = np.zeros(games, dtype=int)  # the place in `by_cost` of the squad being formed
        average = np.zeros(games)
        best = np.zeros(games)
        for place in range(weights.shape[1]):
            joins = present[:, place] & (mission < open_count)
            aim = by_cost[rows, np.minimum(mission, self.missions - 1)]
            target[joins, place] = aim[joins]
            average[joins] += 3.5 + weights[joins, place]
            best[joins] += 6 + weights[joins, place]
            formed = joins & (average >= open_costs[rows, aim])
            mission[formed] += 1
            average[formed], best[formed] = 0, 0
        # a squad left short that could never reach its mission's cost joins the first squad
        aim = by_cost[rows, np.minimum(mission, self.missions - 1)]
        hopeless = (average > 0) & (best < open_costs[rows, aim])
        target[hopeless[:, None] & (target == aim[:, None])] = -2
        # so do the efreets left once every open mission has its squad
        leftover = present & (target == -1) & (open_count > 0)[:, None]
        target = np.where((target == -2) | leftover, by_cost[:, :1], target)
        # (games, place, mission): where each efreet attacks; a squad's roll is its efreets' sum
        at = target[:, :, None] == np.arange(self.missions)[None, None, :]
        rolled = np.where(target >= 0, dice + weights, 0.0)
        rolls = (at * rolled[:, :, None]).sum(axis=1)
        return at.any(axis=1) & (rolls >= costs) & ~captured


def model_for(deck, params) -> RedlineGoldfish:
    missions = [float(card.get("capture_cost")) for card in deck_facts(deck, "missions").slots if card.get("capture_cost") is not None]
    return RedlineGoldfish(deck_facts(deck), params, missions)


MODEL = RedlineGoldfish
