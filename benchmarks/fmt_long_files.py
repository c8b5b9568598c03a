"""`fmt` on long files (issue 33): its time against the file's size, which must grow as the size
does (a reader quadratic in blank lines once took two hours for 1 MiB).

    python benchmarks/fmt_long_files.py [--repeat 5]

Two pasted decks that end with a Tokens section after a run of blank lines, the deck-size limit
(1 MiB) and a quarter of it, formatted with --check in this process, alternated, the best of
--repeat rounds of CPU time. Linear time makes the ratio about 4; quadratic, about 16.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from deckcheck.canonical import rewrite_file
from deckcheck.loading.card_db import Databases, load_databases

from _command import rounds
from _figures import Figure, Result, repeated_main

FIXTURE = Path(__file__).resolve().parent.parent / "tests" / "data" / "redemption-cards.yaml"
LIMIT = 1 << 20  # the largest deck file deckcheck reads
DESCRIPTION = (
    "`fmt --check` on a pasted deck of 1 MiB, nearly all blank lines, against the same of a quarter MiB, "
    "in this process, CPU time, alternated, best of 5 (`--repeat`)"
)
FULL, SMALL = {"repeat": 5}, {"repeat": 3}


def _deck(folder: Path, size: int) -> Path:
    head, tail = "# game: redemption\n3 Son of God\n", "Tokens (2):\n1 Son of God\n"
    path = folder / f"blank-{size}.txt"
    path.write_text(head + "\n" * (size - len(head) - len(tail) - 1) + tail, encoding="utf-8")
    return path


def measure(repeat: int = 5) -> Result:
    databases = Databases(load_databases([FIXTURE]))
    with tempfile.TemporaryDirectory(prefix="deckcheck-bench-") as work:
        whole, quarter = _deck(Path(work), LIMIT), _deck(Path(work), LIMIT // 4)
        works = [lambda path=path: rewrite_file(path, None, databases, check_only=True) for path in (whole, quarter)]
        whole_time, quarter_time = (min(times) for times in rounds(repeat, *works))
    return Result(
        "fmt_long_files.py",
        DESCRIPTION,
        (Figure("1 MiB vs 1/4 MiB", whole_time, quarter_time, target=5),),
    )


def main() -> None:
    repeated_main(measure, __doc__, FULL["repeat"])


if __name__ == "__main__":
    main()
