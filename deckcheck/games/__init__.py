"""The registry of games. Each game package's rules.py defines GAME; it is imported only when a
deck of that game is checked, so that commands which check nothing start fast."""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Mapping

from deckcheck.rules import Rule

# name -> module defining GAME; every game of rules.md, in the order `deckcheck rules` lists them
GAME_MODULES = {
    "redemption": "deckcheck.games.redemption.rules",
    "redline": "deckcheck.games.redline.rules",
}


@dataclass(frozen=True)
class Game:
    name: str
    title: str
    default_format: str
    formats: Mapping[str, str]                  # format -> one-line description
    rules: tuple[Rule, ...]
    zones: tuple[str, ...]                      # the zones a deck of this game may have
    # card types that may not stand in a zone (deck.wrong-zone), e.g. a general in main
    forbidden_types: Mapping[str, tuple[str, ...]] = field(default_factory=dict)


def known_games() -> tuple[str, ...]:
    return tuple(GAME_MODULES)


def get_game(name: str) -> Game | None:
    module = GAME_MODULES.get(name)
    return importlib.import_module(module).GAME if module else None
