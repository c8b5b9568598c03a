"""What the benchmark scripts share: how they start deckcheck as a user would, and timing."""

import shutil
import statistics
import subprocess
import sys
import time


def deckcheck_command() -> list[str]:
    """The installed command, or this Python's module when the venv's scripts are not on PATH."""
    found = shutil.which("deckcheck")
    return [found] if found else [sys.executable, "-m", "deckcheck"]


def best(repeat: int, work) -> float:
    """The fastest of `repeat` runs of `work()`, in seconds: the least disturbed by the machine."""
    return min(rounds(repeat, work)[0])


def rounds(repeat: int, *works) -> list[list[float]]:
    """Each of `works` timed once a round, in turn, for `repeat` rounds: the seconds of each work
    in each round. This machine's speed drifts over seconds and now and then runs fast or slow for
    a moment, so figures compared are best taken within a round, and their median over rounds."""
    times = [[] for _ in works]
    for _ in range(repeat):
        for spent, work in zip(times, works):
            start = time.perf_counter()
            work()
            spent.append(time.perf_counter() - start)
    return times


def command_times(command: list[str], runs: int = 1, env: dict | None = None) -> list[float]:
    """The wall time of each of `runs` whole runs of `command`, in seconds."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, env=env, capture_output=True)
        times.append(time.perf_counter() - start)
    return times


def median_time(command: list[str], runs: int = 1, env: dict | None = None) -> float:
    return statistics.median(command_times(command, runs, env))
