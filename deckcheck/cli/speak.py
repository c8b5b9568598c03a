"""How a command speaks and ends, without typer: say on stdout, warn and fail on stderr, the exit
codes, and no traceback reaching a user. `deckcheck check` of deck files alone runs on these with
typer never imported (deckcheck/command.py); every other command reaches them through cli/application.py."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import NoReturn, TextIO

EXIT_LEGAL, EXIT_ILLEGAL, EXIT_CANNOT_RUN = 0, 1, 2


def say(text: str) -> None:
    """A line (or lines) for the person at the terminal: names in it are shown, not obeyed."""
    from deckcheck.escaping import terminal_lines

    _line(terminal_lines(text), sys.stdout)


def warn(text: str) -> None:
    """A diagnostic on stderr, escaped like everything a terminal or CI log receives."""
    from deckcheck.escaping import terminal_lines

    _line(terminal_lines(f"deckcheck: {text}"), sys.stderr)


def fail(message: str) -> NoReturn:
    """The command cannot run (exit 2), said on stderr."""
    warn(message)
    raise SystemExit(EXIT_CANNOT_RUN)


def _line(text: str, stream: TextIO) -> None:
    print(text, file=stream, flush=True)


def internal_error(exc: Exception) -> NoReturn:
    """A bug in deckcheck: said in one line, exit 2 (the traceback when DECKCHECK_DEBUG asks for
    it). Data found unusable where a game loads it (a format file naming a rule that is not) is
    no bug of the code: each problem is said at its file, line and column, exit 2."""
    from deckcheck.loading.checked_yaml import FileProblems

    if isinstance(exc, FileProblems):
        for problem in exc.problems:
            warn(problem)
        sys.exit(EXIT_CANNOT_RUN)
    if os.environ.get("DECKCHECK_DEBUG"):
        raise exc
    warn(f"internal error: {type(exc).__name__}: {exc} (please report it; set DECKCHECK_DEBUG=1 for the traceback)")
    sys.exit(EXIT_CANNOT_RUN)


def guarded(command: Callable[[], object]) -> None:
    """`command` run as the installed command runs one outside typer: a reader who closes the pipe
    (`| head`) ends it with exit 1 and Ctrl-C with "Aborted!", as click does for typer's commands."""
    try:
        command()
    except BrokenPipeError:
        os._exit(EXIT_ILLEGAL)  # at once: flushing what is left at exit would fail on the closed pipe again
    except KeyboardInterrupt:
        print("\nAborted!", file=sys.stderr)
        sys.exit(EXIT_ILLEGAL)
    except Exception as exc:  # noqa: BLE001 - a bug: one line, never a traceback
        internal_error(exc)
