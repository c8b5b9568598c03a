"""What `deckcheck check` does once its options are read, without typer: the typer command
(cli/check.py) hands it what it parsed, and deckcheck/command.py runs it on deck files named
alone (`deckcheck check decks/a.yaml decks/b.txt`, a pre-commit hook's call) or with an
`--output-format` (CI's) with typer never imported, which was most of the time a one-deck check
took and a fifth of a thousand decks'. The defaults here are the options'
defaults (a test holds the typer command to them)."""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from deckcheck import output_formats
from deckcheck.choices import Choices
from deckcheck.cli.output import ColorChoice, finish
from deckcheck.cli.setup import date_or_exit, session_or_exit
from deckcheck.cli.speak import fail, guarded
from deckcheck.escaping import terminal_path
from deckcheck.records import record

Stored = dict[Path, tuple[bytes, "str | None"]]  # a store's decks as its folder's files would be named: content, player

if TYPE_CHECKING:
    from collections.abc import Callable

    from deckcheck.check import CheckOptions
    from deckcheck.model import DeckReport
    from deckcheck.session import Session


@record(kw_only=True)
class CheckAsked:
    """`deckcheck check`'s options, as the command line gave them."""

    paths: tuple[Path, ...]
    game: str | None = None
    format: str | None = None
    card_db: tuple[Path, ...] = ()
    event: tuple[Path, ...] = ()
    output_format: str | None = None
    output: Path | None = None
    strict: bool = False
    explain: bool = False
    ignore: tuple[str, ...] = ()
    jobs: int | None = None
    as_of: str | None = None
    color: ColorChoice = ColorChoice.auto
    exclude: tuple[str, ...] = ()
    all_formats: bool = False
    compare_as_of: str | None = None
    current: bool = False

    def choices(self) -> Choices:
        return asked_choices(self.game, self.format, self.card_db, self.event, self.ignore, self.output_format, self.strict)


def plain_check(arguments: list[str]) -> CheckAsked | None:
    """What `deckcheck ARGUMENTS` asks where it is `check` of paths, alone or with one
    `--output-format` of the formats there are (CI's call: `check decks/ --output-format sarif`);
    None for anything else: another option, `-` (standard input), anything typer would answer
    otherwise (help, a usage error, a format there is not)."""
    if len(arguments) < 2 or arguments[0] != "check":
        return None
    paths: list[Path] = []
    output_format = None
    rest = iter(arguments[1:])
    for argument in rest:
        name, equals, value = argument.partition("=")
        if name == "--output-format" and output_format is None:
            output_format = value if equals else next(rest, None)
            if output_format not in output_formats.CHOICES:
                return None
        elif not argument or argument.startswith("-"):
            return None
        else:
            paths.append(Path(argument))
    return CheckAsked(paths=tuple(paths), output_format=output_format) if paths else None


def run_plain_check(asked: CheckAsked) -> None:
    """`deckcheck check PATH...` (plain_check's), as the typer command runs it."""
    guarded(lambda: check_files(asked))


def check_files(asked: CheckAsked) -> NoReturn:
    """Check the decks `asked` names, write the report, and exit with its code."""
    from deckcheck.api import check_decks, find_decks
    from deckcheck.check import skipped_file
    from deckcheck.loading.decks import STDIN
    from deckcheck.rules.common import SKIPPED_FILE

    missing = [terminal_path(p) for p in asked.paths if p != STDIN and not p.exists()]
    if missing:
        fail(f"no such file or folder: {', '.join(missing)}")
    then = date_or_exit(asked.compare_as_of, "--compare-as-of")
    if then is not None and STDIN in asked.paths:
        fail("--compare-as-of checks each deck twice, and standard input can be read once: give the deck as a file")
    run = session_or_exit(asked.choices(), asked.as_of, asked.all_formats)
    stored, known = _registered(asked.paths, asked.current)
    found = find_decks(run, asked.paths, asked.exclude)
    unstored = [path for path in found.files if path not in known]  # a store's deck is read from it
    players = _current(unstored) if asked.current else {}
    files = list(players) if asked.current else unstored
    reports = check_decks(run, files, asked.jobs) + _stored_reports(run, stored, run.options_for)
    files += list(stored)
    players |= {path: player for path, (_, player) in stored.items()}
    if asked.current:
        reports = [replace(report, player=players[path]) for report, path in zip(reports, files, strict=True)]
    if then is not None:
        reports = _compared(reports, files, run, then, stored, asked.jobs)
    if SKIPPED_FILE.id not in run.choices.ignore:
        reports += [skipped_file(path, why) for path, why in found.skipped]
    finish(reports, run, asked.explain, asked.output, asked.color)


def asked_choices(  # noqa: PLR0913 - the options check, side and team share, each named where it is read
    game: str | None,
    format: str | None,
    card_db: tuple[Path, ...] | list[Path],
    event: tuple[Path, ...] | list[Path],
    ignore: tuple[str, ...] | list[str],
    output_format: str | None,
    strict: bool,
) -> Choices:
    """What check, side and team were asked, as a run's choices."""
    return Choices(
        game=game,
        format=format,
        card_db=tuple(card_db),
        events=tuple(event),
        ignore=tuple(ignore),
        output_format=output_format,
        strict=strict,
    )


def _compared(  # noqa: PLR0913 - the run's reports, what they were of, and how to check them again
    reports: list[DeckReport], files: list[Path], run: Session, then: date, stored: Stored, jobs: int | None
) -> list[DeckReport]:
    from deckcheck.check import check_paths
    from deckcheck.check.rules_change import compared_all, on_date

    options_for = on_date(run.options_for, then)
    unstored = files[: len(files) - len(stored)]
    before = [*check_paths(unstored, options_for, run.databases, jobs, run.choices.card_db), *_stored_reports(run, stored, options_for)]
    return compared_all(reports, before, then)


def _current(files: list[Path]) -> dict[Path, str | None]:
    from deckcheck.serve.registrations import current_registrations

    return current_registrations(files)


def _registered(paths: tuple[Path, ...], current: bool) -> tuple[Stored, frozenset[Path]]:
    """The decks kept by the event stores of the folders named (deckcheck serve --registrations),
    and every deck file those stores name; nothing imported where no folder is named."""
    if not any(path.is_dir() for path in paths):
        return {}, frozenset()
    from deckcheck.serve.registered import registered_decks
    from deckcheck.serve.store import StoreProblem

    try:
        registered = registered_decks(paths, current)
    except StoreProblem as exc:
        fail(str(exc))
    return registered.decks, registered.known


def _stored_reports(run: Session, stored: Stored, options_for: Callable[[Path], CheckOptions]) -> list[DeckReport]:
    """The report of each deck a store keeps, named as a file of its folder would be."""
    from deckcheck.check import check_file

    return [check_file(path, options_for(path), run.databases, content) for path, (content, _) in stored.items()]
