"""Checking a folder of 1,000 deck files, against merely loading the same files with PyYAML's C
safe loader, in the same run. Target (issue 2): check <= 4x load.

    python benchmarks/check_folder.py [--decks 1000] [--repeat 3]

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
from pathlib import Path

import yaml
from deckcheck.check import CheckOptions, check_paths
from deckcheck.loading.card_db import Databases
from deckcheck.report import json_report

from _command import best, deckcheck_command

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decks", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="deckcheck-bench-"))
    try:
        paths = make_decks(folder, args.decks)
        check_all(folder)  # warm the bundled databases once, as a real run loads them once
        load = best(args.repeat, lambda: load_only(paths))
        check = best(args.repeat, lambda: check_all(folder))
        print(f"{args.decks} deck files, best of {args.repeat}")
        print(f"  in process: yaml.load (CSafeLoader) {load * 1000:8.1f} ms")
        print(f"  in process: deckcheck check         {check * 1000:8.1f} ms   ratio {check / load:.2f}x (target <= 4x)")
        loader = [
            sys.executable,
            "-c",
            "import sys, yaml, pathlib\n"
            "for p in sorted(pathlib.Path(sys.argv[1]).glob('*.yaml')):\n"
            "    yaml.load(p.read_text(encoding='utf-8'), Loader=yaml.CSafeLoader)",
            str(folder),
        ]
        command = [*deckcheck_command(), "check", str(folder), "--output-format", "json"]
        load_cmd = best(args.repeat, lambda: subprocess.run(loader, check=True, capture_output=True))
        check_cmd = best(args.repeat, lambda: subprocess.run(command, capture_output=True))
        print(f"  whole command: python + yaml.load   {load_cmd * 1000:8.1f} ms")
        print(f"  whole command: deckcheck check      {check_cmd * 1000:8.1f} ms   ratio {check_cmd / load_cmd:.2f}x")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
