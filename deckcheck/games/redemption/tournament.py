"""Redemption tournament formats, Type 1 and Type 2: the official Deck Construction & Format
Specific Rules 1.3.0. The numbers are here; the banned cards and the cards with special rules are
data (card_data/formats/redemption/<format>.yaml), so that the next rules update is a data change.

Limits are checked on the deck alone and on deck + Reserve together (n counting both), as the
rules require ("your deck must be a legal deck without counting any cards in your Reserve; your
deck + Reserve must be a legal deck"); the Lost Soul ratio only on the deck.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterator

from deckcheck.games import Format
from deckcheck.games.redemption.same_card import lost_soul_name, tournament_identity
from deckcheck.loading.names import normalise
from deckcheck.model import Card, Deck, Finding, Severity
from deckcheck.rules import Reporter, Rule, rule, shapes
from deckcheck.rules.common import COMMON_RULES
from deckcheck.rules.format_data import format_rules, matches

SOURCE = "Redemption Deck Construction & Format Specific Rules 1.3.0"
SAME_CARD = ("; same card: name + art, Lost Soul name, rainbow or non-generic name + icon (the data cannot tell "
             "'the same person', so two names for one person count apart)")
DOMINANTS = ("good_dominant", "evil_dominant")
CHARACTERS = ("hero", "evil_character")
ENHANCEMENTS = ("good_enhancement", "evil_enhancement")


@dataclass(frozen=True)
class Numbers:
    minimum: int
    maximum: int
    lost_souls_at_start: int     # the Lost Souls the smallest table row needs
    table_start: int             # the size from which each 7 more cards need one more Lost Soul
    reserve: int


NUMBERS = {"type1": Numbers(50, 154, 7, 50, 10), "type2": Numbers(100, 252, 14, 99, 15)}


def required_lost_souls(format_name: str, size: int) -> int:
    """Type 1: 50-56 -> 7, ..., 148-154 -> 21; Type 2: 100-105 -> 14, ..., 246-252 -> 35."""
    numbers = NUMBERS[format_name]
    return numbers.lost_souls_at_start + max(0, size - numbers.table_start) // 7


def _format(report: Reporter) -> str:
    return report.context.format.name


def _data(report: Reporter) -> dict:
    return format_rules(report.context.format)


def _special(report: Reporter, card: Card) -> dict | None:
    return next((spec for spec in _data(report).get("special_limits", []) if matches(card, spec)), None)


def _counts_as_lost_soul(report: Reporter, card: Card) -> bool:
    excluded = {normalise(n) for n in _data(report).get("not_counted_as_lost_souls", [])}
    return card.is_a("lost_soul") and normalise(lost_soul_name(card) or "") not in excluded


def brigade_count(card: Card) -> int:
    """Brigades at face value; a rainbow (multi) card counts as three or more."""
    brigades = card.get("brigades") or ()
    return 3 if "multi" in brigades else len(brigades)


def _lost_souls(report: Reporter, deck: Deck) -> int:
    return shapes.count(deck.entries("main"), lambda card: _counts_as_lost_soul(report, card))


# --- the limits, on the deck and on deck + Reserve -----------------------------------------------

def _limit(report: Reporter, deck: Deck, limit: Callable[[Card, int], int | None], why: str) -> Iterator[Finding]:
    """Each card over `limit(card, n)` copies, in the deck alone, else in deck + Reserve."""
    alone = list(shapes.copy_cap(report, deck.entries("main"), lambda card: limit(card, deck.size("main")), why))
    yield from alone
    if deck.size("side") and not alone:
        n = deck.size("main", "side")
        yield from shapes.copy_cap(report, deck.entries("main", "side"), lambda card: limit(card, n), why,
                                   scope=" in deck + Reserve")


def _unless_special(report: Reporter, limit: Callable[[Card, int], int | None]) -> Callable[[Card, int], int | None]:
    return lambda card, n: None if _special(report, card) else limit(card, n)


@rule("redemption.deck-size", Severity.ERROR, "Type 1: 50-154 cards; Type 2: 100-252", SOURCE + ", Deck Building Rules")
def deck_size(deck: Deck, report: Reporter) -> Iterator[Finding]:
    numbers = NUMBERS[_format(report)]
    yield from shapes.size_range(report, "main", deck.size("main"), numbers.minimum, numbers.maximum, "the deck")


@rule("redemption.lost-soul-count", Severity.ERROR,
      "exactly the table's Lost Souls (Type 1: 7 + (n - 50) // 7; Type 2: 14 + (n - 99) // 7); Hoppers do not count",
      SOURCE + ", Deck Building Rules")
def lost_soul_count(deck: Deck, report: Reporter) -> Iterator[Finding]:
    size = deck.size("main")
    needed = required_lost_souls(_format(report), size)
    have = _lost_souls(report, deck)
    if have != needed:
        hoppers = shapes.count(deck.entries("main"), lambda c: c.is_a("lost_soul")) - have
        aside = f" ({hoppers} Hopper Lost Soul{'s' if hoppers != 1 else ''} do{'es' if hoppers == 1 else ''} not count)" if hoppers else ""
        yield report.about_zone("main", f"{size} cards need {needed} Lost Souls; this deck has {have}{aside}")


@rule("redemption.multicolor-limit", Severity.ERROR,
      "Type 1: 1 of each card with more than one brigade; Type 2: 1 with 3 or more brigades, 2 with 2" + SAME_CARD,
      SOURCE + ", Deck Building Rules")
def multicolor_limit(deck: Deck, report: Reporter) -> Iterator[Finding]:
    type2 = _format(report) == "type2"

    def limit(card: Card, n: int) -> int | None:
        brigades = brigade_count(card)
        if brigades >= 3 or (brigades == 2 and not type2):
            return 1
        return 2 if brigades == 2 else None

    yield from _limit(report, deck, _unless_special(report, limit), "brigades at face value")


@rule("redemption.dominant-limit", Severity.ERROR, "1 of each Dominant" + SAME_CARD, SOURCE + ", Deck Building Rules")
def dominant_limit(deck: Deck, report: Reporter) -> Iterator[Finding]:
    yield from _limit(report, deck, _unless_special(report, lambda card, n: 1 if card.is_a(*DOMINANTS) else None),
                      "dominant")


@rule("redemption.lost-soul-ability-limit", Severity.ERROR,
      "Lost Souls with a special ability: Type 1 at most 1, Type 2 at most 2 of each Lost Soul name",
      SOURCE + ", Deck Building Rules / Same Card")
def lost_soul_ability_limit(deck: Deck, report: Reporter) -> Iterator[Finding]:
    cap = 2 if _format(report) == "type2" else 1
    yield from _limit(report, deck, lambda card, n: cap if card.is_a("lost_soul") and card.get("special_ability") else None,
                      "Lost Soul with a special ability")


@rule("redemption.special-ability-limit", Severity.ERROR,
      "Type 1: 1 per 50 cards of each card with a special ability" + SAME_CARD, SOURCE + ", Type I Deck Building Rules")
def special_ability_limit(deck: Deck, report: Reporter) -> Iterator[Finding]:
    if _format(report) != "type1":
        return
    limit = _unless_special(report, lambda card, n: n // 50 if card.get("special_ability") else None)
    yield from _limit(report, deck, limit, "special ability: 1 per 50 cards")


def _copy_limit(format_name: str, card: Card) -> int | None:
    single = brigade_count(card) <= 1
    ability = bool(card.get("special_ability"))
    if format_name == "type1":
        return 3 if card.is_a(*CHARACTERS, *ENHANCEMENTS) and single and not ability else None
    if not single or card.is_a("lost_soul", *DOMINANTS):
        return None
    if card.is_a("site", "city") and ability:
        return 2
    if card.is_a("artifact", "fortress", "covenant", "curse"):
        return 3
    if card.is_a(*CHARACTERS, *ENHANCEMENTS, "site", "city"):
        return 4
    return None


@rule("redemption.copy-limit", Severity.ERROR,
      "Type 1: 3 of each single-brigade Hero, Evil Character, Enhancement without a special ability; "
      "Type 2: 2 (ability Sites, Cities), 3 (Artifacts, Fortresses, Covenants, Curses), 4 (the rest)" + SAME_CARD,
      SOURCE + ", Deck Building Rules")
def copy_limit(deck: Deck, report: Reporter) -> Iterator[Finding]:
    name = _format(report)
    yield from _limit(report, deck, _unless_special(report, lambda card, n: _copy_limit(name, card)), "")


@rule("redemption.special-card-limit", Severity.ERROR,
      "the listed exceptions replace the normal limit: Faithful Witness 4; Locust from the Pit 5 per 50; "
      "Legion, Angry Mob 4 per 50", SOURCE + ", Cards with Special Deck Building Rules")
def special_card_limit(deck: Deck, report: Reporter) -> Iterator[Finding]:
    def limit(card: Card, n: int) -> int | None:
        spec = _special(report, card)
        if spec is None:
            return None
        return spec["max"] if "max" in spec else spec["per_50"] * max(1, n // 50)

    yield from _limit(report, deck, limit, "a card with its own deck building rule")


def _cap(deck: Deck, report: Reporter, types: tuple[str, ...], what: str) -> Iterator[Finding]:
    have = shapes.count(deck.entries("main", "side"), lambda card: card.is_a(*types))
    souls = _lost_souls(report, deck)
    if have > souls:
        yield report.about_zone("main", f"{have} {what} (deck and Reserve) but {souls} Lost Souls; "
                                        f"{what} may not outnumber Lost Souls")


@rule("redemption.site-cap", Severity.ERROR, "Sites + Cities (deck and Reserve) <= Lost Souls", SOURCE + ", Other rules")
def site_cap(deck: Deck, report: Reporter) -> Iterator[Finding]:
    yield from _cap(deck, report, ("site", "city"), "Sites and Cities")


@rule("redemption.dominant-cap", Severity.ERROR, "Dominants <= Lost Souls", SOURCE + ", Other rules")
def dominant_cap(deck: Deck, report: Reporter) -> Iterator[Finding]:
    yield from _cap(deck, report, DOMINANTS, "Dominants")


@rule("redemption.reserve-size", Severity.ERROR, "the Reserve holds Type 1: 0-10, Type 2: 0-15 cards", SOURCE + ", Reserve")
def reserve_size(deck: Deck, report: Reporter) -> Iterator[Finding]:
    yield from shapes.size_range(report, "side", deck.size("side"), None, NUMBERS[_format(report)].reserve, "the Reserve")


@rule("redemption.reserve-content", Severity.ERROR, "no Dominants and no Lost Souls in the Reserve", SOURCE + ", Reserve")
def reserve_content(deck: Deck, report: Reporter) -> Iterator[Finding]:
    for entry in deck.entries("side"):
        if entry.card is not None and entry.card.is_a("lost_soul", *DOMINANTS):
            kind = "Lost Soul" if entry.card.is_a("lost_soul") else "Dominant"
            yield report.about_entries([entry], f"{entry.card.name} is a {kind}: the Reserve cannot hold one")


def alignment(card: Card) -> str:
    """Good, evil or neutral for deck building: a Good+Evil card is neutral, X+Neutral is X."""
    sides = set()
    stated = card.get("alignment")
    if stated in ("good", "evil"):
        sides.add(stated)
    if card.is_a("hero", "good_enhancement", "good_dominant"):
        sides.add("good")
    if card.is_a("evil_character", "evil_enhancement", "evil_dominant"):
        sides.add("evil")
    return sides.pop() if len(sides) == 1 else "neutral"


@rule("redemption.alignment-balance", Severity.ERROR,
      "Type 2: as many good cards as evil cards (a Good+Evil card is neutral, X+Neutral is X)",
      SOURCE + ", Type II Deck Building Rules")
def alignment_balance(deck: Deck, report: Reporter) -> Iterator[Finding]:
    if _format(report) != "type2":
        return
    for zones, what in ((("main",), "the deck"), (("main", "side"), "deck + Reserve")):
        if zones == ("main", "side") and not deck.size("side"):
            continue
        sides = {"good": 0, "evil": 0}
        for entry in deck.entries(*zones):
            if entry.card is not None and alignment(entry.card) in sides:
                sides[alignment(entry.card)] += entry.count
        if sides["good"] != sides["evil"]:
            yield report.about_zone("main", f"{what} has {sides['good']} good and {sides['evil']} evil cards; "
                                            "Type 2 needs as many of each")
            return


@rule("redemption.exclusive-pair", Severity.ERROR,
      "New Jerusalem [Dominant] or The Second Coming; Son of God or Chariot of Fire [Dominant]: at most one of each pair",
      SOURCE + ", Cards with Special Deck Building Rules")
def exclusive_pair(deck: Deck, report: Reporter) -> Iterator[Finding]:
    for first, second in _data(report).get("exclusive_pairs", []):
        a = [e for e in deck.entries() if e.card is not None and matches(e.card, first)]
        b = [e for e in deck.entries() if e.card is not None and matches(e.card, second)]
        if a and b:
            yield report.about_entries(a + b, f"{first['title']} and {second['title']}: a deck may hold only one of the two")


TOURNAMENT_RULES: tuple[Rule, ...] = COMMON_RULES + (
    deck_size, lost_soul_count, multicolor_limit, dominant_limit, lost_soul_ability_limit, special_ability_limit,
    copy_limit, special_card_limit, site_cap, dominant_cap, reserve_size, reserve_content, alignment_balance,
    exclusive_pair)


def tournament_format(name: str, label: str) -> Format:
    numbers = NUMBERS[name]
    return Format(name, f"{label}: {numbers.minimum}-{numbers.maximum} cards, a Reserve of up to {numbers.reserve} "
                        "(Deck Building Rules 1.3.0)",
                  {"opening_hand": 8, "draw_per_turn": 3, "rescues_to_win": 5}, rules=TOURNAMENT_RULES,
                  identity=tournament_identity, data_file=name, game="redemption")
