"""Turning simulated games into the goldfish report (docs/goldfish-playtests.md): per tracked query and turn, the
simulated probability with its Wilson interval beside the exact hypergeometric value; the race's
win-turn distribution; the opening hand's key count; and, with --vs, the paired differences."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from deckcheck import __version__
from deckcheck.records import record
from deckcheck.sim import stats
from deckcheck.sim.engine import SimOptions, SimResult
from deckcheck.sim.model import GoldfishModel
from deckcheck.sim.queries import Query

OPENING_HAND = 0  # the turn of a tracked query's first row: the opening hand, before turn 1's draws


def _r(value: float | None, digits: int = 4) -> float | None:
    return None if value is None else round(float(value), digits) + 0.0  # + 0.0: never -0.0


def _digits(low: float, high: float) -> int:
    """4 decimals, or as many more as keep an interval an interval (2,000,000 games gave [0.0006,
    0.0006] at 4, 40,000 games a difference's [0.0, 0.0])."""
    digits = 4
    while digits < 12 and low < high and round(low, digits) == round(high, digits):
        digits += 1
    return digits


def _interval(low: float, high: float) -> list[float | None]:
    digits = _digits(low, high)
    return [_r(low, digits), _r(high, digits)]


def _significant(value: float | None) -> float | None:
    """An exact value to six significant figures: 7.8e-6 is not 0.0."""
    return None if value is None else float(f"{float(value):.6g}") + 0.0


def _difference(mean: float, low: float, high: float) -> dict[str, Any]:
    """A difference and its interval, rounded to 4 decimals or as many more as keep the interval an interval."""
    digits = _digits(low, high)
    return {"difference": _r(mean, digits), "ci95": [_r(low, digits), _r(high, digits)]}


def exact_value(model: GoldfishModel, query: Query, turn: int, options: SimOptions) -> float | None:
    """The closed form (multivariate hypergeometric), where the number of cards seen by `turn` is
    fixed and no mulligan looks at the hand; over the model's population (Redemption: the
    non-Lost-Soul cards)."""
    if model.mulligan_looks_at_hand(options.mulligan):
        return None
    own = model.exact_of(query, turn, options.on_play)
    if own is not None:
        return own
    population = model.exact_population()
    if any((clause.mask & ~population).any() for clause in query.clauses):
        return None
    size = int(population.sum())
    if query.curve:
        if turn == 0:
            return 1.0  # by turn 0 a curve asks for no card
        seen = [model.cards_seen(t, options.on_play) for t in range(1, turn + 1)]
        return stats.curve_holds(size, int(query.clauses[0].mask.sum()), seen)[-1]
    return stats.clauses_hold(size, cells_of(query, population), bounds_of(query), model.cards_seen(turn, options.on_play))


def cells_of(query: Query, population: np.ndarray) -> dict[tuple[bool, ...], int]:
    """How many cards of the population belong to each combination of the query's clauses."""
    members = np.stack([clause.mask[population] for clause in query.clauses], axis=1)
    cells: dict[tuple[bool, ...], int] = {}
    for row in map(tuple, members):
        if any(row):
            cells[row] = cells.get(row, 0) + 1
    return cells


def bounds_of(query: Query) -> list[tuple[int, int | None]]:
    return [(clause.at_least, clause.at_most) for clause in query.clauses]


def by_turn(
    first: np.ndarray,
    turns: int,
    exact: Callable[[int], float | None] | None = None,
    held: Callable[[np.ndarray, int], np.ndarray] | None = None,
    start: int = 1,
) -> list[dict[str, Any]]:
    """P(the event by each turn from `start` (0: the opening hand) to `turns`; `held(first, turn)`
    says per game whether it holds on a turn (a tracked query's own: a curve, a range), else the
    event happened by then."""
    rows = []
    games = first.shape[0]
    for turn in range(start, turns + 1):
        hits = int(held(first, turn).sum()) if held is not None else int((first <= turn).sum())
        low, high = stats.wilson(hits, games)
        rows.append(
            {
                "turn": turn,
                "p": _r(hits / games if games else 0.0),
                "ci95": _interval(low, high),
                "exact": _significant(exact(turn)) if exact else None,
            }
        )
    return rows


def simplifications(model: GoldfishModel, mulligan: str) -> list[str]:
    """The model's simplifications, true of the mulligan played: `--mulligan none` or a `--keep`
    rule replaces the sentence of the rulebook's mulligan."""
    said = list(model.simplifications)
    if len(model.mulligans) < 2 or mulligan == model.mulligans[0]:
        return said
    if mulligan.startswith("keep "):
        played = f"a hand that fails the keep rule '{mulligan[len('keep ') :]}' is thrown back: {model.throws_back}"
    else:
        played = f"no mulligan (--mulligan {mulligan}): every opening hand is kept"
    return [played] + said[1:]


def _exact(model: GoldfishModel, query: Query, options: SimOptions) -> Callable[[int], float | None]:
    """The exact value of `query` by a turn, as by_turn asks for it."""
    return lambda turn: exact_value(model, query, turn, options)


def deck_summary(model: GoldfishModel, queries: Sequence[Query], result: SimResult, options: SimOptions) -> dict:
    summary: dict[str, Any] = {
        "tracked": [
            {
                "query": q.label,
                **({"curve": True} if q.curve else {}),
                "by_turn": by_turn(result.tracked[i], options.turns, _exact(model, q, options), q.held, start=OPENING_HAND),
            }
            for i, q in enumerate(queries)
        ],
        # from the opening hand (turn 0): "with an opening hand of ..." is a figure's first row
        "figures": [
            {"figure": label, "by_turn": by_turn(first, options.turns, start=OPENING_HAND)} for label, first in result.figures.items()
        ],
    }
    if result.opening is not None:
        values, counts = np.unique(result.opening, return_counts=True)
        summary["opening_hand"] = {"count": model.opening_label, "histogram": {str(int(v)): int(c) for v, c in zip(values, counts)}}
    if result.win_turn is not None:
        # a game not won within the turns played is won "never": after every turn reported
        first = np.where(result.win_turn > 0, result.win_turn, options.turns + 1)
        won_by_turn = [{key: row[key] for key in ("turn", "p", "ci95")} for row in by_turn(first, options.turns)]
        summary["race"] = {"goal": model.race_goal(), "win_turn": stats.race_summary(result.win_turn), "won_by_turn": won_by_turn}
        decked = model.decked_on(options.on_play)
        if decked is not None and decked <= options.turns:
            lost = int((result.win_turn == 0).sum())
            games = int(result.win_turn.size)
            low, high = stats.wilson(lost, games)
            summary["race"]["lost_by_decking"] = {"turn": decked, "p": _r(lost / games), "ci95": _interval(low, high)}
        why = model.cannot_win()
        if why:
            summary["race"]["cannot_win"] = why
    return summary


def keep_summary(model: GoldfishModel, keep: Query, result: SimResult) -> dict:
    """How often the keep rule kept the opening hand, beside the exact chance of such a hand."""
    if result.kept is None:
        raise ValueError("a run without a keep rule has no keep summary")
    kept, games = int(result.kept.sum()), result.kept.size
    low, high = stats.wilson(kept, games)
    population = np.ones(len(model.facts), dtype=bool)
    exact = stats.clauses_hold(int(population.sum()), cells_of(keep, population), bounds_of(keep), model.hand_size)
    return {
        "rule": keep.label,
        "kept": _r(kept / games if games else 0.0),
        "ci95": _interval(low, high),
        "exact": _significant(exact),
        "thrown_back": model.throws_back,
    }


@record
class GoldfishReport:
    """A goldfish run's report (docs/goldfish-playtests.md): what was played, the figures of the deck played,
    what the report must say of it (notes), and what --keep, --vs or --sweep add. `as_dict` is
    its JSON, which every renderer reads."""

    deck: str
    game: str
    options: SimOptions
    settings: dict
    simplifications: list[str]
    figures: dict  # deck_summary: tracked, figures, opening_hand, race
    notes: list[str]
    keep: dict | None = None
    vs: dict | None = None
    sweep: dict | None = None

    def as_dict(self) -> dict[str, Any]:
        options = self.options
        data: dict[str, Any] = {
            "tool": {"name": "deckcheck", "version": __version__},
            "deck": self.deck,
            "game": self.game,
            "games": options.games,
            "seed": options.seed,
            "turns": options.turns,
            "on_play": options.on_play,
            "mulligan": options.mulligan,
            "settings": self.settings,
            "simplifications": self.simplifications,
            **self.figures,
            "notes": self.notes,
        }
        data.update({key: value for key, value in (("keep", self.keep), ("vs", self.vs), ("sweep", self.sweep)) if value is not None})
        return data


def comparison(queries: Sequence[Query], mine: SimResult, theirs: SimResult, options: SimOptions) -> dict:
    """Paired differences (this deck minus the other) on the same shuffles, with 95% intervals."""
    tracked = []
    for i, query in enumerate(queries):
        rows = []
        for turn in range(OPENING_HAND, options.turns + 1):
            mean, (low, high) = stats.paired_proportions(query.held(mine.tracked[i], turn), query.held(theirs.tracked[i], turn))
            rows.append({"turn": turn, **_difference(mean, low, high)})
        tracked.append({"query": query.label, "by_turn": rows})
    result: dict[str, Any] = {"tracked": tracked}
    if mine.win_turn is not None and theirs.win_turn is not None:
        # over every game: a game not won counts as won after the last turn played (turns + 1),
        # never a difference over the games both decks happened to win
        never = options.turns + 1
        ours = np.where(mine.win_turn > 0, mine.win_turn, never)
        other = np.where(theirs.win_turn > 0, theirs.win_turn, never)
        rows = []
        for turn in range(1, options.turns + 1):
            mean, (low, high) = stats.paired_proportions(ours <= turn, other <= turn)
            rows.append({"turn": turn, **_difference(mean, low, high)})
        result["won_by_turn"] = rows
        mean, (low, high) = stats.paired_difference(ours, other)
        result["restricted_mean_win_turn"] = {
            **_difference(mean, low, high),
            "cap": never,
            "not_won": [int((mine.win_turn == 0).sum()), int((theirs.win_turn == 0).sum())],
        }
    return result
