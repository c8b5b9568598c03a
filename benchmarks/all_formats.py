"""`check --all-formats` on one deck against the imported LackeyCCG Redemption list (5,692 rows, with
its formats.txt), warm cache, against a single-format check of the same deck in the same run, whole
commands. Target (issue 10): at most 1.5x.

    python benchmarks/all_formats.py [CARDDATA.txt [FORMATS.txt]] [--runs 9]

The files default to ../shared/data/redemption-lackey/ beside this checkout.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
from pathlib import Path

from deckcheck.importers.lackey import import_lackey

from _command import deckcheck_command, median_time, settled
from _figures import Figure, Result

REPO = Path(__file__).resolve().parent.parent
REAL = REPO.parent / "shared" / "data" / "redemption-lackey"


DESCRIPTION = (
    "one deck against the imported LackeyCCG list and its formats, warm cache, `--all-formats` against `--format type1`, "
    "whole commands alternated, medians of 9 (`--runs`)"
)
FULL, SMALL = {"runs": 9}, {"runs": 3}


def measure(carddata: Path = REAL / "carddata.txt", formats: Path = REAL / "formats.txt", runs: int = 9) -> Result:
    if not carddata.is_file():
        raise SystemExit(f"no card list at {carddata}: pass the LackeyCCG carddata.txt")
    with tempfile.TemporaryDirectory() as work:
        database = Path(work) / "db"
        import_lackey(carddata, formats if formats.is_file() else None, database)
        deck = Path(work) / "deck.dek"
        deck.write_text((REPO / "tests" / "decks" / "redemption" / "deck-i.dek").read_text())
        env = {**os.environ, "DECKCHECK_CACHE_DIR": str(Path(work) / "cache")}
        one = [*deckcheck_command(), "check", str(deck), "--card-db", str(database), "--format", "type1"]
        every = one + ["--all-formats"]
        settled()
        median_time(one, 1, env)
        # alternate the two so that the machine's drift touches both alike
        single, many = [], []
        for _ in range(runs):
            single.append(median_time(one, 1, env))
            many.append(median_time(every, 1, env))
    return Result("all_formats.py", DESCRIPTION, (Figure("--all-formats", statistics.median(many), statistics.median(single), target=1.5),))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("carddata", nargs="?", type=Path, default=REAL / "carddata.txt")
    parser.add_argument("formats", nargs="?", type=Path, default=REAL / "formats.txt")
    parser.add_argument("--runs", type=int, default=FULL["runs"])
    args = parser.parse_args()
    print(f"one deck against {args.carddata.name}, warm cache, medians of {args.runs} whole commands")
    print(measure(args.carddata, args.formats, args.runs).report())


if __name__ == "__main__":
    main()
