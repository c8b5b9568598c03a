"""Goldfish time per game model: 100,000 games of each game's example deck, the race on, in one
process. Target (issue 13): Promised Land within 2x the other games' median.

    python benchmarks/goldfish_games.py [--games 100000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import statistics
from pathlib import Path

from deckcheck.check import CheckOptions
from deckcheck.goldfish import mulligan_policy, prepare
from deckcheck.loading.card_db import Databases
from deckcheck.sim.engine import SimOptions, simulate

from _command import rounds
from _figures import Figure, Result

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
DECKS = {
    "redemption": "redemption-deck-i.yaml",
    "bible-battles": "bible-battles.txt",
    "redline": "redline-cpm.yaml",
    "demon-rush": "demon-rush-holy.yaml",
    "promised-land": "promised-land-sunday-school.yaml",
}


DESCRIPTION = (
    "100,000 games (`--games`) of each game's example deck, the race on, in process; Promised Land against the other four games' median"
)
FULL, SMALL = {"games": 100_000, "repeat": 3}, {"games": 20_000, "repeat": 3}


def game_times(games: int, repeat: int) -> dict[str, float]:
    """The best time of each game, the games alternated round by round: a slow moment of the machine
    falls on all of them."""
    works = {}
    for game, deck in DECKS.items():
        prepared = prepare(EXAMPLES / deck, CheckOptions(game=game), Databases())
        options = SimOptions(games=games, race=True, mulligan=mulligan_policy(prepared, None))
        works[game] = lambda prepared=prepared, options=options: simulate(prepared.model, [], options)
    return {game: min(times) for game, times in zip(works, rounds(repeat, *works.values()), strict=True)}


def measure(games: int = 100_000, repeat: int = 3, times: dict[str, float] | None = None) -> Result:
    times = times or game_times(games, repeat)
    others = statistics.median(t for game, t in times.items() if game != "promised-land")
    return Result("goldfish_games.py", DESCRIPTION, (Figure("Promised Land", times["promised-land"], others, target=2),))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=FULL["games"])
    parser.add_argument("--repeat", type=int, default=FULL["repeat"])
    args = parser.parse_args()
    times = game_times(args.games, args.repeat)
    print(f"{args.games:,} games of each example deck, the race on, best of {args.repeat}")
    for game, seconds in times.items():
        print(f"  {game:14} {seconds:6.2f} s")
    print(measure(times=times).report())


if __name__ == "__main__":
    main()
