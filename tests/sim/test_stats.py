"""The closed forms and intervals the goldfish reports stand beside its simulations."""

import itertools
import math

import numpy as np
import pytest
from deckcheck.sim import stats


def test_hypergeometric_three_of_in_sixty():
    # 1 - C(57,7)/C(60,7): the chance of a 3-of in a 7-card opening hand
    assert stats.at_least_one(60, 3, 7) == pytest.approx(1 - math.comb(57, 7) / math.comb(60, 7))
    assert stats.at_least_one(60, 3, 7) == pytest.approx(1 - (53 * 52 * 51) / (60 * 59 * 58))
    assert stats.at_least_one(60, 0, 7) == 0.0
    assert stats.at_least_one(10, 3, 8) == 1.0
    assert stats.at_least_one(10, 3, 50) == 1.0


def test_both_sets_against_enumeration():
    # a 7-card deck: A = {0, 1}, B = {1, 2, 3} (card 1 is in both), 3 cards drawn
    deck, a, b = range(7), {0, 1}, {1, 2, 3}
    hands = list(itertools.combinations(deck, 3))
    wanted = sum(1 for hand in hands if a & set(hand) and b & set(hand)) / len(hands)
    assert stats.both(7, len(a), len(b), len(a | b), 3) == pytest.approx(wanted)


def test_wilson_interval():
    low, high = stats.wilson(50, 100)
    assert (round(low, 4), round(high, 4)) == (0.4038, 0.5962)
    assert stats.wilson(0, 10)[0] == 0.0 and stats.wilson(10, 10)[1] == pytest.approx(1.0)


def test_race_summary_is_over_every_game():
    # five games, one not won: 10% of five is the first game (turn 5), half is the third (turn 6),
    # 90% would be the fifth, which was not won within the turns played
    summary = stats.race_summary(np.array([5, 5, 6, 7, 0]))
    assert summary == {
        "mean": 5.75,  # of the four games won
        "median": 6,
        "p10": 5,
        "p90": None,
        "won": 0.8,
        "histogram": {"5": 2, "6": 1, "7": 1},
        "not_won": 1,
    }


def test_race_summary_when_every_game_is_won_and_when_none_is():
    every = stats.race_summary(np.array([3, 4, 4, 5, 9, 9, 9, 9, 9, 10]))
    assert (every["p10"], every["median"], every["p90"], every["won"]) == (3, 9, 9, 1.0)
    none = stats.race_summary(np.zeros(4, dtype=int))
    assert (none["mean"], none["median"], none["won"], none["not_won"]) == (None, None, 0.0, 4)


def test_paired_difference():
    mean, (low, high) = stats.paired_difference(np.array([1, 1, 0, 1]), np.array([0, 1, 0, 0]))
    assert mean == 0.5 and low < 0.5 < high
