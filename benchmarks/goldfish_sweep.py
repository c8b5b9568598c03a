"""--sweep over 5 counts against one run, 100,000 games each, tracking EF-9 Rabbit on the REDLINE
CPM starter, in one process. Target (issue 14): a sweep of 5 counts at most 3x one run.

    python benchmarks/goldfish_sweep.py [--games 100000] [--repeat 2]
"""

from __future__ import annotations

import argparse
from pathlib import Path

from deckcheck.check import CheckOptions
from deckcheck.goldfish import mulligan_policy, play, play_sweep, prepare
from deckcheck.loading.card_db import Databases
from deckcheck.sim.engine import SimOptions

from _command import best

DECK = Path(__file__).resolve().parent.parent / "examples" / "redline-cpm.yaml"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args()
    print(f"{args.games:,} games of {DECK.name} a count, tracking EF-9 Rabbit, best of {args.repeat}")
    for race in (False, True):
        prepared = prepare(DECK, CheckOptions(), Databases())
        options = SimOptions(games=args.games, race=race, mulligan=mulligan_policy(prepared, None))
        one = best(args.repeat, lambda: play(prepared, ["EF-9 Rabbit"], options))
        swept = best(args.repeat, lambda: play_sweep(prepared, ["EF-9 Rabbit"], options, "EF-9 Rabbit=0..4"))
        label = "with the race" if race else "--no-race    "
        print(f"  {label}  one run {one * 1000:7.1f} ms, 5 counts {swept * 1000:7.1f} ms: {swept / one:.2f}x (target <= 3x)")


if __name__ == "__main__":
    main()
