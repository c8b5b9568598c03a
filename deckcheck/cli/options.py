"""The options several commands share, and the choices they take."""

import enum

import typer

from deckcheck import output_formats
from deckcheck.cli.application import GAMES
from deckcheck.cli.output import ColorChoice

# the report formats, as deckcheck.output_formats lists them (a new renderer is a new choice here)
OutputFormat = enum.Enum("OutputFormat", {name: name for name in output_formats.CHOICES}, type=str)  # type: ignore[misc]


class ListingOutputFormat(str, enum.Enum):
    text = "text"
    json = "json"


# Options `check` and `side` share.
GameOption = typer.Option(None, "--game", metavar="GAME", help=f"Game of decks that do not say ({GAMES}).")

FormatOption = typer.Option(
    None,
    "--format",
    metavar="FORMAT",
    help="The format every deck of its game is checked as, its own format: header included (an event's format wins; "
    "default: the deck's own, else the game's; Redemption: type1).",
)

CardDbOption = typer.Option(
    [], "--card-db", metavar="PATH", help="Card database file or folder replacing the bundled database of the games it covers (repeatable)."
)

EventOption = typer.Option([], "--event", metavar="FILE", help="Event / ban-list file to apply (repeatable).")

OutputFormatOption = typer.Option(
    None,
    "--output-format",
    metavar="FORMAT",
    help=f"Report format: {', '.join(output_formats.RENDERERS)} (html: printable deck-check sheets), or "
    "auto (the default: github inside GitHub Actions, else text).",
)

JobsOption = typer.Option(
    None,
    "--jobs",
    "-j",
    min=1,
    metavar="N",
    help="Check decks in N processes (the same output). Default: on Linux, a folder of 200 decks or more "
    "in one process per free core (at most 8; cores less the load average); fewer decks in this one.",
)

OutputOption = typer.Option(None, "--output", metavar="FILE", help="Write the report to this file instead of stdout.")

StrictOption = typer.Option(False, "--strict", help="Warnings fail too (exit 1).")

ExplainOption = typer.Option(False, "--explain", help="Print each finding with its rule's text and rulebook source.")

IgnoreOption = typer.Option(
    [], "--ignore", metavar="RULE_ID", help="A rule id whose findings are dropped (repeatable; adds to the config's list)."
)

ColorOption = typer.Option(
    ColorChoice.auto, "--color", help="Colour by severity: auto (on a terminal, unless NO_COLOR is set), always or never."
)

AsOfOption = typer.Option(
    None,
    "--as-of",
    metavar="YYYY-MM-DD",
    help="Check by the rules in force on this date (default: an event's effective date, the config's as_of, else today).",
)
