"""deckcheck db: import another tool's card list, lint card database files."""

from pathlib import Path

import typer

from deckcheck.cli.application import app
from deckcheck.cli.speak import EXIT_ILLEGAL, EXIT_LEGAL, fail, say
from deckcheck.escaping import terminal_path
from deckcheck.wording import plural

CHECKED_ON_IMPORT = 20_000  # cards of an import checked against the schema at once (the real list has 5,680)

db = typer.Typer(help="Card databases: import the LackeyCCG card list, lint database files.", no_args_is_help=True)

app.add_typer(db, name="db")

db_import = typer.Typer(help="Import a card list from another tool into deckcheck's YAML.", no_args_is_help=True)

db.add_typer(db_import, name="import")


@db_import.command(
    name="lackey",
    epilog="Example:\n\n"
    "  deckcheck db import lackey carddata.txt --formats formats.txt -o cards/redemption\n\n"
    "Then check decks with --card-db cards/redemption (or card_db: in .deckcheck.yaml).",
)
def import_lackey_command(
    carddata: Path = typer.Argument(..., metavar="CARDDATA.txt", help="The plugin's tab-separated card list."),
    formats: Path | None = typer.Option(
        None, "--formats", metavar="FORMATS.txt", help="The plugin's format definitions (sets per format)."
    ),
    out: Path = typer.Option(..., "-o", "--output-dir", metavar="DIR", help="Folder to write the database into."),
) -> None:
    """Import the LackeyCCG Redemption card list as a deckcheck card database."""
    from deckcheck.importers.lackey import CardListError, import_lackey
    from deckcheck.loading.card_db import read_file
    from deckcheck.loading.checked_yaml import FileProblems

    missing = [terminal_path(p) for p in (carddata, formats) if p is not None and not p.exists()]
    if missing:
        fail(f"no such file: {', '.join(missing)}")
    try:
        summary = import_lackey(carddata, formats, out)
        # what was written passes our own schema, a file at a time (and is then in the cache for
        # the next check); a list far larger than any real one is checked in part here, the rest
        # when it is first loaded
        checked = 0
        for path in summary.files:
            if checked >= CHECKED_ON_IMPORT:
                break
            checked += len(read_file(path)[1])
        _warmed(out)
    except CardListError as exc:
        fail(str(exc))
    except FileProblems as exc:
        fail("the imported database does not pass its schema (a deckcheck bug):\n" + "\n".join(exc.problems[:20]))
    say(summary.text())
    how = "checked" if checked >= summary.imported else f"the first {checked:,} checked"
    say(f"{plural(summary.imported, 'card')} in {terminal_path(out)}, {how} against schemas/card-db.schema.json")


def _warmed(folder: Path) -> None:
    """Check a line against the database written, as `check` would: every compiled form a check
    reads (the list kept whole, its name index) is then in the cache, and the first check on a
    fresh machine (a CI run, a new clone's hook) costs what every later one does."""
    from deckcheck.check import CheckOptions, check_file
    from deckcheck.loading.card_db import Databases, load_databases

    loaded = load_databases([folder])
    for game, database in loaded.items():
        if database.cards:
            check_file(Path("deck.txt"), CheckOptions(game=game), Databases(loaded), f"1 {database.cards[0].name}\n".encode())


@db.command(name="lint", epilog="Examples:\n\n  deckcheck db lint\n\n  deckcheck db lint cards/ --coverage")
def lint_command(
    paths: list[Path] = typer.Argument(None, metavar="[PATH...]", help="Database files or folders (default: the bundled data)."),
    coverage: bool = typer.Option(False, "--coverage", help="Also list, per type, the fields cards lack."),
) -> None:
    """Check card database files: the schema, then ids, names, numbers. Exit 1 on any problem."""
    from deckcheck.loading import resources
    from deckcheck.loading.lint import coverage_text, lint

    roots = paths or [resources.card_data_path("")]
    result = lint(roots)
    for problem in result.problems:
        say(problem)
    if coverage:
        say(coverage_text(result))
    say(
        f"{plural(result.files, 'file')}, {plural(result.cards, 'card')}: "
        + (plural(len(result.problems), "problem") if result.problems else "no problems")
    )
    raise typer.Exit(EXIT_ILLEGAL if result.problems else EXIT_LEGAL)
