"""`--plot FILE.png`: the tracked queries by turn and the win-turn histogram. matplotlib is an
optional extra (`pip install "deckcheck[plot]"`)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # matplotlib is an optional extra, imported where a plot is drawn
    from matplotlib.axes import Axes


class PlotUnavailable(Exception):
    pass


def race_bars(deck: dict, turns: int) -> tuple[list[int], list[int]]:
    """The win-turn histogram as bars over every game: one bar a turn, and the games not won in a
    bar of their own after the last turn played."""
    win = deck["race"]["win_turn"]
    return [int(t) for t in win["histogram"]] + [turns + 1], list(win["histogram"].values()) + [win["not_won"]]


def write_png(data: dict, path: Path, turn: int | None = None) -> None:
    """The figures; a sweep's at `turn` (default: `sweep_turn`'s)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise PlotUnavailable('--plot needs matplotlib: pip install "deckcheck[plot]"') from None
    figure, (left, right) = plt.subplots(1, 2, figsize=(11, 4.5))
    if "sweep" in data:
        _sweep(data, left, right, turn or sweep_turn(data))
        figure.tight_layout()
        figure.savefig(path, dpi=100)
        plt.close(figure)
        return
    for deck in [data] + ([data["vs"]] if "vs" in data else []):
        for tracked in deck["tracked"]:
            turns = [r["turn"] for r in tracked["by_turn"]]
            (line,) = left.plot(
                turns, [r["p"] for r in tracked["by_turn"]], marker="o", label=f"{Path(deck['deck']).name}: {tracked['query']}"
            )
            exact = [r["exact"] for r in tracked["by_turn"]]
            if all(e is not None for e in exact):
                left.plot(turns, exact, linestyle="--", color=line.get_color())
        if "race" in deck:
            won = deck["race"].get("won_by_turn", [])
            left.plot([r["turn"] for r in won], [r["p"] for r in won], marker="s", label=f"{Path(deck['deck']).name}: won by the turn")
            right.bar(*race_bars(deck, data["turns"]), alpha=0.6, label=Path(deck["deck"]).name)
    left.set(xlabel="turn", ylabel="P(by the turn)", ylim=(0, 1), title="Drawn or won by each turn (dashed: exact)")
    right.set(xlabel="win turn", ylabel="games", title=data.get("race", {}).get("goal", "race"))
    if "race" in data:
        ticks = list(range(1, data["turns"] + 1))
        right.set_xticks(ticks + [data["turns"] + 1], [str(t) for t in ticks] + ["not won"])
    for axis in (left, right):
        if axis.get_legend_handles_labels()[0]:
            axis.legend(fontsize="small")
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)


def _on(by_turn: list[dict], turn: int) -> float:
    """The chance of a by-turn list on `turn` (a tracked query's list starts at the opening hand)."""
    return next((row["p"] for row in by_turn if row["turn"] == turn), 0.0)


def sweep_turn(data: dict) -> int:
    """The turn a sweep's plot shows by default: the first where its counts differ most (the
    first tracked query's chances, else the race's share won), where the choice of count shows."""
    rows = data["sweep"]["rows"]

    def spread(turn: int) -> float:
        if rows[0]["tracked"]:
            chances = [_on(row["tracked"][0]["by_turn"], turn) for row in rows]
        else:
            chances = [_on(row.get("race", {}).get("won_by_turn", []), turn) for row in rows]
        return max(chances) - min(chances)

    return max(range(1, data["turns"] + 1), key=lambda turn: (spread(turn), -turn))


def _sweep(data: dict, left: Axes, right: Axes, turn: int) -> None:
    """--sweep: each tracked query by `turn`, and the race, against the count swept."""
    rows = data["sweep"]["rows"]
    counts = [row["count"] for row in rows]
    for index, tracked in enumerate(rows[0]["tracked"]):
        left.plot(counts, [_on(row["tracked"][index]["by_turn"], turn) for row in rows], marker="o", label=tracked["query"])
    if "race" in rows[0]:
        won = [_on(row["race"]["won_by_turn"], turn) for row in rows]
        left.plot(counts, won, marker="s", label=f"won by turn {turn}")
        for key, label in (("p10", "10% by"), ("median", "half by"), ("p90", "90% by")):
            right.plot(counts, [row["race"]["win_turn"][key] for row in rows], marker="o", label=label)
    left.set(xlabel=f"copies of {data['sweep']['query']}", ylabel=f"P(by turn {turn})", ylim=(0, 1), title=f"By turn {turn}")
    right.set(xlabel=f"copies of {data['sweep']['query']}", ylabel="turn", title="Race: the turn by which a share of games was won")
    from matplotlib.ticker import MaxNLocator

    for axis in (left, right):
        axis.xaxis.set_major_locator(MaxNLocator(integer=True))  # counts are whole
        if axis.get_legend_handles_labels()[0]:
            axis.legend(fontsize="small")
