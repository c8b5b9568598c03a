"""Checking one deck against a full imported Redemption database (the LackeyCCG card list, 5,692
printings), cold (no cache) and warm (the cache of parsed, validated files), against the same
check with the bundled data, in the same run. Target (issue 6): warm within 1.5x of bundled.

    python benchmarks/full_database.py [CARDDATA.txt] [--runs 5]

CARDDATA.txt defaults to ../shared/data/redemption-lackey/carddata.txt beside this checkout.
"""

from __future__ import annotations

import argparse
import os
import tempfile
from pathlib import Path

from deckcheck.importers.lackey import import_lackey

from _command import deckcheck_command, median_time

REPO = Path(__file__).resolve().parent.parent
DEFAULT = REPO.parent / "shared" / "data" / "redemption-lackey" / "carddata.txt"
DECK = REPO / "examples" / "redemption-deck-i.yaml"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("carddata", nargs="?", type=Path, default=DEFAULT)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    if not args.carddata.is_file():
        raise SystemExit(f"no card list at {args.carddata}: pass the LackeyCCG carddata.txt")
    with tempfile.TemporaryDirectory() as work:
        database = Path(work) / "db"
        import_lackey(args.carddata, None, database)
        # the same deck, named by image ids, so that it picks one printing in either database
        deck = Path(work) / "deck.dek"
        deck.write_text((REPO / "tests" / "decks" / "redemption" / "deck-i.dek").read_text())
        env = {**os.environ, "DECKCHECK_CACHE_DIR": str(Path(work) / "cache")}
        bundled = [*deckcheck_command(), "check", str(deck)]
        imported = bundled + ["--card-db", str(database)]
        cold = median_time(imported, args.runs, {**env, "DECKCHECK_NO_CACHE": "1"})
        median_time(imported, 1, env)
        median_time(bundled, 1, env)
        warm = median_time(imported, args.runs, env)
        base = median_time(bundled, args.runs, env)
        print(f"one deck, medians of {args.runs} runs of the whole command")
        print(f"  bundled data                    {base * 1000:7.1f} ms")
        print(f"  imported database, no cache     {cold * 1000:7.1f} ms   ratio {cold / base:.2f}x")
        print(f"  imported database, warm cache   {warm * 1000:7.1f} ms   ratio {warm / base:.2f}x (target <= 1.5x)")


if __name__ == "__main__":
    main()
