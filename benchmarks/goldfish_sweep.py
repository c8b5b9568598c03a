"""--sweep over 5 counts against one run, 100,000 games each, tracking EF-9 Rabbit on the REDLINE
CPM starter, in one process. Target (issue 14): a sweep of 5 counts at most 3x one run. Each round
times one run and the sweep back to back; the figures are medians over the rounds (the ratio the
median of the rounds' ratios).

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

DECK = Path(__file__).resolve().parent.parent / "examples" / "redline-cpm.yaml"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print(f"{args.games:,} games of {DECK.name} a count, tracking EF-9 Rabbit, medians of {args.repeat} rounds")
    for race in (False, True):
        prepared = prepare(DECK, CheckOptions(), Databases())
        options = SimOptions(games=args.games, race=race, mulligan=mulligan_policy(prepared, None))
        one, swept = rounds(
            args.repeat,
            lambda prepared=prepared, options=options: play(prepared, ["EF-9 Rabbit"], options),
            lambda prepared=prepared, options=options: play_sweep(prepared, ["EF-9 Rabbit"], options, "EF-9 Rabbit=0..4"),
        )
        ratios = [s / o for s, o in zip(swept, one)]
        label = "with the race" if race else "--no-race    "
        print(
            f"  {label}  one run {statistics.median(one) * 1000:7.1f} ms, 5 counts {statistics.median(swept) * 1000:7.1f} ms: "
            f"{statistics.median(ratios):.2f}x (rounds {min(ratios):.2f}-{max(ratios):.2f}x; target <= 3x)"
        )


if __name__ == "__main__":
    main()
