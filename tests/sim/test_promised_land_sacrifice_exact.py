"""Promised Land's Sacrifice step against a deck small enough to enumerate (issue 52): one Old
Testament (a Source), one Deluge (a Query it pays for) and fourteen Accursed Things (cards the model
does not play), 2 life points. Deluge must be played twice: once from the deck, once more after it went
to the Archive Deck and came back in a Logos Deck made of the Archive, whose size is what the
Sacrifice step discarded. The chance of a win by each turn, worked out exactly here (every order
of the deck, every place Deluge can take in each reshuffle, a plain turn of the guide at a time),
is what the model's races find, within their sampling error."""

import itertools
from fractions import Fraction

import numpy as np
import pytest
from deckcheck.games.promised_land.goldfish import HAND_LIMIT, PromisedLandGoldfish
from deckcheck.games.promised_land.rules import PromisedLandParams
from deckcheck.loading.card_db import Databases
from deckcheck.sim.model import DeckFacts

OTHERS = 14
TURNS = 20
PARAMS = PromisedLandParams(life_points=2, life_points_recommended=(2, 2))


def _model() -> PromisedLandGoldfish:
    cards = {card.name: card for card in Databases().for_game("promised-land").cards}
    slots = [cards["Old Testament"], cards["Deluge"], *[cards["Accursed Thing"]] * OTHERS]
    return PromisedLandGoldfish(DeckFacts(slots), PARAMS)


def _exact_wins(limit: int = HAND_LIMIT) -> list[Fraction]:
    """P(won by turn t), t = 1..TURNS, over every order of the deck (the Accursed Things alike),
    the hand discarded down to `limit` at each Sacrifice step."""
    size = OTHERS + 2
    won = [Fraction(0)] * (TURNS + 1)
    orders = list(itertools.permutations(range(size), 2))  # where the Source and the Deluge are
    for source, deluge in orders:
        kinds = ["A"] * size
        kinds[source], kinds[deluge] = "S", "D"
        for turn, chance in _games(kinds, limit):
            for later in range(turn, TURNS + 1):
                won[later] += chance / len(orders)
    return won[1:]


def _games(kinds: list[str], limit: int):
    """(the turn won, its chance) of each way the reshuffles can fall for one order of the deck."""
    state = {"hand": list(range(PARAMS.opening_hand)), "in_play": False, "archive": [], "logos": [], "life": PARAMS.life_points}
    state["limit"] = limit
    yield from _turns(kinds, state, 1, Fraction(1))


def _turns(kinds, state, turn, chance):
    """Each (turn won, chance) from `turn` on: a turn's draw (a branch for each way a reshuffle
    falls), then its Engage and Sacrifice steps."""
    if turn > TURNS:
        return
    for branch, share in _drawn(kinds, state, turn):
        if _play(kinds, branch):
            yield turn, chance * share
        else:
            yield from _turns(kinds, branch, turn + 1, chance * share)


def _drawn(kinds, state, turn):
    """The Draw Card step: the deck's card of the turn (the turn its last card is drawn, the
    Archive becomes the Logos Deck), then cards of the Logos Deck the Archive made."""
    emptied = len(kinds) - PARAMS.opening_hand
    if turn > emptied:
        return _draw_from_archive(kinds, state)
    state = {**state, "hand": [*state["hand"], PARAMS.opening_hand + turn - 1]}
    return _reshuffled(kinds, state) if turn == emptied else [(state, Fraction(1))]


def _play(kinds, state) -> bool:
    """A turn's Engage and Sacrifice steps; whether the game is won."""
    hand = state["hand"]
    sources = [card for card in hand if kinds[card] == "S"]
    if sources:
        state["in_play"] = True
        hand.remove(sources[0])
    if state["in_play"] and any(kinds[card] == "D" for card in hand):  # the Source pays for one Deluge a turn
        deluge = next(card for card in hand if kinds[card] == "D")
        hand.remove(deluge)
        state["archive"].append(deluge)
        state["life"] -= 1
        if state["life"] <= 0:
            return True
    if len(hand) > state["limit"]:  # keep Queries, then Sources, the earliest in the deck of each
        kept = sorted(hand, key=lambda card: ({"D": 0, "S": 1}.get(kinds[card], 2), card))[: state["limit"]]
        state["archive"] += [card for card in hand if card not in kept]
        state["hand"] = kept
    return False


def _reshuffled(kinds, state):
    """The Archive shuffled into the Logos Deck: a branch for each place the Deluge can take in it
    (the Accursed Things are alike), each as likely."""
    cards = state["archive"]
    if not cards:
        return [(state, Fraction(1))]
    if not any(kinds[card] == "D" for card in cards):
        return [({**state, "hand": list(state["hand"]), "logos": list(cards), "archive": []}, Fraction(1))]
    deluge = next(card for card in cards if kinds[card] == "D")
    rest = [card for card in cards if card != deluge]
    return [
        ({**state, "hand": list(state["hand"]), "logos": rest[:place] + [deluge] + rest[place:], "archive": []}, Fraction(1, len(cards)))
        for place in range(len(cards))
    ]


def _draw_from_archive(kinds, state):
    """A turn's draw once the deck's own cards are drawn: from the Logos Deck made of the Archive
    (shuffled first where it is empty), shuffled again at once when the draw took its last card."""
    branches = _reshuffled(kinds, state) if not state["logos"] else [(state, Fraction(1))]
    drawn = []
    for branch, share in branches:
        if branch["logos"]:
            branch = {**branch, "hand": [*branch["hand"], branch["logos"][0]], "logos": branch["logos"][1:]}
        drawn += [(again, share * more) for again, more in (_reshuffled(kinds, branch) if not branch["logos"] else [(branch, Fraction(1))])]
    return drawn


@pytest.mark.slow
def test_the_sacrifice_step_and_the_reshuffles_give_the_exact_chance_of_a_win_by_each_turn():
    model = _model()
    games = 40_000
    rng = np.random.default_rng(2026)
    order = rng.permuted(np.tile(np.arange(OTHERS + 2), (games, 1)), axis=1)
    drawn = model.draw_turns(order, True, TURNS)
    win = model.race(order, drawn, rng, TURNS).win_turn
    exact = _exact_wins()
    # the case tells the Sacrifice step apart: without it every game is won the turn after the reshuffle
    assert max(abs(float(a - b)) for a, b in zip(exact, _exact_wins(limit=len(order[0])), strict=True)) > 0.3
    for turn, chance in enumerate(exact, 1):
        found = float(np.mean((win > 0) & (win <= turn)))
        error = 4.5 * (float(chance) * (1 - float(chance)) / games) ** 0.5 + 1e-9
        assert abs(found - float(chance)) <= error, (turn, found, float(chance))
