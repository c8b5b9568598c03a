"""Decks of titles that may each mean several cards, against the real card list (issue 48, part 2):
the CPU time and peak memory of checking each, in a fresh process, the card list loaded first and
not counted, beside the issue's targets.

    python benchmarks/titles_of_several_cards.py [CARDDATA.txt] [--seed 1]

- 70 set-less titles of different kinds (each title printed as cards the rules count differently),
  as Type 2 and as Type 1 Unlimited: at most 1 s;
- 2,000 lines, each a title of several printings: at most 2 s and 200 MB;
- 1 MiB of such lines: at most 5 s and 300 MB. A text deck holds at most 10,000 lines, so such a
  file is refused at line 10,001; the 10,000 lines it may hold are timed beside it, to the same target.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DEFAULT = REPO.parent / "shared" / "data" / "redemption-lackey" / "carddata.txt"

# name, what the deck is, its seconds and MB targets
CASES = (
    ("kinds-type2", "70 titles of different kinds, Type 2", 1.0, None),
    ("kinds-type1", "70 titles of different kinds, Type 1 Unlimited", 1.0, None),
    ("lines-2000", "2,000 lines of titles of several printings", 2.0, 200),
    ("lines-10000", "10,000 lines of them (the most a text deck holds)", 5.0, 300),
    ("one-mib", "1 MiB of lines of titles of several printings", 5.0, 300),
)

# run in a fresh process: the deck's check alone timed, peak memory of the whole process
CHILD = """
import json, random, resource, sys, time
from collections import defaultdict
from pathlib import Path
from deckcheck.check import CheckOptions, check_file
from deckcheck.loading.card_db import Databases, load_databases

database, case, seed = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])
databases = Databases(load_databases([database]))
cards = databases.for_game("redemption")
titles = defaultdict(list)
for card in cards.cards:
    titles[card.get("title") or card.name].append(card)
several = sorted(t for t, printings in titles.items() if len(printings) > 1 and cards.names.resolve(t).card is None)
kinds = [t for t in several if len({card.types for card in titles[t]}) > 1]
rng = random.Random(seed)
if case.startswith("kinds"):
    chosen = (kinds + [t for t in several if t not in kinds])[:70]
    text = ("Format: Type 2\\n" if case == "kinds-type2" else "Format: Type 1 Unlimited\\n") + "".join(f"{t}\\n" for t in chosen)
else:
    lines, size = [], 0
    most = {"lines-2000": 2000, "lines-10000": 10000}.get(case)
    while (len(lines) < most) if most else (size < (1 << 20) - 64):
        lines.append(f"{rng.choice((1, 1, 2, 3))} {rng.choice(several)}\\n")
        size += len(lines[-1])
    text = "".join(lines)
start = time.process_time()
report = check_file(Path("deck.txt"), CheckOptions(game="redemption"), databases, text.encode())
spent = time.process_time() - start
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
refused = any(finding.rule == "deck.parse" for finding in report.findings)
print(json.dumps({"seconds": spent, "mb": peak, "lines": text.count("\\n"), "refused": refused}))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("carddata", nargs="?", type=Path, default=DEFAULT)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if not args.carddata.is_file():
        raise SystemExit(f"no card list at {args.carddata}: pass the LackeyCCG carddata.txt")
    from deckcheck.importers.lackey import import_lackey

    with tempfile.TemporaryDirectory() as work:
        database = Path(work) / "db"
        import_lackey(args.carddata, None, database)
        print(f"decks of titles against {args.carddata.name}, each checked in a fresh process, CPU time and peak memory")
        for case, what, seconds, mb in CASES:
            done = subprocess.run([sys.executable, "-c", CHILD, str(database), case, str(args.seed)], capture_output=True, text=True)
            if done.returncode != 0:
                raise SystemExit(done.stderr)
            got = json.loads(done.stdout)
            held = got["seconds"] <= seconds and (mb is None or got["mb"] <= mb)
            target = f"<= {seconds:g} s" + (f", {mb} MB" if mb else "")
            print(
                f"  {what:50} {got['lines']:>6,} lines {got['seconds']:6.2f} s {got['mb']:4.0f} MB"
                f"{' refused' if got['refused'] else ''}   (target {target}: {'reached' if held else 'not reached'})"
            )


if __name__ == "__main__":
    main()
