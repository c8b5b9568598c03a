"""The registry of games. Each game package's rules.py defines GAME; it is imported only when a
deck of that game is checked, so that commands which check nothing start fast."""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Callable, Hashable, Mapping

from deckcheck.model import Card
from deckcheck.rules import Rule
from deckcheck.rules.shapes import same_name

if TYPE_CHECKING:
    from deckcheck.loading.card_db import CardDatabase

# name -> module defining GAME; every game of rules.md, in the order `deckcheck rules` lists them
GAME_MODULES = {
    "redemption": "deckcheck.games.redemption.rules",
    "bible-battles": "deckcheck.games.bible_battles.rules",
    "redline": "deckcheck.games.redline.rules",
    "demon-rush": "deckcheck.games.demon_rush.rules",
    "promised-land": "deckcheck.games.promised_land.rules",
}


@dataclass(frozen=True)
class Format:
    """A way of playing a game: its description and the settings it ties to the game (starting
    life points, quoting strictness, ...), which reports and goldfish runs state."""

    name: str
    description: str
    settings: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    sets: tuple[str, ...] | None = None   # a format the card data defines: only cards of these sets
    rules: tuple[Rule, ...] | None = None  # the format's own rules, in place of the game's
    identity: Callable[["CardDatabase"], Callable[[Card], Hashable]] | None = None  # its own "same card"
    data_file: str | None = None          # its rules data: card_data/formats/<game>/<data_file>.yaml
    game: str = ""


def _by_name(database: "CardDatabase") -> Callable[[Card], Hashable]:
    return same_name


@dataclass(frozen=True)
class Game:
    name: str
    title: str
    source: str                                  # the rulebook, as deckcheck rules names it
    formats: tuple[Format, ...]                  # the first is the default
    rules: tuple[Rule, ...]
    zones: tuple[str, ...]                       # the zones a deck of this game may have
    type_order: tuple[str, ...] = ()             # card types in the order `deckcheck fmt` groups them
    # card types that may not stand in a zone (deck.wrong-zone), e.g. a general in main
    forbidden_types: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    # "the same card" for copy limits and ban lists: the game's identity rule over a database
    identity: Callable[["CardDatabase"], Callable[[Card], Hashable]] = _by_name

    @property
    def default_format(self) -> str:
        return self.formats[0].name

    def format(self, name: str, defined: tuple[dict, ...] = ()) -> Format | None:
        """The game's format `name`, or one the card data defines (its sets, the default's rules)."""
        found = next((f for f in self.formats if f.name == name), None)
        data = next((f for f in defined if f["name"] == name), None)
        if found is None and data is not None:
            default = self.formats[0]
            label = data.get("label", name)
            found = Format(name, f"{label}: {default.name} rules, cards of {len(data['sets'])} sets only",
                           default.settings, tuple(data["sets"]))
        return found

    def format_names(self, defined: tuple[dict, ...] = ()) -> list[str]:
        return [f.name for f in self.formats] + [f["name"] for f in defined]


def known_games() -> tuple[str, ...]:
    return tuple(GAME_MODULES)


def get_game(name: str) -> Game | None:
    module = GAME_MODULES.get(name)
    return importlib.import_module(module).GAME if module else None


def all_games() -> tuple[Game, ...]:
    return tuple(get_game(name) for name in GAME_MODULES)


def rule_index() -> dict[str, Rule]:
    """Every rule id of every game and format, for the reports that describe rules (a format's own
    version of a rule stands behind the game's)."""
    index: dict[str, Rule] = {}
    for game in all_games():
        for rules in [game.rules] + [f.rules for f in game.formats if f.rules]:
            for each in rules:
                index.setdefault(each.id, each)
    return index


def rules_of(game_name: str | None, format_name: str | None) -> dict[str, Rule]:
    """The rules a deck of this game and format was checked by, by id (for --explain)."""
    game = get_game(game_name) if game_name else None
    if game is None:
        return rule_index()
    chosen = game.format(format_name) if format_name else None
    return {each.id: each for each in (chosen.rules if chosen and chosen.rules else game.rules)}
