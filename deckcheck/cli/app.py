"""The `deckcheck` application: the command group, its --version, the exit codes, and how a
command speaks (say on stdout, warn and fail on stderr). The commands register themselves on `app`
from their own modules (deckcheck/cli/__init__.py imports them in the order --help lists them).

Everything heavier than typer is imported inside the command that needs it, so that `--help`
costs little more than typer's own start-up (`--version` is answered before typer is imported:
deckcheck/command.py).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import NoReturn

import typer

from deckcheck.registry import known_games
from deckcheck.version import VERSION_FLAGS, version_line

EXIT_LEGAL, EXIT_ILLEGAL, EXIT_CANNOT_RUN = 0, 1, 2
GAMES = ", ".join(known_games())


def _flags_take_no_value() -> None:
    """typer's rich help labels a flag `<bool>`, as if it took a value, and an argument with a
    metavar `<list[Path]>` beside it: show no type for either."""
    from typer.core import TyperArgument, TyperOption

    for kind, hidden in ((TyperOption, lambda param: param.is_flag), (TyperArgument, lambda param: param.metavar is not None)):
        shown = getattr(kind, "display_type_rich", None)
        if shown is None or getattr(shown, "patched", False):
            continue

        def display_type_rich(
            self: object, ctx: object, shown: Callable[..., str | None] = shown, hidden: Callable[[object], bool] = hidden
        ) -> str | None:
            return None if hidden(self) else shown(self, ctx)

        display_type_rich.patched = True  # type: ignore[attr-defined]
        kind.display_type_rich = display_type_rich  # type: ignore[method-assign]


_flags_take_no_value()

app = typer.Typer(
    name="deckcheck",
    help="Check trading card game decks against their rulebooks, write reports for people and CI, and "
    f"goldfish-test them.\n\nGames: {GAMES}.",
    epilog='Examples:\n\n  deckcheck check examples/\n\n  deckcheck goldfish examples/redline-cpm.yaml --track "EF-9 Rabbit"\n\n'
    "  deckcheck rules redline\n\nEach command has --help with its own examples.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        typer.echo(version_line())
        raise typer.Exit()


@app.callback()
def main(
    version: bool = typer.Option(False, *VERSION_FLAGS, callback=_version, is_eager=True, help="Print the version and exit."),
) -> None:
    """deckcheck: deck checks, reports and goldfish playtests."""


def say(text: str) -> None:
    """A line (or lines) for the person at the terminal: names in it are shown, not obeyed."""
    from deckcheck.escaping import terminal_lines

    typer.echo(terminal_lines(text))


def warn(text: str) -> None:
    """A diagnostic on stderr, escaped like everything a terminal or CI log receives."""
    from deckcheck.escaping import terminal_lines

    typer.echo(terminal_lines(f"deckcheck: {text}"), err=True)


def fail(message: str) -> NoReturn:
    """The command cannot run (exit 2), said on stderr."""
    warn(message)
    raise typer.Exit(EXIT_CANNOT_RUN)


def run() -> None:
    """Entry point: no traceback reaches a user unless DECKCHECK_DEBUG asks for it."""
    try:
        app(prog_name="deckcheck")
    except Exception as exc:  # a bug in deckcheck: say so in one line, exit 2
        if os.environ.get("DECKCHECK_DEBUG"):
            raise
        warn(f"internal error: {type(exc).__name__}: {exc} (please report it; set DECKCHECK_DEBUG=1 for the traceback)")
        sys.exit(EXIT_CANNOT_RUN)
