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


def clauses_hold(population: int, cells: dict[tuple[bool, ...], int], bounds: list[tuple[int, int | None]], drawn: int) -> float:
    """P(for every clause i, between low_i and high_i (None: no bound) of `drawn` cards taken from
    `population` without replacement belong to clause i): the multivariate hypergeometric, summed
    over the disjoint cells of cards (`cells`: which clauses a cell's cards belong to -> how many
    there are; the population's other cards belong to none)."""
    drawn = min(drawn, population)
    rest = population - sum(cells.values())
    caps = [low if high is None else high + 1 for low, high in bounds]
    # state: (cards taken from the cells, each clause's count capped where it no longer matters) -> ways
    states: dict[tuple[int, tuple[int, ...]], int] = {(0, tuple(0 for _ in bounds)): 1}
    for member, size in cells.items():
        grown: dict[tuple[int, tuple[int, ...]], int] = {}
        for (taken, counts), ways in states.items():
            for k in range(0, min(size, drawn - taken) + 1):
                moved = tuple(min(cap, c + k) if inside else c for c, inside, cap in zip(counts, member, caps))
                key = (taken + k, moved)
                grown[key] = grown.get(key, 0) + ways * math.comb(size, k)
        states = grown
    good = 0
    for (taken, counts), ways in states.items():
        if all(c >= low and (high is None or c <= high) for c, (low, high) in zip(counts, bounds)):
            good += ways * math.comb(rest, drawn - taken)
    return good / math.comb(population, drawn)


def curve_holds(population: int, successes: int, seen_by_turn: list[int]) -> list[float]:
    """P(by every turn s <= t, at least s successes among the cards seen by turn s), for each turn
    t (a card to play on each turn): drawing without replacement, turn after turn."""
    held = {0: 1.0}  # successes seen -> probability, among the games the curve still holds in
    before, out = 0, []
    for turn, seen in enumerate(seen_by_turn, start=1):
        seen = min(seen, population)
        draw, left = seen - before, population - before
        grown: dict[int, float] = {}
        for have, p in held.items():
            remaining = successes - have
            for k in range(0, min(draw, remaining) + 1):
                if draw - k > left - remaining or have + k < turn:
                    continue
                q = math.comb(remaining, k) * math.comb(left - remaining, draw - k) / math.comb(left, draw)
                grown[have + k] = grown.get(have + k, 0.0) + p * q
        held, before = grown, seen
        out.append(sum(held.values()))
    return out


def paired_difference(a: np.ndarray, b: np.ndarray) -> tuple[float, tuple[float, float]]:
    """Mean of a - b over games played on the same shuffles, with a 95% normal interval."""
    difference = a.astype(float) - b.astype(float)
    mean = float(difference.mean()) if difference.size else 0.0
    if difference.size < 2:
        return mean, (mean, mean)
    half = Z95 * float(difference.std(ddof=1)) / math.sqrt(difference.size)
    return mean, (mean - half, mean + half)


def paired_proportions(a: np.ndarray, b: np.ndarray) -> tuple[float, tuple[float, float]]:
    """P(a) - P(b) over games played on the same shuffles, with the 95% interval of Agresti and Min
    (2005): half a game added to each of the four cells before the normal interval. It keeps its
    95% when few games differ, and is never a point where the two decks differ at all."""
    a, b = a.astype(bool), b.astype(bool)
    games = a.size
    if games == 0:
        return 0.0, (0.0, 0.0)
    only_a, only_b = int((a & ~b).sum()), int((b & ~a).sum())
    padded = games + 2
    p_a, p_b = (only_a + 0.5) / padded, (only_b + 0.5) / padded
    centre = p_a - p_b
    half = Z95 * math.sqrt(max(0.0, (p_a + p_b) - centre**2) / padded)
    return (only_a - only_b) / games, (max(-1.0, centre - half), min(1.0, centre + half))


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
