"""The registry of games: one line a game. A game is a package of its own (its rules.py builds its
Game; its goldfish.py is its turn model; its cards.schema.json the fields of its cards); everything
that lists games (the schemas' game names, the command line's choices, the zones a deck file may
hold) reads this registry. A game's rules are imported when a deck of it is checked, so that
commands which check nothing start fast."""

from __future__ import annotations

import difflib
import importlib
import json
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from deckcheck.games.game import Game
    from deckcheck.model import ZoneTable

# name -> package; in the order `deckcheck rules` lists them
GAME_PACKAGES = {
    "redemption": "deckcheck.games.redemption",
    "bible-battles": "deckcheck.games.bible_battles",
    "redline": "deckcheck.games.redline",
    "demon-rush": "deckcheck.games.demon_rush",
    "promised-land": "deckcheck.games.promised_land",
}


class UnknownName(ValueError):
    """A game or format name that names none; the message lists close matches and the choices."""


def known_games() -> tuple[str, ...]:
    return tuple(GAME_PACKAGES)


def get_game(name: str) -> "Game | None":
    package = GAME_PACKAGES.get(name)
    return importlib.import_module(f"{package}.rules").GAME if package else None


def all_games() -> tuple["Game", ...]:
    return tuple(get_game(name) for name in GAME_PACKAGES)


def close_to(word: str, choices: list[str] | tuple[str, ...]) -> str:
    """`; did you mean 'x'?` for a word close to one of `choices`, else nothing."""
    close = difflib.get_close_matches(word.lower(), list(choices), n=3, cutoff=0.6)
    return f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else ""


def game_named(name: str) -> "Game":
    """The game `name` names (any case, spaces around); UnknownName otherwise."""
    game = get_game(name.strip().lower())
    if game is None:
        raise UnknownName(f"'{name}' is not a known game{close_to(name.strip(), known_games())} (games: {', '.join(known_games())})")
    return game


def format_named(game: "Game", name: str, defined: tuple[dict, ...] = ()) -> str:
    """The name of `game`'s format `name` names (an alias gives its format); UnknownName otherwise."""
    canonical = game.canonical_format(name.strip().lower())
    names = game.format_names(defined)
    if canonical not in names:
        aliases = [alias for f in game.formats for alias in f.aliases]
        raise UnknownName(f"{game.title} has no format '{name}'{close_to(name.strip(), names + aliases)} (formats: {', '.join(names)})")
    return canonical


@cache
def zone_table() -> "ZoneTable":
    """Every zone any game's deck may hold, with every word any game has for it: what a reader
    looks for before it knows a deck's game."""
    from deckcheck.games.zones import union

    return union([game.zones for game in all_games()])


def card_fields_schema(name: str) -> dict:
    """The JSON Schema of one game's cards (`cards.schema.json` in its package)."""
    text = resources.files(GAME_PACKAGES[name]).joinpath("cards.schema.json").read_text(encoding="utf-8")
    return json.loads(text)
