"""deckcheck beside the tools users would otherwise run on a repository of decks, on the same
files: `deckcheck check FILES` against `yamllint FILES` (the baseline) and `check-jsonschema
--schemafile schemas/deck.schema.json FILES`, whole commands, CPU time, alternated, medians of
--runs. Target (issue 36): one deck <= 1.5x yamllint, the pre-commit and editor case users wait on.

    python benchmarks/peers.py [--decks 1 100 1000] [--runs 5]

A peer that is not installed (both are in the test extra) is left out and said so.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

from _command import command_times, deckcheck_command
from _figures import Figure, Result
from check_folder import make_decks

REPO = Path(__file__).resolve().parent.parent
SCHEMA = REPO / "schemas" / "deck.schema.json"
DESCRIPTION = (
    "`deckcheck check` of 1, 100 and 1,000 generated deck files (`--decks`) named on the command line, against "
    "`yamllint` of the same files, whole commands, CPU time, alternated, medians of 5 (`--runs`); beside them "
    "`check-jsonschema` with deckcheck's deck schema"
)
FULL, SMALL = {"decks": (1, 100, 1000), "runs": 5}, {"decks": (1,), "runs": 7}
TARGETS = {1: 1.5}  # decks: the ratio to yamllint an issue asks for, which CI holds one deck to


def peers() -> dict[str, list[str]]:
    found = {name: shutil.which(name) for name in ("yamllint", "check-jsonschema")}
    commands = {}
    if found["yamllint"]:
        commands["yamllint"] = [found["yamllint"]]
    if found["check-jsonschema"]:
        commands["check-jsonschema"] = [found["check-jsonschema"], "--schemafile", str(SCHEMA)]
    return commands


def measure(decks: tuple[int, ...] = FULL["decks"], runs: int = FULL["runs"]) -> Result:
    tools = peers()
    if "yamllint" not in tools:
        print("yamllint is not installed (pip install -e '.[test]'): no baseline to time deckcheck against", file=sys.stderr)
        return Result("peers.py", DESCRIPTION, ())
    figures = []
    with tempfile.TemporaryDirectory() as folder:
        files = [str(p) for p in make_decks(Path(folder), max(decks))]
        for count in decks:
            named = files[:count]
            commands = {"deckcheck": [*deckcheck_command(), "check", *named]} | {
                tool: [*command, *named] for tool, command in tools.items()
            }
            times: dict[str, list[float]] = {label: [] for label in commands}
            for _ in range(runs):
                for label, command in commands.items():
                    times[label] += command_times(command)
            baseline = statistics.median(times["yamllint"])
            for label in ("deckcheck", "check-jsonschema"):
                if label in times:
                    figures.append(
                        Figure(
                            f"{label}, {count:,} deck{'s' if count != 1 else ''}",
                            statistics.median(times[label]),
                            baseline,
                            target=TARGETS.get(count) if label == "deckcheck" else None,
                        )
                    )
    return Result("peers.py", DESCRIPTION, tuple(figures))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decks", type=int, nargs="+", default=list(FULL["decks"]))
    parser.add_argument("--runs", type=int, default=FULL["runs"])
    args = parser.parse_args()
    print(measure(tuple(args.decks), args.runs).report())


if __name__ == "__main__":
    main()
