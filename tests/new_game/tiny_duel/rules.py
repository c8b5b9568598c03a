"""Tiny Duel's rules: 40 cards, at most 3 of a card, and a stable of up to 5 mounts."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from deckcheck.model import Deck, Finding, Severity
from deckcheck.rules import Doc, Example, Findings, Format, Game, Params, rule, setting, shapes

from tiny_duel import layout

SOURCE = "Tiny Duel rules, Building a deck"


@dataclass(frozen=True, kw_only=True)
class TinyDuelParams(Params):
    deck_size: int = 40
    copy_limit: int = 3
    stable_size: int = setting(5, event={"type": "integer", "minimum": 1, "maximum": 12})  # an event may change it


CARDS = "game: tiny-duel\ncards:\n  - {name: Knight 1, type: knight, power: 2}\n  - {name: Mount 1, type: mount}\n"


def _example(fails: str, passes: str) -> Example:
    return Example(f"game: tiny-duel\n{fails}", f"game: tiny-duel\n{passes}", cards=CARDS)


@rule(
    "tiny-duel.deck-size",
    Severity.ERROR,
    lambda params: f"exactly {params.deck_size} cards in the main deck",
    SOURCE,
    doc=Doc(
        what="The main deck holds exactly 40 cards.",
        why="Both players draw from decks of one size.",
        example=_example("main:\n  Knight 1: 39\n", "main:\n  Knight 1: 40\n"),
    ),
    reads=TinyDuelParams,
)
def deck_size(deck: Deck, findings: Findings[TinyDuelParams]) -> Iterator[Finding]:
    if deck.size("main") != findings.params.deck_size:
        yield findings.about_zone("main", f"{deck.size('main')} cards; a deck has exactly {findings.params.deck_size}")


@rule(
    "tiny-duel.copy-limit",
    Severity.ERROR,
    lambda params: f"at most {params.copy_limit} of a card",
    SOURCE,
    doc=Doc(
        what="At most 3 copies of a card, main deck and stable together.",
        why="A deck of one card many times over is no duel.",
        example=_example("main:\n  Knight 1: 4\n", "main:\n  Knight 1: 3\n"),
    ),
    reads=TinyDuelParams,
)
def copy_limit(deck: Deck, findings: Findings[TinyDuelParams]) -> Iterator[Finding]:
    yield from shapes.copy_cap(findings, deck.entries("main", "stable"), lambda card: findings.params.copy_limit)


@rule(
    "tiny-duel.stable-size",
    Severity.ERROR,
    lambda params: f"at most {params.stable_size} mounts in the stable",
    SOURCE,
    doc=Doc(
        what="The stable holds at most 5 mounts (an event may set another number).",
        why="Mounts are fetched from the stable during a game; its size bounds what a player can fetch.",
        example=_example("stable:\n  Mount 1: 6\n", "stable:\n  Mount 1: 5\n"),
    ),
    reads=TinyDuelParams,
)
def stable_size(deck: Deck, findings: Findings[TinyDuelParams]) -> Iterator[Finding]:
    if deck.size("stable") > findings.params.stable_size:
        yield findings.about_zone("stable", f"{deck.size('stable')} mounts; the stable holds {findings.params.stable_size}")


GAME = Game(
    name="tiny-duel",
    title="Tiny Duel",
    source="Tiny Duel rules",
    formats=(Format("standard", "40 cards, 3 copies, a stable of 5", TinyDuelParams()),),
    rules=(deck_size, copy_limit, stable_size),
    zones=layout.ZONES,
    goldfish="tiny_duel.goldfish",
    type_order=layout.TYPE_ORDER,
    forbidden_types={"main": ("mount",), "stable": ("knight", "spell")},
)
