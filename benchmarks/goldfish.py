"""100,000 goldfish games of the REDLINE CPM starter deck tracking one card (EF-9 Rabbit, a
3-of), against a plain Python loop that shuffles a 60-card list per game with random.shuffle and
records when the 3-of first appears, in the same run. Targets (issue 5): with --no-race <= 0.5x
the plain loop's time; with the race on <= 3x.

    python benchmarks/goldfish.py [--games 100000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import random
import subprocess
from pathlib import Path

from deckcheck.check import CheckOptions
from deckcheck.goldfish import mulligan_policy, prepare
from deckcheck.loading.card_db import Databases
from deckcheck.sim.engine import SimOptions, simulate
from deckcheck.sim.queries import compile_query

from _command import best, deckcheck_command, rounds
from _figures import Figure, Result

DECK = Path(__file__).resolve().parent.parent / "examples" / "redline-cpm.yaml"


def plain_loop(games: int, seed: int = 1) -> list[int]:
    rng = random.Random(seed)
    deck = ["EF-9 Rabbit"] * 3 + ["other"] * 57
    first = []
    for _ in range(games):
        rng.shuffle(deck)
        first.append(deck.index("EF-9 Rabbit"))
    return first


DESCRIPTION = (
    "100,000 games (`--games`) of the REDLINE CPM starter tracking EF-9 Rabbit, against a plain loop of "
    "`random.shuffle` on a 60-card list finding the 3-of, in process"
)
FULL, SMALL = {"games": 100_000, "repeat": 3}, {"games": 20_000, "repeat": 3}


def measure(games: int = 100_000, repeat: int = 3) -> Result:
    prepared = prepare(DECK, CheckOptions(), Databases())
    query = compile_query("EF-9 Rabbit", prepared.model.facts, prepared.database)
    policy = mulligan_policy(prepared, None)
    no_race = SimOptions(games=games, race=False, mulligan=policy)
    race = SimOptions(games=games, race=True, mulligan=policy)
    # alternated round by round, the best of each: a slow moment of the machine falls on all three
    loop, quick, full = (
        min(times)
        for times in rounds(
            repeat,
            lambda: plain_loop(games),
            lambda: simulate(prepared.model, [query], no_race),
            lambda: simulate(prepared.model, [query], race),
        )
    )
    return Result(
        "goldfish.py",
        DESCRIPTION,
        (
            Figure("goldfish --no-race", quick, loop, target=0.5),
            # the race plays every turn of every game: bounded by the 3x below, not by the plain loop
            Figure("with the race", full, loop, target=3),
        ),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=FULL["games"])
    parser.add_argument("--repeat", type=int, default=FULL["repeat"])
    args = parser.parse_args()
    print(f"{args.games:,} games of {DECK.name}, tracking EF-9 Rabbit, best of {args.repeat}")
    print(measure(args.games, args.repeat).report())
    command = [*deckcheck_command(), "goldfish", str(DECK), "--games", str(args.games), "--track", "EF-9 Rabbit", "--output-format", "json"]
    whole = best(1, lambda: subprocess.run(command, check=True, capture_output=True))
    print(f"  whole command with the race    {whole * 1000:8.1f} ms   (start-up and report included)")


if __name__ == "__main__":
    main()
