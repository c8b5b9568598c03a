"""A command's set-up from its options: the session it works in, a game or a date named on the
command line; each exits 2 with one line saying why when it cannot."""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING

from deckcheck.choices import Choices
from deckcheck.cli.speak import fail

if TYPE_CHECKING:
    from deckcheck.rules import Game
    from deckcheck.session import Session


def game_or_exit(name: str, option: str = "--game") -> Game:
    """The game `name` names, or exit 2 with the one message for an unknown game."""
    from deckcheck.games import game_named
    from deckcheck.registry import UnknownName

    try:
        return game_named(name)
    except UnknownName as exc:
        fail(f"{option}: {exc}")


def date_or_exit(text: str | None, option: str = "--as-of") -> date | None:
    from deckcheck.session import SessionProblem, parse_date

    try:
        return parse_date(text, option)
    except SessionProblem as exc:
        fail(str(exc))


def session_or_exit(given: Choices, as_of: str | None = None, all_formats: bool = False) -> Session:
    """The session a command works in, from what its options chose (exit 2 saying why when it cannot open)."""
    from deckcheck.session import SessionProblem, open_session

    try:
        return open_session(given, as_of=as_of, all_formats=all_formats)
    except SessionProblem as exc:
        fail(str(exc))
