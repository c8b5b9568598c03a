"""Redemption, quick-start rulebook: "Deck Building Rules" and "Defining Duplicate Cards".

Every limit below counts copies of "the same card" as identity.py defines it.
"""

from __future__ import annotations

from typing import Iterator

from deckcheck.games import Format, Game
from deckcheck.games.redemption.identity import same_card
from deckcheck.games.redemption.tournament import tournament_format
from deckcheck.model import Card, Deck, Finding, Severity
from deckcheck.rules import Reporter, rule, shapes
from deckcheck.rules.common import COMMON_RULES

SOURCE = "Redemption rulebook, Deck Building Rules"
MINIMUM_DECK = 50
ENHANCEMENTS = ("good_enhancement", "evil_enhancement")
CHARACTERS = ("hero", "evil_character")
DOMINANTS = ("good_dominant", "evil_dominant")


def required_lost_souls(size: int) -> int:
    """The rulebook's table: 50-56 -> 7, 57-63 -> 8, ... (authoritative over its "every six cards")."""
    return 7 + max(0, size - MINIMUM_DECK) // 7


def is_multicoloured(card: Card) -> bool:
    brigades = card.get("brigades") or ()
    return len(brigades) > 1 or "multi" in brigades


def has_ability(card: Card) -> bool:
    return bool(card.get("special_ability"))


@rule("redemption.deck-size", Severity.ERROR, f"the deck has at least {MINIMUM_DECK} cards", SOURCE)
def deck_size(deck: Deck, report: Reporter) -> Iterator[Finding]:
    yield from shapes.size_range(report, "main", deck.size("main"), MINIMUM_DECK, None, "the deck")


@rule("redemption.lost-soul-count", Severity.ERROR,
      "Lost Souls exactly as the table requires: 50-56 cards -> 7, then one more per 7 cards", SOURCE)
def lost_soul_count(deck: Deck, report: Reporter) -> Iterator[Finding]:
    size = deck.size("main")
    needed = required_lost_souls(size)
    have = shapes.count(deck.entries("main"), lambda card: card.is_a("lost_soul"))
    if have != needed:
        yield report.about_zone("main", f"{size} cards need {needed} Lost Souls; this deck has {have}")


@rule("redemption.multicolor-limit", Severity.ERROR,
      "at most 1 of each multi-coloured Hero, Evil Character or enhancement", SOURCE)
def multicolor_limit(deck: Deck, report: Reporter) -> Iterator[Finding]:
    yield from shapes.copy_cap(
        report, deck.entries("main"),
        lambda card: 1 if card.is_a(*CHARACTERS, *ENHANCEMENTS) and is_multicoloured(card) else None, "multi-coloured")


@rule("redemption.dominant-limit", Severity.ERROR, "at most 1 of each dominant", SOURCE)
def dominant_limit(deck: Deck, report: Reporter) -> Iterator[Finding]:
    yield from shapes.copy_cap(report, deck.entries("main"),
                               lambda card: 1 if card.is_a(*DOMINANTS) else None, "dominant")


@rule("redemption.special-ability-limit", Severity.ERROR,
      "at most 1 per 50 cards of each card with a special ability (56 -> 1, 100 -> 2, 150 -> 3)", SOURCE)
def special_ability_limit(deck: Deck, report: Reporter) -> Iterator[Finding]:
    size = deck.size("main")
    allowed = size // MINIMUM_DECK
    yield from shapes.copy_cap(report, deck.entries("main"), lambda card: allowed if has_ability(card) else None,
                               f"special ability: 1 per 50 cards, {size} cards allow {allowed}")


@rule("redemption.copy-limit", Severity.ERROR,
      "at most 3 of each single-coloured Hero, Evil Character or enhancement without a special ability", SOURCE)
def copy_limit(deck: Deck, report: Reporter) -> Iterator[Finding]:
    def limit(card: Card) -> int | None:
        plain = card.is_a(*CHARACTERS, *ENHANCEMENTS) and not is_multicoloured(card) and not has_ability(card)
        return 3 if plain else None

    yield from shapes.copy_cap(report, deck.entries("main"), limit)


def _type_cap(deck: Deck, report: Reporter, types: tuple[str, ...], what: str) -> Iterator[Finding]:
    main = deck.entries("main")
    have = shapes.count(main, lambda card: card.is_a(*types))
    souls = shapes.count(main, lambda card: card.is_a("lost_soul"))
    if have > souls:
        yield report.about_zone("main", f"{have} {what} but only {souls} Lost Souls; {what} may not outnumber Lost Souls")


@rule("redemption.site-cap", Severity.ERROR, "the number of sites may not exceed the number of Lost Souls", SOURCE)
def site_cap(deck: Deck, report: Reporter) -> Iterator[Finding]:
    yield from _type_cap(deck, report, ("site",), "sites")


@rule("redemption.dominant-cap", Severity.ERROR,
      "dominants (good and evil together) may not exceed the number of Lost Souls", SOURCE)
def dominant_cap(deck: Deck, report: Reporter) -> Iterator[Finding]:
    yield from _type_cap(deck, report, DOMINANTS, "dominants")


@rule("redemption.format-sets", Severity.ERROR,
      "in a format the card data defines (rotation, ...), every card is from one of its sets",
      "the card data's formats (LackeyCCG formats.txt)")
def format_sets(deck: Deck, report: Reporter) -> Iterator[Finding]:
    chosen = report.context.format
    if chosen is None or chosen.sets is None:
        return
    allowed = set(chosen.sets)
    for entry in deck.entries():
        card_set = entry.card.get("set") if entry.card else None
        if card_set is not None and card_set not in allowed:
            yield report.about_entries([entry], f"{entry.card.name} is from set {card_set}, "
                                                f"which the {chosen.name} format does not allow")


GAME = Game(
    name="redemption",
    title="Redemption",
    source="Redemption quick-start rulebook",
    formats=(Format("quickstart", "the quick-start rulebook's deck building rules",
                    {"opening_hand": 8, "draw_per_turn": 3, "rescues_to_win": 5}),
             tournament_format("type1", "Type 1 (Type I) tournament decks"),
             tournament_format("type2", "Type 2 (Type II) tournament decks")),
    rules=COMMON_RULES + (deck_size, lost_soul_count, multicolor_limit, dominant_limit, special_ability_limit,
                          copy_limit, site_cap, dominant_cap, format_sets),
    zones=("main", "side"),
    type_order=("hero", "evil_character", "good_enhancement", "evil_enhancement", "good_dominant", "evil_dominant",
                "lost_soul", "site", "city", "fortress", "artifact", "covenant", "curse"),
    identity=same_card,
)
