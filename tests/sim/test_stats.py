"""The closed forms and intervals the goldfish reports stand beside its simulations."""

import itertools
import math

import numpy as np
import pytest
from deckcheck.sim import stats
from hypothesis import assume, given, settings
from hypothesis import strategies as st


def one_clause(population, successes, drawn, at_least=1, at_most=None):
    return stats.clauses_hold(population, {(True,): successes}, [(at_least, at_most)], drawn)


def test_hypergeometric_three_of_in_sixty():
    # 1 - C(57,7)/C(60,7): the chance of a 3-of in a 7-card opening hand
    assert one_clause(60, 3, 7) == pytest.approx(1 - math.comb(57, 7) / math.comb(60, 7))
    assert one_clause(60, 3, 7) == pytest.approx(1 - (53 * 52 * 51) / (60 * 59 * 58))
    assert one_clause(60, 0, 7) == 0.0
    assert one_clause(10, 3, 8) == 1.0
    assert one_clause(10, 3, 50) == 1.0


def test_at_least_k_and_a_range_against_the_hypergeometric_sum():
    # at least 2 of 24 resources in a 7-card hand, and 2 to 4 of them
    def exactly(k):
        return math.comb(24, k) * math.comb(36, 7 - k) / math.comb(60, 7)

    assert one_clause(60, 24, 7, 2) == pytest.approx(sum(exactly(k) for k in range(2, 8)))
    assert one_clause(60, 24, 7, 2, 4) == pytest.approx(sum(exactly(k) for k in (2, 3, 4)))


def enumerate_hands(deck_size, drawn, holds):
    hands = list(itertools.combinations(range(deck_size), drawn))
    return sum(1 for hand in hands if holds(set(hand))) / len(hands)


def cells(*sets, deck_size):
    counted = {}
    for card in range(deck_size):
        member = tuple(card in s for s in sets)
        if any(member):
            counted[member] = counted.get(member, 0) + 1
    return counted


def test_both_sets_against_enumeration():
    # a 7-card deck: A = {0, 1}, B = {1, 2, 3} (card 1 is in both), 3 cards drawn
    a, b = {0, 1}, {1, 2, 3}
    wanted = enumerate_hands(7, 3, lambda hand: a & hand and b & hand)
    assert stats.clauses_hold(7, cells(a, b, deck_size=7), [(1, None), (1, None)], 3) == pytest.approx(wanted)


def test_three_clauses_with_counts_against_enumeration():
    # a 12-card deck: at least 2 of A, one of B, one of C, the sets overlapping; 6 cards drawn
    a, b, c = {0, 1, 2, 3}, {3, 4, 5}, {5, 6, 0}
    wanted = enumerate_hands(12, 6, lambda hand: len(a & hand) >= 2 and b & hand and c & hand)
    got = stats.clauses_hold(12, cells(a, b, c, deck_size=12), [(2, None), (1, None), (1, None)], 6)
    assert got == pytest.approx(wanted)


def test_curve_against_enumeration_of_orders():
    # 8 cards, 3 of them resources; a 2-card hand then one card a turn: by turn t at least t resources
    deck = [True, True, True, False, False, False, False, False]
    seen_by_turn = [3, 4, 5]
    orders = list(itertools.permutations(range(8)))
    for turn in (1, 2, 3):
        held = sum(
            1 for order in orders if all(sum(deck[i] for i in order[:seen]) >= s for s, seen in enumerate(seen_by_turn[:turn], start=1))
        )
        assert stats.curve_holds(8, 3, seen_by_turn)[turn - 1] == pytest.approx(held / len(orders))


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


@pytest.mark.parametrize(
    "only_a, only_b",
    # 2 games expected to differ in 10,000 (the Agresti-Min interval held the truth 87% of the time
    # there), 2 alike on each side, a handful, and many
    [(0.0002, 0.0), (0.0001, 0.0001), (0.0012, 0.0002), (0.0005, 0.0), (0.01, 0.008)],
)
def test_paired_proportions_keep_their_95_percent_when_few_games_differ(only_a, only_b):
    """300 seeds of 10,000 paired games whose decks differ in a handful of games: the interval holds
    the true difference at least 93% of the time, and is never a point beside a non-zero truth."""
    rng = np.random.default_rng(2026)
    games, truth, held = 10_000, only_a - only_b, 0
    for counts in rng.multinomial(games, [only_a, only_b, 0.5, 0.5 - only_a - only_b], size=300):
        a = np.repeat([1, 0, 1, 0], counts).astype(bool)
        b = np.repeat([0, 1, 1, 0], counts).astype(bool)
        _, (low, high) = stats.paired_proportions(a, b)
        assert high > low
        held += low <= truth <= high
    assert held / 300 >= 0.93


def test_a_paired_interval_is_printed_as_an_interval_at_any_number_of_games():
    """At 40,000+ games, 4 decimals made [-0.0, 0.0] of an interval: the report keeps the digits it needs."""
    from deckcheck.sim.summary import _difference

    games = 400_000
    a, b = np.zeros(games, dtype=bool), np.zeros(games, dtype=bool)
    a[:3] = True
    mean, (low, high) = stats.paired_proportions(a, b)
    row = _difference(mean, low, high)
    assert row["ci95"][0] < row["ci95"][1] and row["ci95"][0] <= row["difference"] <= row["ci95"][1]
    assert str(row["ci95"][0]) != "-0.0"


def _paired(only_a: int, only_b: int, both: int, neither: int) -> tuple[np.ndarray, np.ndarray]:
    a = np.repeat([1, 0, 1, 0], [only_a, only_b, both, neither]).astype(bool)
    b = np.repeat([0, 1, 1, 0], [only_a, only_b, both, neither]).astype(bool)
    return a, b


def test_the_issues_case_mirrors_when_the_decks_are_swapped():
    """A difference as large as issue 52's (Bible Battles, 24 against 12 Followers, turn 9: [0.581,
    0.624] one way, [-0.648, -0.558] the other), over 10,000 games: the same interval, mirrored."""
    a, b = _paired(3_060, 60, 2_000, 4_880)
    forward, (low, high) = stats.paired_proportions(a, b)
    backward, (back_low, back_high) = stats.paired_proportions(b, a)
    assert backward == pytest.approx(-forward) and (back_low, back_high) == pytest.approx((-high, -low), abs=1e-9)


@given(
    only_a=st.integers(0, 400),
    only_b=st.integers(0, 400),
    both=st.integers(0, 400),
    neither=st.integers(0, 400),
)
@settings(max_examples=300, deadline=None)
def test_swapping_the_two_decks_mirrors_every_paired_interval(only_a, only_b, both, neither):
    assume(only_a + only_b + both + neither > 0)
    a, b = _paired(only_a, only_b, both, neither)
    forward, (low, high) = stats.paired_proportions(a, b)
    backward, (back_low, back_high) = stats.paired_proportions(b, a)
    assert backward == pytest.approx(-forward, abs=1e-12)
    assert back_low == pytest.approx(-high, abs=1e-9) and back_high == pytest.approx(-low, abs=1e-9)


def _log_likelihood(rate: float, delta: float, only_a: int, only_b: int, games: int) -> float:
    terms = [(only_a, rate + delta), (only_b, rate), (games - only_a - only_b, 1 - 2 * rate - delta)]
    if any(count and p <= 0 for count, p in terms):
        return -math.inf
    return sum(count * math.log(p) for count, p in terms if count)


@given(
    only_a=st.integers(1, 300),
    only_b=st.integers(1, 300),
    rest=st.integers(1, 600),
    delta=st.floats(-0.9, 0.9),
)
@settings(max_examples=200, deadline=None)
def test_the_constrained_rate_is_where_the_likelihood_is_greatest(only_a, only_b, rest, delta):
    """The root the interval uses against a numerical maximisation of the likelihood over the rates
    it allows (q > 0, q + delta > 0, 2q + delta < 1): golden-section search on the concave log-likelihood."""
    games = only_a + only_b + rest
    low, high = max(0.0, -delta), (1 - delta) / 2
    assume(high - low > 1e-6)
    golden = (math.sqrt(5) - 1) / 2
    for _ in range(200):
        left, right = high - golden * (high - low), low + golden * (high - low)
        if _log_likelihood(left, delta, only_a, only_b, games) < _log_likelihood(right, delta, only_a, only_b, games):
            low = left
        else:
            high = right
    assert stats.constrained_rate(delta, only_a, only_b, games) == pytest.approx((low + high) / 2, abs=1e-7)


@pytest.mark.parametrize("hits, games", [(1_200, 2_000_000), (1, 2_000_000), (0, 2_000_000), (3, 400_000)])
def test_a_wilson_interval_is_kept_an_interval_at_any_number_of_games(hits, games):
    """Issue 52: [0.0006, 0.0006] at 2,000,000 games; as many decimals as the interval needs."""
    from deckcheck.sim.summary import _interval

    low, high = _interval(*stats.wilson(hits, games))
    assert low < high


def test_an_exact_value_too_small_for_four_decimals_is_not_printed_as_zero():
    """Issue 52: an exact 7.8e-6 was [0.0, 0.0] and 0.0000."""
    from deckcheck.report.goldfish_text import _number
    from deckcheck.sim.summary import _significant

    assert _significant(7.8e-6) == pytest.approx(7.8e-6) and _number(7.8e-6) == "7.8e-06" and _number(0.25) == "0.2500"
