"""The installed `deckcheck` command's entry point.

`deckcheck --version` is answered here, before typer is imported: a version needs nothing else,
and typer with what it brings is most of any command's start-up. So is `deckcheck check` of deck
files named alone (a pre-commit hook's call, an editor's) or with an `--output-format` (CI's),
which needs next to no parsing (deckcheck/cli/checking.py). Everything else goes to the typer application (deckcheck/cli).

A command runs with Python's cycle collector off, and once finished ends the process at once
(`ended`), its output flushed, rather than tearing the interpreter down. A command is a short run
that makes almost no reference cycles (a few hundred objects over a check of 1,000 decks), while
the collector's passes over the modules, a full card list and a run's reports were 15-25% of its
CPU, and freeing them object by object at exit more than checking a deck against the full list.
Every process pool has been shut down by then (each is used in a `with`), and deckcheck registers
no exit handler. `deckcheck serve`, which runs for hours, turns the collector back on.
"""

from __future__ import annotations

import gc
import os
import sys

from deckcheck.version import VERSION_FLAGS, version_line


def run() -> None:
    gc.disable()
    try:
        _command()
    except SystemExit as done:
        ended(done.code)
    ended(0)


def _command() -> None:
    if len(sys.argv) == 2 and sys.argv[1] in VERSION_FLAGS:
        print(version_line())
        return
    from deckcheck.cli.checking import plain_check, run_plain_check

    asked = plain_check(sys.argv[1:])
    if asked is not None:
        run_plain_check(asked)
        return
    from deckcheck.cli import run as run_application

    run_application()


def ended(code: object) -> None:
    """End the process with `code` as sys.exit would (None is 0, a number that code, any other
    value printed on stderr and 1), once what is written is flushed."""
    if code is None:
        status = 0
    elif isinstance(code, int):
        status = code
    else:
        print(code, file=sys.stderr)
        status = 1
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except BrokenPipeError:  # the reader has gone (`| head`): as the commands end on a closed pipe
        status = 1
    os._exit(status)
