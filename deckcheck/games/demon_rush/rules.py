"""Demon Rush rules page: "Basics", "Deck and Champion", "Main Deck and Side Deck".

Copies are counted over the main and side decks together: a side deck is swapped into the main
deck between games, so the two together are what a player brings.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from deckcheck.games import zones
from deckcheck.games.demon_rush.side_swap import SIDE_SWAP, swap_findings
from deckcheck.model import Card, Deck, Finding, Severity
from deckcheck.rules import Findings, Format, Game, Params, SwapRule, params_as, rule, setting, shapes

BASICS = "Demon Rush rules, Basics"
CHAMPION = "Demon Rush rules, Deck and Champion"
SIDE = "Demon Rush rules, Main Deck and Side Deck"


@dataclass(frozen=True, kw_only=True)
class DemonRushParams(Params):
    deck_size: tuple[int, int] = (40, 60)
    side_maximum: int = 15
    copy_limit: int = 3
    opening_hand: int = setting(5)
    draws_per_turn: int = setting(1)
    health: int = setting(30, event={"type": "integer", "minimum": 1, "maximum": 999})
    imperium: int = setting(10)
    goldfish_champion_strength: int = 1  # the goldfish's own champion (Soren has 1)
    # which game of a best-of-three match a goldfish run plays: the one mulligan is per match
    game_of_match: int = setting(1)


def _params(findings: Findings) -> DemonRushParams:
    return params_as(DemonRushParams, findings)


STANDARD = DemonRushParams()


@rule(
    "demon-rush.deck-size",
    Severity.ERROR,
    f"main deck {STANDARD.deck_size[0]}-{STANDARD.deck_size[1]} cards, champion not counted",
    CHAMPION,
)
def deck_size(deck: Deck, findings: Findings) -> Iterator[Finding]:
    yield from shapes.size_range(findings, "main", *_params(findings).deck_size, "the main deck")


@rule("demon-rush.side-deck-size", Severity.ERROR, f"side deck at most {STANDARD.side_maximum} cards", SIDE)
def side_deck_size(deck: Deck, findings: Findings) -> Iterator[Finding]:
    yield from shapes.size_range(findings, "side", None, _params(findings).side_maximum, "the side deck")


@rule("demon-rush.champion", Severity.ERROR, "exactly one champion, given in `champion:`, and it is a champion card", CHAMPION)
def champion(deck: Deck, findings: Findings) -> Iterator[Finding]:
    yield from shapes.one_leader(
        findings, deck, "champion", "champion", "the deck has no champion; name one with `champion:` (it does not count in the deck)"
    )


def _allows(leader: Card):
    """The rulebook's faction lock: Holy and Evil champions take their faction and Neutral; a
    Neutral champion takes anything but Holy or Evil Greater Beings and structures."""
    side = leader.get("faction")
    if side == "neutral":
        return lambda card: card.get("faction") == "neutral" or not (card.get("greater_being") or card.is_a("structure"))
    return lambda card: card.get("faction") in (side, "neutral")


def _why(leader: Card):
    side = leader.get("faction")
    if side == "neutral":
        return lambda card: (
            f"{card.name} is a {card.get('faction').title()} "
            f"{'Greater Being' if card.get('greater_being') else 'structure'}; "
            f"a Neutral champion ({leader.name}) cannot use Holy or Evil Greater Beings and structures"
        )
    return lambda card: (
        f"{card.name} is {card.get('faction').title()}; {leader.name} is a {side.title()} champion, "
        f"whose deck takes only {side.title()} and Neutral cards"
    )


@rule(
    "demon-rush.faction",
    Severity.ERROR,
    "Holy champion: Holy and Neutral cards; Evil: Evil and Neutral; Neutral: all but Holy/Evil Greater Beings "
    "and structures (main and side)",
    CHAMPION,
)
def faction(deck: Deck, findings: Findings) -> Iterator[Finding]:
    leader = shapes.leader(deck, "champion", "champion")
    if leader is not None:  # otherwise demon-rush.champion says what is wrong with the champion
        yield from shapes.faction_lock(findings, deck.entries("main", "side"), _allows(leader), _why(leader))


@rule("demon-rush.copy-limit", Severity.ERROR, f"at most {STANDARD.copy_limit} of each card, main and side together", BASICS)
def copy_limit(deck: Deck, findings: Findings) -> Iterator[Finding]:
    limit = _params(findings).copy_limit
    yield from shapes.copy_cap(findings, deck.entries("main", "side"), lambda card: limit, "main and side together")


@rule("demon-rush.greater-being-limit", Severity.ERROR, "at most 1 of each Greater Being (by name), main and side together", BASICS)
def greater_being_limit(deck: Deck, findings: Findings) -> Iterator[Finding]:
    yield from shapes.copy_cap(
        findings, deck.entries("main", "side"), lambda card: 1 if card.get("greater_being") else None, "Greater Being"
    )


GAME = Game(
    name="demon-rush",
    title="Demon Rush",
    source="Demon Rush rules page",
    formats=(Format("standard", "the rules page: 40-60 cards, a champion, a side deck of up to 15", STANDARD),),
    rules=(deck_size, side_deck_size, champion, faction, copy_limit, greater_being_limit),
    side_swap=SwapRule(SIDE_SWAP, swap_findings),
    match_rules=(SIDE_SWAP,),
    zones=(zones.CHAMPION, zones.MAIN, zones.SIDE),
    goldfish="deckcheck.games.demon_rush.goldfish",
    type_order=("champion", "soldier", "spell", "equip_spell", "armor_spell", "structure", "token"),
    forbidden_types={"main": ("champion", "token"), "side": ("champion", "token")},
)
