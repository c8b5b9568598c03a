"""`deckcheck --version` against `python -c "import typer"`, as subprocesses in the same run.
Target (issue 2): <= 2x. Heavier modules (jsonschema, numpy, the rules) load only in commands.

    python benchmarks/startup.py [--runs 20]
"""

from __future__ import annotations

import argparse
import statistics
import sys

from _command import command_times, deckcheck_command


def timed(command: list[str], runs: int) -> tuple[float, float]:
    times = command_times(command, runs)
    return min(times), statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    baseline = timed([sys.executable, "-c", "import typer"], args.runs)
    version = timed([*deckcheck_command(), "--version"], args.runs)
    print(f"{args.runs} runs each (best / median)")
    print(f"  python -c 'import typer'  {baseline[0] * 1000:6.1f} / {baseline[1] * 1000:6.1f} ms")
    print(
        f"  deckcheck --version       {version[0] * 1000:6.1f} / {version[1] * 1000:6.1f} ms"
        f"   ratio {version[1] / baseline[1]:.2f}x of the median (target <= 2x)"
    )


if __name__ == "__main__":
    main()
