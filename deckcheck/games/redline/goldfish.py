"""REDLINE goldfish: the manual's turn played against an opponent who does nothing.

- Opening hand 7; one partial mulligan (the manual: bottom any cards, draw as many). The default
  policy: with fewer than 2 resources, bottom every other card; with more than 4, bottom the
  resources beyond the fourth; otherwise keep.
- The redline: each game shuffles the mission deck and reveals its top 5 (setup, step 6); the
  revealed missions stay for the game (the manual replaces none). A deck without a mission deck
  with capture costs plays 5 missions of `capture_cost` (4).

The manual's turn, as the model plays it, step by step:
1. Deploy phase: draw a card (every turn, the first too; the game is lost as soon as the arsenal
   holds no more cards), then play at most one resource card from the hand; every resource in
   play gives 1 resource (a card that is both a resource and an efreet is played as a resource).
2. Still in the deploy phase: deploy efreets from the hand, first drawn first, each whose cost
   the resources left can pay (one they cannot pay is skipped, a cheaper one drawn later can
   still come), up to the efreet limit of 5 in play; equipment, tactics, recon and repairs are
   left out, and the discard down to 7 is not played.
3. Mission planning phase: every efreet in play (those deployed this turn too) goes into a
   squad, one open mission at a time, the cheapest first: efreets join, heaviest first, until
   the squad's average capture roll (3.5 a die, light -2, heavy +2) reaches the mission's cost,
   then the next open mission gets a squad. The efreets left forming a squad at the end attack
   that mission on their own when their best roll could reach its cost, and join the first squad
   when it could not; so do the efreets left once every open mission has a squad.
4. Combat phase: nobody defends, so each squad rolls to capture, 1d6-2 per light efreet, 1d6 per
   medium, 1d6+2 per heavy, summed; its mission is captured when the sum reaches its cost, and
   stays captured (nobody contests it, so no capture token ever raises its cost).
5. The game is won at the end of the combat phase in which all 5 missions are commanded (the
   tactical victory; emptying the opponent's deck is not played).
- Facts the manual leaves out have documented defaults: an efreet without a `cost` costs 2, one
  without a `weight` is medium.
"""

from __future__ import annotations

import numpy as np

from deckcheck.games.redline.rules import RedlineParams
from deckcheck.model import Card, Deck
from deckcheck.sim.model import NEVER, DeckFacts, GoldfishModel, RaceRandom, RaceResult, deck_facts, in_opening_hand
from deckcheck.wording import plural

WEIGHT_MODIFIER = {"light": -2, "medium": 0, "heavy": 2}
DEFAULT_EFREET_COST = 2
DEFAULT_CAPTURE_COST = 4


class RedlineGoldfish(GoldfishModel[RedlineParams]):
    game = "redline"
    mulligans = ("partial", "none")
    throws_back = "the whole hand goes to the bottom of the deck and 7 cards are drawn"
    goal = "capture all 5 missions"
    opening_label = "resources"
    simplifications = (
        "partial mulligan: with fewer than 2 resources bottom every other card, with more than 4 bottom the extra resources",
        "one resource card a turn, each gives 1 resource (a card that is also an efreet is a resource); "
        "efreets cost 2 and are medium unless the data says",
        "efreets attack the turn they are deployed; squads form cheapest mission first, heaviest efreets first, "
        "until the squad's average capture roll reaches the mission's cost; a last squad short of its cost attacks "
        "alone if its best roll could reach it, else joins the first squad, as do efreets left over",
        "the mission deck is shuffled each game and its top 5 revealed (5 missions of cost 4 without one); "
        "nobody contests a captured mission, so it is never captured again and the capture token the rulebook adds "
        "(+1 to its next capture cost) never counts",
        "the race is the tactical victory (all 5 missions); the rulebook's other way to win, emptying the opponent's deck, is not played",
        "equipment, tactics and strategies are left out (recon and repairs too): each could only strengthen an "
        "efreet or a squad, so a real game's captures can come sooner than the race's",
    )

    turn_order = (
        "Deploy phase: draw a card (every turn, the first too; the game is lost as soon as the arsenal holds no more "
        "cards), then play at most one resource card from the hand; "
        "every resource in play gives 1 resource (a card that is both a resource and an efreet is played as a resource).",
        "Still in the deploy phase: deploy efreets from the hand, first drawn first, each whose cost the resources left "
        "can pay (one they cannot pay is skipped, a cheaper one drawn later can still come), up to the efreet limit of "
        "5 in play; equipment, tactics, recon and repairs are left out, and the discard down to 7 is not played.",
        "Mission planning phase: every efreet in play (those deployed this turn too) goes into a squad, one open mission "
        "at a time, the cheapest first: efreets join, heaviest first, until the squad's average capture roll (3.5 a die, "
        "light -2, heavy +2) reaches the mission's cost, then the next open mission gets a squad. The efreets left "
        "forming a squad at the end attack that mission on their own when their best roll could reach its cost, and "
        "join the first squad when it could not; so do the efreets left once every open mission has a squad.",
        "Combat phase: nobody defends, so each squad rolls to capture, 1d6-2 per light efreet, 1d6 per medium, 1d6+2 "
        "per heavy, summed; its mission is captured when the sum reaches its cost, and stays captured (nobody contests "
        "it, so no capture token ever raises its cost).",
        "The game is won at the end of the combat phase in which all 5 missions are commanded (the tactical victory; "
        "emptying the opponent's deck is not played).",
    )

    decking = "emptied"

    def plays(self, card: Card) -> bool:
        return card.is_a("resource", "efreet", "mission", "general")

    def __init__(self, facts: DeckFacts, params: RedlineParams, missions: list[float] | None = None):
        super().__init__(facts, params)
        self.resource = facts.where(lambda card: card.is_a("resource"))
        self.efreet = facts.where(lambda card: card.is_a("efreet"))
        self.cost = facts.numbers("cost", DEFAULT_EFREET_COST)
        self.modifier = np.array([WEIGHT_MODIFIER.get(card.get("weight"), 0) for card in facts.slots], dtype=float)
        self.efreet_limit, self.missions = params.efreet_limit, params.missions_to_win
        deck = list(missions or [])
        self.missions_given = len(deck)
        # the mission deck each game shuffles; a short or missing one is made up with cost-4 missions
        self.mission_deck = np.array(deck + [DEFAULT_CAPTURE_COST] * max(0, self.missions - len(deck)), dtype=float)

    def assumptions(self) -> tuple[str, ...]:
        if self.missions_given >= self.missions:
            return ()
        missing = self.missions - self.missions_given
        return (
            f"the deck has {plural(self.missions_given, 'mission')} of the {self.missions} the race reveals: "
            f"{plural(missing, 'made-up mission')} of capture cost {DEFAULT_CAPTURE_COST:g} stand in",
        )

    def mulligan(self, order: np.ndarray, spare: np.ndarray | None, policy: str, rng: np.random.Generator) -> np.ndarray:
        if policy != "partial":
            return order
        is_resource = self.resource[order[:, : self.hand_size]]
        count = is_resource.sum(axis=1)
        games = np.flatnonzero((count < 2) | (count > 4))  # the hands that bottom a card
        held = is_resource[games]
        bottom = np.where((count[games] < 2)[:, None], ~held, held & (np.cumsum(held, axis=1) > 4))
        return self._to_bottom(order, games, bottom)

    def cards_dealt(self, turns: int, on_play: bool) -> int | None:
        # the cards drawn by the last turn, and a hand's worth under them: a mulligan puts at most
        # a hand under the deck and draws as many, and the race reads the cards drawn alone
        return self.cards_seen(turns, on_play) + self.hand_size

    def redraw(self, order: np.ndarray, spare: np.ndarray | None, which: np.ndarray) -> np.ndarray:
        """The partial mulligan with every card of the hand put on the bottom, and 7 drawn anew."""
        games = np.flatnonzero(which)
        return self._to_bottom(order, games, np.ones((len(games), self.hand_size), dtype=bool))

    def _to_bottom(self, order: np.ndarray, games: np.ndarray, bottom: np.ndarray) -> np.ndarray:
        """The draw order with the cards of these games' hands that `bottom` marks put on the bottom
        of the deck, in their order, and as many drawn (these games' rows reordered in place).

        Each card of those rows is written once, straight to its new place: a kept card to its place
        among the kept, a card of the deck up by the number put back, a card put back to its place
        among those under the deck. Sorting each hand, then moving the rows that put back k cards
        for each k, took a third longer; the mulligan is half of a sweep's work for each count."""
        if not len(games):
            return order
        hand, width = self.hand_size, order.shape[1]
        put_back = bottom.sum(axis=1, keepdims=True)
        in_hand = np.where(bottom, width - put_back + np.cumsum(bottom, axis=1) - 1, np.cumsum(~bottom, axis=1) - 1)
        place = np.concatenate([in_hand, np.arange(hand, width) - put_back], axis=1)
        place += games[:, None] * width  # (each row's places in the flat order)
        order = np.ascontiguousarray(order)
        order.reshape(-1)[place] = order[games]
        return order

    def opening_counts(self, order: np.ndarray, drawn: np.ndarray) -> np.ndarray:
        return in_opening_hand(self.resource, order, drawn)

    def cannot_win(self) -> str | None:
        if not self.efreet.any():
            return "the deck has no efreet to capture a mission"
        if not self.resource.any() and (self.cost[self.efreet] > 0).all():
            return "the deck has no resource card to pay for an efreet (each costs at least 1)"
        return None

    def race_context(self) -> object:
        return self.params, self.mission_deck.tobytes()

    def race(self, order: np.ndarray, drawn: np.ndarray, rng: RaceRandom, turns: int) -> RaceResult:
        # cards are drawn in the order of the columns: only the first `seen` are ever in a hand
        seen = int((drawn <= turns).sum(axis=1).max(initial=0))
        order, drawn = order[:, :seen], drawn[:, :seen]
        games = order.shape[0]
        resource_drawn = np.where(self.resource[order], drawn, NEVER)
        efreets = _Efreets(order, drawn, self.efreet & ~self.resource, self.cost, self.modifier)
        resources = np.zeros(games, dtype=int)
        # the modifiers of the efreets in play, heaviest first, -inf for an empty place
        squad = np.full((games, self.efreet_limit), -np.inf)
        in_play = np.zeros(games, dtype=int)
        win = np.zeros(games, dtype=np.int16)
        first_deploy = np.full(games, NEVER, dtype=np.int8)
        shuffled = np.argsort(rng.random((games, len(self.mission_deck))), axis=1)[:, : self.missions]
        # the missions each game reveals, cheapest first (the first revealed first among equals):
        # squads go to the cheapest open mission first, so a mission is known by its place here
        costs = np.sort(self.mission_deck[shuffled], axis=1, kind="stable")
        captured = np.zeros(costs.shape, dtype=bool)
        for turn in range(1, turns + 1):
            # one resource a turn, while the hand holds one not yet played
            resources += (resource_drawn <= turn).sum(axis=1) > resources
            deployed = efreets.deploy(turn, resources.astype(float), self.efreet_limit - in_play)
            for game, modifier in deployed:
                squad[game, in_play[game]] = modifier
                in_play[game] += 1
            if deployed:
                changed = deployed[0][0]  # a game that deploys at all deploys in the first round
                squad[changed] = -np.sort(-squad[changed], axis=1)
                first_deploy[changed] = np.minimum(first_deploy[changed], turn)
            # the dice are rolled for every game, so that a game's rolls do not depend on the others';
            # only the games with efreets and missions left attack
            dice = rng.integers(1, 7, size=squad.shape)
            attacking = np.flatnonzero(~captured.all(axis=1) & (in_play > 0))
            captured[attacking] |= self._attack(squad[attacking], captured[attacking], costs[attacking], dice[attacking])
            newly = captured.all(axis=1) & (win == 0)
            win[newly] = turn
        return RaceResult(win, {"an efreet deployed": first_deploy})

    def _attack(self, squad: np.ndarray, captured: np.ndarray, costs: np.ndarray, dice: np.ndarray) -> np.ndarray:
        """One combat phase of games with a mission open: the efreets in play (heaviest first) form
        squads, cheapest open mission first (`costs` is cheapest first, so a mission is known by
        its place there); each squad is a run of places, so its roll is summed as they are walked."""
        games, missions = captured.shape
        rows = np.arange(games)
        # the place of the first open mission from each place on (`missions` where none is)
        next_open = np.full((games, missions + 1), missions)
        for place in range(missions - 1, -1, -1):
            next_open[:, place] = np.where(captured[:, place], next_open[:, place + 1], place)
        rolled = dice + squad
        rolls = np.zeros(costs.shape)  # each squad's roll, at its mission's place
        attacked = np.zeros(costs.shape, dtype=bool)
        first = next_open[:, 0]  # the cheapest open mission: where short squads and leftovers go
        mission = first.copy()  # the mission whose squad is being formed
        average, best, roll = np.zeros(games), np.zeros(games), np.zeros(games)
        left = np.zeros(games)  # the rolls of the efreets left once every open mission has its squad
        for place in range(squad.shape[1]):
            present = np.isfinite(squad[:, place])
            joins = present & (mission < missions)
            aim = np.minimum(mission, missions - 1)
            average += np.where(joins, 3.5 + squad[:, place], 0)
            best += np.where(joins, 6 + squad[:, place], 0)
            roll += np.where(joins, rolled[:, place], 0)
            left += np.where(present & ~joins, rolled[:, place], 0)
            formed = joins & (average >= costs[rows, aim])
            rolls[rows[formed], aim[formed]] = roll[formed]
            attacked[rows[formed], aim[formed]] = True
            mission = np.where(formed, next_open[rows, np.minimum(mission + 1, missions)], mission)
            average[formed], best[formed], roll[formed] = 0, 0, 0
        # a squad left short that could never reach its mission's cost joins the first squad; so do
        # the efreets left once every open mission has its squad
        aim = np.minimum(mission, missions - 1)
        short = average > 0
        hopeless = short & (best < costs[rows, aim])
        alone = short & ~hopeless
        rolls[rows[alone], aim[alone]] = roll[alone]
        attacked[rows[alone], aim[alone]] = True
        rolls[rows, first] += np.where(hopeless, roll, 0) + left
        attacked[rows, first] |= hopeless  # (efreets left over mean the first squad was formed)
        return attacked & (rolls >= costs) & ~captured


class _Efreets:
    """The efreets among each game's cards drawn, in the order drawn: when each is drawn, its cost
    and modifier, and whether it is deployed yet."""

    def __init__(self, order: np.ndarray, drawn: np.ndarray, is_efreet: np.ndarray, cost: np.ndarray, modifier: np.ndarray):
        efreet = is_efreet[order]
        games = order.shape[0]
        width = int(efreet.sum(axis=1).max(initial=0))
        game, column = np.nonzero(efreet)
        place = (np.cumsum(efreet, axis=1) - 1)[game, column]
        self.drawn = np.full((games, width), NEVER, dtype=np.int8)
        self.cost = np.full((games, width), np.inf)
        self.modifier = np.zeros((games, width))
        self.drawn[game, place] = drawn[game, column]
        self.cost[game, place] = cost[order[game, column]]
        self.modifier[game, place] = modifier[order[game, column]]
        self.deployed = np.zeros((games, width), dtype=bool)

    def deploy(self, turn: int, budget: np.ndarray, room: np.ndarray) -> list[tuple[np.ndarray, np.ndarray]]:
        """Deploy from the hand, first drawn first, each efreet whose cost the budget still pays,
        while the game has room: a list of (games, their efreets' modifiers), a round each (a game
        deploys at most one efreet a round, and one that could not deploy cannot later)."""
        hand = (self.drawn <= turn) & ~self.deployed
        games = np.flatnonzero((room > 0) & hand.any(axis=1))
        rounds = []
        while len(games):
            able = hand[games] & (self.cost[games] <= budget[games, None])
            can = able.any(axis=1)
            games, pick = games[can], able.argmax(axis=1)[can]
            if not len(games):
                break
            self.deployed[games, pick] = True
            hand[games, pick] = False
            budget[games] -= self.cost[games, pick]
            room[games] -= 1
            rounds.append((games, self.modifier[games, pick]))
            games = games[room[games] > 0]
        return rounds


def model_for(deck: Deck, params: RedlineParams) -> RedlineGoldfish:
    missions = [float(card.get("capture_cost")) for card in deck_facts(deck, "missions").slots if card.get("capture_cost") is not None]
    return RedlineGoldfish(deck_facts(deck), params, missions)


MODEL = RedlineGoldfish
