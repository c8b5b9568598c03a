"""Bible Battles official rules, "GAME PLAY / Getting started": "You cannot have more than 3 of the
same card in your deck except follower cards (no limit on those). You can only have one of a
specific card if it is labeled as Unique. There is no minimum or maximum ... the suggested amount
is 60."
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from deckcheck.games.bible_battles import layout
from deckcheck.model import Card, Deck, Finding, Severity
from deckcheck.rules import Doc, Example, Findings, Format, Game, Params, rule, setting, shapes
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


STANDARD = BibleBattlesParams()


def is_unique(card: Card) -> bool:
    """Labelled Unique: the card's `unique` fact, and every Unique Person by its type."""
    return bool(card.get("unique")) or card.is_a("unique_person")


def _deck(fragment: str) -> str:
    return f"game: bible-battles\nmain:\n{fragment}"


@rule(
    "bible-battles.copy-limit",
    Severity.ERROR,
    lambda params: f"at most {params.copy_limit} of the same card; followers are exempt",
    SOURCE,
    doc=Doc(
        what="At most 3 copies of a card, followers aside (a deck may hold any number of followers).",
        why="The rules keep decks varied; followers are the game's basic resource, so they are not limited.",
        example=Example(_deck("  Goat: 4\n  Follower: 20\n"), _deck("  Goat: 3\n  Follower: 20\n")),
    ),
    reads=BibleBattlesParams,
)
def copy_limit(deck: Deck, findings: Findings[BibleBattlesParams]) -> Iterator[Finding]:
    most = findings.params.copy_limit
    yield from shapes.copy_cap(findings, deck.entries("main"), lambda card: None if card.is_a("follower") or is_unique(card) else most)


@rule(
    "bible-battles.unique-limit",
    Severity.ERROR,
    "at most 1 of a card labelled Unique",
    SOURCE,
    doc=Doc(
        what="At most one copy of a card labelled Unique (every Unique Person, and any card the card data marks unique).",
        why="A Unique card is one person or place of the Bible: there is one of them.",
        example=Example(
            _deck("  Moses: 2\n"),
            _deck("  Moses: 1\n"),
            cards="game: bible-battles\ncards:\n  - {name: Moses, id: ex-moses, type: unique_person}\n",
        ),
    ),
    reads=BibleBattlesParams,
)
def unique_limit(deck: Deck, findings: Findings[BibleBattlesParams]) -> Iterator[Finding]:
    yield from shapes.copy_cap(findings, deck.entries("main"), lambda card: 1 if is_unique(card) else None, "Unique")


@rule(
    "bible-battles.deck-size",
    Severity.WARNING,
    lambda params: f"no minimum or maximum; the rules suggest {params.suggested_size}",
    SOURCE,
    doc=Doc(
        what="A warning where the deck is not the 60 cards the rules suggest; there is no minimum or maximum.",
        why="The suggestion is what the game is balanced for; a deck far from it plays another game.",
        example=Example(_deck("  Follower: 59\n"), _deck("  Follower: 60\n")),
    ),
    reads=BibleBattlesParams,
)
def deck_size(deck: Deck, findings: Findings[BibleBattlesParams]) -> Iterator[Finding]:
    size, suggested = deck.size("main"), findings.params.suggested_size
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
    zones=layout.ZONES,
    goldfish="deckcheck.games.bible_battles.goldfish",
    type_order=layout.TYPE_ORDER,
)
