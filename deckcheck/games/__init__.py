"""The registry of games. Each game package's rules.py defines GAME; it is imported only when a
deck of that game is checked, so that commands which check nothing start fast."""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from datetime import date
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
    life points, quoting strictness, ...), which reports and goldfish runs state. A format whose
    rules change by date exists once per rules version, each with the date it took effect."""

    name: str
    description: str
    settings: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    sets: tuple[str, ...] | None = None  # a format the card data defines: only cards of these sets
    rules: tuple[Rule, ...] | None = None  # the format's own rules, in place of the game's
    identity: Callable[["CardDatabase"], Callable[[Card], Hashable]] | None = None  # its own "same card"
    game: str = ""
    version: str | None = None  # the rules version this format is part of
    effective: date | None = None  # the date that version took effect
    aliases: tuple[str, ...] = ()
    params: Any = None  # what the format's own rules read (typed by the game)
    card_list_bans: bool = True  # whether the card data's own Banned mark applies
    banned: Callable[[Card], str | None] | None = None  # the format's own ban list: why a card is on it


def in_force(versions: list[Format], as_of: date | None) -> tuple[Format, bool]:
    """The version in force on `as_of` (today when None), and whether `as_of` comes before the
    oldest version (which is then the one used)."""
    dated = sorted(versions, key=lambda f: f.effective or date.min)
    when = as_of or date.today()
    current = [f for f in dated if (f.effective or date.min) <= when]
    return (current[-1], False) if current else (dated[0], True)


def _by_name(database: "CardDatabase") -> Callable[[Card], Hashable]:
    return same_name


@dataclass(frozen=True)
class Game:
    name: str
    title: str
    source: str  # the rulebook, as deckcheck rules names it
    formats: tuple[Format, ...]  # the first is the default
    rules: tuple[Rule, ...]
    zones: tuple[str, ...]  # the zones a deck of this game may have
    type_order: tuple[str, ...] = ()  # card types in the order `deckcheck fmt` groups them
    # card types that may not stand in a zone (deck.wrong-zone), e.g. a general in main
    forbidden_types: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    # "the same card" for copy limits and ban lists: the game's identity rule over a database
    identity: Callable[["CardDatabase"], Callable[[Card], Hashable]] = _by_name
    zone_labels: Mapping[str, str] = field(default_factory=dict)  # a zone the game names its own way

    def zone_label(self, zone: str) -> str:
        """What the game calls a zone: `Reserve` for Redemption's side deck."""
        return self.zone_labels.get(zone) or zone.replace("_", " ").title()

    @property
    def default_format(self) -> str:
        return self.formats[0].name

    def canonical_format(self, name: str) -> str:
        """A format's name for one of its aliases (limited -> type1), or the name itself."""
        return next((f.name for f in self.formats if name in f.aliases), name)

    def format(self, name: str, defined: tuple[dict, ...] = (), as_of: date | None = None) -> Format | None:
        """The game's format `name` (or alias) in the version in force on `as_of`, or one the card
        data defines (its sets, the default's rules)."""
        return self.format_in_force(name, defined, as_of)[0]

    def format_in_force(self, name: str, defined: tuple[dict, ...] = (), as_of: date | None = None) -> tuple[Format | None, bool]:
        """format(), and whether `as_of` came before the oldest version of it."""
        name = self.canonical_format(name)
        versions = [f for f in self.formats if f.name == name]
        if versions:
            return in_force(versions, as_of)
        data = next((f for f in defined if f["name"] == name), None)
        if data is None:
            return None, False
        default = self.formats[0]
        label = data.get("label", name)
        return Format(
            name, f"{label}: {default.name} rules, cards of {len(data['sets'])} sets only", default.settings, tuple(data["sets"])
        ), False

    def format_names(self, defined: tuple[dict, ...] = ()) -> list[str]:
        return list(dict.fromkeys([f.name for f in self.formats] + [f["name"] for f in defined]))


def known_games() -> tuple[str, ...]:
    return tuple(GAME_MODULES)


def get_game(name: str) -> Game | None:
    module = GAME_MODULES.get(name)
    return importlib.import_module(module).GAME if module else None


def all_games() -> tuple[Game, ...]:
    return tuple(get_game(name) for name in GAME_MODULES)
