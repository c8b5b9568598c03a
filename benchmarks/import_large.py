"""`deckcheck db import lackey` on a generated card list of N rows (default 1,000,000, 5,000 sets),
against the import of the real list (5,692 rows) in the same run: wall time and the peak memory of
each import process. Target (issue 11): bounded memory (the list is read as a stream and written a
set at a time), not 2.2 GB.

    python benchmarks/import_large.py [--rows 1000000] [CARDDATA.txt]
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DEFAULT = REPO.parent / "shared" / "data" / "redemption-lackey" / "carddata.txt"
HEADER = (
    "Name\tSet\tImageFile\tOfficialSet\tType\tBrigade\tStrength\tToughness\tClass\tIdentifier\t"
    "SpecialAbility\tRarity\tReference\tSound\tAlignment\tLegality\n"
)


def generate(path: Path, rows: int) -> None:
    rng = random.Random(1)
    types = ["Hero", "Evil Character", "GE", "EE", "Lost Soul", "Site", "Artifact", "Dominant"]
    with path.open("w", encoding="utf-8") as handle:
        handle.write(HEADER)
        for i in range(rows):
            card_set = f"S{rng.randrange(5000)}"
            name = f"Card {i} ({card_set})"
            handle.write(
                f"{name}\t{card_set}\timg{i}\tSet {card_set}\t{rng.choice(types)}\tBlue\t{rng.randrange(12)}\t"
                f"{rng.randrange(12)}\t\t\t{'Has an ability.' if i % 3 else ''}\tCommon\tJohn 1:{i % 50}\t\t"
                "Good\tRotation\n"
            )


def imported(carddata: Path, out: Path) -> tuple[float, float]:
    """(seconds, peak MiB) of one import in its own process."""
    script = (
        "import resource, sys\nfrom deckcheck.cli import run\nsys.argv = sys.argv[1:]\n"
        "try:\n    run()\nexcept SystemExit:\n    pass\n"
        "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)\n"
    )
    start = time.perf_counter()
    env = {**os.environ, "DECKCHECK_CACHE_DIR": str(out.parent / f"cache-{out.name}")}  # a cold cache
    done = subprocess.run(
        [sys.executable, "-c", script, "deckcheck", "db", "import", "lackey", str(carddata), "-o", str(out)],
        capture_output=True,
        text=True,
        env=env,
    )
    took = time.perf_counter() - start
    if done.returncode:
        raise SystemExit(done.stderr)
    peak_kib = int(done.stderr.strip().splitlines()[-1])
    return took, peak_kib / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("carddata", nargs="?", type=Path, default=DEFAULT)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as work:
        big = Path(work) / "big.txt"
        generate(big, args.rows)
        print(f"db import lackey, whole commands (peak memory of the process; {resource.getpagesize()}-byte pages)")
        if args.carddata.is_file():
            took, peak = imported(args.carddata, Path(work) / "real")
            print(f"  the real list ({args.carddata.name})      {took:8.1f} s   {peak:8.1f} MiB")
        took, peak = imported(big, Path(work) / "big")
        print(f"  {args.rows:,} generated rows       {took:8.1f} s   {peak:8.1f} MiB")


if __name__ == "__main__":
    main()
