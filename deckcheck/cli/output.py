"""Where a report goes and the exit code it sets: stdout or --output, colour and width for a
terminal, the GitHub job summary. Without typer: `deckcheck check` of deck files alone runs with
typer never imported."""

from __future__ import annotations

import enum
import os
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from deckcheck.cli.speak import EXIT_ILLEGAL, EXIT_LEGAL, fail, warn
from deckcheck.escaping import display_path

if TYPE_CHECKING:
    from deckcheck.loading.events import Event
    from deckcheck.model import DeckReport
    from deckcheck.report import Terminal
    from deckcheck.session import Session


class ColorChoice(str, enum.Enum):
    auto = "auto"
    always = "always"
    never = "never"


def value_of(choice: enum.Enum | None) -> str | None:
    return choice.value if choice is not None else None


def write_report(rendered: str | Iterable[str], output: Path | None, terminal: bool = False) -> None:
    """The report (or its pieces, written as they come) to stdout or `output`; `terminal`: a
    report for people, whose every line is escaped as a terminal's (the machine formats escape
    for their own syntax)."""
    pieces = [rendered] if isinstance(rendered, str) else rendered
    if terminal:
        from deckcheck.escaping import terminal_lines

        pieces = (terminal_lines(piece) for piece in pieces)
    if output is None:
        for piece in pieces:
            sys.stdout.write(piece)
        return
    try:
        with output.open("w", encoding="utf-8") as written:
            for piece in pieces:
                written.write(piece)
    except OSError as exc:
        fail(f"cannot write {display_path(output)}: {exc.strerror}")


def terminal_for(color: ColorChoice, output: Path | None) -> Terminal:
    """Colour and width for a report for people: colour on a terminal unless NO_COLOR is set
    (--color always or never decides instead); the terminal's width, or fixed widths in a file or pipe."""
    from deckcheck.report import Terminal

    on_terminal = output is None and sys.stdout.isatty()
    colour = color is ColorChoice.always or (color is ColorChoice.auto and on_terminal and not os.environ.get("NO_COLOR"))
    if not on_terminal:  # a pre-commit hook's or CI's pipe: no width to ask (shutil brings bz2 and lzma, 3 ms)
        return Terminal(colour=colour, width=None)
    import shutil

    return Terminal(colour=colour, width=shutil.get_terminal_size().columns)


def finish(
    reports: Sequence[DeckReport], run: Session, explain: bool, output: Path | None, color: ColorChoice = ColorChoice.auto
) -> NoReturn:
    from deckcheck.report import FOR_TERMINALS, chosen_format, chunked, renderer

    chosen = chosen_format(run.choices.output_format, os.environ)
    terminal = terminal_for(color, output)
    pieces = chunked(chosen)
    if pieces is not None:
        rendered: str | Iterable[str] = pieces(reports, events=run.events, explain=explain)
    else:
        rendered = renderer(chosen)(reports, events=run.events, explain=explain, terminal=terminal)
    # a report for people escapes every name itself; its lines are escaped again here unless its
    # own colour codes would be escaped with them
    write_report(rendered, output, terminal=chosen in FOR_TERMINALS and not terminal.colour)
    if chosen == "github" and os.environ.get("GITHUB_STEP_SUMMARY"):
        _step_summary(Path(os.environ["GITHUB_STEP_SUMMARY"]), reports, run.events)
    failed = any(not r.legal or (run.choices.strict and r.warnings) for r in reports)
    raise SystemExit(EXIT_ILLEGAL if failed else EXIT_LEGAL)


def _step_summary(path: Path, reports: Sequence[DeckReport], events: Sequence[Event]) -> None:
    """GitHub shows at most 10 annotations of a level per step: the job summary shows them all."""
    from deckcheck.report import markdown

    try:
        with path.open("a", encoding="utf-8") as summary:
            summary.write(markdown.render(reports, events=events) + "\n")
    except OSError as exc:
        warn(f"cannot write the job summary {display_path(path)}: {exc.strerror}")
