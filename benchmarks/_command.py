"""What the benchmark scripts share: how they start deckcheck as a user would, and timing.

Times are CPU time: this process's, and its children's once they end (a whole command's, with the
workers it forks and waits for). A machine's other work cannot inflate them, as it does wall time
on a shared core: a figure that holds here holds on a busy CI runner.
"""

import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path


def deckcheck_command() -> list[str]:
    """The installed command, or this Python's module when the venv's scripts are not on PATH."""
    found = shutil.which("deckcheck")
    return [found] if found else [sys.executable, "-m", "deckcheck"]


def best(repeat: int, work) -> float:
    """The fastest of `repeat` runs of `work()`, in seconds: the least disturbed by the machine."""
    return min(rounds(repeat, work)[0])


def cpu_seconds() -> float:
    """CPU seconds spent so far by this process and by its children that have ended."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def rounds(repeat: int, *works) -> list[list[float]]:
    """Each of `works` timed once a round, in turn, for `repeat` rounds: the CPU seconds of each
    work in each round. Figures compared are taken within a round, the two sides alternated, and
    their median or best over rounds."""
    times = [[] for _ in works]
    for _ in range(repeat):
        for spent, work in zip(times, works):
            start = cpu_seconds()
            work()
            spent.append(cpu_seconds() - start)
    return times


def command_times(command: list[str], runs: int = 1, env: dict | None = None, cwd: Path | None = None) -> list[float]:
    """The CPU time of each of `runs` whole runs of `command` (with every process it starts), in seconds."""
    times = []
    for _ in range(runs):
        start = cpu_seconds()
        subprocess.run(command, env=env, cwd=cwd, capture_output=True)
        times.append(cpu_seconds() - start)
    return times


def import_card_list(carddata: Path, out: Path, env: dict) -> None:
    """`deckcheck db import lackey CARDDATA -o OUT` as a user runs it, filling the cache `env` names
    with what a check reads (not timed: the benchmarks time the checks after it)."""
    command = [*deckcheck_command(), "db", "import", "lackey", str(carddata), "-o", str(out)]
    subprocess.run(command, env=env, check=True, capture_output=True)


def settled() -> None:
    """Wait until files just written (a card list imported for the benchmark) are old enough for
    deckcheck to know them by their stat (loading/kept_lists.py, SETTLED): a repository's card list
    was written long before the checks users wait on, which find it that way, not by its bytes."""
    from deckcheck.loading.kept_lists import SETTLED

    time.sleep(SETTLED + 0.1)


def median_time(command: list[str], runs: int = 1, env: dict | None = None) -> float:
    return statistics.median(command_times(command, runs, env))
