"""`deckcheck --version` and `deckcheck check --help` against `python -c "import typer"`, as
subprocesses in the same run. Targets: --version <= 1.1x (issue 22), check --help <= 1.5x (issue 36). `--version` is answered before typer
is imported; heavier modules (jsonschema, numpy, the rules) load only in the commands that need them.

    python benchmarks/startup.py [--runs 20]
"""

from __future__ import annotations

import argparse
import statistics
import sys

from _command import command_times, deckcheck_command
from _figures import Figure, Result

DESCRIPTION = (
    '`deckcheck --version` and `deckcheck check --help` against `python -c "import typer"`, medians of 20 runs (`--runs`); '
    "beside them, the `--help` of a typer app of one option, which is typer's own share"
)
# typer's floor for any command's help, written as deckcheck's is (click's plain text, not rich's panels)
TYPER_APP_HELP = (
    "import typer\napp = typer.Typer(rich_markup_mode=None)\n@app.command()\n"
    "def one(name: str = typer.Option('x', help='A name.')):\n    pass\napp(['--help'])"
)
FULL, SMALL = {"runs": 20}, {"runs": 10}


def measure(runs: int = 20) -> Result:
    baseline = [sys.executable, "-c", "import typer"]
    commands = {
        "import typer": baseline,
        "deckcheck --version": [*deckcheck_command(), "--version"],
        "deckcheck check --help": [*deckcheck_command(), "check", "--help"],
        "a one-option typer app's --help": [sys.executable, "-c", TYPER_APP_HELP],
    }
    times: dict[str, list[float]] = {label: [] for label in commands}
    for _ in range(runs):  # alternated, so that a slow moment of the machine falls on all of them
        for label, command in commands.items():
            times[label] += command_times(command)
    typer = statistics.median(times["import typer"])
    return Result(
        "startup.py",
        DESCRIPTION,
        (
            # answered before typer is imported (about 0.3x): held there, so that an import creeping
            # back into the version's path (typer's alone is 1x) fails the guard
            Figure("deckcheck --version", statistics.median(times["deckcheck --version"]), typer, target=1.1, standing=0.5),
            Figure("deckcheck check --help", statistics.median(times["deckcheck check --help"]), typer, target=1.5),
            Figure("a one-option typer app's --help", statistics.median(times["a one-option typer app's --help"]), typer, target=None),
        ),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=FULL["runs"])
    args = parser.parse_args()
    print(f"{args.runs} runs each, medians")
    print(measure(args.runs).report())


if __name__ == "__main__":
    main()
