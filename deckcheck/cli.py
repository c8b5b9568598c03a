"""The `deckcheck` command: parses options, calls the library, picks a renderer, sets the exit code.

Everything heavier than typer is imported inside the command that needs it, so that
`deckcheck --version` and `--help` start as fast as typer itself.
"""

from __future__ import annotations

import enum
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import typer

from deckcheck import __version__
from deckcheck.escaping import display_path, terminal_path
from deckcheck.registry import known_games
from deckcheck.wording import plural

if TYPE_CHECKING:
    from deckcheck.session import Session

EXIT_LEGAL, EXIT_ILLEGAL, EXIT_CANNOT_RUN = 0, 1, 2
CHECKED_ON_IMPORT = 20_000  # cards of an import checked against the schema at once (the real list has 5,680)
GAMES = ", ".join(known_games())


def _flags_take_no_value() -> None:
    """typer's rich help labels a flag `<bool>`, as if it took a value, and an argument with a
    metavar `<list[Path]>` beside it: show no type for either."""
    from typer.core import TyperArgument, TyperOption

    for kind, hidden in ((TyperOption, lambda param: param.is_flag), (TyperArgument, lambda param: param.metavar is not None)):
        shown = getattr(kind, "display_type_rich", None)
        if shown is None or getattr(shown, "patched", False):
            continue

        def display_type_rich(self, ctx, shown=shown, hidden=hidden):
            return None if hidden(self) else shown(self, ctx)

        display_type_rich.patched = True
        kind.display_type_rich = display_type_rich


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


class OutputFormat(str, enum.Enum):
    auto = "auto"
    text = "text"
    json = "json"
    markdown = "markdown"
    junit = "junit"
    github = "github"
    sarif = "sarif"
    concise = "concise"
    html = "html"


class ColorChoice(str, enum.Enum):
    auto = "auto"
    always = "always"
    never = "never"


class ListingOutputFormat(str, enum.Enum):
    text = "text"
    json = "json"


def _version(value: bool) -> None:
    if value:
        typer.echo(f"deckcheck {__version__}")
        raise typer.Exit()


@app.callback()
def main(
    version: bool = typer.Option(False, "--version", "-V", callback=_version, is_eager=True, help="Print the version and exit."),
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


# Options `check` and `side` share.
GameOption = typer.Option(None, "--game", metavar="GAME", help=f"Game of decks that do not say ({GAMES}).")
FormatOption = typer.Option(
    None, "--format", metavar="FORMAT", help="Format of decks that do not say (default: the game's; Redemption: type1)."
)
CardDbOption = typer.Option(
    [], "--card-db", metavar="PATH", help="Card database file or folder replacing the bundled database of the games it covers (repeatable)."
)
EventOption = typer.Option([], "--event", metavar="FILE", help="Event / ban-list file to apply (repeatable).")
OutputFormatOption = typer.Option(
    None,
    "--output-format",
    metavar="FORMAT",
    help="Report format: text, json, markdown, junit, github, sarif, concise, html (printable deck-check sheets), or "
    "auto (the default: github inside GitHub Actions, else text).",
)
JobsOption = typer.Option(1, "--jobs", "-j", min=1, metavar="N", help="Check decks in N processes (same output).")
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


@app.command(
    epilog="Examples:\n\n"
    "  deckcheck check examples/\n\n"
    "  deckcheck check my-deck.txt --game redline --explain\n\n"
    "  pbpaste | deckcheck check - --game redemption\n\n"
    "  deckcheck check registrations/ --event events/regional.yaml --output-format json --output report.json\n\n"
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
    jobs: int = JobsOption,
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
) -> None:
    """Check deck files against their game's construction rules."""
    from deckcheck.check import check_paths
    from deckcheck.loading.decks import STDIN, collect_decks

    missing = [terminal_path(p) for p in paths if p != STDIN and not p.exists()]
    if missing:
        fail(f"no such file or folder: {', '.join(missing)}")
    run = _prepare(game, format, card_db, event, ignore, as_of, all_formats, _value(output_format), strict)
    found = collect_decks(paths, run.excluded_by(exclude))
    for path, why in found.skipped:
        warn(f"skipped {terminal_path(path)}: {why}")
    reports = list(check_paths(found.files, run.options_for, run.databases, jobs, run.choices.card_db))
    _finish(reports, run, explain, output, color)


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
    run = _prepare(game, format, card_db, event, ignore, as_of, output_format=_value(output_format), strict=strict)
    try:
        report = check_swap(registered, sided, run.options_for, run.databases)
    except NoSideSwap as exc:
        fail(str(exc))
    _finish([report], run, explain, output, color)


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
    from deckcheck.check import check_team

    missing = [terminal_path(p) for p in (deck_a, deck_b) if not p.exists()]
    if missing:
        fail(f"no such file: {', '.join(missing)}")
    run = _prepare("redemption", format, card_db, event, ignore, as_of, output_format=_value(output_format), strict=strict)
    reports = check_team((deck_a, deck_b), run.options_for, run.databases)
    _finish(reports, run, explain, output, color)


@app.command(
    epilog="Examples:\n\n"
    "  deckcheck fmt examples/\n\n"
    "  deckcheck fmt --check decks/        # for CI: exit 1 when a file would change\n\n"
    "Canonical form: metadata first, zones in one order, cards grouped by type and sorted by name, "
    "names as the card database spells them, counts first in text decks, comments kept beside their "
    "cards. A deck that does not parse is left untouched and reported (exit 1)."
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
    run = _prepare(game, None, card_db, [], [])
    outcomes = []
    for path in find_decks(paths):
        try:
            outcome = rewrite_file(path, run.options_for(path).game, run.databases, check_only)
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


class GoldfishOutputFormat(str, enum.Enum):
    text = "text"
    json = "json"
    csv = "csv"


def _goldfish_help(ctx: typer.Context, value: bool) -> None:
    """--help, then what each game's model leaves out (read from the models themselves)."""
    if not value:
        return
    import importlib

    from deckcheck.games import all_games

    ctx.get_help()
    typer.echo("\nEach game's turn as its model plays it, and what the model simplifies:")
    for game in all_games():
        model = importlib.import_module(game.goldfish).MODEL
        typer.echo(f"\n  {game.name} (race: {model.goal}; mulligan: {', '.join(model.mulligans)})")
        for number, step in enumerate(model.turn_order, start=1):
            typer.echo(f"    {number}. {step}")
        for line in model.simplifications:
            typer.echo(f"    - {line}")
    raise typer.Exit()


@app.command(
    context_settings={"help_option_names": []},
    epilog="Examples:\n\n"
    "  deckcheck goldfish examples/redline-cpm.yaml\n\n"
    '  deckcheck goldfish examples/redline-cpm.yaml --track "EF-9 Rabbit" --track type:efreet+type:resource\n\n'
    "  deckcheck goldfish examples/redemption-deck-i.yaml --vs examples/redemption-deck-j.yaml --seed 7\n\n"
    "By turn T means after the draws of turn T (turn 1 is the player's first). Each tracked query shows "
    "the simulated chance with its 95% (Wilson) interval beside the exact hypergeometric value where the "
    "number of cards seen is fixed (not under a mulligan that looks at the hand). Same seed, deck and "
    "version: the same report, with any --jobs.",
)
def goldfish(
    deck: Path = typer.Argument(..., metavar="DECK", help="The deck to play alone."),
    games: int = typer.Option(10_000, "--games", "-n", min=1, max=10_000_000, help="Games to play."),
    turns: int = typer.Option(10, "--turns", "-t", min=1, max=60, help="Turns per game."),
    seed: int = typer.Option(1, "--seed", min=0, help="Seed of the random generator."),
    on_play: bool = typer.Option(True, "--on-play/--on-draw", help="Go first (Redemption: skip the turn-1 draw)."),
    mulligan: str | None = typer.Option(
        None, "--mulligan", metavar="POLICY", help="The game's mulligan policy (default: the rulebook's), or none."
    ),
    game_of_match: int | None = typer.Option(
        None,
        "--game-of-match",
        min=1,
        max=3,
        metavar="N",
        help="Demon Rush: play game N of a best-of-three match, whose one mulligan is per match (default 1).",
    ),
    sweep: str | None = typer.Option(
        None,
        "--sweep",
        metavar="CARD=A..B",
        help="Play the deck with each count of a card (or type:T) from A to B on the same shuffles: 'EF-9 Rabbit=0..4'.",
    ),
    fill: str | None = typer.Option(
        None,
        "--fill",
        metavar="CARDS",
        help="With --sweep: the cards whose copies keep the deck's size: CARD, 'A, B, C' (the most copies first, then in "
        "that order) or type:T (default: the deck's most common type).",
    ),
    keep: str | None = typer.Option(
        None,
        "--keep",
        metavar="RULE",
        help="Keep an opening hand that meets RULE (the --track language: '2-4x type:resource + type:efreet'); the game's "
        "mulligan throws the others back.",
    ),
    track: list[str] = typer.Option(
        [],
        "--track",
        metavar="QUERY",
        help="A card name or id, type:X, brigade:X, faction:X, color:X; A|B (either), 2x Q (at least two), A+B+C (all by "
        "the same turn), curve:Q (one to play each turn) (repeatable).",
    ),
    no_race: bool = typer.Option(False, "--no-race", help="Tracked queries only (fastest)."),
    vs: Path | None = typer.Option(
        None, "--vs", metavar="OTHER_DECK", help="Play another deck on the same shuffles and report the differences."
    ),
    opponent: Path | None = typer.Option(
        None,
        "--opponent",
        metavar="DECK",
        help="Redemption: the deck the goldfish plays, whose Lost Souls a rescue needs (default: a copy of the deck).",
    ),
    jobs: int = typer.Option(1, "--jobs", "-j", min=1, metavar="N", help="Play in N processes (the same report)."),
    output_format: GoldfishOutputFormat = typer.Option(GoldfishOutputFormat.text, "--output-format", help="Report format."),
    output: Path | None = OutputOption,
    plot: Path | None = typer.Option(None, "--plot", metavar="FILE.png", help="Also draw the figures (matplotlib)."),
    plot_turn: int | None = typer.Option(
        None, "--plot-turn", min=1, metavar="N", help="With --sweep --plot: the turn plotted (default: where the counts differ most)."
    ),
    game: str | None = GameOption,
    card_db: list[Path] = CardDbOption,
    event: list[Path] = EventOption,
    help_: bool = typer.Option(
        False,
        "--help",
        "-h",
        is_eager=True,
        expose_value=False,
        callback=_goldfish_help,
        help="Show this message, and what each game's model simplifies, and exit.",
    ),
) -> None:
    """Goldfish playtest: play a deck alone many times; how often it draws what it needs, how fast it wins."""
    import json

    from deckcheck.goldfish import GoldfishError, in_game_of_match, mulligan_policy, play, play_sweep, prepare
    from deckcheck.report import goldfish_csv, goldfish_text
    from deckcheck.sim.engine import SimOptions

    missing = [terminal_path(p) for p in (deck, vs, opponent) if p is not None and not p.exists()]
    if missing:
        fail(f"no such file: {', '.join(missing)}")
    run = _prepare(game, None, card_db, event, [])
    try:
        prepared = prepare(deck, run.options_for(deck), run.databases)
        other = prepare(vs, run.options_for(vs), run.databases) if vs else None
        goldfish_deck = prepare(opponent, run.options_for(opponent), run.databases) if opponent else None
        if game_of_match is not None:
            for each in (prepared, other):
                if each is not None:
                    in_game_of_match(each, game_of_match)
        if keep is not None and mulligan is not None:
            raise GoldfishError("--keep is a mulligan policy of its own: give it or --mulligan, not both", 2)
        options = SimOptions(
            games=games, turns=turns, seed=seed, on_play=on_play, race=not no_race, jobs=jobs, mulligan=mulligan_policy(prepared, mulligan)
        )
        if sweep is not None:
            if vs is not None or keep is not None or opponent is not None:
                raise GoldfishError("--sweep plays one deck at several counts: not with --vs, --keep or --opponent", 2)
            data = play_sweep(prepared, track, options, sweep, fill)
        elif fill is not None:
            raise GoldfishError("--fill goes with --sweep", 2)
        else:
            data = play(prepared, track, options, other, keep, goldfish_deck)
    except GoldfishError as exc:
        warn(str(exc))
        raise typer.Exit(exc.exit_code) from None
    rendered = {
        GoldfishOutputFormat.text: goldfish_text.render,
        GoldfishOutputFormat.csv: goldfish_csv.render,
        GoldfishOutputFormat.json: lambda d: json.dumps(d, indent=2) + "\n",
    }[output_format](data)
    _write(rendered, output, terminal=output_format is GoldfishOutputFormat.text)
    if plot_turn is not None and ("sweep" not in data or plot_turn > data["turns"]):
        fail(f"--plot-turn goes with --sweep and --plot, and names one of the {data['turns']} turns played")
    if plot is not None:
        from deckcheck.report.goldfish_plot import PlotUnavailable, write_png

        try:
            write_png(data, plot, plot_turn)
        except PlotUnavailable as exc:
            fail(str(exc))


def _value(choice: enum.Enum | None) -> str | None:
    return choice.value if choice is not None else None


def _write(rendered: str, output: Path | None, terminal: bool = False) -> None:
    """The report to stdout or `output`; `terminal`: a report for people, whose every line is
    escaped as a terminal's (the machine formats escape for their own syntax)."""
    if terminal:
        from deckcheck.escaping import terminal_lines

        rendered = terminal_lines(rendered)
    if output is None:
        sys.stdout.write(rendered)
        return
    try:
        output.write_text(rendered, encoding="utf-8")
    except OSError as exc:
        fail(f"cannot write {display_path(output)}: {exc.strerror}")


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
    except CardListError as exc:
        fail(str(exc))
    except FileProblems as exc:
        fail("the imported database does not pass its schema (a deckcheck bug):\n" + "\n".join(exc.problems[:20]))
    say(summary.text())
    how = "checked" if checked >= summary.imported else f"the first {checked:,} checked"
    say(f"{plural(summary.imported, 'card')} in {terminal_path(out)}, {how} against schemas/card-db.schema.json")


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


@app.command(
    epilog="Examples:\n\n  deckcheck cards rabbit --game redline\n\n"
    "  deckcheck cards --game redemption --type hero --brigade purple\n\n"
    "  deckcheck cards --game demon-rush --faction holy --output-format json\n\n"
    "  deckcheck cards 'Son of God' --game redemption --same-card   # the printings counted as one card, and why"
)
def cards(
    query: str | None = typer.Argument(None, metavar="[QUERY]", help="A name, or part of one (fuzzy)."),
    game: str | None = typer.Option(None, "--game", metavar="GAME", help=f"The game to search ({GAMES}); all of them when absent."),
    type_: str | None = typer.Option(None, "--type", metavar="TYPE", help="Only cards of this type."),
    brigade: str | None = typer.Option(None, "--brigade", help="Only cards of this brigade (Redemption)."),
    faction: str | None = typer.Option(None, "--faction", help="Only cards of this faction."),
    color: str | None = typer.Option(None, "--color", help="Only cards of this colour (Promised Land)."),
    card_set: str | None = typer.Option(None, "--set", metavar="SET", help="Only cards of this set."),
    card_db: list[Path] = CardDbOption,
    limit: int = typer.Option(50, "--limit", min=1, help="Show at most this many cards."),
    same_card: bool = typer.Option(
        False, "--same-card", help="List every printing the rules count as the same card as QUERY (a card's name), and why."
    ),
    format: str | None = typer.Option(
        None, "--format", metavar="FORMAT", help="With --same-card: the format whose rules decide (default: the game's)."
    ),
    as_of: str | None = typer.Option(
        None, "--as-of", metavar="YYYY-MM-DD", help="With --same-card: the rules version in force on this date (default: today)."
    ),
    output_format: ListingOutputFormat = typer.Option(ListingOutputFormat.text, "--output-format", help="Listing format."),
) -> None:
    """Search a game's card database by name and facts."""
    import json

    from tabulate import tabulate

    from deckcheck.escaping import for_terminal
    from deckcheck.search import search

    if same_card:
        _same_card(query, game, format, card_db, _date(as_of), output_format)
    if format is not None or as_of is not None:
        fail("--format and --as-of go with --same-card")
    run = _prepare(game, None, card_db, [], [])
    games = [_game_named(game).name] if game else list(known_games())
    filters = {"type": type_, "brigade": brigade, "faction": faction, "color": color, "set": card_set}
    _check_filters(filters, [run.databases.for_game(each) for each in games])
    found = []
    for each in games:
        found += [(each, card) for card in search(run.databases.for_game(each), query or "", **filters)]
    shown = found[:limit]
    if output_format is ListingOutputFormat.json:
        data = [{"game": g, "id": c.id, "name": c.name, "type": list(c.types), **dict(c.facts)} for g, c in shown]
        sys.stdout.write(json.dumps({"cards": data, "found": len(found)}, indent=2, ensure_ascii=False) + "\n")
    else:
        rows = [(g, for_terminal(c.id), for_terminal(c.name), "/".join(c.types), for_terminal(_facts(c, g))) for g, c in shown]
        sys.stdout.write(
            tabulate(rows, headers=("game", "id", "name", "type", "facts"), tablefmt="simple", maxcolwidths=[None, 30, 36, 24, 50]) + "\n"
        )
        more = f" (first {limit} shown)" if len(found) > limit else ""
        sys.stdout.write(f"{plural(len(found), 'card')}{more}\n")
    raise typer.Exit(EXIT_LEGAL if found else EXIT_ILLEGAL)


def _same_card(query, game, format, card_db, as_of, output_format) -> NoReturn:
    """cards NAME --same-card: the printings of the card NAME finds, in each game it names one."""
    import shlex

    from deckcheck.games import all_games, format_named
    from deckcheck.registry import UnknownName
    from deckcheck.report.same_cards import render_json, render_text
    from deckcheck.same_cards import same_cards

    if not query:
        fail("--same-card needs a card's name: deckcheck cards NAME --same-card")
    run = _prepare(game, format, card_db, [], [])
    listings = []
    for each in [_game_named(game)] if game else all_games():
        database = run.databases.for_game(each.name)
        found = each.names(database, as_of).resolve(query, suggest=bool(game))
        if not found.printings:
            if game:
                hint = f"; did you mean {', '.join(repr(s) for s in found.suggestions)}?" if found.suggestions else ""
                fail(f"no {each.name} card is called '{query}'{hint}")
            continue
        try:
            name = format_named(each, format, database.formats) if format else each.default_format
        except UnknownName as exc:
            if game:
                fail(f"--format: {exc}")
            continue  # --format names another game's format
        chosen = each.format(name, database.formats, as_of)
        listings.append((each, chosen, same_cards(each, chosen, database, found.printings)))
    if not listings:
        fail(f"no card of any game is called '{query}' (deckcheck cards {shlex.quote(query)} searches by part of a name)")
    sys.stdout.write(render_json(listings) if output_format is ListingOutputFormat.json else render_text(listings))
    raise typer.Exit(EXIT_LEGAL)


def _check_filters(filters: dict, databases: list) -> None:
    """A filter's value is one some card has (exit 2 with the values there are, otherwise)."""
    from deckcheck.registry import close_to
    from deckcheck.search import FILTERS, fact_key, known_values, values_of

    for key, value in filters.items():
        if value is None:
            continue
        fact = FILTERS[key]
        if any(fact_key(value) in values_of(card, fact) for database in databases for card in database.cards):
            continue
        there = sorted({v for database in databases for v in known_values(database, fact)}, key=fact_key)
        option = "--set" if key == "set" else f"--{key}"
        listed = ", ".join(there[:60]) + (f", ... ({len(there)} in all)" if len(there) > 60 else "")
        fail(f"{option}: no card has {key} '{value}'{close_to(value, there)} ({key} values: {listed or 'none'})")


# a card's bookkeeping, not facts a player looks a card up for (the name, id and type have columns)
_NOT_SHOWN = frozenset({"name", "id", "type", "title", "image", "art", "notes", "tags", "rarity", "rotation", "legality"})


def _facts(card, game: str) -> str:
    """The card's facts in the order its game's card schema declares its fields."""
    from deckcheck.registry import card_fields_schema

    order = [field for field in card_fields_schema(game).get("properties", {}) if field not in _NOT_SHOWN]
    return ", ".join(
        f"{k}={'/'.join(map(str, v)) if isinstance(v, list) else v}" for k in order if (v := card.facts.get(k)) not in (None, [], False, "")
    )


@app.command(
    name="rules",
    epilog="Examples:\n\n  deckcheck rules\n\n  deckcheck rules demon-rush\n\n  deckcheck rules --output-format json\n\n"
    "  deckcheck rules redemption --card-db cards/redemption   # with the formats an imported card list defines",
)
def rules_command(
    game: str | None = typer.Argument(None, metavar="[GAME]", help=f"Only this game ({GAMES})."),
    card_db: list[Path] = CardDbOption,
    output_format: ListingOutputFormat = typer.Option(ListingOutputFormat.text, "--output-format", help="Listing format."),
) -> None:
    """List the games, their formats and every rule id with its summary and rulebook source."""
    from deckcheck.games import all_games
    from deckcheck.report import rules_listing

    games = (_game_named(game, "GAME"),) if game else all_games()
    run = _prepare(None, None, card_db, [], [])
    defined = {each.name: run.databases.for_game(each.name).formats for each in games}
    render = rules_listing.render_json if output_format is ListingOutputFormat.json else rules_listing.render_text
    sys.stdout.write(render(games, defined))


@app.command(
    epilog="Examples:\n\n"
    "  deckcheck serve   # an open checker: players pick game, format and date\n\n"
    "  deckcheck serve --registrations registrations/ --event events/regional.yaml   # an event's desk\n\n"
    "  deckcheck serve --registrations reg/ --game redemption --format type1 --as-of 2026-12-05 --host 0.0.0.0\n\n"
    'Needs the serve extra: pip install "deckcheck\\[serve]". The page works without JavaScript. With --event (or '
    "--game/--format/--as-of) every deck is checked and registered as the organiser says. With --registrations the "
    "organiser's pages (/organiser, its printable report, /organiser/registrations.csv and .json) need a token: "
    "--token, or one made and printed on start. POST /api/check answers the JSON report."
)
def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on (127.0.0.1: this computer only)."),
    port: int = typer.Option(8000, "--port", min=1, max=65535, help="Port to listen on."),
    registrations: Path | None = typer.Option(
        None, "--registrations", metavar="DIR", help="Folder where registered decks are saved (needs --event or --format)."
    ),
    token: str | None = typer.Option(
        None, "--token", metavar="TOKEN", help="The organiser's token (default: one is made and printed on start)."
    ),
    workers: int = typer.Option(
        1, "--workers", min=1, max=64, metavar="N", help="Serve from N processes, each with its card databases loaded once."
    ),
    game: str | None = typer.Option(None, "--game", metavar="GAME", help=f"Every deck is checked as this game ({GAMES})."),
    format: str | None = typer.Option(None, "--format", metavar="FORMAT", help="Every deck is checked in this format."),
    as_of: str | None = typer.Option(None, "--as-of", metavar="YYYY-MM-DD", help="Every deck is checked by the rules of this date."),
    card_db: list[Path] = CardDbOption,
    event: list[Path] = typer.Option([], "--event", metavar="FILE", help="The event every deck is checked and registered for."),
) -> None:
    """A local web page where players check and register decks."""
    try:
        import uvicorn

        from deckcheck.serve.app import SETTINGS, create_app, site_settings
        from deckcheck.serve.registrations import remove_leftovers
        from deckcheck.serve.site import site_from
        from deckcheck.serve.slow_clients import DeadlineH11Protocol
    except ImportError:
        fail('deckcheck serve needs its extra: pip install "deckcheck[serve]"')
    from deckcheck.session import SessionProblem

    if token is not None and not token.strip():
        fail("--token: an empty token would open the organiser's pages to anyone")
    if registrations is not None and not (event or format):
        fail("--registrations: say what decks are registered as, with --event FILE or --format FORMAT")
    if registrations is not None:
        try:
            registrations.mkdir(parents=True, exist_ok=True)
            remove_leftovers(registrations)
        except OSError as exc:
            fail(f"cannot use {terminal_path(registrations)} for registrations: {exc.strerror}")
        token = token or _made_token(host, port)
    choices = dict(
        game=game,
        format=format,
        as_of=as_of,
        card_db=[str(p) for p in card_db],
        events=[str(p) for p in event],
        registrations=str(registrations) if registrations else None,
        token=token,
        folder=str(Path.cwd()),
    )
    try:
        site = site_from(choices)
    except SessionProblem as exc:
        fail(str(exc))
    _listening(host, port)
    # a head that does not arrive whole in time is answered 408 (slow_clients), an idle connection closed
    served = dict(host=host, port=port, log_level="warning", timeout_keep_alive=5, http=DeadlineH11Protocol)
    try:
        if workers == 1:
            uvicorn.run(create_app(site), **served)
        else:  # each worker process opens the same session from the same choices
            os.environ[SETTINGS] = site_settings(**choices)
            uvicorn.run("deckcheck.serve.app:app_from_environment", factory=True, workers=workers, **served)
    except SystemExit as exc:  # uvicorn exits 1 when it cannot listen (the port in use): said in one line
        if exc.code not in (0, None):
            fail(f"cannot listen on {host}:{port} (is another server using that port?)")
        raise


def _made_token(host: str, port: int) -> str:
    from deckcheck.serve.guard import new_token

    made = new_token()
    # printed once, for the organiser (the convention of Jupyter's server), and never again
    say(f"organiser's pages: http://{host}:{port}/organiser?token={made} (a token made for this run; --token chooses one)")
    return made


def _listening(host: str, port: int) -> None:
    import ipaddress

    try:
        loopback = ipaddress.ip_address(host).is_loopback
    except ValueError:
        loopback = host == "localhost"
    if not loopback:
        warn(f"listening on {host}: anyone on that network can reach this page (the organiser's pages need the token)")
    say(f"deckcheck serve: http://{host}:{port}/ (Ctrl+C stops it)")


def _game_named(name: str, option: str = "--game"):
    """The game `name` names, or exit 2 with the one message for an unknown game."""
    from deckcheck.games import game_named
    from deckcheck.registry import UnknownName

    try:
        return game_named(name)
    except UnknownName as exc:
        fail(f"{option}: {exc}")


def _date(text: str | None, option: str = "--as-of"):
    from deckcheck.session import SessionProblem, parse_date

    try:
        return parse_date(text, option)
    except SessionProblem as exc:
        fail(str(exc))


def _prepare(game, format, card_db, event, ignore, as_of=None, all_formats=False, output_format=None, strict=False):
    """The session a command works in (exit 2 saying why when it cannot open)."""
    from deckcheck.session import SessionProblem, open_session

    try:
        return open_session(game, format, card_db, event, ignore, as_of, all_formats, output_format, strict)
    except SessionProblem as exc:
        fail(str(exc))


def _terminal(color: ColorChoice, output: Path | None):
    """Colour and width for a report for people: colour on a terminal unless NO_COLOR is set
    (--color always or never decides instead); the terminal's width, or fixed widths in a file or pipe."""
    import shutil

    from deckcheck.report import Terminal

    on_terminal = output is None and sys.stdout.isatty()
    colour = color is ColorChoice.always or (color is ColorChoice.auto and on_terminal and not os.environ.get("NO_COLOR"))
    return Terminal(colour=colour, width=shutil.get_terminal_size().columns if on_terminal else None)


def _finish(reports, run: Session, explain: bool, output: Path | None, color: ColorChoice = None) -> None:
    from deckcheck.report import FOR_TERMINALS, chosen_format, renderer

    chosen = chosen_format(run.choices.output_format, os.environ)
    terminal = _terminal(color or ColorChoice.auto, output)
    rendered = renderer(chosen)(reports, events=run.events, explain=explain, terminal=terminal)
    # a report for people escapes every name itself; its lines are escaped again here unless its
    # own colour codes would be escaped with them
    _write(rendered, output, terminal=chosen in FOR_TERMINALS and not terminal.colour)
    if chosen == "github" and os.environ.get("GITHUB_STEP_SUMMARY"):
        _step_summary(Path(os.environ["GITHUB_STEP_SUMMARY"]), reports, run.events)
    failed = any(not r.legal or (run.choices.strict and r.warnings) for r in reports)
    raise typer.Exit(EXIT_ILLEGAL if failed else EXIT_LEGAL)


def _step_summary(path: Path, reports, events) -> None:
    """GitHub shows at most 10 annotations of a level per step: the job summary shows them all."""
    from deckcheck.report import markdown

    try:
        with path.open("a", encoding="utf-8") as summary:
            summary.write(markdown.render(reports, events=events) + "\n")
    except OSError as exc:
        warn(f"cannot write the job summary {display_path(path)}: {exc.strerror}")


def run() -> None:
    """Entry point: no traceback reaches a user unless DECKCHECK_DEBUG asks for it."""
    try:
        app(prog_name="deckcheck")
    except Exception as exc:  # a bug in deckcheck: say so in one line, exit 2
        if os.environ.get("DECKCHECK_DEBUG"):
            raise
        warn(f"internal error: {type(exc).__name__}: {exc} (please report it; set DECKCHECK_DEBUG=1 for the traceback)")
        sys.exit(EXIT_CANNOT_RUN)
