"""A pasted list against the same deck as YAML (issue 47): what reading a deck as people paste it
costs, in this process, in the same run.

    python benchmarks/pasted_list.py [--repeat 9]

A 70-line Redemption deck (Type 1, 56 cards and 14 Lost Souls) as a forum post writes it (a title
line, bold and plain headers, `1x` and `x1` counts, bullets, bare names, curly quotes, a closing
sentence) and as a YAML deck of the same cards: each checked whole (read, settled against the card
list, judged), alternated, the best of --repeat rounds of CPU time.
"""

from __future__ import annotations

import tempfile
from datetime import date
from pathlib import Path

from deckcheck.check import CheckOptions, check_file
from deckcheck.loading.card_db import Databases, load_databases

from _command import rounds
from _figures import Figure, Result, repeated_main

FIXTURE = Path(__file__).resolve().parent.parent / "tests" / "data" / "redemption-tournament.yaml"
DESCRIPTION = (
    "a 70-line Redemption deck pasted as a forum post writes it (headers, `1x`, `x1`, bullets, bare names, a closing "
    "sentence), against the same deck as YAML, in this process, CPU time, alternated, best of 9 (`--repeat`)"
)
FULL, SMALL = {"repeat": 9}, {"repeat": 5}
OPTIONS = CheckOptions(game="redemption", as_of=date(2026, 6, 1))
CARDS = [f"Soul {i}" for i in range(1, 15)] + [f"{side} {i}" for i in range(1, 29) for side in ("Good", "Evil")]


def _pasted() -> str:
    lines = ["Sam's list for Saturday", "Format: Type 1", "", "**Lost Souls (14)**"]
    for index, name in enumerate(CARDS):
        if index == 14:
            lines += ["", "Heroes and Evil Characters:"]
        style = index % 4
        lines.append(f"1x {name}" if style == 0 else f"{name} x1" if style == 1 else f"- 1 {name}" if style == 2 else name)
    return "\n".join([*lines, "", "Thanks for looking!"]) + "\n"


def _yaml() -> str:
    return "game: redemption\nformat: type1\nname: Sam's list for Saturday\nmain:\n" + "".join(f"  {name}: 1\n" for name in CARDS)


def _cpu(repeat: int, databases: Databases, *paths: Path) -> list[float]:
    """The least CPU time of each deck's check over `repeat` rounds, the decks alternated."""
    works = [lambda path=path: check_file(path, OPTIONS, databases) for path in paths]
    return [min(times) for times in rounds(repeat, *works)]


def measure(repeat: int = FULL["repeat"]) -> Result:
    with tempfile.TemporaryDirectory(prefix="deckcheck-bench-") as work:
        folder = Path(work)
        pasted, as_yaml = folder / "pasted.txt", folder / "deck.yaml"
        pasted.write_text(_pasted(), encoding="utf-8")
        as_yaml.write_text(_yaml(), encoding="utf-8")
        databases = Databases(load_databases([FIXTURE]))
        seen = [check_file(path, OPTIONS, databases) for path in (pasted, as_yaml)]  # warm: indexes, caches
        assert [sum(report.counts.values()) for report in seen] == [len(CARDS)] * 2, "the two decks differ"
        figures = _cpu(repeat, databases, pasted, as_yaml)
    return Result("pasted_list.py", DESCRIPTION, (Figure("70-line pasted list", figures[0], figures[1], target=1.1),))


def main() -> None:
    repeated_main(measure, __doc__, FULL["repeat"])


if __name__ == "__main__":
    main()
