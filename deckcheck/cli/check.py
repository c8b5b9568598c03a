"""The commands that judge decks: check, side (a side-deck swap), team (a Teams pair), and fmt
(which rewrites them in canonical form)."""

import os
from pathlib import Path

import typer

from deckcheck.choices import Choices
from deckcheck.cli.application import app
from deckcheck.cli.checking import CheckAsked, asked_choices, check_files
from deckcheck.cli.options import (
    AsOfOption,
    CardDbOption,
    ColorChoice,
    ColorOption,
    EventOption,
    ExplainOption,
    FormatOption,
    GameOption,
    IgnoreOption,
    JobsOption,
    OutputFormat,
    OutputFormatOption,
    OutputOption,
    StrictOption,
)
from deckcheck.cli.output import finish, value_of
from deckcheck.cli.setup import session_or_exit
from deckcheck.cli.speak import EXIT_ILLEGAL, EXIT_LEGAL, fail, say, warn
from deckcheck.escaping import terminal_path


@app.command(
    epilog="Examples:\n\n"
    "  deckcheck check examples/\n\n"
    "  deckcheck check my-deck.txt --game redline --explain\n\n"
    "  pbpaste | deckcheck check - --game redemption\n\n"
    "  deckcheck check registrations/ --event events/regional.yaml --output-format json --output report.json\n\n"
    "  deckcheck check registrations/ --current --output-format html --output sheets.html\n\n"
    "  deckcheck check decks/ --compare-as-of 2026-08-12   # what the rules of today change\n\n"
    "  deckcheck check decks/ --exclude 'drafts/**' --exclude '*.notes.txt'\n\n"
    "A .deckcheck.yaml in this folder or a parent sets defaults (game, card_db, events, ignore, exclude, "
    "output_format, overrides); options given here win.\n\n"
    "Exit codes: 0 every deck legal, 1 a deck is illegal or unreadable, 2 the command could not run."
)
def check(
    paths: list[Path] = typer.Argument(
        ..., metavar="PATH...", help="Deck files, folders searched for .yaml .yml .txt .deck .dek files, or - for standard input."
    ),
    game: str | None = GameOption,
    format: str | None = FormatOption,
    card_db: list[Path] = CardDbOption,
    event: list[Path] = EventOption,
    output_format: OutputFormat | None = OutputFormatOption,
    output: Path | None = OutputOption,
    strict: bool = StrictOption,
    explain: bool = ExplainOption,
    ignore: list[str] = IgnoreOption,
    jobs: int | None = JobsOption,
    as_of: str | None = AsOfOption,
    color: ColorChoice = ColorOption,
    exclude: list[str] = typer.Option(
        [],
        "--exclude",
        metavar="GLOB",
        help="Leave out files of the folders checked that match (a name, or a path below the folder; * crosses folders; "
        "repeatable, adds to the config's exclude).",
    ),
    all_formats: bool = typer.Option(
        False,
        "--all-formats",
        help="Also judge each deck under every format of its game, those it is legal in first "
        "(each in the rules version in force on the date).",
    ),
    compare_as_of: str | None = typer.Option(
        None,
        "--compare-as-of",
        metavar="YYYY-MM-DD",
        help="Also check each deck by the rules in force on this date, and report the findings that appear "
        "or disappear between then and the date checked (what a rules change does to the decks).",
    ),
    current: bool = typer.Option(
        False,
        "--current",
        help="Of a folder of registrations (deckcheck serve --registrations), only each player's current "
        "registration, with the player's name in every report (the organiser's printable sheets).",
    ),
) -> None:
    """Check deck files against their game's construction rules."""
    asked = CheckAsked(
        paths=tuple(paths),
        game=game,
        format=format,
        card_db=tuple(card_db),
        event=tuple(event),
        output_format=value_of(output_format),
        output=output,
        strict=strict,
        explain=explain,
        ignore=tuple(ignore),
        jobs=jobs,
        as_of=as_of,
        color=color,
        exclude=tuple(exclude),
        all_formats=all_formats,
        compare_as_of=compare_as_of,
        current=current,
    )
    check_files(asked)


@app.command(
    epilog="Example:\n\n"
    "  deckcheck side decks/registered.yaml decks/game2.yaml\n\n"
    "The sided deck may only use cards of the registered main + side deck, every card's total over "
    "main and side stays the same, and the main deck keeps its registered size "
    "(rule demon-rush.side-swap). A deck of a game without side-decking between games is exit 2, "
    "naming the games that have it. Exit codes as for check."
)
def side(
    registered: Path = typer.Argument(..., metavar="REGISTERED", help="The deck as registered (main + side)."),
    sided: Path = typer.Argument(..., metavar="SIDED", help="The same deck after side-decking, for game 2 or 3."),
    game: str | None = GameOption,
    format: str | None = FormatOption,
    card_db: list[Path] = CardDbOption,
    event: list[Path] = EventOption,
    output_format: OutputFormat | None = OutputFormatOption,
    output: Path | None = OutputOption,
    strict: bool = StrictOption,
    explain: bool = ExplainOption,
    ignore: list[str] = IgnoreOption,
    jobs: int = typer.Option(1, "--jobs", "-j", min=1, metavar="N", help="Taken as check takes it; two decks need one process."),
    as_of: str | None = AsOfOption,
    color: ColorChoice = ColorOption,
) -> None:
    """Check a side-deck swap between games of a match (Demon Rush: the one game with side-decking)."""
    from deckcheck.check import NoSideSwap, check_swap

    missing = [terminal_path(p) for p in (registered, sided) if not p.exists()]
    if missing:
        fail(f"no such file: {', '.join(missing)}")
    asked = asked_choices(game, format, card_db, event, ignore, value_of(output_format), strict)
    run = session_or_exit(asked, as_of)
    try:
        report = check_swap(registered, sided, run.options_for, run.databases)
    except NoSideSwap as exc:
        fail(str(exc))
    finish([report], run, explain, output, color)


@app.command(
    epilog="Examples:\n\n"
    "  deckcheck team alice.dek bob.dek\n\n"
    "  deckcheck team alice.dek bob.dek --as-of 2026-07-01 --output-format markdown\n\n"
    "Each deck is checked as Type 1 Teams (type1-teams, or the --format given) in the rules version in "
    "force on the date, then the two together (rule redemption.team-unique): no Dominant in both decks, no "
    "Lost Soul with a special ability in both, at most one card of each exclusive pair between them. "
    "Exit codes as for check."
)
def team(
    deck_a: Path = typer.Argument(..., metavar="DECK_A", help="One player's deck."),
    deck_b: Path = typer.Argument(..., metavar="DECK_B", help="The teammate's deck."),
    format: str | None = typer.Option(
        None, "--format", metavar="FORMAT", help="The format both decks are checked as (default: type1-teams)."
    ),
    card_db: list[Path] = CardDbOption,
    event: list[Path] = EventOption,
    output_format: OutputFormat | None = OutputFormatOption,
    output: Path | None = OutputOption,
    strict: bool = StrictOption,
    explain: bool = ExplainOption,
    ignore: list[str] = IgnoreOption,
    as_of: str | None = AsOfOption,
    color: ColorChoice = ColorOption,
) -> None:
    """Check a Redemption Teams pair: each deck, then the two together."""
    from deckcheck.check import NoTeams, check_team, teams_games

    missing = [terminal_path(p) for p in (deck_a, deck_b) if not p.exists()]
    if missing:
        fail(f"no such file: {', '.join(missing)}")
    having = teams_games()  # a deck that does not say is of the game that has teams, when one does
    game = having[0].name if len(having) == 1 else None
    asked = asked_choices(game, format, card_db, event, ignore, value_of(output_format), strict)
    run = session_or_exit(asked, as_of)
    try:
        reports = check_team((deck_a, deck_b), run.options_for, run.databases)
    except NoTeams as exc:
        fail(str(exc))
    finish(reports, run, explain, output, color)


def _given_folder(path: Path, given: list[Path]) -> Path:
    """The folder named on the command line that `path` was found in (a named file's own folder)."""
    for folder in given:
        if folder.is_dir() and path.is_relative_to(folder):
            return folder
    return path.parent


@app.command(
    epilog="Examples:\n\n"
    "  deckcheck fmt examples/\n\n"
    "  deckcheck fmt --check decks/        # for CI: exit 1 when a file would change\n\n"
    "Canonical form: metadata first, zones in one order, cards grouped by type and sorted by name, "
    "names as the file wrote them (a name errata replaced as errata spells it), counts first in text "
    "decks, comments kept beside their cards. A pasted deck with a title, prose or headers of its own "
    "keeps its layout: only its card lines are rewritten, in place. A text file none of whose lines is "
    "a card is not a deck and is left alone, as is a link to a file outside the folder given. A deck "
    "that does not parse is left untouched and reported (exit 1)."
)
def fmt(
    paths: list[Path] = typer.Argument(..., metavar="PATH...", help="Deck files, or folders of them."),
    check_only: bool = typer.Option(False, "--check", help="Change nothing; exit 1 when a file would change."),
    game: str | None = GameOption,
    card_db: list[Path] = CardDbOption,
) -> None:
    """Rewrite deck files in canonical form (atomically)."""
    from deckcheck.canonical import RewriteOutcome, rewrite_file
    from deckcheck.loading.decks import find_decks

    missing = [terminal_path(p) for p in paths if not p.exists()]
    if missing:
        fail(f"no such file or folder: {', '.join(missing)}")
    run = session_or_exit(Choices(game=game, card_db=tuple(card_db)))
    outcomes = []
    for path in find_decks(paths):
        try:
            outcome = rewrite_file(path, run.options_for(path).game, run.databases, check_only, _given_folder(path, paths))
        except Exception as exc:  # a deckcheck bug on one file: say so, and go on with the others
            if os.environ.get("DECKCHECK_DEBUG"):
                raise
            outcome = RewriteOutcome(path, "untouched", f"internal error: {type(exc).__name__}: {exc} (please report it)")
        outcomes.append(outcome)
        if outcome.status == "untouched":
            warn(f"{terminal_path(outcome.path)}: left untouched: {outcome.reason}")
        elif outcome.status == "skipped":
            say(f"skipped {terminal_path(outcome.path)}: {outcome.reason}")
        elif outcome.status != "unchanged":
            say(f"{outcome.status} {terminal_path(outcome.path)}")
    counts = {
        status: sum(o.status == status for o in outcomes)
        for status in ("reformatted", "would reformat", "unchanged", "skipped", "untouched")
    }
    say(", ".join(f"{n} file{'s' if n != 1 else ''} {status}" for status, n in counts.items() if n) or "no deck files found")
    failed = counts["untouched"] or counts["would reformat"]
    raise typer.Exit(EXIT_ILLEGAL if failed else EXIT_LEGAL)
