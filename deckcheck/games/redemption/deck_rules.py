"""Redemption's deck building rules, each declared once for every format: the quick-start
rulebook's and each tournament version's categories differ in their numbers and lists (data read
by rules_version.py), not in code. Limits are checked on the deck alone and, where the rules have a
Reserve, on deck + Reserve together (n counting both): "your deck must be a legal deck without
counting any cards in your Reserve; your deck + Reserve must be a legal deck". The Lost Soul
chart is counted on the deck alone. The copy limits are copy_limits.py's."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from deckcheck.games.redemption.building import (
    DOMINANTS,
    DeckBuilding,
    build_section,
    example_deck,
    exclusive_cards,
    lost_souls,
)
from deckcheck.games.redemption.rules_version import alignment
from deckcheck.games.redemption.same_card import matches_title
from deckcheck.model import Card, Deck, Entry, Finding, Severity
from deckcheck.rules import Doc, Example, Findings, rule, shapes
from deckcheck.wording import plural

SITE = "{name: Temple Site, id: ex-temple-site, type: site, brigades: [], special_ability: false, alignment: neutral}"


# --- sizes, Lost Souls, the Reserve ----------------------------------------------------------------


def _deck_size_summary(building: DeckBuilding) -> str:
    low, high = building.build.deck
    return f"{low}-{high} cards" if high is not None else f"at least {low} cards"


@rule(
    "redemption.deck-size",
    Severity.ERROR,
    _deck_size_summary,
    build_section,
    doc=Doc(
        what="The deck, the Reserve aside, holds as many cards as the format allows: 50 or more in Type 1 and the "
        "quick-start rules, 100 or more in Type 2, and no more than the version's most.",
        why="The deck's size sets the other numbers (the Lost Souls it needs, the copies of a card with an ability).",
        example=Example(example_deck("main:\n  Angel at Bethesda: 49\n"), example_deck("main:\n  Angel at Bethesda: 50\n")),
    ),
    reads=DeckBuilding,
)
def deck_size(deck: Deck, findings: Findings[DeckBuilding]) -> Iterator[Finding]:
    low, high = findings.params.build.deck
    yield from shapes.size_range(findings, "main", low, high, "the deck")


def _lost_soul_summary(building: DeckBuilding) -> str:
    build = building.build
    hoppers = "; Hoppers do not count" if building.version.not_counted_as_lost_souls else ""
    return f"exactly the chart's Lost Souls: {build.lost_souls_base} + (n - {build.lost_souls_from}) // 7 for n cards{hoppers}"


@rule(
    "redemption.lost-soul-count",
    Severity.ERROR,
    _lost_soul_summary,
    build_section,
    doc=Doc(
        what="Exactly as many Lost Souls in the deck as the chart asks for its size: in Type 1, 7 for 50-56 cards, "
        "then one more for every 7 cards (57-63: 8, ...); a Lost Soul the version does not count (the Hopper) is "
        "not one of them.",
        why="Lost Souls are what a player rescues to win: their number sets the length of the game and both players' chances.",
        example=Example(
            example_deck("main:\n  Angel at Bethesda: 44\n  Lost Soul Proverbs 10:1 (I): 6\n"),
            example_deck("main:\n  Angel at Bethesda: 43\n  Lost Soul Proverbs 10:1 (I): 7\n"),
        ),
    ),
    reads=DeckBuilding,
)
def lost_soul_count(deck: Deck, findings: Findings[DeckBuilding]) -> Iterator[Finding]:
    building = findings.params
    size = deck.size("main")
    needed = building.build.required_lost_souls(size)
    have = _lost_souls(deck, findings)
    if have != needed:
        hoppers = shapes.count(deck.entries("main"), lambda c: c.is_a("lost_soul")) - have
        aside = f" ({plural(hoppers, 'Hopper Lost Soul')} {'does' if hoppers == 1 else 'do'} not count)" if hoppers else ""
        yield findings.about_zone("main", f"{size} cards need {plural(needed, 'Lost Soul')}; this deck has {have}{aside}")


def _lost_souls(deck: Deck, findings: Findings[DeckBuilding]) -> int:
    # counted once a deck for the three rules that compare with it (the count, the Site and Dominant caps)
    return findings.context.worked_out(deck, "lost souls", lambda: lost_souls(findings.params, deck))


def _copies_by_types(deck: Deck, findings: Findings[DeckBuilding], zones: tuple[str, ...]) -> dict[frozenset[str], int]:
    """The copies `zones` hold of each set of types, tallied once a deck for the caps that count them."""

    def tally() -> dict[frozenset[str], int]:
        copies: dict[frozenset[str], int] = {}
        for entry in deck.entries(*zones):
            if entry.card is not None:
                copies[entry.card.type_set] = copies.get(entry.card.type_set, 0) + entry.count
        return copies

    return findings.context.worked_out(deck, ("copies by types", zones), tally)


def _cap(deck: Deck, findings: Findings[DeckBuilding], types: tuple[str, ...], what: str) -> Iterator[Finding]:
    building = findings.params
    zones = building.build.counted_zones[-1]
    have = sum(copies for kinds, copies in _copies_by_types(deck, findings, zones).items() if not kinds.isdisjoint(types))
    souls = _lost_souls(deck, findings)
    if have > souls:
        where = " (deck and Reserve)" if len(zones) > 1 else ""
        yield findings.about_zone("main", f"{have} {what}{where} but {plural(souls, 'Lost Soul')}; {what} may not outnumber Lost Souls")


def _sites(building: DeckBuilding) -> str:
    return " and ".join(f"{kind.capitalize()}s" for kind in building.build.sites)


def _counted_where(building: DeckBuilding) -> str:
    return " (deck and Reserve)" if len(building.build.counted_zones) > 1 else ""


@rule(
    "redemption.site-cap",
    Severity.ERROR,
    lambda building: f"{_sites(building)}{_counted_where(building)} <= Lost Souls",
    build_section,
    doc=Doc(
        what="No more Sites (and, in the tournament rules, Cities) than Lost Souls, the Reserve's counted too where the rules have one.",
        why="Sites protect Lost Souls from rescue; more Sites than Souls would shelter every Soul at once.",
        example=Example(
            example_deck("main:\n  Temple Site: 2\n  Lost Soul Proverbs 10:1 (I): 1\n"),
            example_deck("main:\n  Temple Site: 1\n  Lost Soul Proverbs 10:1 (I): 1\n"),
            cards=f"game: redemption\ncards:\n  - {SITE}\n  - {{name: Lost Soul Proverbs 10:1 (I), id: ex-soul, type: lost_soul, "
            "brigades: [], special_ability: false, alignment: neutral, reference: Proverbs 10:1}\n",
        ),
    ),
    reads=DeckBuilding,
)
def site_cap(deck: Deck, findings: Findings[DeckBuilding]) -> Iterator[Finding]:
    yield from _cap(deck, findings, findings.params.build.sites, _sites(findings.params))


@rule(
    "redemption.dominant-cap",
    Severity.ERROR,
    lambda building: f"Dominants (good and evil){_counted_where(building)} <= Lost Souls",
    build_section,
    doc=Doc(
        what="No more Dominants, good and evil together, than Lost Souls (the Reserve's counted where the rules have one).",
        why="Dominants bypass battles; tying their number to the Lost Souls keeps a game a game of battles.",
        example=Example(
            example_deck("main:\n  Angel of the Lord (I): 1\n  Son of God (I): 1\n  Lost Soul Proverbs 10:1 (I): 1\n"),
            example_deck("main:\n  Angel of the Lord (I): 1\n  Lost Soul Proverbs 10:1 (I): 1\n"),
        ),
    ),
    reads=DeckBuilding,
)
def dominant_cap(deck: Deck, findings: Findings[DeckBuilding]) -> Iterator[Finding]:
    yield from _cap(deck, findings, DOMINANTS, "Dominants")


def _reserve_summary(building: DeckBuilding) -> str:
    low, high = building.build.reserve or (0, 0)
    return f"the Reserve holds {low}-{high} cards"


@rule(
    "redemption.reserve-size",
    Severity.ERROR,
    _reserve_summary,
    lambda building: build_section(building) + ", Reserve",
    doc=Doc(
        what="The Reserve (the cards kept beside the deck that some abilities fetch) holds no more cards than the "
        "version allows: 10 in Type 1, 15 or 20 in Type 2.",
        why="The Reserve is a toolbox outside the deck; its size bounds what a deck can reach for.",
        example=Example(example_deck("side:\n  Angel at Bethesda: 11\n"), example_deck("side:\n  Angel at Bethesda: 10\n")),
    ),
    reads=DeckBuilding,
)
def reserve_size(deck: Deck, findings: Findings[DeckBuilding]) -> Iterator[Finding]:
    low, high = findings.params.build.reserve or (0, 0)
    yield from shapes.size_range(findings, "side", low or None, high, "the Reserve")


@rule(
    "redemption.reserve-content",
    Severity.ERROR,
    "no Dominants and no Lost Souls in the Reserve",
    lambda building: build_section(building) + ", Reserve",
    doc=Doc(
        what="The Reserve holds no Dominant and no Lost Soul.",
        why="Both are counted against the deck (the Lost Soul chart, the Dominant cap); the Reserve may not hide them.",
        example=Example(example_deck("side:\n  Lost Soul Proverbs 10:1 (I): 1\n"), example_deck("side:\n  Angel at Bethesda: 1\n")),
    ),
    reads=DeckBuilding,
    per_card=True,
)
def reserve_content(deck: Deck, findings: Findings[DeckBuilding]) -> Iterator[Finding]:
    for entry in deck.entries("side"):
        if entry.card is not None and entry.card.is_a("lost_soul", *DOMINANTS):
            kind = "Lost Soul" if entry.card.is_a("lost_soul") else "Dominant"
            yield findings.about_entries([entry], f"{entry.card.name} is a {kind}: the Reserve cannot hold one")


@rule(
    "redemption.alignment-balance",
    Severity.ERROR,
    "as many good cards as evil cards (a Good+Evil card is neutral, X+Neutral is X)",
    build_section,
    doc=Doc(
        what="Type 2: as many good cards as evil ones, in the deck and in deck + Reserve; a card both good and evil "
        "is neutral, a card good or evil and neutral is good or evil.",
        why="Type 2 decks play both sides of every battle; the balance keeps either side from being an afterthought.",
        example=Example(
            example_deck("main:\n  Angel at Bethesda: 2\n  Achan (I): 1\n", "type2"),
            example_deck("main:\n  Angel at Bethesda: 1\n  Achan (I): 1\n", "type2"),
        ),
    ),
    reads=DeckBuilding,
)
def alignment_balance(deck: Deck, findings: Findings[DeckBuilding]) -> Iterator[Finding]:
    for zones, what in ((("main",), "the deck"), (("main", "side"), "deck + Reserve")):
        if zones == ("main", "side") and not deck.size("side"):
            continue
        sides = {"good": 0, "evil": 0}
        for entry in deck.entries(*zones):
            if entry.card is not None and alignment(entry.card) in sides:
                sides[alignment(entry.card)] += entry.count
        if sides["good"] != sides["evil"]:
            yield findings.about_zone(
                "main", f"{what} has {sides['good']} good and {sides['evil']} evil cards; Type 2 needs as many of each"
            )
            return


def _pairs_summary(building: DeckBuilding) -> str:
    pairs = "; ".join(f"{a['title']} or {b['title']}" for a, b in building.version.exclusive_pairs)
    return f"at most one card of each pair: {pairs}"


@rule(
    "redemption.exclusive-pair",
    Severity.ERROR,
    _pairs_summary,
    lambda building: building.section("special"),
    doc=Doc(
        what="A deck holds cards of at most one side of each pair the rules name (New Jerusalem or The Second "
        "Coming; Son of God or Chariot of Fire).",
        why="Each pair together wins or saves a game outright; the rules let a deck choose one.",
        example=Example(
            example_deck("main:\n  Son of God: 1\n  Chariot of Fire: 1\n"),
            example_deck("main:\n  Son of God: 1\n"),
            cards="game: redemption\ncards:\n"
            "  - {name: Son of God, id: ex-son-of-god, type: good_dominant, special_ability: true, alignment: good}\n"
            "  - {name: Chariot of Fire, id: ex-chariot-of-fire, type: good_dominant, special_ability: true, alignment: good}\n",
        ),
    ),
    reads=DeckBuilding,
)
def exclusive_pair(deck: Deck, findings: Findings[DeckBuilding]) -> Iterator[Finding]:
    for first, a, second, b in exclusive_cards(findings.params, deck):
        if a and b:
            # Chariot of Fire names the Dominant; the Roots Artifact of that title is no card of the pair
            instead = "".join(_not_of_the_pair(findings, spec, entries[0]) for spec, entries in ((first, a), (second, b)))
            yield findings.about_entries(a + b, f"{first['title']} and {second['title']}: a deck may hold only one of the two{instead}")


def _not_of_the_pair(findings: Findings[DeckBuilding], spec: Mapping[str, Any], entry: Entry) -> str:
    def outside(card: Card) -> bool:
        return not matches_title(card, spec)

    return findings.instead(entry.known, outside, "not of the pair")
