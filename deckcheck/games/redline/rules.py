"""REDLINE instruction manual: "DECK CONSTRUCTION RULES", "MISSION DECK CONSTRUCTION",
"CRITICAL HIT DECK CONSTRUCTION" and "Resource Cards"."""

from __future__ import annotations

from typing import Iterator

from deckcheck.games import Format, Game
from deckcheck.model import Deck, Finding, Severity
from deckcheck.rules import Findings, rule, shapes
from deckcheck.rules.common import COMMON_RULES

ARSENAL = "REDLINE manual, DECK CONSTRUCTION RULES / Arsenal construction"
ARSENAL_SIZE = 60
COPY_LIMIT = 4
MISSION_MINIMUM, MISSION_COPIES = 20, 3
CRITICAL_HITS = 15
RESOURCES_RECOMMENDED = (22, 24)


@rule(
    "redline.arsenal-size", Severity.ERROR, f"the arsenal is exactly {ARSENAL_SIZE} cards; the general does not count", ARSENAL + ", rule 1"
)
def arsenal_size(deck: Deck, findings: Findings) -> Iterator[Finding]:
    yield from shapes.size_range(findings, "main", deck.size("main"), ARSENAL_SIZE, ARSENAL_SIZE, "the arsenal")


@rule("redline.general", Severity.ERROR, "exactly one general, given in `general:`, and it is a general card", ARSENAL + ", rule 2")
def general(deck: Deck, findings: Findings) -> Iterator[Finding]:
    yield from shapes.one_leader(
        findings, deck, "general", "general", "the arsenal has no general; name one with `general:` (it does not count in the 60)"
    )


@rule("redline.faction", Severity.ERROR, "every arsenal card is neutral or of the general's faction", ARSENAL + ", rule 3")
def faction(deck: Deck, findings: Findings) -> Iterator[Finding]:
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
    f"at most {COPY_LIMIT} copies of a card; basic resource cards are exempt (heroic cards too may have 4)",
    ARSENAL + ", rule 4",
)
def copy_limit(deck: Deck, findings: Findings) -> Iterator[Finding]:
    yield from shapes.copy_cap(findings, deck.entries("main"), lambda card: None if card.get("basic_resource") else COPY_LIMIT)


@rule(
    "redline.mission-deck",
    Severity.ERROR,
    f"a mission deck given in `missions:` has at least {MISSION_MINIMUM} mission cards, at most {MISSION_COPIES} of each",
    "REDLINE manual, MISSION DECK CONSTRUCTION",
)
def mission_deck(deck: Deck, findings: Findings) -> Iterator[Finding]:
    missions = deck.entries("missions")
    if not missions:
        return
    yield from shapes.size_range(findings, "missions", deck.size("missions"), MISSION_MINIMUM, None, "the mission deck")
    yield from shapes.copy_cap(findings, missions, lambda card: MISSION_COPIES)
    yield from shapes.only_types(findings, missions, ("mission",), "a mission card; the mission deck holds only missions")


@rule(
    "redline.critical-hit-deck",
    Severity.ERROR,
    f"a critical hit deck given in `critical_hits:` has exactly {CRITICAL_HITS} critical hit cards",
    "REDLINE manual, CRITICAL HIT DECK CONSTRUCTION",
)
def critical_hit_deck(deck: Deck, findings: Findings) -> Iterator[Finding]:
    critical = deck.entries("critical_hits")
    if not critical:
        return
    yield from shapes.size_range(
        findings, "critical_hits", deck.size("critical_hits"), CRITICAL_HITS, CRITICAL_HITS, "the critical hit deck"
    )
    yield from shapes.only_types(findings, critical, ("critical_hit",), "a critical hit card")


@rule(
    "redline.resource-count",
    Severity.WARNING,
    "22-24 resource cards are recommended for a 60-card arsenal",
    "REDLINE manual, CARD TYPES / Resource Cards",
)
def resource_count(deck: Deck, findings: Findings) -> Iterator[Finding]:
    low, high = RESOURCES_RECOMMENDED
    have = shapes.count(deck.entries("main"), lambda card: card.is_a("resource"))
    if not low <= have <= high:
        yield findings.about_zone("main", f"{have} resource cards; the rulebook recommends {low}-{high} for a 60-card arsenal")


GAME = Game(
    name="redline",
    title="REDLINE",
    source="REDLINE: Tactical Card Combat instruction manual",
    formats=(
        Format(
            "standard",
            "the instruction manual's arsenal, mission deck and critical hit deck rules",
            {"opening_hand": 7, "hand_limit": 7, "efreet_limit": 5, "missions_to_win": 5},
        ),
    ),
    rules=COMMON_RULES + (arsenal_size, general, faction, copy_limit, mission_deck, critical_hit_deck, resource_count),
    zones=("general", "main", "missions", "critical_hits"),
    type_order=("general", "resource", "efreet", "equipment", "tactic", "strategy", "mission", "critical_hit"),
    forbidden_types={"main": ("general", "mission", "critical_hit")},
)
