"""deckcheck registrations: an event's registrations as files, for the sheets, a spreadsheet or an archive."""

from pathlib import Path

import typer

from deckcheck.cli.application import app
from deckcheck.cli.deck_checks import RegistrationsArgument, event_store_or_exit
from deckcheck.cli.speak import fail, say
from deckcheck.escaping import terminal_path

registrations = typer.Typer(
    help="An event's registrations (kept by deckcheck serve --registrations) exported as files.",
    epilog="Example:\n\n  deckcheck registrations export registrations/ event-export/",
    no_args_is_help=True,
)
app.add_typer(registrations, name="registrations")


@registrations.command(
    epilog="Examples:\n\n"
    "  deckcheck registrations export registrations/ event-export/\n\n"
    "  deckcheck check event-export/ --current --output-format html --output sheets.html\n\n"
    "OUT receives each registered deck file with its record (NAME.registration.json), each "
    "withdrawal's record, the deck-check log (deck-checks/, one file an entry), the closing, and "
    "registrations.csv/.json and deck-checks.csv/.json for a spreadsheet. Files of those names are "
    "replaced; a store is imported from such a folder the first time deckcheck serve opens it."
)
def export(
    folder: Path = RegistrationsArgument,
    out: Path = typer.Argument(..., metavar="OUT", help="The folder to write (made where missing)."),
) -> None:
    """Write an event's registrations, withdrawals and deck-check log as files."""
    from deckcheck.serve.event_folder import export as export_event
    from deckcheck.serve.store import StoreProblem

    try:
        written = export_event(event_store_or_exit(folder), out)
    except StoreProblem as exc:
        fail(str(exc))
    except OSError as exc:
        fail(f"cannot write {terminal_path(out)}: {exc.strerror or exc}")
    say(f"exported {written} registration{'' if written == 1 else 's'} to {terminal_path(out)}")
