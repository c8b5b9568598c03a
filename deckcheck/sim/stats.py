"""Intervals and exact values beside the simulated ones."""

from __future__ import annotations

import math

import numpy as np

Z95 = 1.959963984540054


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion (95% by default)."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def none_drawn(population: int, excluded: int, drawn: int) -> float:
    """Hypergeometric P(none of `excluded` specific cards among `drawn` of `population`)."""
    drawn = min(drawn, population)
    if excluded <= 0:
        return 1.0
    if drawn > population - excluded:
        return 0.0
    return math.comb(population - excluded, drawn) / math.comb(population, drawn)


def at_least_one(population: int, successes: int, drawn: int) -> float:
    """P(at least one of `successes` cards among `drawn` cards of `population`)."""
    return 1.0 - none_drawn(population, successes, drawn)


def both(population: int, a: int, b: int, union: int, drawn: int) -> float:
    """P(at least one card of set A and at least one of set B among `drawn`): inclusion-exclusion
    over the multivariate hypergeometric; `union` is |A or B| (a card in both sets counts once)."""
    return 1.0 - none_drawn(population, a, drawn) - none_drawn(population, b, drawn) + none_drawn(population, union, drawn)


def paired_difference(a: np.ndarray, b: np.ndarray) -> tuple[float, tuple[float, float]]:
    """Mean of a - b over games played on the same shuffles, with a 95% normal interval."""
    difference = a.astype(float) - b.astype(float)
    mean = float(difference.mean()) if difference.size else 0.0
    if difference.size < 2:
        return mean, (mean, mean)
    half = Z95 * float(difference.std(ddof=1)) / math.sqrt(difference.size)
    return mean, (mean - half, mean + half)


def race_summary(win_turns: np.ndarray) -> dict:
    """The win turn over every game played (0 = not won within the turns played): the turn by
    which 10%, half and 90% of all the games were won (None where the games never reach it), the
    share won, the histogram and the games not won; `mean` is over the games won alone."""
    won = np.sort(win_turns[win_turns > 0])
    total = int(win_turns.size)

    def by_when(share: float) -> int | None:
        needed = math.ceil(share * total)
        return int(won[needed - 1]) if total and 0 < needed <= won.size else None

    values, counts = np.unique(won, return_counts=True)
    return {
        "mean": round(float(won.mean()), 3) if won.size else None,
        "median": by_when(0.5),
        "p10": by_when(0.1),
        "p90": by_when(0.9),
        "won": round(won.size / total, 4) if total else 0.0,
        "histogram": {str(int(v)): int(c) for v, c in zip(values, counts)},
        "not_won": total - int(won.size),
    }
