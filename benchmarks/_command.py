"""What the benchmark scripts share: how they start deckcheck as a user would, and timing."""

import shutil
import sys
import time


def deckcheck_command() -> list[str]:
    """The installed command, or this Python's module when the venv's scripts are not on PATH."""
    found = shutil.which("deckcheck")
    return [found] if found else [sys.executable, "-m", "deckcheck"]


def best(repeat: int, work) -> float:
    """The fastest of `repeat` runs of `work()`, in seconds: the least disturbed by the machine."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)
