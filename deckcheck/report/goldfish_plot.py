"""`--plot FILE.png`: the tracked queries by turn and the win-turn histogram. matplotlib is an
optional extra (`pip install "deckcheck[plot]"`)."""

from __future__ import annotations

from pathlib import Path


class PlotUnavailable(Exception):
    pass


def write_png(data: dict, path: Path) -> None:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise PlotUnavailable('--plot needs matplotlib: pip install "deckcheck[plot]"') from None
    figure, (left, right) = plt.subplots(1, 2, figsize=(11, 4.5))
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
            histogram = deck["race"]["win_turn"]["histogram"]
            right.bar([int(t) for t in histogram], list(histogram.values()), alpha=0.6, label=Path(deck["deck"]).name)
    left.set(xlabel="turn", ylabel="P(drawn by the turn)", ylim=(0, 1), title="Tracked (dashed: exact)")
    right.set(xlabel="win turn", ylabel="games", title=data.get("race", {}).get("goal", "race"))
    for axis in (left, right):
        if axis.get_legend_handles_labels()[0]:
            axis.legend(fontsize="small")
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)
