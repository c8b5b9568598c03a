"""--sweep over 5 counts against one run, 100,000 games each, tracking EF-9 Rabbit on the REDLINE
CPM starter, in one process. Target (issue 14): a sweep of 5 counts at most 3x one run. Each round
times one run and the sweep back to back; the figures are medians over the rounds.

    python benchmarks/goldfish_sweep.py [--games 100000] [--repeat 5]
"""

from __future__ import annotations

import argparse
import statistics
from pathlib import Path

from deckcheck.check import CheckOptions
from deckcheck.goldfish import mulligan_policy, play, play_sweep, prepare
from deckcheck.loading.card_db import Databases
from deckcheck.sim.engine import SimOptions

from _command import rounds
from _figures import Figure, Result

DECK = Path(__file__).resolve().parent.parent / "examples" / "redline-cpm.yaml"


DESCRIPTION = (
    "`--sweep` over 5 counts against one run, 100,000 games each (`--games`), REDLINE CPM tracking EF-9 Rabbit, "
    "in process; medians of 5 rounds (`--repeat`), each timing both back to back"
)
FULL, SMALL = {"games": 100_000, "repeat": 5}, {"games": 20_000, "repeat": 3}


def measure(games: int = 100_000, repeat: int = 5) -> Result:
    figures = [*_raced(games, repeat), _each_alone(games, repeat)]
    return Result("goldfish_sweep.py", DESCRIPTION, tuple(figures))


def _each_alone(games: int, repeat: int) -> Figure:
    """The sweep with its counts' races played one count at a time (sim/together.py left out): what
    racing the counts together saves, and why it is kept."""
    from deckcheck.sim import engine

    prepared = prepare(DECK, CheckOptions(), Databases())
    options = SimOptions(games=games, race=True, mulligan=mulligan_policy(prepared, None))
    together = engine.union_of
    engine.union_of = lambda models, union: None
    try:
        one, swept = rounds(
            repeat,
            lambda: play(prepared, ["EF-9 Rabbit"], options),
            lambda: play_sweep(prepared, ["EF-9 Rabbit"], options, "EF-9 Rabbit=0..4"),
        )
    finally:
        engine.union_of = together
    return Figure("each count raced alone", statistics.median(swept), statistics.median(one), target=None)


def _raced(games: int, repeat: int) -> list[Figure]:
    figures = []
    for race in (True, False):
        prepared = prepare(DECK, CheckOptions(), Databases())
        options = SimOptions(games=games, race=race, mulligan=mulligan_policy(prepared, None))
        one, swept = rounds(
            repeat,
            lambda prepared=prepared, options=options: play(prepared, ["EF-9 Rabbit"], options),
            lambda prepared=prepared, options=options: play_sweep(prepared, ["EF-9 Rabbit"], options, "EF-9 Rabbit=0..4"),
        )
        label = "with the race" if race else "--no-race"
        figures.append(Figure(label, statistics.median(swept), statistics.median(one), target=3))
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=FULL["games"])
    parser.add_argument("--repeat", type=int, default=FULL["repeat"])
    args = parser.parse_args()
    print(f"{args.games:,} games of {DECK.name} a count, tracking EF-9 Rabbit, medians of {args.repeat} rounds")
    print(measure(args.games, args.repeat).report())


if __name__ == "__main__":
    main()
