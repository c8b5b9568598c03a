"""The installed `deckcheck` command's entry point.

`deckcheck --version` is answered here, before typer is imported: a version needs nothing else,
and typer with what it brings is most of any command's start-up. So is `deckcheck check` of deck
files named alone, with no option (a pre-commit hook's call, an editor's), which needs no parsing
(deckcheck/cli/checking.py). Everything else goes to the typer application (deckcheck/cli).
"""

from __future__ import annotations

import sys

from deckcheck.version import VERSION_FLAGS, version_line


def run() -> None:
    if len(sys.argv) == 2 and sys.argv[1] in VERSION_FLAGS:
        print(version_line())
        return
    from deckcheck.cli.checking import plain_check, run_plain_check

    if plain_check(sys.argv[1:]):
        run_plain_check(sys.argv[1:])
        return
    from deckcheck.cli import run as run_application

    run_application()
