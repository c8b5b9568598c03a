"""REDLINE's goldfish race, vectorised over games, against the stated model played one game at a
time in plain Python on the same random numbers: random decks of light, medium and heavy efreets
of costs 0 to 4 (some with neither stated), resources, other cards and mission decks of any size."""

import numpy as np
import pytest
from deckcheck.games.redline.goldfish import RedlineGoldfish
from deckcheck.games.redline.rules import STANDARD
from deckcheck.model import Card
from deckcheck.sim.model import NEVER, DeckFacts

MODIFIER = {"light": -2, "medium": 0, "heavy": 2}


def plain_mulligan(hand: list[bool]) -> list[int]:
    """The default partial mulligan: which of the 7 cards (resource or not) go to the bottom."""
    resources = sum(hand)
    if resources < 2:
        return [i for i, resource in enumerate(hand) if not resource]
    if resources > 4:
        return [i for i, resource in enumerate(hand) if resource][4:]
    return []


def plain_race(cards: list[Card], order: list[int], missions: list[float], turns: int, reveal: list[int], dice: list[list[int]]):
    """One game as the model states it: (win turn or 0, first turn an efreet is deployed)."""
    resource = [card.is_a("resource") for card in cards]
    efreet = [card.is_a("efreet") and not card.is_a("resource") for card in cards]
    cost = [card.get("cost", 2) for card in cards]
    modifier = [MODIFIER.get(card.get("weight"), 0) for card in cards]
    deck = missions + [4.0] * max(0, 5 - len(missions))
    costs = sorted(deck[i] for i in reveal)  # cheapest first
    captured = [False] * 5
    used, squad, resources, win, first = set(), [], 0, 0, NEVER
    for turn in range(1, turns + 1):
        hand = [p for p in range(min(len(order), 7 + turn)) if p not in used]  # 7 cards, then one a turn
        played = next((p for p in hand if resource[order[p]]), None)
        if played is not None:
            used.add(played)
            resources += 1
        budget = resources
        while len(squad) < 5:
            able = [p for p in hand if p not in used and efreet[order[p]] and cost[order[p]] <= budget]
            if not able:
                break
            used.add(able[0])
            budget -= cost[order[able[0]]]
            squad.append(modifier[order[able[0]]])
            first = min(first, turn)
        if squad and not all(captured):
            weights = sorted(squad, reverse=True)
            rolls = [dice[turn - 1][place] + weight for place, weight in enumerate(weights)]
            open_missions = [m for m in range(5) if not captured[m]]
            squads = plain_squads(weights, [costs[m] for m in open_missions])
            for mission, members in zip(open_missions, squads):
                if sum(rolls[p] for p in members) >= costs[mission]:
                    captured[mission] = True
        if all(captured) and not win:
            win = turn
    return win, first


def plain_squads(weights: list[float], costs: list[float]) -> list[list[int]]:
    """The squads, as places among the efreets (heaviest first), of the open missions in order
    (cheapest first), as the model's docstring forms them."""
    squads: list[list[int]] = []
    forming: list[int] = []
    left: list[int] = []
    for place, _ in enumerate(weights):
        if len(squads) == len(costs):
            left.append(place)
            continue
        forming.append(place)
        if sum(3.5 + weights[p] for p in forming) >= costs[len(squads)]:
            squads.append(forming)
            forming = []
    if forming:
        if sum(6 + weights[p] for p in forming) >= costs[len(squads)]:
            squads.append(forming)
        elif squads:
            squads[0] += forming
        else:
            squads.append(forming)  # the short squad is the first: it attacks the cheapest mission
    if left:
        squads[0] += left
    return squads


def random_deck(rng: np.random.Generator) -> tuple[list[Card], list[float]]:
    cards = []
    for i in range(int(rng.integers(20, 61))):
        kind = str(rng.choice(["resource", "efreet", "tactic", "both"], p=[0.35, 0.45, 0.17, 0.03]))
        types = ("resource", "efreet") if kind == "both" else (kind,)
        facts = {}
        if "efreet" in types and rng.random() < 0.8:
            facts["cost"] = int(rng.integers(0, 5))
        if "efreet" in types and rng.random() < 0.8:
            facts["weight"] = str(rng.choice(["light", "medium", "heavy"]))
        cards.append(Card(f"c{i}", f"c{i}", types, facts))
    return cards, [float(rng.integers(1, 16)) for _ in range(int(rng.integers(0, 12)))]


@pytest.mark.parametrize("deck_seed", range(40))
def test_the_race_plays_as_the_model_states_one_game_at_a_time(deck_seed):
    rng = np.random.default_rng(deck_seed)
    cards, missions = random_deck(rng)
    model = RedlineGoldfish(DeckFacts(cards), STANDARD, missions)
    games, turns = 150, int(rng.integers(1, 13))
    shuffled = np.argsort(rng.random((games, len(cards))), axis=1)
    order = model.mulligan(shuffled.copy(), None, "partial", None) if deck_seed % 2 else shuffled
    race = model.race(order, model.draw_turns(order, True, turns), np.random.default_rng(deck_seed), turns)

    # the same random numbers: the missions' shuffle keys, then one die per efreet place a turn
    numbers = np.random.default_rng(deck_seed)
    reveal = np.argsort(numbers.random((games, max(5, len(missions)))), axis=1)[:, :5]
    dice = [numbers.integers(1, 7, size=(games, 5)) for _ in range(turns)]
    for game in range(games):
        mine = list(shuffled[game])
        if deck_seed % 2:
            bottom = plain_mulligan([cards[slot].is_a("resource") for slot in mine[:7]])
            mine = [s for i, s in enumerate(mine[:7]) if i not in bottom] + mine[7:] + [mine[i] for i in bottom]
        assert mine == list(order[game])
        expected = plain_race(cards, mine, missions, turns, list(reveal[game]), [list(d[game]) for d in dice])
        assert (int(race.win_turn[game]), int(race.figures["an efreet deployed"][game])) == expected, (game, cards, missions)


@pytest.mark.parametrize("seed", range(6))
def test_cards_put_back_go_under_the_deck_in_their_order_whichever_and_however_many(seed):
    """The partial mulligan puts back one to seven cards of a hand, and the redraw (a user's keep
    rule) all seven: each hand's kept cards are drawn first, then the deck, then those put back."""
    rng = np.random.default_rng(seed)
    cards, missions = random_deck(rng)
    model = RedlineGoldfish(DeckFacts(cards), STANDARD, missions)
    shuffled = np.argsort(rng.random((300, len(cards))), axis=1)
    games = np.flatnonzero(rng.random(300) < 0.7)
    bottom = rng.random((len(games), model.hand_size)) < rng.random((len(games), 1))  # from none to every card
    order = model._to_bottom(shuffled.copy(), games, bottom)
    for row, game in enumerate(games):
        hand, back = list(shuffled[game][: model.hand_size]), set(np.flatnonzero(bottom[row]))
        kept, put = [s for i, s in enumerate(hand) if i not in back], [s for i, s in enumerate(hand) if i in back]
        assert list(order[game]) == kept + list(shuffled[game][model.hand_size :]) + put
    untouched = np.setdiff1d(np.arange(300), games)
    assert (order[untouched] == shuffled[untouched]).all()
    redrawn = model.redraw(shuffled.copy(), None, np.ones(300, dtype=bool))
    assert (redrawn == np.roll(shuffled, -model.hand_size, axis=1)).all()
