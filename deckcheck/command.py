"""The installed `deckcheck` command's entry point.

`deckcheck --version` is answered here, before typer is imported: a version needs nothing else,
and typer with what it brings (click, pydantic for the parameters) is most of any command's
start-up. Everything else goes to the typer application (deckcheck/cli).
"""

from __future__ import annotations

import sys

from deckcheck.version import VERSION_FLAGS, version_line


def run() -> None:
    if len(sys.argv) == 2 and sys.argv[1] in VERSION_FLAGS:
        print(version_line())
        return
    from deckcheck.cli import run as run_application

    run_application()
