"""REDLINE instruction manual: "DECK CONSTRUCTION RULES", "MISSION DECK CONSTRUCTION",
"CRITICAL HIT DECK CONSTRUCTION" and "Resource Cards"."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from deckcheck.games.redline import layout
from deckcheck.model import Deck, Finding, Severity
from deckcheck.rules import Doc, Example, Findings, Format, Game, Params, rule, setting, shapes
from deckcheck.wording import plural

ARSENAL = "REDLINE manual, DECK CONSTRUCTION RULES / Arsenal construction"


@dataclass(frozen=True, kw_only=True)
class RedlineParams(Params):
    arsenal_size: int = 60
    copy_limit: int = 4
    mission_minimum: int = 20
    mission_copies: int = 3
    critical_hits: int = 15
    resources_recommended: tuple[int, int] = (22, 24)
    opening_hand: int = setting(7)
    draws_per_turn: int = setting(1)
    hand_limit: int = setting(7, event={"type": "integer", "minimum": 1, "maximum": 60})
    efreet_limit: int = setting(5, event={"type": "integer", "minimum": 1, "maximum": 20})
    missions_to_win: int = setting(5)


STANDARD = RedlineParams()


def _deck(fragment: str) -> str:
    return f"game: redline\ngeneral: Valya Serova\n{fragment}"


OTHER_MISSIONS = "".join(f"  Example Mission {n}: 3\n" for n in range(2, 8))
EXTRA_CARDS = (
    "game: redline\ncards:\n"
    "  - {name: Valya Serova, id: ex-valya-serova, type: general, faction: cpm}\n"
    + "".join(f"  - {{name: Example Mission {n}, id: ex-mission-{n}, type: mission}}\n" for n in range(1, 8))
    + "  - {name: Direct Hit, id: ex-direct-hit, type: critical_hit}\n"
)


@rule(
    "redline.arsenal-size",
    Severity.ERROR,
    lambda params: f"the arsenal is exactly {params.arsenal_size} cards; the general does not count",
    ARSENAL + ", rule 1",
    doc=Doc(
        what="The arsenal (`main:`) holds exactly 60 cards; the general is named apart and is not one of them.",
        why="Both players draw from decks of one size: the game's pace and its resource ratios assume 60.",
        example=Example(_deck("main:\n  Supply Drop: 59\n"), _deck("main:\n  Supply Drop: 60\n")),
    ),
    reads=RedlineParams,
)
def arsenal_size(deck: Deck, findings: Findings[RedlineParams]) -> Iterator[Finding]:
    size = findings.params.arsenal_size
    yield from shapes.size_range(findings, "main", size, size, "the arsenal")


@rule(
    "redline.general",
    Severity.ERROR,
    "exactly one general, given in `general:`, and it is a general card",
    ARSENAL + ", rule 2",
    doc=Doc(
        what="The deck names exactly one general in `general:`, and that card is a general.",
        why="The general leads the arsenal: its faction decides which cards the arsenal may hold.",
        example=Example("game: redline\nmain:\n  Supply Drop: 1\n", _deck("main:\n  Supply Drop: 1\n")),
    ),
    reads=RedlineParams,
)
def general(deck: Deck, findings: Findings[RedlineParams]) -> Iterator[Finding]:
    yield from shapes.one_leader(
        findings, deck, "general", "general", "the arsenal has no general; name one with `general:` (it does not count in the 60)"
    )


@rule(
    "redline.faction",
    Severity.ERROR,
    "every arsenal card is neutral or of the general's faction",
    ARSENAL + ", rule 3",
    doc=Doc(
        what="Every card of the arsenal is neutral or of the general's faction (CPM or UNE).",
        why="A general commands its own faction's efreets and pilots, and no other's.",
        example=Example(_deck("main:\n  LGT-3 Lightning: 1\n"), _deck("main:\n  EF-9 Rabbit: 1\n")),
    ),
    reads=RedlineParams,
)
def faction(deck: Deck, findings: Findings[RedlineParams]) -> Iterator[Finding]:
    leader = shapes.leader(deck, "general", "general")
    if leader is None:
        return  # redline.general says what is wrong with the general
    side = leader.get("faction").upper()
    yield from shapes.faction_lock(
        findings,
        deck.entries("main"),
        lambda card: card.get("faction") in ("neutral", leader.get("faction")),
        lambda card: (
            f"{card.name} is a {card.get('faction').upper()} card; {leader.name} leads {side}, "
            f"whose arsenal takes only {side} and neutral cards"
        ),
    )


@rule(
    "redline.copy-limit",
    Severity.ERROR,
    lambda params: f"at most {params.copy_limit} copies of a card; basic resource cards are exempt (heroic cards too may have 4)",
    ARSENAL + ", rule 4",
    doc=Doc(
        what="At most 4 copies of a card in the arsenal; basic resource cards (Supply Drop) may be played in any number.",
        why="Four of a card makes it likely, not certain, to be drawn: decks stay varied and draws matter.",
        example=Example(_deck("main:\n  EF-9 Rabbit: 5\n"), _deck("main:\n  EF-9 Rabbit: 4\n  Supply Drop: 30\n")),
    ),
    reads=RedlineParams,
)
def copy_limit(deck: Deck, findings: Findings[RedlineParams]) -> Iterator[Finding]:
    limit = findings.params.copy_limit
    yield from shapes.copy_cap(findings, deck.entries("main"), lambda card: None if card.get("basic_resource") else limit)


@rule(
    "redline.mission-deck",
    Severity.ERROR,
    lambda params: (
        f"a mission deck given in `missions:` has at least {params.mission_minimum} mission cards, at most {params.mission_copies} of each"
    ),
    "REDLINE manual, MISSION DECK CONSTRUCTION",
    doc=Doc(
        what="A mission deck, where the deck gives one (`missions:`), holds at least 20 cards, all missions, at most 3 of each.",
        why="Missions are how a game of REDLINE is won: the mission deck's size and spread set how a game unfolds.",
        example=Example(
            _deck("missions:\n  Example Mission 1: 4\n" + OTHER_MISSIONS),
            _deck("missions:\n  Example Mission 1: 3\n" + OTHER_MISSIONS),
            cards=EXTRA_CARDS,
        ),
    ),
    reads=RedlineParams,
)
def mission_deck(deck: Deck, findings: Findings[RedlineParams]) -> Iterator[Finding]:
    missions = deck.entries("missions")
    if not missions:
        return
    params = findings.params
    yield from shapes.size_range(findings, "missions", params.mission_minimum, None, "the mission deck")
    yield from shapes.copy_cap(findings, missions, lambda card: params.mission_copies)
    yield from shapes.only_types(findings, missions, ("mission",), "a mission card; the mission deck holds only missions")


@rule(
    "redline.critical-hit-deck",
    Severity.ERROR,
    lambda params: f"a critical hit deck given in `critical_hits:` has exactly {params.critical_hits} critical hit cards",
    "REDLINE manual, CRITICAL HIT DECK CONSTRUCTION",
    doc=Doc(
        what="A critical hit deck, where the deck gives one (`critical_hits:`), holds exactly 15 cards, all critical hits.",
        why="Critical hits are drawn at random in battle: their number sets how often a hit is critical.",
        example=Example(_deck("critical_hits:\n  Direct Hit: 14\n"), _deck("critical_hits:\n  Direct Hit: 15\n"), cards=EXTRA_CARDS),
    ),
    reads=RedlineParams,
)
def critical_hit_deck(deck: Deck, findings: Findings[RedlineParams]) -> Iterator[Finding]:
    critical = deck.entries("critical_hits")
    if not critical:
        return
    exactly = findings.params.critical_hits
    yield from shapes.size_range(findings, "critical_hits", exactly, exactly, "the critical hit deck")
    yield from shapes.only_types(findings, critical, ("critical_hit",), "a critical hit card")


@rule(
    "redline.resource-count",
    Severity.WARNING,
    lambda params: (
        f"{params.resources_recommended[0]}-{params.resources_recommended[1]} resource cards are recommended for a "
        f"{params.arsenal_size}-card arsenal"
    ),
    "REDLINE manual, CARD TYPES / Resource Cards",
    doc=Doc(
        what="A warning where the arsenal does not hold the 22-24 resource cards the manual recommends for 60 cards.",
        why="Too few resources and efreets cannot be launched; too many and there is nothing to launch.",
        example=Example(_deck("main:\n  Supply Drop: 21\n"), _deck("main:\n  Supply Drop: 22\n")),
    ),
    reads=RedlineParams,
)
def resource_count(deck: Deck, findings: Findings[RedlineParams]) -> Iterator[Finding]:
    low, high = findings.params.resources_recommended
    have = shapes.count(deck.entries("main"), lambda card: card.is_a("resource"))
    if not low <= have <= high:
        yield findings.about_zone(
            "main",
            f"{plural(have, 'resource card')}; the rulebook recommends {low}-{high} for a {findings.params.arsenal_size}-card arsenal",
        )


GAME = Game(
    name="redline",
    title="REDLINE",
    source="REDLINE: Tactical Card Combat instruction manual",
    formats=(Format("standard", "the instruction manual's arsenal, mission deck and critical hit deck rules", STANDARD),),
    rules=(arsenal_size, general, faction, copy_limit, mission_deck, critical_hit_deck, resource_count),
    zones=layout.ZONES,
    goldfish="deckcheck.games.redline.goldfish",
    type_order=layout.TYPE_ORDER,
    forbidden_types={"main": ("general", "mission", "critical_hit")},
)
