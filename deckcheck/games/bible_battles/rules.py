"""Bible Battles official rules, "GAME PLAY / Getting started": "You cannot have more than 3 of the
same card in your deck except follower cards (no limit on those). You can only have one of a
specific card if it is labeled as Unique. There is no minimum or maximum ... the suggested amount
is 60."
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from deckcheck.games.zones import MAIN
from deckcheck.model import Card, Deck, Finding, Severity
from deckcheck.rules import Findings, Format, Game, Params, params_as, rule, setting, shapes
from deckcheck.wording import plural

SOURCE = "Bible Battles official rules, GAME PLAY / Getting started"


@dataclass(frozen=True, kw_only=True)
class BibleBattlesParams(Params):
    copy_limit: int = 3
    suggested_size: int = 60
    opening_hand: int = setting(7)
    draws_per_turn: int = setting(1)
    hand_limit: int = setting(7)
    wisdom_target: int = setting(30, event={"type": "integer", "minimum": 1, "maximum": 99})
    wisdom_target_maximum: int = setting(99)


def _params(findings: Findings) -> BibleBattlesParams:
    return params_as(BibleBattlesParams, findings)


STANDARD = BibleBattlesParams()


def is_unique(card: Card) -> bool:
    """Labelled Unique: the card's `unique` fact, and every Unique Person by its type."""
    return bool(card.get("unique")) or card.is_a("unique_person")


@rule("bible-battles.copy-limit", Severity.ERROR, f"at most {STANDARD.copy_limit} of the same card; followers are exempt", SOURCE)
def copy_limit(deck: Deck, findings: Findings) -> Iterator[Finding]:
    yield from shapes.copy_cap(
        findings, deck.entries("main"), lambda card: None if card.is_a("follower") or is_unique(card) else _params(findings).copy_limit
    )


@rule("bible-battles.unique-limit", Severity.ERROR, "at most 1 of a card labelled Unique", SOURCE)
def unique_limit(deck: Deck, findings: Findings) -> Iterator[Finding]:
    yield from shapes.copy_cap(findings, deck.entries("main"), lambda card: 1 if is_unique(card) else None, "Unique")


@rule("bible-battles.deck-size", Severity.WARNING, f"no minimum or maximum; the rules suggest {STANDARD.suggested_size}", SOURCE)
def deck_size(deck: Deck, findings: Findings) -> Iterator[Finding]:
    size, suggested = deck.size("main"), _params(findings).suggested_size
    if size != suggested:
        yield findings.about_zone(
            "main", f"the deck has {plural(size, 'card')}; the rules suggest {suggested} (there is no minimum or maximum)"
        )


GAME = Game(
    name="bible-battles",
    title="Bible Battles",
    source="Bible Battles official rules",
    formats=(Format("standard", "the official rules: 3 copies, followers unlimited, Unique cards once", STANDARD),),
    rules=(copy_limit, unique_limit, deck_size),
    zones=(MAIN,),
    goldfish="deckcheck.games.bible_battles.goldfish",
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
