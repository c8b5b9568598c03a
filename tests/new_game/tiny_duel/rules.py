"""Tiny Duel's rules: 40 cards, at most 3 of a card, and a stable of up to 5 mounts."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from deckcheck.games.zones import MAIN
from deckcheck.model import Deck, Finding, Severity, Zone
from deckcheck.rules import Findings, Format, Game, Params, rule, setting, shapes

SOURCE = "Tiny Duel rules, Building a deck"
STABLE = Zone("stable", ("stable", "stable deck"), "Stable")


@dataclass(frozen=True, kw_only=True)
class TinyDuelParams(Params):
    deck_size: int = 40
    copy_limit: int = 3
    stable_size: int = setting(5, event={"type": "integer", "minimum": 1, "maximum": 12})  # an event may change it


@rule("tiny-duel.deck-size", Severity.ERROR, "exactly 40 cards in the main deck", SOURCE)
def deck_size(deck: Deck, findings: Findings) -> Iterator[Finding]:
    if deck.size("main") != findings.params.deck_size:
        yield findings.about_zone("main", f"{deck.size('main')} cards; a deck has exactly {findings.params.deck_size}")


@rule("tiny-duel.copy-limit", Severity.ERROR, "at most 3 of a card", SOURCE)
def copy_limit(deck: Deck, findings: Findings) -> Iterator[Finding]:
    yield from shapes.copy_cap(findings, deck.entries("main", "stable"), lambda card: findings.params.copy_limit)


@rule("tiny-duel.stable-size", Severity.ERROR, "at most 5 mounts in the stable", SOURCE)
def stable_size(deck: Deck, findings: Findings) -> Iterator[Finding]:
    if deck.size("stable") > findings.params.stable_size:
        yield findings.about_zone("stable", f"{deck.size('stable')} mounts; the stable holds {findings.params.stable_size}")


GAME = Game(
    name="tiny-duel",
    title="Tiny Duel",
    source="Tiny Duel rules",
    formats=(Format("standard", "40 cards, 3 copies, a stable of 5", TinyDuelParams()),),
    rules=(deck_size, copy_limit, stable_size),
    zones=(MAIN, STABLE),
    goldfish="tiny_duel.goldfish",
    type_order=("knight", "spell", "mount"),
    forbidden_types={"main": ("mount",), "stable": ("knight", "spell")},
)
