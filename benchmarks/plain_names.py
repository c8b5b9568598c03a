"""Names that may mean several cards (issue 31): what reading them costs, against the same deck with
every line written as its printing, in this process, in the same run.

    python benchmarks/plain_names.py [--repeat 5]

Two decks (Redemption, rules 1.3.0, Type 1): a forum list of 30 plain names, 24 of them titles of
one card printed in and out of the Rotation pool and 6 titles of two cards (a Site and a Fortress);
and the bound, 70 titles of two cards each, 2**70 readings judged by the Sites they may add up to.
Each is timed against its twin written by printing, alternated, the best of --repeat rounds of CPU time.
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
    "a Redemption deck whose lines name titles of several printings or cards, against the same deck written by printing, "
    "in this process, CPU time, alternated, best of 5 (`--repeat`): a forum list of 30 plain names, and 70 titles of two cards"
)
FULL, SMALL = {"repeat": 5}, {"repeat": 3}
OPTIONS = CheckOptions(as_of=date(2026, 6, 1))  # rules 1.3.0: Type 1 up to 154 cards


def _database(folder: Path) -> Databases:
    """Our test fixture, with 80 titles of one card (a printing outside the pool and its reprint in
    it) and 80 of two cards (a Site of Kings and a Fortress of Roots)."""
    cards = FIXTURE.read_text(encoding="utf-8")
    for i in range(80):
        cards += (
            f"  - {{name: Reprint {i} (Ki), id: reprint-{i}, title: Reprint {i}, set: Ki, type: hero, brigades: [white], "
            f"alignment: good, rotation: false, art: reprint-{i}}}\n"
            f"  - {{name: Reprint {i} (RR), id: reprint-{i}-rr, title: Reprint {i}, set: RR, type: hero, brigades: [white], "
            f"alignment: good, art: reprint-{i}}}\n"
            f"  - {{name: Place {i} (Ki), id: place-{i}-ki, title: Place {i}, set: Ki, type: site, brigades: [blue]}}\n"
            f"  - {{name: Place {i} (RR), id: place-{i}-rr, title: Place {i}, set: RR, type: fortress, alignment: good}}\n"
        )
    path = folder / "cards.yaml"
    path.write_text(cards, encoding="utf-8")
    return Databases(load_databases([path]))


def _decks(folder: Path, reprints: int, places: int) -> tuple[Path, Path]:
    """A 140-card deck (19 Lost Souls) naming `reprints` and `places` titles, and its twin by printing."""

    def written(plain: bool) -> str:
        lines = [f"1 Soul {i}" for i in range(1, 20)]
        lines += [f"1 Reprint {i}" if plain else f"1 Reprint {i} (RR)" for i in range(reprints)]
        lines += [f"1 Place {i}" if plain else f"1 Place {i} (RR)" for i in range(places)]
        lines += [f"1 {side} {i}" for i in range(1, 41) for side in ("Good", "Evil")][: 140 - len(lines)]
        return "# game: redemption\n# format: type1-unlimited\n" + "\n".join(lines) + "\n"

    plain, exact = folder / f"plain-{places}.txt", folder / f"exact-{places}.txt"
    plain.write_text(written(True), encoding="utf-8")
    exact.write_text(written(False), encoding="utf-8")
    return plain, exact


def _cpu(repeat: int, databases: Databases, *paths: Path) -> list[float]:
    """The least CPU time of each deck's check over `repeat` rounds, the decks alternated."""
    works = [lambda path=path: check_file(path, OPTIONS, databases) for path in paths]
    return [min(times) for times in rounds(repeat, *works)]


def measure(repeat: int = 5) -> Result:
    with tempfile.TemporaryDirectory(prefix="deckcheck-bench-") as work:
        folder = Path(work)
        databases = _database(folder)
        forum, forum_exact = _decks(folder, 24, 6)
        bound, bound_exact = _decks(folder, 0, 70)
        _cpu(1, databases, forum, forum_exact, bound, bound_exact)  # warm: the database's indexes, the caches
        figures = _cpu(repeat, databases, forum, forum_exact, bound, bound_exact)
    return Result(
        "plain_names.py",
        DESCRIPTION,
        (
            # no target was asked for: held where they stand, so that a change doing twice the work fails CI
            Figure("30 plain names", figures[0], figures[1], target=None, standing=12),
            Figure("70 titles of two cards", figures[2], figures[3], target=None, standing=80),
        ),
    )


def main() -> None:
    repeated_main(measure, __doc__, FULL["repeat"])


if __name__ == "__main__":
    main()
