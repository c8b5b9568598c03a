"""The `deckcheck` application: the command group and its --version (how a command speaks and
its exit codes are cli/speak.py's). The commands register themselves on `app`
from their own modules (deckcheck/cli/__init__.py imports them in the order --help lists them).

Everything heavier than typer is imported inside the command that needs it, so that `--help`
costs little more than typer's own start-up (`--version` is answered before typer is imported:
deckcheck/command.py).
"""

import typer

from deckcheck.cli.speak import internal_error
from deckcheck.registry import known_games
from deckcheck.version import VERSION_FLAGS, version_line

GAMES = ", ".join(known_games())


app = typer.Typer(
    name="deckcheck",
    help="Check trading card game decks against their rulebooks, write reports for people and CI, and "
    f"goldfish-test them.\n\nGames: {GAMES}.",
    epilog='Examples:\n\n  deckcheck check examples/\n\n  deckcheck goldfish examples/redline-cpm.yaml --track "EF-9 Rabbit"\n\n'
    "  deckcheck rules redline\n\nEach command has --help with its own examples.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    # click's plain help, not typer's rich panels: rich's rendering was most of `--help`'s time
    # (2.5x `import typer` for an app of one option), and plain text reads the same in a pipe
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def examples_as_written(group: typer.Typer) -> None:
    """Each command's examples shown as written: click rewraps a paragraph of help to the
    terminal's width (a command split mid-option) unless the paragraph opens with \\b. An example
    is a paragraph of an epilog indented by two spaces; with the heading before it ("Examples:")
    and the examples after it, it becomes one such paragraph."""
    if isinstance(group.info.epilog, str):
        group.info.epilog = _unwrapped_examples(group.info.epilog)
    for command in group.registered_commands:
        if isinstance(command.epilog, str):
            command.epilog = _unwrapped_examples(command.epilog)
    for subgroup in group.registered_groups:
        if subgroup.typer_instance is not None:
            examples_as_written(subgroup.typer_instance)


def _unwrapped_examples(epilog: str) -> str:
    paragraphs: list[str] = []
    for paragraph in epilog.split("\n\n"):
        before = paragraphs[-1] if paragraphs else ""
        if paragraph.startswith("  ") and before.startswith("\b\n"):
            paragraphs[-1] = before + "\n" + paragraph
        elif paragraph.startswith("  ") and before.endswith(":"):
            paragraphs[-1] = "\b\n" + before + "\n" + paragraph
        else:
            paragraphs.append(paragraph)
    return "\n\n".join(paragraphs)


def _version(value: bool) -> None:
    if value:
        typer.echo(version_line())
        raise typer.Exit()


@app.callback()
def main(
    version: bool = typer.Option(False, *VERSION_FLAGS, callback=_version, is_eager=True, help="Print the version and exit."),
) -> None:
    """deckcheck: deck checks, reports and goldfish playtests."""


def run() -> None:
    """Entry point: no traceback reaches a user unless DECKCHECK_DEBUG asks for it."""
    try:
        app(prog_name="deckcheck")
    except Exception as exc:  # a bug in deckcheck: say so in one line, exit 2
        internal_error(exc)
