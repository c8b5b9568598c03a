"""Decks of titles that may each mean several cards, against the real card list (issue 48, part 2):
the CPU time and peak memory of checking each, in a fresh process, the card list loaded first and
not counted, beside the issue's targets.

    python benchmarks/titles_of_several_cards.py [CARDDATA.txt] [--seed 1]

- 70 set-less titles of different kinds (each title printed as cards the rules count differently),
  as Type 2 and as Type 1 Unlimited: at most 1 s;
- 2,000 lines, each a title of several printings: at most 2 s and 200 MB;
- 1 MiB of such lines: at most 5 s and 300 MB. A text deck holds at most 10,000 lines, so such a
  file is refused at line 10,001; the 10,000 lines it may hold are timed beside it, to the same target;
- Type 2 titles each printed as a Lost Soul, a Dominant, a Site and an Enhancement (a card list made
  for it: the real one has few such titles), far past the distinct sums deckcheck tries, so judged by
  the rules' limits (check/limited.py): 200 and 2,000 of them, the work linear in the titles, the
  larger at most 1.5 times the smaller's CPU time a title.
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
    ("past-sums-200", "200 Type 2 titles of four kinds each, past every sum", None, None),
    ("past-sums-2000", "2,000 of them", None, None),
)
LINEAR = 1.5  # the most the larger deck of titles past every sum may spend a title, against the smaller
FOUR_KINDS = ("lost_soul", "good_dominant", "site", "evil_enhancement")

# run in a fresh process: the deck's check alone timed, peak memory of the whole process
CHILD = """
import json, random, resource, sys, time
from collections import defaultdict
from datetime import date
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
if case.startswith("past-sums"):
    titles = int(case.rsplit("-", 1)[1])
    lines = [f"1 Soul {i}" for i in range(19)] + [f"1 Place {i}" for i in range(titles)]
    text = "Format: Type 2\\n" + "\\n".join(lines + [f"1 {side} {i}" for i in range(60) for side in ("Good", "Evil")][:81]) + "\\n"
elif case.startswith("kinds"):
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
# (rules 1.3.0 for the titles past every sum: their deck of thousands of cards is judged under its caps, not refused by size alone)
when = date(2026, 6, 1) if case.startswith("past-sums") else None
report = check_file(Path("deck.txt"), CheckOptions(game="redemption", as_of=when), databases, text.encode())
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
        made = _four_kinds(Path(work))
        print(f"decks of titles against {args.carddata.name}, each checked in a fresh process, CPU time and peak memory")
        per_title = []
        for case, what, seconds, mb in CASES:
            got = _child(made if case.startswith("past-sums") else database, case, args.seed)
            lines = f"{got['lines']:>6,} lines {got['seconds']:6.2f} s {got['mb']:4.0f} MB"
            if seconds is None:  # titles past every sum: the time a title, held to linear below
                per_title.append(got["seconds"] / int(case.rsplit("-", 1)[1]))
                print(f"  {what:50} {lines}   ({per_title[-1] * 1000:.2f} ms a title)")
                continue
            held = got["seconds"] <= seconds and (mb is None or got["mb"] <= mb)
            target = f"<= {seconds:g} s" + (f", {mb} MB" if mb else "")
            print(f"  {what:50} {lines}{' refused' if got['refused'] else ''}   (target {target}: {'reached' if held else 'not reached'})")
        ratio = per_title[1] / per_title[0]
        verdict = "reached" if ratio <= LINEAR else "not reached"
        print(f"  past every sum, a title's time at 2,000 against 200: {ratio:.2f}x   (target <= {LINEAR}x: {verdict})")


def _child(database: Path, case: str, seed: int) -> dict:
    done = subprocess.run([sys.executable, "-c", CHILD, str(database), case, str(seed)], capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(done.stderr)
    return json.loads(done.stdout)


def _four_kinds(folder: Path) -> Path:
    """A card list of 2,000 titles each printed as FOUR_KINDS, beside good and evil fillers and Lost Souls."""
    cards = "".join(
        f"  - {{name: Good {i}, type: hero, brigades: [white]}}\n  - {{name: Evil {i}, type: evil_character, brigades: [black]}}\n"
        for i in range(60)
    )
    cards += "".join(f"  - {{name: Soul {i}, type: lost_soul, reference: 'Psalm {i}:1'}}\n" for i in range(25))
    cards += "".join(
        f"  - {{name: Place {i} ({kind}), id: place-{i}-{kind}, title: Place {i}, type: {kind}}}\n"
        for i in range(2000)
        for kind in FOUR_KINDS
    )
    (folder / "four-kinds.yaml").write_text("game: redemption\ncards:\n" + cards)
    return folder / "four-kinds.yaml"


if __name__ == "__main__":
    main()
