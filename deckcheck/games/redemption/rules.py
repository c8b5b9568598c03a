"""Redemption, quick-start rulebook: "Deck Building Rules" and "Defining Duplicate Cards".

Every limit below counts copies of "the same card" as duplicate_cards.py defines it.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator

from deckcheck.games import zones
from deckcheck.games.redemption.dictionary import renamings
from deckcheck.games.redemption.duplicate_cards import quickstart_identity
from deckcheck.games.redemption.params import QUICKSTART
from deckcheck.games.redemption.pools import format_sets
from deckcheck.games.redemption.rules_version import alignment
from deckcheck.games.redemption.sheet import official_sheet
from deckcheck.games.redemption.teams import TEAM_UNIQUE, team_findings, team_rule
from deckcheck.games.redemption.tournament import Tournament, counts_as_lost_soul, pair_sides, tournament_formats
from deckcheck.model import Card, Deck, Finding, Severity
from deckcheck.rules import Findings, Format, Game, Params, Rule, TeamRule, rule, shapes
from deckcheck.wording import plural

SOURCE = "Redemption rulebook, Deck Building Rules"
MINIMUM_DECK = QUICKSTART.minimum_deck
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
def deck_size(deck: Deck, findings: Findings) -> Iterator[Finding]:
    yield from shapes.size_range(findings, "main", MINIMUM_DECK, None, "the deck")


@rule(
    "redemption.lost-soul-count",
    Severity.ERROR,
    "Lost Souls exactly as the table requires: 50-56 cards -> 7, then one more per 7 cards",
    SOURCE,
)
def lost_soul_count(deck: Deck, findings: Findings) -> Iterator[Finding]:
    size = deck.size("main")
    needed = required_lost_souls(size)
    have = shapes.count(deck.entries("main"), lambda card: card.is_a("lost_soul"))
    if have != needed:
        yield findings.about_zone("main", f"{size} cards need {plural(needed, 'Lost Soul')}; this deck has {have}")


def _caps(card: Card, size: int) -> list[shapes.Cap]:
    """Every limit the rulebook puts on a card; the lowest one reports (one problem, one finding)."""
    caps = []
    if card.is_a(*DOMINANTS):
        caps.append(shapes.Cap("redemption.dominant-limit", 1, "dominant"))
    if card.is_a(*CHARACTERS, *ENHANCEMENTS) and is_multicoloured(card):
        caps.append(shapes.Cap("redemption.multicolor-limit", 1, "multi-coloured"))
    if has_ability(card):
        # a deck under 50 cards is refused by its size: it still allows one of each card
        allowed = max(1, size // MINIMUM_DECK)
        caps.append(
            shapes.Cap(
                "redemption.special-ability-limit", allowed, f"special ability: 1 per 50 cards, {plural(size, 'card')} allow {allowed}"
            )
        )
    if card.is_a(*CHARACTERS, *ENHANCEMENTS) and not is_multicoloured(card) and not has_ability(card):
        caps.append(shapes.Cap("redemption.copy-limit", 3))
    return caps


def _limit(deck: Deck, findings: Findings) -> Iterator[Finding]:
    yield from shapes.lowest_caps(findings, deck, _caps)


multicolor_limit = Rule(
    "redemption.multicolor-limit", Severity.ERROR, "at most 1 of each multi-coloured Hero, Evil Character or enhancement", SOURCE, _limit
)
dominant_limit = Rule("redemption.dominant-limit", Severity.ERROR, "at most 1 of each dominant", SOURCE, _limit)
special_ability_limit = Rule(
    "redemption.special-ability-limit",
    Severity.ERROR,
    "at most 1 per 50 cards of each card with a special ability (56 -> 1, 100 -> 2, 150 -> 3)",
    SOURCE,
    _limit,
)
copy_limit = Rule(
    "redemption.copy-limit",
    Severity.ERROR,
    "at most 3 of each single-coloured Hero, Evil Character or enhancement without a special ability",
    SOURCE,
    _limit,
)


def _type_cap(deck: Deck, findings: Findings, types: tuple[str, ...], what: str) -> Iterator[Finding]:
    main = deck.entries("main")
    have = shapes.count(main, lambda card: card.is_a(*types))
    souls = shapes.count(main, lambda card: card.is_a("lost_soul"))
    if have > souls:
        yield findings.about_zone(
            "main", f"{plural(have, what)} but only {plural(souls, 'Lost Soul')}; {what}s may not outnumber Lost Souls"
        )


@rule("redemption.site-cap", Severity.ERROR, "the number of sites may not exceed the number of Lost Souls", SOURCE)
def site_cap(deck: Deck, findings: Findings) -> Iterator[Finding]:
    yield from _type_cap(deck, findings, ("site",), "site")


@rule("redemption.dominant-cap", Severity.ERROR, "dominants (good and evil together) may not exceed the number of Lost Souls", SOURCE)
def dominant_cap(deck: Deck, findings: Findings) -> Iterator[Finding]:
    yield from _type_cap(deck, findings, DOMINANTS, "dominant")


def counted(card: Card, params: Params) -> Hashable:
    """What the rules over the whole deck read of a card: its types (Lost Souls, Dominants, Sites
    and Cities against them), its alignment (Type 2's balance), whether it counts as a Lost Soul (a
    Hopper does not) and which side of an exclusive pair it is."""
    if not isinstance(params, Tournament):
        return card.types
    return card.types, alignment(card), counts_as_lost_soul(params, card), pair_sides(params, card)


def sheet_totals(deck: Deck, params) -> list[tuple[str, str]]:
    """The Lost Souls a deck-check sheet totals: those the deck holds, and those its size needs."""
    size = deck.size("main")
    if isinstance(params, Tournament):
        needed = params.build.required_lost_souls(size)
        have = shapes.count(deck.entries("main"), lambda card: counts_as_lost_soul(params, card))
    else:
        needed = required_lost_souls(size)
        have = shapes.count(deck.entries("main"), lambda card: card.is_a("lost_soul"))
    return [("Lost Souls", f"{have} ({needed} required for {plural(size, 'card')})")]


GAME = Game(
    name="redemption",
    title="Redemption",
    source="Redemption quick-start rulebook",
    formats=(Format("quickstart", "the quick-start rulebook's deck building rules", QUICKSTART), *tournament_formats()),
    rules=(
        deck_size,
        lost_soul_count,
        multicolor_limit,
        dominant_limit,
        special_ability_limit,
        copy_limit,
        site_cap,
        dominant_cap,
        format_sets,
    ),
    zones=(zones.MAIN, zones.called(zones.SIDE, "Reserve", "reserve")),
    goldfish="deckcheck.games.redemption.goldfish",
    type_order=(
        "hero",
        "evil_character",
        "good_enhancement",
        "evil_enhancement",
        "good_dominant",
        "evil_dominant",
        "lost_soul",
        "site",
        "city",
        "fortress",
        "artifact",
        "covenant",
        "curse",
    ),
    identity=quickstart_identity,
    team=TeamRule("type1-teams", team_rule, team_findings),
    match_rules=(TEAM_UNIQUE,),
    listed_singly=("lost_soul", "good_dominant", "evil_dominant"),
    sheet_totals=sheet_totals,
    official_sheet=official_sheet,
    renamings=renamings,
    counted=counted,
    default="type1",
    # as players head the groups of a pasted list: GE good enhancements, EE evil, EC evil characters, LS Lost Souls
    group_names=(
        "ge",
        "ee",
        "ec",
        "ls",
        "gd",
        "ed",
        "doms",
        "hero enhancements",
        "heroes enhancements",
        "evil character enhancements",
    ),  # the format of every sanctioned event; the quick-start rules are asked for by name
    full_card_list=(
        "import the full card list from LackeyCCG (the Redemption plugin's folder under LackeyCCG/plugins/ holds "
        "sets/carddata.txt and formats.txt) with `deckcheck db import lackey carddata.txt --formats formats.txt "
        "-o cards/redemption`, then check with --card-db cards/redemption"
    ),
)
