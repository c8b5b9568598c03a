"""Checking a folder of 1,000 deck files, against merely loading the same files with PyYAML's C
safe loader, in the same run. Targets: in process and in one process (--jobs 1) <= 3.5x (issue
36; issue 2 had asked 4x); whole commands <= 2x (issue 22).

    python benchmarks/check_folder.py [--decks 1000] [--repeat 5]

Both sides are timed in this process (best of --repeat runs) and, for the whole command, as
subprocesses: `deckcheck check FOLDER --output-format json` against a Python process that imports
yaml and loads every file.
"""

from __future__ import annotations

import argparse
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml
from deckcheck.check import CheckOptions, check_paths
from deckcheck.loading.card_db import Databases
from deckcheck.report import json_report

from _command import best, deckcheck_command, rounds
from _figures import Figure, Result

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def make_decks(folder: Path, count: int, seed: int = 1) -> list[Path]:
    """Copies of the YAML examples with variations: counts moved between cards, lines shuffled,
    now and then a typo (an unknown card) or a card too many."""
    rng = random.Random(seed)
    sources = [yaml.load(p.read_text(), Loader=yaml.CSafeLoader) for p in sorted(EXAMPLES.glob("*.yaml"))]
    paths = []
    for i in range(count):
        deck = dict(rng.choice(sources))
        main = list(deck["main"].items())
        rng.shuffle(main)
        if rng.random() < 0.1:
            name, n = main[0]
            main[0] = (name + "x", n)
        if rng.random() < 0.1:
            name, n = main[-1]
            main[-1] = (name, n + 1)
        deck["main"] = dict(main)
        deck["name"] = f"variation {i}"
        path = folder / f"deck-{i:04d}.yaml"
        path.write_text(yaml.safe_dump(deck, sort_keys=False, allow_unicode=True), encoding="utf-8")
        paths.append(path)
    return paths


def load_only(paths: list[Path]) -> None:
    for path in paths:
        yaml.load(path.read_text(encoding="utf-8"), Loader=yaml.CSafeLoader)


def check_all(folder: Path) -> None:
    reports = list(check_paths([folder], lambda path: CheckOptions(), DATABASES))
    json_report.render(reports)


DATABASES = Databases()


DESCRIPTION = (
    "1,000 generated deck files (`--decks`), checked with `--output-format json`, against "
    "`yaml.load(..., Loader=yaml.CSafeLoader)` of the same files: in this process, and as whole commands (which "
    "check a folder this large in one process per core, beside it in one); best of 5 rounds (`--repeat`), the sides alternated"
)
FULL, SMALL = {"decks": 1000, "repeat": 5}, {"decks": 300, "repeat": 3}


def measure(decks: int = 1000, repeat: int = 3) -> Result:
    folder = Path(tempfile.mkdtemp(prefix="deckcheck-bench-"))
    try:
        paths = make_decks(folder, decks)
        check_all(folder)  # warm the bundled databases once, as a real run loads them once
        load, check = (min(times) for times in rounds(repeat, lambda: load_only(paths), lambda: check_all(folder)))
        loader = [
            sys.executable,
            "-c",
            "import sys, yaml, pathlib\n"
            "for p in sorted(pathlib.Path(sys.argv[1]).glob('*.yaml')):\n"
            "    yaml.load(p.read_text(encoding='utf-8'), Loader=yaml.CSafeLoader)",
            str(folder),
        ]
        command = [*deckcheck_command(), "check", str(folder), "--output-format", "json"]
        load_cmd, check_cmd, one_process = (
            min(times)
            for times in rounds(
                repeat,
                lambda: subprocess.run(loader, check=True, capture_output=True),
                lambda: subprocess.run(command, capture_output=True),
                lambda: subprocess.run([*command, "--jobs", "1"], capture_output=True),
            )
        )
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return Result(
        "check_folder.py",
        DESCRIPTION,
        (
            # issue 36 asks 3.5x of both in-process and one-process figures (issue 2 had asked 4x);
            # held where it stands (1.4x at the guard's size since plain decks are read by lines,
            # 1.95-2.6x before): at 3.5x a check twice as slow would pass under the noise
            # allowance; at 2.0x one did once the check was cheaper (2.88x and 2.99x, under 3.0x)
            Figure("in process", check, load, target=3.5, standing=1.7),
            # issue 22 asked for 2x in wall time; in CPU time the workers a folder this large is
            # checked in (one per core) add their start-up to the one process's work: 4.4-7.8x here
            Figure("whole commands", check_cmd, load_cmd, target=2, standing=5.5),
            Figure("whole commands in one process (--jobs 1)", one_process, load_cmd, target=3.5),
        ),
    )


# The steps of a deck's check, as (what the step is, module, function): each function is timed
# wherever it is called from, so a step's time includes the steps it calls (composing is part of reading).
STEPS = (
    ("reading a deck file (of which parsing its YAML below)", "deckcheck.check.reading", "read_deck"),
    ("  reading a plain deck's lines", "deckcheck.loading.yaml_lines", "document"),
    ("  parsing a plain deck's YAML the lines do not read", "deckcheck.loading.safe_yaml", "plain_document"),
    ("  composing the YAML of one that is not plain", "deckcheck.loading.safe_yaml", "compose"),
    ("resolving its names", "deckcheck.check.reading", "_resolve"),
    ("the rules", "deckcheck.check.run", "judge"),
    ("its report", "deckcheck.check.run", "report_of"),
)


def phases(decks: int) -> None:
    """Where a check's time goes, in milliseconds per deck, and the fixed costs of a whole command."""
    import importlib

    spent: dict[str, float] = {}
    for label, module_name, attribute in STEPS:
        owner = importlib.import_module(module_name)
        *path, name = attribute.split(".")
        for part in path:
            owner = getattr(owner, part)
        setattr(owner, name, _timed_as(label, getattr(owner, name), spent))
    folder = Path(tempfile.mkdtemp(prefix="deckcheck-bench-"))
    try:
        make_decks(folder, decks)
        check_all(folder)  # warm, as in measure()
        spent.clear()
        spent.update({label: 0.0 for label, _, _ in STEPS})  # printed in the order of STEPS
        start = time.perf_counter()
        reports = list(check_paths([folder], lambda path: CheckOptions(), DATABASES))
        total = time.perf_counter() - start
        start = time.perf_counter()
        json_report.render(reports)
        spent["the JSON of every report"] = time.perf_counter() - start
        one = folder / "one"
        one.mkdir()
        shutil.copy(folder / "deck-0000.yaml", one)
        one_deck = [*deckcheck_command(), "check", str(one), "--output-format", "json"]
        whole_one = best(5, lambda: subprocess.run(one_deck, capture_output=True))
        imports = best(5, lambda: subprocess.run([sys.executable, "-c", "import deckcheck.cli, deckcheck.check"], check=True))
        bare = best(5, lambda: subprocess.run([sys.executable, "-c", "pass"], check=True))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    # the steps above the indented ones add up to the check; the rest is finding files, options, ...
    counted = sum(seconds for label, seconds in spent.items() if not label.startswith(" ")) - spent["the JSON of every report"]
    spent["everything else of check_paths"] = total - counted
    print(f"milliseconds per deck, {decks} decks checked in process (databases loaded)")
    for label, seconds in spent.items():
        print(f"  {label:58} {seconds * 1000 / decks:6.3f}")
    print("fixed costs of a whole command, milliseconds")
    fixed = {"python -c pass": bare, "python -c 'import deckcheck.cli, deckcheck.check'": imports}
    fixed["deckcheck check on a folder of one deck"] = whole_one
    for label, seconds in fixed.items():
        print(f"  {label:58} {seconds * 1000:6.0f}")


def _timed_as(label: str, work, spent: dict[str, float]):
    def timed(*args, **options):
        start = time.perf_counter()
        try:
            return work(*args, **options)
        finally:
            spent[label] = spent.get(label, 0.0) + time.perf_counter() - start

    return timed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decks", type=int, default=FULL["decks"])
    parser.add_argument("--repeat", type=int, default=FULL["repeat"])
    parser.add_argument("--phases", action="store_true", help="where the time goes, step by step, instead of the ratios")
    args = parser.parse_args()
    if args.phases:
        phases(args.decks)
        return
    print(f"{args.decks} deck files, best of {args.repeat}")
    print(measure(args.decks, args.repeat).report())


if __name__ == "__main__":
    main()
