"""deckcheck goldfish: a deck played alone, many times."""

import enum
from pathlib import Path

import typer

from deckcheck.choices import Choices
from deckcheck.cli.application import app
from deckcheck.cli.options import CardDbOption, EventOption, GameOption, OutputOption
from deckcheck.cli.output import write_report
from deckcheck.cli.setup import session_or_exit
from deckcheck.cli.speak import fail, warn
from deckcheck.escaping import for_json, terminal_path


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

    typer.echo(ctx.get_help())
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
    win_at: int | None = typer.Option(
        None,
        "--win-at",
        min=1,
        max=50,
        metavar="N",
        help="Redemption: the race is won by N rescues (default: the format's, 5 in every format the rulebooks give).",
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

    from deckcheck.goldfish import Asked, GoldfishError, run
    from deckcheck.report import goldfish_csv, goldfish_text
    from deckcheck.sim.engine import SimOptions

    missing = [terminal_path(p) for p in (deck, vs, opponent) if p is not None and not p.exists()]
    if missing:
        fail(f"no such file: {', '.join(missing)}")
    session = session_or_exit(Choices(game=game, card_db=tuple(card_db), events=tuple(event)))
    asked = Asked(deck, tuple(track), vs, opponent, keep, mulligan, game_of_match, sweep, fill, win_at)
    options = SimOptions(games=games, turns=turns, seed=seed, on_play=on_play, race=not no_race, jobs=jobs)
    try:
        data = run(asked, options, session.options_for, session.databases).as_dict()
    except GoldfishError as exc:
        warn(str(exc))
        raise typer.Exit(exc.exit_code) from None
    rendered = {
        GoldfishOutputFormat.text: goldfish_text.render,
        GoldfishOutputFormat.csv: goldfish_csv.render,
        GoldfishOutputFormat.json: lambda d: for_json(json.dumps(d, indent=2)) + "\n",
    }[output_format](data)
    write_report(rendered, output, terminal=output_format is GoldfishOutputFormat.text)
    if plot_turn is not None and ("sweep" not in data or plot_turn > data["turns"]):
        fail(f"--plot-turn goes with --sweep and --plot, and names one of the {data['turns']} turns played")
    if plot is not None:
        from deckcheck.report.goldfish_plot import PlotUnavailable, write_png

        try:
            write_png(data, plot, plot_turn)
        except PlotUnavailable as exc:
            fail(str(exc))
