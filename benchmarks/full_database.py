"""Checking one deck against a full imported Redemption database (the LackeyCCG card list, 5,692
printings), cold (no cache) and warm (the cache of parsed, validated files), against the same
check with the bundled data, in the same run. Target (issue 6): warm within 1.5x of bundled.
And the first check on a fresh machine: a cache emptied, the list imported with `deckcheck db
import` (which leaves in the cache what a check reads), then the check. Target (issue 51): at most
0.4 s of CPU.

    python benchmarks/full_database.py [CARDDATA.txt] [--runs 5]

CARDDATA.txt defaults to ../shared/data/redemption-lackey/carddata.txt beside this checkout.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
from pathlib import Path

from deckcheck.importers.lackey import import_lackey

from _command import command_times, deckcheck_command, import_card_list, median_time, settled
from _figures import Figure, Result

REPO = Path(__file__).resolve().parent.parent
DEFAULT = REPO.parent / "shared" / "data" / "redemption-lackey" / "carddata.txt"
DECK = REPO / "examples" / "redemption-deck-i.yaml"


DESCRIPTION = (
    "one deck checked against the imported LackeyCCG list, against the same check with the bundled data, "
    "whole commands, CPU time, alternated, medians of 5 (`--runs`): without the cache, with it warm, and the first "
    "check on a fresh machine (an empty cache, then `deckcheck db import`, then the check)"
)
FRESH_BUDGET = 0.4  # seconds of CPU: issue 51's first check on a fresh machine
FULL, SMALL = {"runs": 5}, {"runs": 3}


def measure(carddata: Path = DEFAULT, runs: int = 5) -> Result:
    if not carddata.is_file():
        raise SystemExit(f"no card list at {carddata}: pass the LackeyCCG carddata.txt")
    with tempfile.TemporaryDirectory() as work:
        database = Path(work) / "db"
        import_lackey(carddata, None, database)
        # the same deck, named by image ids, so that it picks one printing in either database
        deck = Path(work) / "deck.dek"
        deck.write_text((REPO / "tests" / "decks" / "redemption" / "deck-i.dek").read_text())
        env = {**os.environ, "DECKCHECK_CACHE_DIR": str(Path(work) / "cache")}
        # the same command both ways, the list named as a user who checks with it always names it
        # (DECKCHECK_CARD_DB): only the database differs, not the way the command line is read
        command = [*deckcheck_command(), "check", str(deck)]
        imported = {**env, "DECKCHECK_CARD_DB": str(database)}
        settled()  # the bundled files are old: the imported list too, as a repository's is
        median_time(command, 1, imported)  # the caches warmed, both ways
        median_time(command, 1, env)
        # alternated, so that a slow moment of the machine falls on every side alike
        cold_times, warm_times, base_times, fresh_times = [], [], [], []
        for round_ in range(runs):
            cold_times += command_times(command, 1, {**imported, "DECKCHECK_NO_CACHE": "1"})
            warm_times += command_times(command, 1, imported)
            base_times += command_times(command, 1, env)
            fresh_times.append(_first_check(command, carddata, Path(work) / f"fresh-{round_}"))
        cold, warm, base, fresh = (statistics.median(times) for times in (cold_times, warm_times, base_times, fresh_times))
    return Result(
        "full_database.py",
        DESCRIPTION,
        # the cache is the answer to a full list's cost: the run without it is timed to show what it saves
        (
            Figure("no cache", cold, base, target=None),
            Figure("warm cache", warm, base, target=1.5),
            Figure("first check on a fresh machine", fresh, base, target=None, budget=FRESH_BUDGET),
        ),
    )


def _first_check(command: list[str], carddata: Path, home: Path) -> float:
    """The CPU time of the first check after `deckcheck db import` into an empty cache, as a new
    clone's first pre-commit run or a GitHub Action's first run finds it (the import not timed)."""
    env = {**os.environ, "DECKCHECK_CACHE_DIR": str(home / "cache"), "DECKCHECK_CARD_DB": str(home / "db")}
    import_card_list(carddata, home / "db", env)
    return command_times(command, 1, env)[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("carddata", nargs="?", type=Path, default=DEFAULT)
    parser.add_argument("--runs", type=int, default=FULL["runs"])
    args = parser.parse_args()
    print(f"one deck, medians of {args.runs} runs of the whole command")
    print(measure(args.carddata, args.runs).report())


if __name__ == "__main__":
    main()
