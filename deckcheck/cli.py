"""The `deckcheck` command: parses options, calls the library, picks a renderer, sets the exit code.

Everything heavier than typer is imported inside the command that needs it, so that
`deckcheck --version` and `--help` start as fast as typer itself.
"""

from __future__ import annotations

import enum
import os
import sys
from pathlib import Path
from typing import List, NoReturn, Optional

import typer

from deckcheck import __version__

EXIT_LEGAL, EXIT_ILLEGAL, EXIT_CANNOT_RUN = 0, 1, 2

app = typer.Typer(
    name="deckcheck",
    help="Check trading card game decks against their rulebooks, write reports for people and CI, "
         "and goldfish-test them.\n\nGames: Redemption, REDLINE (more to come).",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


class OutputFormat(str, enum.Enum):
    text = "text"
    json = "json"


def _version(value: bool) -> None:
    if value:
        typer.echo(f"deckcheck {__version__}")
        raise typer.Exit()


@app.callback()
def main(
    version: bool = typer.Option(False, "--version", "-V", callback=_version, is_eager=True,
                                 help="Print the version and exit."),
) -> None:
    """deckcheck: deck checks, reports and goldfish playtests."""


def fail(message: str) -> NoReturn:
    """The command cannot run (exit 2), said in one line on stderr."""
    typer.echo(f"deckcheck: {message}", err=True)
    raise typer.Exit(EXIT_CANNOT_RUN)


@app.command(epilog="Examples:\n\n"
             "  deckcheck check examples/\n\n"
             "  deckcheck check my-deck.txt --game redline\n\n"
             "  deckcheck check decks/ --card-db cards/ --output-format json --output report.json\n\n"
             "Exit codes: 0 every deck legal, 1 a deck is illegal or unreadable, 2 the command could not run.")
def check(
    paths: List[Path] = typer.Argument(..., metavar="PATH...", help="Deck files, or folders searched for .yaml .yml .txt .deck .dek files."),
    game: Optional[str] = typer.Option(None, "--game", metavar="GAME", help="Game of decks that do not say (redemption, redline)."),
    format: Optional[str] = typer.Option(None, "--format", metavar="FORMAT", help="Format of decks that do not say."),
    card_db: List[Path] = typer.Option([], "--card-db", metavar="PATH", help="Card database file or folder replacing the bundled "
                                                               "database of the games it covers (repeatable)."),
    output_format: OutputFormat = typer.Option(OutputFormat.text, "--output-format", help="Report format."),
    output: Optional[Path] = typer.Option(None, "--output", metavar="FILE", help="Write the report to this file instead of stdout."),
    strict: bool = typer.Option(False, "--strict", help="Warnings fail too (exit 1)."),
    ignore: List[str] = typer.Option([], "--ignore", metavar="RULE_ID", help="A rule id whose findings are dropped (repeatable)."),
) -> None:
    """Check deck files against their game's construction rules."""
    from deckcheck.check import CheckOptions, check_paths
    from deckcheck.games import known_games
    from deckcheck.loading.card_db import Databases, DatabaseError, load_databases
    from deckcheck.report import json_report, text

    missing = [str(p) for p in paths if not p.exists()]
    if missing:
        fail(f"no such file or folder: {', '.join(missing)}")
    if game is not None and game.lower() not in known_games():
        fail(f"unknown game '{game}' for --game (games: {', '.join(known_games())})")
    try:
        databases = Databases(load_databases(card_db))
        options = CheckOptions(game=game.lower() if game else None, format=format, ignore=frozenset(ignore))
        reports = list(check_paths(paths, options, databases))
    except DatabaseError as exc:
        fail("broken card database:\n" + "\n".join(exc.problems))
    renderer = {OutputFormat.text: text, OutputFormat.json: json_report}[output_format]
    rendered = renderer.render(reports)
    if output is not None:
        try:
            output.write_text(rendered, encoding="utf-8")
        except OSError as exc:
            fail(f"cannot write {output}: {exc.strerror}")
    else:
        sys.stdout.write(rendered)
    failed = any(not r.legal or (strict and r.warnings) for r in reports)
    raise typer.Exit(EXIT_ILLEGAL if failed else EXIT_LEGAL)


def run() -> None:
    """Entry point: no traceback reaches a user unless DECKCHECK_DEBUG asks for it."""
    try:
        app(prog_name="deckcheck")
    except Exception as exc:  # a bug in deckcheck: say so in one line, exit 2
        if os.environ.get("DECKCHECK_DEBUG"):
            raise
        typer.echo(f"deckcheck: internal error: {type(exc).__name__}: {exc} "
                   "(please report it; set DECKCHECK_DEBUG=1 for the traceback)", err=True)
        sys.exit(EXIT_CANNOT_RUN)
