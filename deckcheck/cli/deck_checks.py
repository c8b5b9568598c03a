"""deckcheck deck-checks: draw the decks judges check at an event, record each check, list the log."""

import enum
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from deckcheck.cli.application import app
from deckcheck.cli.speak import fail, say
from deckcheck.escaping import terminal_path

if TYPE_CHECKING:
    from deckcheck.serve.store import Store

deck_checks = typer.Typer(
    help="Deck checks at an event: draw players at random (seeded), record each check, list and export the log.",
    epilog="Examples:\n\n"
    "  deckcheck deck-checks draw registrations/ --count 3\n\n"
    "  deckcheck deck-checks record registrations/ Ann --judge Sam --result pass\n\n"
    "  deckcheck deck-checks list registrations/ --output-format csv",
    no_args_is_help=True,
)
app.add_typer(deck_checks, name="deck-checks")

RegistrationsArgument = typer.Argument(..., metavar="REGISTRATIONS", help="The folder deckcheck serve --registrations fills.")


class LogFormat(str, enum.Enum):
    text = "text"
    csv = "csv"
    json = "json"


def event_store_or_exit(path: Path) -> "Store":
    """The store of a registrations folder (an earlier version's files imported the first time),
    or exit 2 saying why there is none."""
    from deckcheck.serve.event_folder import event_store
    from deckcheck.serve.store import StoreProblem

    if not path.is_dir():
        fail(f"no such folder: {terminal_path(path)}")
    try:
        return event_store(path)
    except StoreProblem as exc:
        fail(str(exc))


@deck_checks.command(
    epilog="Examples:\n\n"
    "  deckcheck deck-checks draw registrations/ --count 3\n\n"
    "  deckcheck deck-checks draw registrations/ --share 0.1 --seed 2026\n\n"
    "The seed is printed and logged: the same seed and log draw the same players again. A player "
    "drawn before is not drawn again unless --again."
)
def draw(
    registrations: Path = RegistrationsArgument,
    count: int | None = typer.Option(None, "--count", min=1, metavar="N", help="How many decks to draw."),
    share: float | None = typer.Option(None, "--share", metavar="F", help="Or a share of the registered decks, 0-1 (0.1: one in ten)."),
    seed: int | None = typer.Option(None, "--seed", metavar="N", help="The random seed (default: a new one, printed)."),
    again: bool = typer.Option(False, "--again", help="Draw among every player, those drawn before too."),
) -> None:
    """Draw players whose decks the judges check."""
    from deckcheck.serve.deck_checks import NoSuchDraw
    from deckcheck.serve.deck_checks import draw as draw_players
    from deckcheck.serve.store import StoreProblem

    try:
        drawn = draw_players(event_store_or_exit(registrations), count, share, seed, again)
    except (NoSuchDraw, StoreProblem) as exc:
        fail(str(exc))
    say(f"drawn with seed {drawn.seed} ({drawn.asked} asked): " + ", ".join(drawn.players))


@deck_checks.command(
    epilog="Example:\n\n  deckcheck deck-checks record registrations/ \"Ann O'Neil\" --judge Sam --result pass --note 'sleeves fine'\n\n"
    "The check is of the player's current registration, whose fingerprint the log keeps beside it."
)
def record(
    registrations: Path = RegistrationsArgument,
    player: str = typer.Argument(..., metavar="PLAYER", help="The player, as registered (case aside)."),
    judge: str = typer.Option(..., "--judge", metavar="NAME", help="Who checked the deck."),
    result: str = typer.Option(..., "--result", metavar="pass|fail", help="What the check found."),
    note: str = typer.Option("", "--note", metavar="TEXT", help="What the judge noted."),
    round: str = typer.Option("", "--round", metavar="N", help="The round the check was in."),
    table: str = typer.Option("", "--table", metavar="N", help="The table the player sat at."),
    penalty: str = typer.Option("", "--penalty", metavar="TEXT", help="The penalty given, in the event's words."),
) -> None:
    """Record a deck check."""
    from deckcheck.serve.deck_checks import Checked, NoSuchDraw
    from deckcheck.serve.deck_checks import record as record_check
    from deckcheck.serve.store import StoreProblem

    try:
        entry = record_check(event_store_or_exit(registrations), player, Checked(judge, result, note, round, table, penalty))
    except (NoSuchDraw, StoreProblem) as exc:
        fail(str(exc))
    say(f"recorded: {entry.player}, {entry.result}, by {entry.judge} (registration {entry.deck_file}, fingerprint {entry.fingerprint})")
    if entry.registered_after_draw:
        say(f"note: {entry.player} registered again after being drawn: the list checked is the later one")


@deck_checks.command(name="list", epilog="Example:\n\n  deckcheck deck-checks list registrations/ --output-format csv > deck-checks.csv")
def list_log(
    registrations: Path = RegistrationsArgument,
    output_format: LogFormat = typer.Option(LogFormat.text, "--output-format", help="text, csv or json."),
) -> None:
    """List the deck-check log: each draw and each check, oldest first."""
    import json

    from deckcheck.escaping import for_json
    from deckcheck.serve.deck_checks import EXPORTED, as_csv, export_rows, read_log
    from deckcheck.serve.store import StoreProblem
    from deckcheck.tables import tabulated

    try:
        rows = export_rows(read_log(event_store_or_exit(registrations)))
    except StoreProblem as exc:
        fail(str(exc))
    if output_format is LogFormat.csv:
        typer.echo(as_csv(rows), nl=False)
    elif output_format is LogFormat.json:
        typer.echo(for_json(json.dumps({"deck_checks": rows}, ensure_ascii=False, indent=2)))
    elif not rows:
        say("no deck checks drawn or recorded yet")
    else:
        say(tabulated([[row[key] for key in EXPORTED] for row in rows], headers=EXPORTED, disable_numparse=True))
