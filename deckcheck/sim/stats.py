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
    """Distribution of the win turn (0 = not won within the turns played)."""
    won = win_turns[win_turns > 0]
    values, counts = np.unique(won, return_counts=True)
    summary = {
        "mean": round(float(won.mean()), 3) if won.size else None,
        "median": float(np.median(won)) if won.size else None,
        "p10": float(np.percentile(won, 10, method="lower")) if won.size else None,
        "p90": float(np.percentile(won, 90, method="higher")) if won.size else None,
        "histogram": {str(int(v)): int(c) for v, c in zip(values, counts)},
        "not_won": int((win_turns == 0).sum()),
    }
    for key in ("median", "p10", "p90"):
        if summary[key] is not None and summary[key] == int(summary[key]):
            summary[key] = int(summary[key])
    return summary
