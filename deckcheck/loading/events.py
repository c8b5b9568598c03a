"""Event / ban-list files (docs/configuration.md, Event files): what an organiser decides for one event.

Every name in `banned` and `limited` must match a card of the event's game (or, for an event of
no game, of some game): a typo in a ban list must not silently let the card through. Names are
resolved once, here, to card ids per game; the ban rules then compare card identities.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from deckcheck.escaping import for_terminal, terminal_path
from deckcheck.loading.card_db import CardDatabase, Databases
from deckcheck.loading.checked_yaml import FileProblems, assembled, load_checked, located, parse_date, read_bytes
from deckcheck.loading.safe_yaml import Document
from deckcheck.records import record
from deckcheck.registry import UnknownName, known_games

SUGGESTED_NAMES = 25  # unknown names per file that get "did you mean" (each is a search)


FieldReader = Callable[[Any], tuple[Any, list[tuple[tuple, str]]]]


@record
class Namers:
    """The games' own policies for the names an event uses, given by the caller (loading imports
    no game's code); each gives the name as the game spells it, or raises UnknownName."""

    format: Callable[[str, str, tuple], str]  # (game, format, the formats its card data defines)
    # the settings an event may give a game's decks, each with the JSON Schema of its values
    settings: Callable[[str], Mapping[str, Mapping[str, Any]]] = lambda game: {}
    # the fields of its own an event may have for a game's decks: name -> (the JSON Schema of its
    # value, how it is read: (the value read, [(where inside the value, what is wrong)]))
    fields: Callable[[str], Mapping[str, tuple[Mapping[str, Any], FieldReader]]] = lambda game: {}


@record
class ListedCard:
    """A name an event lists, with the ids it matched in each game's database."""

    typed: str
    ids: Mapping[str, tuple[str, ...]]  # game -> card ids (several when it names several printings)
    count: int | None = None  # the limit, for `limited`


@record
class Event:
    path: str
    name: str
    digest: str  # a short hash of the file, to tell two lists apart at a glance
    effective: str | None = None
    source: str | None = None
    game: str | None = None
    format: str | None = None
    banned: tuple[ListedCard, ...] = ()
    limited: tuple[ListedCard, ...] = ()
    settings: Mapping[str, Any] = field(default_factory=dict)
    fields: Mapping[str, Any] = field(default_factory=dict)  # the games' own fields, read (Promised Land's scripture)

    def applies_to(self, game: str) -> bool:
        return self.game is None or self.game == game


def load_events(paths: Iterable[Path], databases: Databases, namers: Namers) -> tuple[Event, ...]:
    events, problems = [], []
    for path in paths:
        try:
            events.append(read_event(path, databases, namers))
        except FileProblems as exc:
            problems.extend(exc.problems)
    if problems:
        raise FileProblems(problems)
    return tuple(events)


def read_event(path: Path, databases: Databases, namers: Namers) -> Event:
    content = read_bytes(path)
    document = load_checked(path, "event", content, also=_games_schema(namers))
    data = document.data
    games = (data["game"],) if "game" in data else known_games()
    reading = _Reading(path, document, games, databases)
    problems = reading.problems
    banned = tuple(reading.listed(("banned", i), name) for i, name in enumerate(data.get("banned", [])))
    limited = tuple(reading.listed(("limited", name), name, count) for name, count in data.get("limited", {}).items())
    fields = _fields(path, document, games, namers, problems)
    try:
        parse_date(data.get("effective"), path, document.position(("effective",)))
    except FileProblems as exc:
        problems.extend(exc.problems)
    if "format" in data and "game" in data:
        try:
            namers.format(data["game"], data["format"], databases.for_game(data["game"]).formats)
        except UnknownName as exc:
            problems.append(located(path, document.position(("format",)), str(exc)))
    if problems:
        raise FileProblems(problems)
    return Event(
        path=str(path),
        name=data["name"],
        digest=hashlib.sha256(content).hexdigest()[:12],
        effective=data.get("effective"),
        source=data.get("source"),
        game=data.get("game"),
        format=data.get("format"),
        banned=banned,
        limited=limited,
        settings=dict(data.get("settings", {})),
        fields=fields,
    )


def _games_schema(namers: Namers) -> dict[str, Any]:
    """What an event may hold beside the keys every event has: the settings and fields of its own
    its game declares, and for an event of no game those of any game (a name two games declare
    taking a value either allows)."""
    games = known_games()
    # the keys every event has, as its schema lists them (their values are that schema's to check)
    common = dict.fromkeys((key for key in assembled("event")["properties"] if key != "settings"), True)

    def allowed(among: tuple[str, ...]) -> dict[str, Any]:
        settings: dict[str, list[Mapping[str, Any]]] = {}
        fields: dict[str, list[Mapping[str, Any]]] = {}
        for game in among:
            for name, schema in namers.settings(game).items():
                settings.setdefault(name, []).append(schema)
            for name, (schema, _) in namers.fields(game).items():
                fields.setdefault(name, []).append(schema)
        one = {"properties": {name: _either(each) for name, each in settings.items()}, "additionalProperties": False}
        properties = {**common, **{name: _either(each) for name, each in fields.items()}, "settings": one}
        return {"properties": properties, "additionalProperties": False}

    per_game = [{"if": {"properties": {"game": {"const": game}}, "required": ["game"]}, "then": allowed((game,))} for game in games]
    return {"allOf": [*per_game, {"if": {"not": {"required": ["game"]}}, "then": allowed(games)}]}


def _either(schemas: list[Mapping[str, Any]]) -> Mapping[str, Any]:
    return schemas[0] if len(schemas) == 1 else {"anyOf": schemas}


@dataclass
class _Reading:
    """An event file being read: where its problems are, and the games and databases its card
    names are looked for in."""

    path: Path
    document: Document
    games: tuple[str, ...]
    databases: Databases
    problems: list[str] = field(default_factory=list)

    def listed(self, where: tuple, typed: str, count: int | None = None) -> ListedCard:
        """A card name of `banned` or `limited`, with the ids it matches in each game."""
        ids: dict[str, tuple[str, ...]] = {}
        suggestions: list[str] = []
        for game in self.games:
            resolution = self.databases.for_game(game).names.resolve(typed, suggest=len(self.problems) < SUGGESTED_NAMES)
            matched = (resolution.card,) if resolution.card else resolution.candidates
            if matched:
                ids[game] = tuple(card.id for card in matched)
            suggestions.extend(s for s in resolution.suggestions if s not in suggestions)
        if not ids:
            scope = _database_named(self.databases.for_game(self.games[0])) if len(self.games) == 1 else "any game's database"
            hint = f"; did you mean {', '.join(repr(s) for s in suggestions[:3])}?" if suggestions else ""
            position = self.document.position(where) if where[0] == "banned" else self.document.key_position(where)
            self.problems.append(located(self.path, position, f"'{for_terminal(typed)}' matches no card in {scope}{hint}"))
        return ListedCard(typed, ids, count)


def _fields(path: Path, document: Document, games: tuple[str, ...], namers: Namers, problems: list[str]) -> dict[str, Any]:
    """The games' own fields the event has, each read by the game that declares it."""
    read = {}
    for game in games:
        for name, (_, reader) in namers.fields(game).items():
            if name in document.data and name not in read:
                read[name], inside = reader(document.data[name])
                problems += [located(path, document.position((name, *where)), said) for where, said in inside]
    return read


def _database_named(database: CardDatabase) -> str:
    """The database a name was looked for in, so that a user sees which file lacks the card: the
    bundled one, or the --card-db files that replaced it."""
    if database.bundled or not database.files:
        return f"the {database.game} database"
    shown = ", ".join(terminal_path(Path(f)) for f in database.files[:3]) + (", ..." if len(database.files) > 3 else "")
    return f"the {database.game} database given by --card-db or card_db ({shown})"
