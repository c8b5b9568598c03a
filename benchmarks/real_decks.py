"""A folder of ten thousand real decks: the 58 exports of the 2024 Redemption national
championship (../shared/data/redemption-nationals-2024), each written again under new names until
there are --decks files, checked by `deckcheck check FOLDER` against the real card list (imported
with `deckcheck db import`, the cache warm), with the text report and with the JSON report, whole
commands, CPU time (every process the command starts). The baseline, timed in this process in the
same rounds: reading every file and splitting each line into its count and name, a bare line parser.
Target (issue 51): at most 1.0 ms a deck.

    python benchmarks/real_decks.py [--decks 10000] [--runs 5]

Without ../shared beside the checkout there are no real decks: the benchmark says so and is left out.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from _command import cpu_seconds, deckcheck_command, import_card_list, settled
from _figures import Figure, Result

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared" / "data"
NATIONALS = SHARED / "redemption-nationals-2024" / "decks"
CARDDATA = SHARED / "redemption-lackey" / "carddata.txt"
DESCRIPTION = (
    "10,000 real deck files (`--decks`: the 58 exports of the 2024 national championship written again under new names) "
    "checked by one `deckcheck check FOLDER` against the imported LackeyCCG list, cache warm, text and JSON reports, "
    "whole commands, CPU time, medians of 5 (`--runs`), against reading the files and splitting each line into count and "
    "name in this process, the same rounds"
)
# five rounds: on the shared development machine one whole command of 10,000 decks moves by up to
# a fifth from run to run, and of three rounds one such run could be the median
FULL, SMALL = {"decks": 10_000, "runs": 5}, {"decks": 2_000, "runs": 1}
PER_DECK = 0.001  # seconds of CPU a deck: issue 51's target
# Where the figures stand against the bare line parser (25-38x at 2,000 and 10,000 decks on the 2-core
# development machine, where the target is met): what CI holds them to, a ratio rather than the
# target's seconds, which a slower runner would miss with the same code
STANDING = {"text": 33.0, "json": 33.0}


def make_folder(folder: Path, decks: int) -> None:
    exports = sorted(NATIONALS.glob("*.txt"))
    texts = [path.read_bytes() for path in exports]
    for number in range(decks):
        (folder / f"deck-{number:05}-{exports[number % len(exports)].name}").write_bytes(texts[number % len(texts)])


def bare_parse(folder: Path) -> int:
    """What the least a checker does costs: every file read, every line split into count and name."""
    lines = 0
    for path in folder.iterdir():
        for line in path.read_text(encoding="utf-8").splitlines():
            count, _, name = line.partition("\t")
            if name and count.isdigit():
                lines += 1
    return lines


def measure(decks: int = FULL["decks"], runs: int = FULL["runs"]) -> Result:
    if not (NATIONALS.is_dir() and CARDDATA.is_file()):
        print(f"no real decks and card list under {SHARED}: real_decks.py is left out", file=sys.stderr)
        return Result("real_decks.py", DESCRIPTION, ())
    with tempfile.TemporaryDirectory() as work:
        home = Path(work)
        folder = home / "decks"
        folder.mkdir()
        make_folder(folder, decks)
        env = {**os.environ, "DECKCHECK_CACHE_DIR": str(home / "cache"), "DECKCHECK_CARD_DB": str(home / "cards")}
        import_card_list(CARDDATA, home / "cards", env)
        commands = {kind: [*deckcheck_command(), "check", str(folder), "--output-format", kind] for kind in ("text", "json")}
        settled()
        subprocess.run(commands["text"], env=env, capture_output=True)  # the cache warm, as a repository's CI finds it
        times: dict[str, list[float]] = {"text": [], "json": [], "baseline": []}
        for _ in range(runs):
            for kind, command in commands.items():
                start = cpu_seconds()
                subprocess.run(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                times[kind].append(cpu_seconds() - start)
            start = cpu_seconds()
            bare_parse(folder)
            times["baseline"].append(cpu_seconds() - start)
    baseline = statistics.median(times["baseline"])
    return Result(
        "real_decks.py",
        DESCRIPTION,
        tuple(
            Figure(
                f"{decks:,} decks, {kind} report",
                statistics.median(times[kind]),
                baseline,
                target=None,
                budget=PER_DECK * decks,
                standing=STANDING[kind],
            )
            for kind in ("text", "json")
        ),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decks", type=int, default=FULL["decks"])
    parser.add_argument("--runs", type=int, default=FULL["runs"])
    args = parser.parse_args()
    result = measure(args.decks, args.runs)
    print(result.report())
    for figure in result.figures:
        print(f"  {figure.label}: {figure.seconds / args.decks * 1000:.2f} ms a deck")


if __name__ == "__main__":
    main()
