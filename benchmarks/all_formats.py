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
import subprocess
import tempfile
from pathlib import Path

from deckcheck.importers.lackey import import_lackey

from _command import deckcheck_command, median_time

REPO = Path(__file__).resolve().parent.parent
REAL = REPO.parent / "shared" / "data" / "redemption-lackey"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("carddata", nargs="?", type=Path, default=REAL / "carddata.txt")
    parser.add_argument("formats", nargs="?", type=Path, default=REAL / "formats.txt")
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    if not args.carddata.is_file():
        raise SystemExit(f"no card list at {args.carddata}: pass the LackeyCCG carddata.txt")
    with tempfile.TemporaryDirectory() as work:
        database = Path(work) / "db"
        import_lackey(args.carddata, args.formats if args.formats.is_file() else None, database)
        deck = Path(work) / "deck.dek"
        deck.write_text((REPO / "tests" / "decks" / "redemption" / "deck-i.dek").read_text())
        env = {**os.environ, "DECKCHECK_CACHE_DIR": str(Path(work) / "cache")}
        one = [*deckcheck_command(), "check", str(deck), "--card-db", str(database), "--format", "type1"]
        every = one + ["--all-formats"]
        formats = subprocess.run(every + ["--output-format", "json"], env=env, capture_output=True, text=True).stdout
        median_time(one, 1, env)
        # alternate the two so that the machine's drift touches both alike
        single, many = [], []
        for _ in range(args.runs):
            single.append(median_time(one, 1, env))
            many.append(median_time(every, 1, env))
        base, all_formats = statistics.median(single), statistics.median(many)
        count = formats.count('"rules_version"') - 1
        print(f"one deck against {database.name} ({args.carddata.name}), warm cache, medians of {args.runs} whole commands")
        print(f"  --format type1                 {base * 1000:7.1f} ms")
        print(
            f"  --format type1 --all-formats   {all_formats * 1000:7.1f} ms   ratio {all_formats / base:.2f}x "
            f"(target <= 1.5x; {count} formats)"
        )


if __name__ == "__main__":
    main()
