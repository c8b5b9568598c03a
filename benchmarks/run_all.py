"""Every benchmark at once: the figures the manual's performance table holds (docs/performance.md), and CI's guard.

    python benchmarks/run_all.py                  # every benchmark at full size: print the table
    python benchmarks/run_all.py --write-docs   # ... and write it into docs/performance.md
    python benchmarks/run_all.py --guard          # a small version of each: exit 1 when a ratio is
                                                  # over what it holds by more than the noise allows
    python benchmarks/run_all.py --only check_folder --guard

The benchmarks on the Redemption card list use ../shared/data/redemption-lackey beside the checkout
at full size; the guard uses the repository's own excerpt of it (tests/data/lackey), so that it
runs on a clone with nothing beside it.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from dataclasses import replace
from pathlib import Path

from _figures import NOISE, Result, with_table

REPO = Path(__file__).resolve().parent.parent
PERFORMANCE = REPO / "docs" / "performance.md"
OWN_LIST = REPO / "tests" / "data" / "lackey"

# In the table's order; each module has measure(**size), FULL and SMALL.
BENCHMARKS = (
    "check_folder",
    "real_decks",
    "peers",
    "startup",
    "goldfish",
    "goldfish_games",
    "goldfish_sweep",
    "full_database",
    "all_formats",
    "plain_names",
    "pasted_list",
    "fmt_long_files",
    "serve_concurrent",
)


def sizes(name: str, module, small: bool) -> dict:
    chosen = dict(module.SMALL if small else module.FULL)
    if small and name in ("full_database", "peers"):
        chosen["carddata"] = OWN_LIST / "carddata.txt"
    if small and name == "all_formats":
        chosen.update(carddata=OWN_LIST / "carddata.txt", formats=OWN_LIST / "formats.txt")
    return chosen


# A guard measures a figure that is over again, up to this many times in all, and keeps its best:
# a change that doubles the work is over every time, a busy machine's disturbance seldom twice
# (three runs of the full suite on a 2-core machine put the folder figure over once each)
GUARD_ATTEMPTS = 3


def run(names: tuple[str, ...], small: bool) -> list[Result]:
    results = []
    for name in names:
        module = importlib.import_module(name)
        result = module.measure(**sizes(name, module, small))
        for _ in range(GUARD_ATTEMPTS - 1):
            if not small or not any(figure.over for figure in result.figures):
                break
            print(result.report(), flush=True)
            print(f"(over: {name} measured again)", flush=True)
            result = best_of(result, module.measure(**sizes(name, module, small)))
        print(result.report(), flush=True)
        results.append(result)
    return results


def best_of(first: Result, second: Result) -> Result:
    """Each figure from the run where its ratio was lower."""
    figures = tuple(min(a, b, key=lambda figure: figure.ratio) for a, b in zip(first.figures, second.figures, strict=True))
    return replace(first, figures=figures)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write-docs", action="store_true", help="write the table into docs/performance.md")
    parser.add_argument("--guard", action="store_true", help="small sizes; exit 1 when a ratio is far over what it holds")
    parser.add_argument("--only", action="append", choices=BENCHMARKS, help="this benchmark only (repeatable)")
    args = parser.parse_args()
    if args.write_docs and (args.guard or args.only):
        parser.error("--write-docs writes the whole table at full size: it takes neither --guard nor --only")
    results = run(tuple(args.only or BENCHMARKS), small=args.guard)
    if args.write_docs:
        PERFORMANCE.write_text(with_table(PERFORMANCE.read_text(encoding="utf-8"), results), encoding="utf-8")
        print(f"wrote the table of {PERFORMANCE}")
    over = [(result.script, figure) for result in results for figure in result.figures if figure.over]
    for script, figure in over:
        print(
            f"OVER: {script} {figure.label}: {figure.ratio:.2f}x, more than {NOISE:g} x the {figure.held_to:g}x it holds",
            file=sys.stderr,
        )
    return 1 if args.guard and over else 0


if __name__ == "__main__":
    sys.exit(main())
