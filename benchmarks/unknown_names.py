"""A deck of 9,999 names no card has (a deck may hold 10,000 lines), checked against the imported LackeyCCG Redemption list
(5,692 rows), against a check of an ordinary 50-card deck in the same run, whole commands, warm
cache. Target (issue 11): seconds, not minutes ("did you mean" is bounded).

    python benchmarks/unknown_names.py [CARDDATA.txt] [--names 9999]
"""

from __future__ import annotations

import argparse
import os
import random
import string
import tempfile
from pathlib import Path

from deckcheck.importers.lackey import import_lackey

from _command import deckcheck_command, median_time

REPO = Path(__file__).resolve().parent.parent
DEFAULT = REPO.parent / "shared" / "data" / "redemption-lackey" / "carddata.txt"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("carddata", nargs="?", type=Path, default=DEFAULT)
    parser.add_argument("--names", type=int, default=9_999)
    args = parser.parse_args()
    if not args.carddata.is_file():
        raise SystemExit(f"no card list at {args.carddata}: pass the LackeyCCG carddata.txt")
    rng = random.Random(1)
    with tempfile.TemporaryDirectory() as work:
        database = Path(work) / "db"
        import_lackey(args.carddata, None, database)
        known = Path(work) / "deck-i.dek"
        known.write_text((REPO / "tests" / "decks" / "redemption" / "deck-i.dek").read_text())
        unknown = Path(work) / "unknown.txt"
        unknown.write_text(
            "# game: redemption\n"
            + "".join(
                "1\t" + "".join(rng.choice(string.ascii_letters + " ") for _ in range(rng.randint(5, 30))) + "\n" for _ in range(args.names)
            )
        )
        env = {**os.environ, "DECKCHECK_CACHE_DIR": str(Path(work) / "cache")}
        command = [*deckcheck_command(), "check", "--card-db", str(database), "--output-format", "json"]
        median_time(command + [str(known)], 1, env)
        base = median_time(command + [str(known)], 1, env)
        slow = median_time(command + [str(unknown)], 1, env)
        print(f"{args.names:,} names against {args.carddata.name}, whole commands, warm cache")
        print(f"  a 50-card deck            {base * 1000:8.0f} ms")
        print(f"  names no card has         {slow * 1000:8.0f} ms   ratio {slow / base:.2f}x")


if __name__ == "__main__":
    main()
