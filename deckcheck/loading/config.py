"""The repository config, `.deckcheck.yaml`, found in the working folder or its nearest parent;
a user's own, `$XDG_CONFIG_HOME/deckcheck/config.yaml` (~/.config/deckcheck/config.yaml), under
it; and the one policy of who wins: the command line, then the last override whose paths match a
deck, then the repository config's own value, then the user's. Ignore lists add up from all.

They set defaults for a deck repository and for a user; paths in each are relative to its file.
Overrides and excludes are a repository's (their globs are paths in it).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import field, fields, replace
from datetime import date
from functools import cached_property
from pathlib import Path
from typing import Any

from deckcheck.choices import Choices
from deckcheck.escaping import terminal_path
from deckcheck.loading import cache as data_cache
from deckcheck.loading.checked_yaml import FileProblems, load_checked, located, parse_date, read_bytes
from deckcheck.loading.globs import matches
from deckcheck.model import Position
from deckcheck.records import record

CONFIG_NAME = ".deckcheck.yaml"
USER_CONFIG = Path("deckcheck") / "config.yaml"  # under $XDG_CONFIG_HOME, or ~/.config


@record
class Override:
    """A config's settings for the deck files its globs match (`overrides:`)."""

    paths: tuple[str, ...]
    game: str | None = None
    format: str | None = None
    ignore: tuple[str, ...] = ()


@record
class DeckChoices:
    """The game and format for one deck that does not say, and the rules ignored for it."""

    game: str | None
    format: str | None
    ignore: frozenset[str]


@record
class Config:
    """A `.deckcheck.yaml` (or the user's config) as read: what it sets for every deck, the files it
    leaves out, its overrides."""

    path: Path | None = None
    defaults: Choices = field(default_factory=Choices)  # what the config sets for every deck
    exclude: tuple[str, ...] = ()  # globs of files that are not decks, relative to the config's folder
    as_of: date | None = None
    overrides: tuple[Override, ...] = field(default=())
    under: Config | None = None  # the user's config, which this repository config is laid over
    places: Mapping[tuple, Position] = field(default_factory=dict)  # where each value is in the file, for a message

    def where(self, *key: str | int) -> str:
        """`file:line:col` of a value of this config (the file alone where its place is not known)."""
        position = self.places.get(tuple(key))
        named = terminal_path(self.path) if self.path else "config"
        return f"{named}:{position.line}:{position.column}" if position is not None else named

    def over(self, user: Config) -> Config:
        """This repository config laid over a user's (each value this one sets wins; the ignore
        lists add up; overrides and excludes are this one's)."""
        return self if user.path is None else replace(self, under=user)

    @cached_property
    def chosen(self) -> Choices:
        """What this config and the user's under it set for every deck (read for each deck checked:
        layered once)."""
        return self.defaults if self.under is None else _layered(self.defaults, self.under.chosen)

    @property
    def dated(self) -> date | None:
        """The as_of this config or the user's under it sets."""
        return self.as_of or (self.under.dated if self.under is not None else None)

    def merged(self, given: Choices) -> Choices:
        """The run's choices: each option the command line gave, else the configs'; the ignore
        lists of all."""
        return _layered(given, self.chosen)

    def for_deck(self, deck: Path, given: Choices) -> DeckChoices:
        """One deck's choices: the command line's, else the last matching override's, else the
        config's; the ignore lists of all of them."""
        matching = self.overrides_for(deck)
        if matching:
            return self._overridden(matching, given)
        found = self._unmatched.get(given)
        if found is None:
            found = self._unmatched[given] = self._overridden([], given)
        return found

    @cached_property
    def _unmatched(self) -> dict[Choices, DeckChoices]:
        # a deck no override matches gets the same as every other (most decks of a folder, or all)
        return {}

    def _overridden(self, matching: list[Override], given: Choices) -> DeckChoices:
        def chosen(of_override: Callable[[Override], str | None], command_line: str | None, config: str | None) -> str | None:
            overridden = next((v for v in map(of_override, reversed(matching)) if v), None)
            return command_line or overridden or config

        configs = self.chosen
        ignore = frozenset(given.ignore) | frozenset(configs.ignore) | frozenset(i for o in matching for i in o.ignore)
        return DeckChoices(
            game=chosen(lambda o: o.game, given.game, configs.game),
            format=chosen(lambda o: o.format, given.format, configs.format),
            ignore=ignore,
        )

    def excludes(self, path: Path) -> bool:
        """Whether the config's `exclude` globs name this file."""
        if self.path is None or not self.exclude:
            return False
        try:
            relative = path.resolve().relative_to(self.path.parent.resolve()).as_posix()
        except ValueError:
            return False
        return any(matches(relative, glob) for glob in self.exclude)

    def ignored(self) -> list[tuple[str, str]]:
        """Every rule id the configs ignore, with the file, line and column that say so (for a message)."""
        own = [(rule_id, f"{self.where('ignore', n)}: ignore") for n, rule_id in enumerate(self.defaults.ignore)] + [
            (rule_id, f"{self.where('overrides', o, 'ignore', n)}: overrides ({', '.join(override.paths)}): ignore")
            for o, override in enumerate(self.overrides)
            for n, rule_id in enumerate(override.ignore)
        ]
        return own + (self.under.ignored() if self.under is not None else [])

    def overrides_for(self, deck: Path) -> list[Override]:
        """The overrides whose globs match a deck path, in the order the file gives them."""
        if self.path is None or not self.overrides:
            return []  # (asked of every deck: resolving its path costs a stat of each folder above it)
        try:
            relative = deck.resolve().relative_to(self.path.parent.resolve()).as_posix()
        except ValueError:
            return []
        return [o for o in self.overrides if any(matches(relative, glob) for glob in o.paths)]


def _layered(top: Choices, under: Choices) -> Choices:
    """`top`'s choices where it makes them, else `under`'s; the ignore lists of both."""
    chosen = {f.name: getattr(top, f.name) or getattr(under, f.name) for f in fields(Choices)}
    return replace(Choices(**chosen), ignore=tuple(dict.fromkeys(top.ignore + under.ignore)))


def user_config(environ: Mapping[str, str]) -> Path | None:
    """The user's own config, where there is one (XDG Base Directory: $XDG_CONFIG_HOME, else ~/.config)."""
    home = environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    path = Path(home) / USER_CONFIG
    return path if path.is_file() else None


def find_config(start: Path) -> Path | None:
    for folder in (start, *start.parents):
        candidate = folder / CONFIG_NAME
        if candidate.is_file():
            return candidate
    return None


def _read(path: Path) -> tuple[dict[str, Any], dict[tuple, Position]]:
    """A config's data, and where each value a message may point at is written; from the cache
    when this content was read before. A repository's config is read by every check, and reading
    its YAML again imported the parser, a fifth of a one-deck check (the cache keeps only what
    was found valid)."""
    content = read_bytes(path)
    key = b"config places\0" + content
    kept = data_cache.load(key)
    if kept is not None:
        data, places = kept
        return data, {tuple(where): Position(line, column) for where, line, column in places}
    document = load_checked(path, "config", content, empty_ok=True, remember=False)  # an empty config is an empty config
    data = document.data or {}
    places = {key: found for key in _placed(data) if (found := document.position(key)) is not None}
    data_cache.store(key, [data, [[list(where), at.line, at.column] for where, at in places.items()]])
    return data, places


def _placed(data: dict[str, Any]) -> list[tuple]:
    """The paths of the values of a config that a message may point at."""
    keys: list[tuple] = [(name,) for name in ("game", "format", "as_of") if name in data]
    keys += [(name, n) for name in ("card_db", "events", "ignore", "exclude") for n in range(len(data.get(name, [])))]
    keys += [
        ("overrides", o, "ignore", n)
        for o, override in enumerate(data.get("overrides", []))
        for n in range(len(override.get("ignore", [])))
    ]
    return keys


def load_config(path: Path | None) -> Config:
    """The config at `path` (FileProblems when it is broken), or the empty config for None."""
    if path is None:
        return Config()
    data, places = _read(path)
    base = path.parent
    as_of = parse_date(data.get("as_of"), path, places.get(("as_of",)))
    defaults = Choices(
        game=data.get("game"),
        format=data.get("format"),
        card_db=tuple(base / p for p in data.get("card_db", [])),
        events=tuple(base / p for p in data.get("events", [])),
        ignore=tuple(data.get("ignore", [])),
        output_format=data.get("output_format"),
        strict=bool(data.get("strict", False)),
    )
    missing = [
        located(path, places.get((name, n)), f"{name}: no such file or folder: {terminal_path(named)}")
        for name in ("card_db", "events")
        for n, named in enumerate(getattr(defaults, name))
        if not named.exists()
    ]
    if missing:
        raise FileProblems(missing)
    return Config(
        path=path,
        places=places,
        defaults=defaults,
        exclude=tuple(data.get("exclude", [])),
        as_of=as_of,
        overrides=tuple(
            Override(tuple(o["paths"]), o.get("game"), o.get("format"), tuple(o.get("ignore", []))) for o in data.get("overrides", [])
        ),
    )
