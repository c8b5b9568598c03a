"""Bible Battles official rules, "GAME PLAY / Getting started": "You cannot have more than 3 of the
same card in your deck except follower cards (no limit on those). You can only have one of a
specific card if it is labeled as Unique. There is no minimum or maximum ... the suggested amount
is 60."
"""

from __future__ import annotations

from typing import Iterator

from deckcheck.games import Format, Game
from deckcheck.model import Card, Deck, Finding, Severity
from deckcheck.rules import Findings, rule, shapes
from deckcheck.rules.common import COMMON_RULES

SOURCE = "Bible Battles official rules, GAME PLAY / Getting started"
COPY_LIMIT = 3
SUGGESTED_SIZE = 60


def is_unique(card: Card) -> bool:
    """Labelled Unique: the card's `unique` fact, and every Unique Person by its type."""
    return bool(card.get("unique")) or card.is_a("unique_person")


@rule("bible-battles.copy-limit", Severity.ERROR, f"at most {COPY_LIMIT} of the same card; followers are exempt", SOURCE)
def copy_limit(deck: Deck, findings: Findings) -> Iterator[Finding]:
    yield from shapes.copy_cap(
        findings, deck.entries("main"), lambda card: None if card.is_a("follower") or is_unique(card) else COPY_LIMIT
    )


@rule("bible-battles.unique-limit", Severity.ERROR, "at most 1 of a card labelled Unique", SOURCE)
def unique_limit(deck: Deck, findings: Findings) -> Iterator[Finding]:
    yield from shapes.copy_cap(findings, deck.entries("main"), lambda card: 1 if is_unique(card) else None, "Unique")


@rule("bible-battles.deck-size", Severity.WARNING, f"no minimum or maximum; the rules suggest {SUGGESTED_SIZE}", SOURCE)
def deck_size(deck: Deck, findings: Findings) -> Iterator[Finding]:
    size = deck.size("main")
    if size != SUGGESTED_SIZE:
        yield findings.about_zone("main", f"the deck has {size} cards; the rules suggest {SUGGESTED_SIZE} (there is no minimum or maximum)")


GAME = Game(
    name="bible-battles",
    title="Bible Battles",
    source="Bible Battles official rules",
    formats=(
        Format(
            "standard",
            "the official rules: 3 copies, followers unlimited, Unique cards once",
            {"wisdom_target": 30, "wisdom_target_maximum": 99, "opening_hand": 7, "hand_limit": 7},
        ),
    ),
    rules=COMMON_RULES + (copy_limit, unique_limit, deck_size),
    zones=("main",),
    type_order=(
        "follower",
        "unique_person",
        "army",
        "beast",
        "animal",
        "crop",
        "land",
        "river",
        "city",
        "fortress",
        "building",
        "item",
        "event",
    ),
)
