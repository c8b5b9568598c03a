"""Redemption's copy limits: every cap a build's data puts on a card (its `limits:` rows, each under
the rule it names), and the special cards' own allowances, which replace them. Every cap on a card
applies; the lowest one reports. Counted per "the same card" as the format defines it, on the deck
and, where the rules have a Reserve, on deck + Reserve together."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from deckcheck.games.redemption.building import DeckBuilding, build_section, example_deck, special_limit
from deckcheck.games.redemption.rules_version import Limit
from deckcheck.model import Card, Deck, Finding, Severity
from deckcheck.rules import Doc, Example, Findings, Rule, shapes
from deckcheck.wording import plural

# the tournament rules' "Same Card" (1.3.0 and 2.0 alike); a version may state its own (the quick-start's)
SAME_CARD = (
    "name + art (an alternate border is the same art), Lost Soul name (its reference), rainbow or non-generic"
    " name + icon, a non-generic card of the same person (the Official Redemption Dictionary's Duplicate Card list) + icon"
)

# --- the copy limits: every cap on a card, the lowest one reports ---------------------------------


def _caps(building: DeckBuilding) -> Callable[[Card, int], list[shapes.Cap]]:
    """A card's caps in a deck of `size` cards: a special card's own limit replaces the others."""

    def caps(card: Card, size: int) -> list[shapes.Cap]:
        spec = special_limit(building, card)
        if spec is not None:
            allowed = spec["max"] if "max" in spec else spec["per_50"] * max(1, size // 50)
            return [shapes.Cap("redemption.special-card-limit", allowed, "a card with its own deck building rule")]
        return [shapes.Cap(row.rule, row.cap(size), _why(row, size)) for row in building.build.limits if row.matches(card)]

    return caps


def _why(row: Limit, size: int) -> str:
    """A row's reason, with the arithmetic where the allowance grows with the deck."""
    if row.per_50 is None:
        return row.why
    return f"{row.why}, {plural(size, 'card')} allow {row.cap(size)}"


def _limits(deck: Deck, findings: Findings[DeckBuilding]) -> Iterator[Finding]:
    building = findings.params
    yield from shapes.lowest_caps(findings, deck, _caps(building), building.build.counted_zones, shared=building)


def _limit_summary(rule_id: str) -> Callable[[DeckBuilding], str]:
    def summary(building: DeckBuilding) -> str:
        rows = building.build.limits_of(rule_id)
        same_card = building.version.same_card or SAME_CARD
        return "; ".join(row.text for row in rows) + f"; same card: {same_card}"

    return summary


def _limit_rule(rule_id: str, doc: Doc) -> Rule[DeckBuilding]:
    return Rule(rule_id, Severity.ERROR, _limit_summary(rule_id), build_section, doc, DeckBuilding, _limits, per_card=True)


multicolor_limit = _limit_rule(
    "redemption.multicolor-limit",
    Doc(
        what="At most one copy of each card of two or more brigades (the quick-start rules, Type 1), or the rules "
        "version's numbers by brigade count (Type 2: 2 of a two-brigade card, 1 of three or more).",
        why="Multi-brigade cards fit more decks and battles than single-brigade ones; the rules hold them to fewer copies.",
        example=Example(
            example_deck("main:\n  Water to Wine (I): 2\n", "quickstart"), example_deck("main:\n  Water to Wine (I): 1\n", "quickstart")
        ),
    ),
)
dominant_limit = _limit_rule(
    "redemption.dominant-limit",
    Doc(
        what="At most one copy of each Dominant, good or evil.",
        why="A Dominant is played without a battle and changes the game at once; one of each keeps them rare.",
        example=Example(example_deck("main:\n  Angel of the Lord (I): 2\n"), example_deck("main:\n  Angel of the Lord (I): 1\n")),
    ),
)
lost_soul_ability_limit = _limit_rule(
    "redemption.lost-soul-ability-limit",
    Doc(
        what="At most the version's number of each Lost Soul with a special ability, counted by Lost Soul name "
        "(its reference): 1 in Type 1, 2 in Type 2.",
        why="A Lost Soul with an ability works for its owner while it waits to be rescued; the tournament rules cap them.",
        example=Example(
            example_deck('main:\n  Lost Soul "Resurrection" [Psalm 30:3]: 2\n'),
            example_deck('main:\n  Lost Soul "Resurrection" [Psalm 30:3]: 1\n'),
        ),
    ),
)
special_ability_limit = _limit_rule(
    "redemption.special-ability-limit",
    Doc(
        what="At most one copy per 50 cards of each card with a special ability: a 56-card deck may hold 1, a "
        "100-card deck 2 (a deck under 50 cards still allows 1).",
        why="Cards with abilities decide games; the allowance grows with the deck so that a bigger deck is not a weaker one.",
        example=Example(
            example_deck("main:\n  Gathering Angel: 2\n", "quickstart"), example_deck("main:\n  Gathering Angel: 1\n", "quickstart")
        ),
    ),
)
copy_limit = _limit_rule(
    "redemption.copy-limit",
    Doc(
        what="At most the rules' number of copies of each ordinary card: 3 of each single-brigade Hero, Evil "
        "Character or Enhancement without a special ability in the quick-start rules and Type 1 of rules 1.3.0, one of "
        "each card in Type 1 from rules 2.0, the version's rows by card type in Type 2 (each format's summary gives its "
        "numbers).",
        why="Without a cap, a deck could be built of a few strong cards many times over.",
        example=Example(
            example_deck("main:\n  Angel at Bethesda: 4\n", "quickstart"), example_deck("main:\n  Angel at Bethesda: 3\n", "quickstart")
        ),
    ),
)


def _special_summary(building: DeckBuilding) -> str:
    limits = [f"{s['title']} {s['max']}" if "max" in s else f"{s['title']} {s['per_50']} per 50" for s in building.version.special_limits]
    return f"these cards' own limits replace the normal ones: {'; '.join(limits)}"


special_card_limit = Rule(
    "redemption.special-card-limit",
    Severity.ERROR,
    _special_summary,
    lambda building: building.section("special"),
    Doc(
        what="A card with its own deck building rule (Faithful Witness, Locust from the Pit, Legion, Angry Mob) is held "
        "to that rule's number instead of the usual limits.",
        why="The rules let these cards be played in numbers (a swarm of Locusts), and only so many.",
        example=Example(
            example_deck("main:\n  Faithful Witness: 5\n"),
            example_deck("main:\n  Faithful Witness: 4\n"),
            cards="game: redemption\ncards:\n  - {name: Faithful Witness, id: ex-faithful-witness, set: RoJ, type: hero, "
            "brigades: [purple], special_ability: true, alignment: good}\n",
        ),
    ),
    DeckBuilding,
    _limits,
    per_card=True,
)
LIMIT_RULES = (multicolor_limit, dominant_limit, lost_soul_ability_limit, special_ability_limit, copy_limit)
