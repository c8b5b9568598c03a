"""Demon Rush rules page: "Basics", "Deck and Champion", "Main Deck and Side Deck".

Copies are counted over the main and side decks together: a side deck is swapped into the main
deck between games, so the two together are what a player brings.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from deckcheck.games.demon_rush import layout
from deckcheck.games.demon_rush.side_swap import SIDE_SWAP, swap_findings
from deckcheck.model import Card, Deck, Finding, Severity
from deckcheck.rules import Doc, Example, Findings, Format, Game, Params, SwapRule, rule, setting, shapes

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


STANDARD = DemonRushParams()


def _deck(fragment: str, champion: str = "Soren") -> str:
    return f"game: demon-rush\nchampion: {champion}\n{fragment}"


@rule(
    "demon-rush.deck-size",
    Severity.ERROR,
    lambda params: f"main deck {params.deck_size[0]}-{params.deck_size[1]} cards, champion not counted",
    CHAMPION,
    doc=Doc(
        what="The main deck holds 40 to 60 cards; the champion is named apart and is not one of them.",
        why="The rules page sets the range every deck is balanced for.",
        example=Example(_deck("main:\n  Spirit Wolf: 39\n"), _deck("main:\n  Spirit Wolf: 40\n")),
    ),
    reads=DemonRushParams,
)
def deck_size(deck: Deck, findings: Findings[DemonRushParams]) -> Iterator[Finding]:
    yield from shapes.size_range(findings, "main", *findings.params.deck_size, "the main deck")


@rule(
    "demon-rush.side-deck-size",
    Severity.ERROR,
    lambda params: f"side deck at most {params.side_maximum} cards",
    SIDE,
    doc=Doc(
        what="The side deck, swapped in between games of a match, holds at most 15 cards.",
        why="The side deck is a match's reserve of answers: the rules keep it small.",
        example=Example(_deck("side:\n  Holy Water: 16\n"), _deck("side:\n  Holy Water: 15\n")),
    ),
    reads=DemonRushParams,
)
def side_deck_size(deck: Deck, findings: Findings[DemonRushParams]) -> Iterator[Finding]:
    yield from shapes.size_range(findings, "side", None, findings.params.side_maximum, "the side deck")


@rule(
    "demon-rush.champion",
    Severity.ERROR,
    "exactly one champion, given in `champion:`, and it is a champion card",
    CHAMPION,
    doc=Doc(
        what="The deck names exactly one champion in `champion:`, and that card is a champion.",
        why="The champion is the player on the table: its faction decides which cards the deck may hold.",
        example=Example("game: demon-rush\nmain:\n  Spirit Wolf: 1\n", _deck("main:\n  Spirit Wolf: 1\n")),
    ),
    reads=DemonRushParams,
)
def champion(deck: Deck, findings: Findings[DemonRushParams]) -> Iterator[Finding]:
    yield from shapes.one_leader(
        findings, deck, "champion", "champion", "the deck has no champion; name one with `champion:` (it does not count in the deck)"
    )


def _allows(leader: Card) -> Callable[[Card], bool]:
    """The rulebook's faction lock: Holy and Evil champions take their faction and Neutral; a
    Neutral champion takes anything but Holy or Evil Greater Beings and structures."""
    side = leader.get("faction")
    if side == "neutral":
        return lambda card: card.get("faction") == "neutral" or not (card.get("greater_being") or card.is_a("structure"))
    return lambda card: card.get("faction") in (side, "neutral")


def _why(leader: Card) -> Callable[[Card], str]:
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
    doc=Doc(
        what="A Holy champion's deck holds Holy and Neutral cards, an Evil champion's Evil and Neutral ones; a Neutral "
        "champion's anything but Holy or Evil Greater Beings and structures. Main and side deck alike.",
        why="Champions fight for their side: the faction lock keeps each side's strongest cards on that side.",
        example=Example(_deck("main:\n  Gorgon, Bringer of Death: 1\n"), _deck("main:\n  Spirit Wolf: 1\n")),
    ),
    reads=DemonRushParams,
)
def faction(deck: Deck, findings: Findings[DemonRushParams]) -> Iterator[Finding]:
    leader = shapes.leader(deck, "champion", "champion")
    if leader is not None:  # otherwise demon-rush.champion says what is wrong with the champion
        yield from shapes.faction_lock(findings, deck.entries("main", "side"), _allows(leader), _why(leader))


@rule(
    "demon-rush.copy-limit",
    Severity.ERROR,
    lambda params: f"at most {params.copy_limit} of each card, main and side together",
    BASICS,
    doc=Doc(
        what="At most 3 copies of each card, the main and side decks counted together.",
        why="A side deck is swapped into the main deck between games: together they are what a player brings.",
        example=Example(
            _deck("main:\n  Spirit Wolf: 2\nside:\n  Spirit Wolf: 2\n"), _deck("main:\n  Spirit Wolf: 2\nside:\n  Spirit Wolf: 1\n")
        ),
    ),
    reads=DemonRushParams,
)
def copy_limit(deck: Deck, findings: Findings[DemonRushParams]) -> Iterator[Finding]:
    limit = findings.params.copy_limit
    yield from shapes.copy_cap(findings, deck.entries("main", "side"), lambda card: limit, "main and side together")


@rule(
    "demon-rush.greater-being-limit",
    Severity.ERROR,
    "at most 1 of each Greater Being (by name), main and side together",
    BASICS,
    doc=Doc(
        what="At most one copy of each Greater Being (by name), the main and side decks counted together.",
        why="A Greater Being is an angel or a prince of hell: one of a kind.",
        example=Example(_deck("main:\n  Cassiel, Angel of Honor: 2\n"), _deck("main:\n  Cassiel, Angel of Honor: 1\n")),
    ),
    reads=DemonRushParams,
)
def greater_being_limit(deck: Deck, findings: Findings[DemonRushParams]) -> Iterator[Finding]:
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
    zones=layout.ZONES,
    goldfish="deckcheck.games.demon_rush.goldfish",
    type_order=layout.TYPE_ORDER,
    forbidden_types={"main": ("champion", "token"), "side": ("champion", "token")},
)
