"""REDLINE instruction manual: "DECK CONSTRUCTION RULES", "MISSION DECK CONSTRUCTION",
"CRITICAL HIT DECK CONSTRUCTION" and "Resource Cards"."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from deckcheck.games.zones import CRITICAL_HITS, GENERAL, MAIN, MISSIONS
from deckcheck.model import Deck, Finding, Severity
from deckcheck.rules import Findings, Format, Game, Params, params_as, rule, setting, shapes
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


def _params(findings: Findings) -> RedlineParams:
    return params_as(RedlineParams, findings)


STANDARD = RedlineParams()


@rule(
    "redline.arsenal-size",
    Severity.ERROR,
    f"the arsenal is exactly {STANDARD.arsenal_size} cards; the general does not count",
    ARSENAL + ", rule 1",
)
def arsenal_size(deck: Deck, findings: Findings) -> Iterator[Finding]:
    size = _params(findings).arsenal_size
    yield from shapes.size_range(findings, "main", size, size, "the arsenal")


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
    f"at most {STANDARD.copy_limit} copies of a card; basic resource cards are exempt (heroic cards too may have 4)",
    ARSENAL + ", rule 4",
)
def copy_limit(deck: Deck, findings: Findings) -> Iterator[Finding]:
    limit = _params(findings).copy_limit
    yield from shapes.copy_cap(findings, deck.entries("main"), lambda card: None if card.get("basic_resource") else limit)


@rule(
    "redline.mission-deck",
    Severity.ERROR,
    f"a mission deck given in `missions:` has at least {STANDARD.mission_minimum} mission cards, at most {STANDARD.mission_copies} of each",
    "REDLINE manual, MISSION DECK CONSTRUCTION",
)
def mission_deck(deck: Deck, findings: Findings) -> Iterator[Finding]:
    missions = deck.entries("missions")
    if not missions:
        return
    params = _params(findings)
    yield from shapes.size_range(findings, "missions", params.mission_minimum, None, "the mission deck")
    yield from shapes.copy_cap(findings, missions, lambda card: params.mission_copies)
    yield from shapes.only_types(findings, missions, ("mission",), "a mission card; the mission deck holds only missions")


@rule(
    "redline.critical-hit-deck",
    Severity.ERROR,
    f"a critical hit deck given in `critical_hits:` has exactly {STANDARD.critical_hits} critical hit cards",
    "REDLINE manual, CRITICAL HIT DECK CONSTRUCTION",
)
def critical_hit_deck(deck: Deck, findings: Findings) -> Iterator[Finding]:
    critical = deck.entries("critical_hits")
    if not critical:
        return
    exactly = _params(findings).critical_hits
    yield from shapes.size_range(findings, "critical_hits", exactly, exactly, "the critical hit deck")
    yield from shapes.only_types(findings, critical, ("critical_hit",), "a critical hit card")


@rule(
    "redline.resource-count",
    Severity.WARNING,
    f"{STANDARD.resources_recommended[0]}-{STANDARD.resources_recommended[1]} resource cards are recommended for a "
    f"{STANDARD.arsenal_size}-card arsenal",
    "REDLINE manual, CARD TYPES / Resource Cards",
)
def resource_count(deck: Deck, findings: Findings) -> Iterator[Finding]:
    low, high = _params(findings).resources_recommended
    have = shapes.count(deck.entries("main"), lambda card: card.is_a("resource"))
    if not low <= have <= high:
        yield findings.about_zone(
            "main",
            f"{plural(have, 'resource card')}; the rulebook recommends {low}-{high} for a {_params(findings).arsenal_size}-card arsenal",
        )


GAME = Game(
    name="redline",
    title="REDLINE",
    source="REDLINE: Tactical Card Combat instruction manual",
    formats=(Format("standard", "the instruction manual's arsenal, mission deck and critical hit deck rules", STANDARD),),
    rules=(arsenal_size, general, faction, copy_limit, mission_deck, critical_hit_deck, resource_count),
    zones=(GENERAL, MAIN, MISSIONS, CRITICAL_HITS),
    goldfish="deckcheck.games.redline.goldfish",
    type_order=("general", "resource", "efreet", "equipment", "tactic", "strategy", "mission", "critical_hit"),
    forbidden_types={"main": ("general", "mission", "critical_hit")},
)
