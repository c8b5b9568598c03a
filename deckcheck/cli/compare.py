"""`deckcheck compare`: the deck presented at the table against the list registered."""

import enum
from pathlib import Path

import typer

from deckcheck.choices import Choices
from deckcheck.cli.application import app
from deckcheck.cli.options import AsOfOption, CardDbOption, FormatOption, GameOption, OutputOption
from deckcheck.cli.output import write_report
from deckcheck.cli.setup import session_or_exit
from deckcheck.cli.speak import EXIT_ILLEGAL, EXIT_LEGAL, fail
from deckcheck.escaping import terminal_path


class CompareFormat(str, enum.Enum):
    text = "text"
    json = "json"
    markdown = "markdown"


@app.command(
    epilog="Examples:\n\n"
    "  deckcheck compare registrations/alice.txt table/alice.txt\n\n"
    "  pbpaste | deckcheck compare registrations/alice.txt -\n\n"
    "  deckcheck compare registered.dek presented.txt --output-format json\n\n"
    "Card by card, main deck and Reserve (or side deck): what is missing, extra, or moved from one to "
    "the other. Cards are compared as the format's rules count them, so another printing of a "
    "registered card is named as such and is not a difference. A presented deck that names no game is "
    "read as the registered deck's.\n\n"
    "Exit codes: 0 the same deck, 1 they differ, 2 a deck cannot be read (its file, line and column are named)."
)
def compare(
    registered: Path = typer.Argument(..., metavar="REGISTERED", help="The deck list as registered."),
    presented: Path = typer.Argument(..., metavar="PRESENTED", help="The deck presented at the table, or - for a pasted list."),
    game: str | None = GameOption,
    format: str | None = FormatOption,
    card_db: list[Path] = CardDbOption,
    as_of: str | None = AsOfOption,
    output_format: CompareFormat = typer.Option(CompareFormat.text, "--output-format", help="Report format: text, json or markdown."),
    output: Path | None = OutputOption,
) -> None:
    """Compare a deck presented at the table with the list registered."""
    from deckcheck.check.compare import CannotCompare, compare_decks
    from deckcheck.loading.decks import STDIN
    from deckcheck.report.comparison import render

    missing = [terminal_path(p) for p in (registered, presented) if p != STDIN and not p.exists()]
    if missing:
        fail(f"no such file: {', '.join(missing)}")
    if registered == STDIN:
        fail("the registered deck must be a file (the presented one may be -, standard input)")
    run = session_or_exit(Choices(game=game, format=format, card_db=tuple(card_db)), as_of)
    try:
        comparison = compare_decks(registered, presented, run.options_for, run.databases)
    except CannotCompare as exc:
        fail(str(exc))
    write_report(render(comparison, output_format.value), output, terminal=output_format is CompareFormat.text)
    raise typer.Exit(EXIT_ILLEGAL if comparison.differs else EXIT_LEGAL)
