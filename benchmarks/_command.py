"""How the benchmarks start deckcheck as a user would."""

import shutil
import sys


def deckcheck_command() -> list[str]:
    """The installed command, or this Python's module when the venv's scripts are not on PATH."""
    found = shutil.which("deckcheck")
    return [found] if found else [sys.executable, "-m", "deckcheck"]
