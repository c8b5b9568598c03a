"""Redemption's deck building rules, each declared once for every format: the quick-start
rulebook's and each tournament version's categories differ in their numbers and lists (data read
by rules_version.py), not in code. Limits are checked on the deck alone and, where the rules have a
Reserve, on deck + Reserve together (n counting both): "your deck must be a legal deck without
counting any cards in your Reserve; your deck + Reserve must be a legal deck". The Lost Soul
chart is counted on the deck alone."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from deckcheck.games.redemption.building import (
    DOMINANTS,
    DeckBuilding,
    exclusive_cards,
    lost_souls,
    special_limit,
)
from deckcheck.games.redemption.rules_version import Limit, alignment
from deckcheck.games.redemption.same_card import matches_title
from deckcheck.model import Card, Deck, Entry, Finding, Severity
from deckcheck.rules import Doc, Example, Findings, Rule, rule, shapes
from deckcheck.wording import plural

# the tournament rules' "Same Card" (1.3.0 and 2.0 alike); a version may state its own (the quick-start's)
SAME_CARD = (
    "name + art (an alternate border is the same art), Lost Soul name (its reference), rainbow or non-generic"
    " name + icon, a non-generic card of the same person (the Official Redemption Dictionary's Duplicate Card list) + icon"
)
SITE = "{name: Temple Site, id: ex-temple-site, type: site, brigades: [], special_ability: false, alignment: neutral}"


def _build_section(building: DeckBuilding) -> str:
    return building.section("build")


def _deck(fragment: str, format_name: str = "type1") -> str:
    return f"game: redemption\nformat: {format_name}\n{fragment}"


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
    return Rule(rule_id, Severity.ERROR, _limit_summary(rule_id), _build_section, doc, DeckBuilding, _limits, per_card=True)


multicolor_limit = _limit_rule(
    "redemption.multicolor-limit",
    Doc(
        what="At most one copy of each card of two or more brigades (the quick-start rules, Type 1), or the rules "
        "version's numbers by brigade count (Type 2: 2 of a two-brigade card, 1 of three or more).",
        why="Multi-brigade cards fit more decks and battles than single-brigade ones; the rules hold them to fewer copies.",
        example=Example(_deck("main:\n  Water to Wine (I): 2\n", "quickstart"), _deck("main:\n  Water to Wine (I): 1\n", "quickstart")),
    ),
)
dominant_limit = _limit_rule(
    "redemption.dominant-limit",
    Doc(
        what="At most one copy of each Dominant, good or evil.",
        why="A Dominant is played without a battle and changes the game at once; one of each keeps them rare.",
        example=Example(_deck("main:\n  Angel of the Lord (I): 2\n"), _deck("main:\n  Angel of the Lord (I): 1\n")),
    ),
)
lost_soul_ability_limit = _limit_rule(
    "redemption.lost-soul-ability-limit",
    Doc(
        what="At most the version's number of each Lost Soul with a special ability, counted by Lost Soul name "
        "(its reference): 1 in Type 1, 2 in Type 2.",
        why="A Lost Soul with an ability works for its owner while it waits to be rescued; the tournament rules cap them.",
        example=Example(
            _deck('main:\n  Lost Soul "Resurrection" [Psalm 30:3]: 2\n'), _deck('main:\n  Lost Soul "Resurrection" [Psalm 30:3]: 1\n')
        ),
    ),
)
special_ability_limit = _limit_rule(
    "redemption.special-ability-limit",
    Doc(
        what="At most one copy per 50 cards of each card with a special ability: a 56-card deck may hold 1, a "
        "100-card deck 2 (a deck under 50 cards still allows 1).",
        why="Cards with abilities decide games; the allowance grows with the deck so that a bigger deck is not a weaker one.",
        example=Example(_deck("main:\n  Gathering Angel: 2\n", "quickstart"), _deck("main:\n  Gathering Angel: 1\n", "quickstart")),
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
        example=Example(_deck("main:\n  Angel at Bethesda: 4\n", "quickstart"), _deck("main:\n  Angel at Bethesda: 3\n", "quickstart")),
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
            _deck("main:\n  Faithful Witness: 5\n"),
            _deck("main:\n  Faithful Witness: 4\n"),
            cards="game: redemption\ncards:\n  - {name: Faithful Witness, id: ex-faithful-witness, set: RoJ, type: hero, "
            "brigades: [purple], special_ability: true, alignment: good}\n",
        ),
    ),
    DeckBuilding,
    _limits,
    per_card=True,
)
LIMIT_RULES = (multicolor_limit, dominant_limit, lost_soul_ability_limit, special_ability_limit, copy_limit)


# --- sizes, Lost Souls, the Reserve ----------------------------------------------------------------


def _deck_size_summary(building: DeckBuilding) -> str:
    low, high = building.build.deck
    return f"{low}-{high} cards" if high is not None else f"at least {low} cards"


@rule(
    "redemption.deck-size",
    Severity.ERROR,
    _deck_size_summary,
    _build_section,
    doc=Doc(
        what="The deck, the Reserve aside, holds as many cards as the format allows: 50 or more in Type 1 and the "
        "quick-start rules, 100 or more in Type 2, and no more than the version's most.",
        why="The deck's size sets the other numbers (the Lost Souls it needs, the copies of a card with an ability).",
        example=Example(_deck("main:\n  Angel at Bethesda: 49\n"), _deck("main:\n  Angel at Bethesda: 50\n")),
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
    _build_section,
    doc=Doc(
        what="Exactly as many Lost Souls in the deck as the chart asks for its size: in Type 1, 7 for 50-56 cards, "
        "then one more for every 7 cards (57-63: 8, ...); a Lost Soul the version does not count (the Hopper) is "
        "not one of them.",
        why="Lost Souls are what a player rescues to win: their number sets the length of the game and both players' chances.",
        example=Example(
            _deck("main:\n  Angel at Bethesda: 44\n  Lost Soul Proverbs 10:1 (I): 6\n"),
            _deck("main:\n  Angel at Bethesda: 43\n  Lost Soul Proverbs 10:1 (I): 7\n"),
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
    _build_section,
    doc=Doc(
        what="No more Sites (and, in the tournament rules, Cities) than Lost Souls, the Reserve's counted too where the rules have one.",
        why="Sites protect Lost Souls from rescue; more Sites than Souls would shelter every Soul at once.",
        example=Example(
            _deck("main:\n  Temple Site: 2\n  Lost Soul Proverbs 10:1 (I): 1\n"),
            _deck("main:\n  Temple Site: 1\n  Lost Soul Proverbs 10:1 (I): 1\n"),
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
    _build_section,
    doc=Doc(
        what="No more Dominants, good and evil together, than Lost Souls (the Reserve's counted where the rules have one).",
        why="Dominants bypass battles; tying their number to the Lost Souls keeps a game a game of battles.",
        example=Example(
            _deck("main:\n  Angel of the Lord (I): 1\n  Son of God (I): 1\n  Lost Soul Proverbs 10:1 (I): 1\n"),
            _deck("main:\n  Angel of the Lord (I): 1\n  Lost Soul Proverbs 10:1 (I): 1\n"),
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
    lambda building: _build_section(building) + ", Reserve",
    doc=Doc(
        what="The Reserve (the cards kept beside the deck that some abilities fetch) holds no more cards than the "
        "version allows: 10 in Type 1, 15 or 20 in Type 2.",
        why="The Reserve is a toolbox outside the deck; its size bounds what a deck can reach for.",
        example=Example(_deck("side:\n  Angel at Bethesda: 11\n"), _deck("side:\n  Angel at Bethesda: 10\n")),
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
    lambda building: _build_section(building) + ", Reserve",
    doc=Doc(
        what="The Reserve holds no Dominant and no Lost Soul.",
        why="Both are counted against the deck (the Lost Soul chart, the Dominant cap); the Reserve may not hide them.",
        example=Example(_deck("side:\n  Lost Soul Proverbs 10:1 (I): 1\n"), _deck("side:\n  Angel at Bethesda: 1\n")),
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
    _build_section,
    doc=Doc(
        what="Type 2: as many good cards as evil ones, in the deck and in deck + Reserve; a card both good and evil "
        "is neutral, a card good or evil and neutral is good or evil.",
        why="Type 2 decks play both sides of every battle; the balance keeps either side from being an afterthought.",
        example=Example(
            _deck("main:\n  Angel at Bethesda: 2\n  Achan (I): 1\n", "type2"),
            _deck("main:\n  Angel at Bethesda: 1\n  Achan (I): 1\n", "type2"),
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
            _deck("main:\n  Son of God: 1\n  Chariot of Fire: 1\n"),
            _deck("main:\n  Son of God: 1\n"),
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
