"""What a command works from, resolved once from its options and the project's `.deckcheck.yaml`:
the card databases, the events, and the options each deck is checked with. Every command and each
process of `deckcheck serve` opens its session here, so the config's ignore lists, overrides and
dates apply the same way everywhere."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from datetime import date
from fnmatch import fnmatchcase
from pathlib import Path
from typing import TYPE_CHECKING

from deckcheck.check import CheckOptions
from deckcheck.choices import Choices
from deckcheck.escaping import terminal_path
from deckcheck.games import all_games, format_named, game_named, ignorable, namers
from deckcheck.loading.card_db import Databases, load_databases
from deckcheck.loading.checked_yaml import FileProblems
from deckcheck.loading.config import Config, DeckChoices, find_config, load_config, user_config
from deckcheck.loading.globs import matches
from deckcheck.records import record
from deckcheck.registry import UnknownName, close_to
from deckcheck.rules import Game

if TYPE_CHECKING:  # the events' module loads only where a run names event files
    from deckcheck.loading.events import Event

CARD_DB_VARIABLE = "DECKCHECK_CARD_DB"


class SessionProblem(Exception):
    """Why a session cannot open: one line for the user (the command exits 2)."""


@record
class Session:
    """What a command runs with: the choices of its command line and config, the card lists loaded and
    the events."""

    choices: Choices  # the command line's choices merged with the config's
    databases: Databases
    events: tuple[Event, ...]
    options_for: Callable[[Path], CheckOptions]
    config: Config

    def excluded_by(self, globs: Sequence[str]) -> Callable[[Path, Path], bool]:
        """Whether a file found in a folder is left out: by a --exclude glob (its name, or its path
        below the folder), by the config's exclude, or as one of the run's own card databases and
        event files (the run uses them as such: no note that they are not decks)."""
        own = [p.resolve() for p in (*self.choices.card_db, *self.choices.events)]
        folders: dict[Path, Path] = {}

        def excluded(path: Path, folder: Path) -> bool:
            relative = path.relative_to(folder)
            if any(fnmatchcase(path.name, g) or matches(relative.as_posix(), g) for g in globs) or self.config.excludes(path):
                return True
            if not own:
                return False
            # a folder's walk follows no link to a folder: a file that is no link is where its
            # folder is (resolving each file's path was a stat of every folder above it, per file)
            real = folders.get(folder) or folders.setdefault(folder, folder.resolve())
            resolved = path.resolve() if path.is_symlink() else real / relative
            return any(resolved == each or each in resolved.parents for each in own)

        return excluded


def parse_date(text: str | None, option: str = "--as-of") -> date | None:
    if text is None:
        return None
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        raise SessionProblem(f"{option} takes a date as YYYY-MM-DD, not {text!r}") from None


def open_session(given: Choices, *, as_of: str | None = None, all_formats: bool = False, folder: Path | None = None) -> Session:
    """The session of a command whose options chose `given` (and --as-of, --all-formats), run in
    `folder` (the current one); or SessionProblem."""
    try:
        config = load_config(find_config(folder or Path.cwd())).over(load_config(user_config(os.environ)))
    except FileProblems as exc:
        raise SessionProblem("broken config:\n" + "\n".join(exc.problems)) from None
    given = replace(given, card_db=given.card_db or card_db_from(os.environ))
    choices = config.merged(given)
    chosen_game = _game(choices.game, "--game" if given.game else f"{config.where('game')}: game") if choices.game is not None else None
    for rule_id, where in [(i, "--ignore") for i in given.ignore] + config.ignored():
        try:
            ignorable(rule_id)
        except UnknownName as exc:
            raise SessionProblem(f"{where}: {exc}") from None
    try:
        databases = Databases(load_databases(choices.card_db))
    except FileProblems as exc:
        raise SessionProblem("broken card database:\n" + "\n".join(exc.problems)) from None
    if choices.format is not None:
        told = "--format" if given.format else f"{config.where('format')}: format"  # where the format was chosen
        check_format(choices.format, chosen_game, databases, told)
    missing = [terminal_path(p) for p in choices.events if not p.exists()]
    if missing:
        raise SessionProblem(f"no such event file: {', '.join(missing)}")
    events = _events(choices.events, databases) if choices.events else ()
    base = CheckOptions(events=events, as_of=parse_date(as_of), config_as_of=config.dated, all_formats=all_formats)

    made: dict[DeckChoices, CheckOptions] = {}  # (the decks of a folder share their choices: most, all of them)

    def options_for(path: Path) -> CheckOptions:
        chosen = config.for_deck(path, given)
        found = made.get(chosen)
        if found is None:
            game = chosen.game.strip().lower() if chosen.game else None
            found = made[chosen] = replace(base, game=game, format=chosen.format, ignore=chosen.ignore)
        return found

    return Session(choices, databases, events, options_for, config)


def _events(paths: tuple[Path, ...], databases: Databases) -> tuple[Event, ...]:
    from deckcheck.loading.events import load_events

    try:
        return load_events(paths, databases, namers())
    except FileProblems as exc:
        raise SessionProblem("broken event file:\n" + "\n".join(exc.problems)) from None


def card_db_from(environ: Mapping[str, str]) -> tuple[Path, ...]:
    """DECKCHECK_CARD_DB: card database files or folders, separated as PATH is (':' here, ';' on
    Windows), taken as --card-db is when the command line names none; over the configs' card_db."""
    return tuple(Path(part) for part in environ.get(CARD_DB_VARIABLE, "").split(os.pathsep) if part.strip())


def _game(name: str, told: str = "--game") -> Game:
    try:
        return game_named(name)
    except UnknownName as exc:
        raise SessionProblem(f"{told}: {exc}") from None


def check_format(name: str, game: Game | None, databases: Databases, told: str = "--format") -> None:
    """--format names a format of the game given, or without one, of some game (it then applies
    to the decks of the games that have it); SessionProblem with close matches otherwise."""
    games = [game] if game is not None else all_games()
    names: list[str] = []
    for each in games:
        try:
            format_named(each, name, databases.for_game(each.name).formats)
            return
        except UnknownName as exc:
            if game is not None:
                raise SessionProblem(f"{told}: {exc}") from None
            names += each.format_names(databases.for_game(each.name).formats) + [a for f in each.formats for a in f.aliases]
    choices = list(dict.fromkeys(names))
    raise SessionProblem(f"{told}: no game has a format '{name}'{close_to(name, choices)} (formats: {', '.join(choices)})")
