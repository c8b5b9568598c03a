"""The games, found by name. One package per game, each holding its rules (rules.py builds its
Game), how its decks are written (layout.py: zones, card types, group words), its turn model
(goldfish.py) and the fields of its cards (cards.schema.json);
deckcheck/registry.py lists the packages, zones.py holds the zones most games share.

A game's rules are imported when a deck of it is checked, so that commands which check nothing
start fast."""

from __future__ import annotations

import importlib
from functools import cache
from types import ModuleType
from typing import TYPE_CHECKING

from deckcheck import registry
from deckcheck.registry import UnknownName, close_to, known_games

if TYPE_CHECKING:
    from deckcheck.loading.events import Namers
    from deckcheck.model import ZoneTable
    from deckcheck.rules import Game


def get_game(name: str) -> Game | None:
    package = registry.GAME_PACKAGES.get(name)
    return importlib.import_module(f"{package}.rules").GAME if package else None


def all_games() -> tuple[Game, ...]:
    return tuple(game_named(name) for name in known_games())


def game_named(name: str) -> Game:
    """The game `name` names (any case, spaces around); UnknownName otherwise."""
    game = get_game(name.strip().lower())
    if game is None:
        raise UnknownName(f"unknown game '{name}'{close_to(name.strip(), known_games())} (games: {', '.join(known_games())})")
    return game


def format_named(game: Game, name: str, defined: tuple[dict, ...] = ()) -> str:
    """The name of `game`'s format `name` names (an alias gives its format); UnknownName otherwise."""
    canonical = format_said(game, name, defined)
    if canonical is None:
        names = game.format_names(defined)
        aliases = [alias for f in game.formats for alias in f.aliases]
        raise UnknownName(f"{game.title} has no format '{name}'{close_to(name.strip(), names + aliases)} (formats: {', '.join(names)})")
    return canonical


def format_said(game: Game, words: str, defined: tuple[dict, ...] = ()) -> str | None:
    """The name of `game`'s format that `words` name (`Type 1 Limited` -> type1), or None: a pasted
    line that is only a format's name says the deck's format."""
    canonical = game.canonical_format(words.strip().lower())
    return canonical if canonical in game.format_names(defined) else None


def rule_ids() -> tuple[str, ...]:
    """Every rule id of every game, format and rules version, and of the rules over two decks."""
    from deckcheck.rules.common import rules_checked

    ids: dict[str, None] = {}
    for game in all_games():
        for chosen in game.formats:
            ids.update(dict.fromkeys(r.id for r in rules_checked(game, chosen)))
        ids.update(dict.fromkeys(r.id for r in game.match_rules))
    return tuple(ids)


def ignorable(rule_id: str) -> str:
    """`rule_id`, when it names a rule whose findings may be ignored; UnknownName otherwise."""
    from deckcheck.rules.common import UNIGNORABLE

    if rule_id in UNIGNORABLE:
        raise UnknownName(f"{rule_id} cannot be ignored: a deck deckcheck cannot read is never legal")
    known = rule_ids()
    if rule_id not in known:
        raise UnknownName(f"unknown rule '{rule_id}'{close_to(rule_id, known)} (deckcheck rules lists every rule id)")
    return rule_id


def namers() -> Namers:
    """The games' policies for the names an event file uses (formats, books of the Bible)."""
    from deckcheck.loading.events import Namers

    return Namers(
        format=lambda game, name, defined: format_named(game_named(game), name, defined),
        settings=lambda game: game_named(game).event_settings(),
        fields=lambda game: {name: (f.schema, f.read) for name, f in game_named(game).event_fields.items()},
    )


@cache
def zone_table() -> ZoneTable:
    """Every zone any game's deck may hold, with every word any game has for it: what a reader
    looks for before it knows a deck's game. Read from each game's layout.py, not its rules: a
    deck of one game imports no other game's rules."""
    from deckcheck.games.zones import group_words, union

    groups = group_words([t for each in _layouts() for t in each.TYPE_ORDER])
    groups |= {w for each in _layouts() for w in getattr(each, "GROUP_NAMES", ())}
    return union([each.ZONES for each in _layouts()], groups)


def event_field_names() -> frozenset[str]:
    """The keys any game lets an event file set beside the common ones (`scripture`), from the
    games' layout.py: what a folder's check sniffs event files by, before it knows a game."""
    return frozenset(name for each in _layouts() for name in getattr(each, "EVENT_FIELDS", ()))


def _layouts() -> tuple[ModuleType, ...]:
    # not kept: the games listed may change (a test adds one), and importing a module imported is a lookup
    return tuple(importlib.import_module(f"{registry.GAME_PACKAGES[name]}.layout") for name in known_games())
