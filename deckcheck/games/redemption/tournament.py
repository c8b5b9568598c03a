"""Redemption tournament formats: the official Deck Construction & Format Specific Rules, in every
version (1.3.0 from 2026-03-13, 2.0 from 2026-08-13), each a data file (rules_version.py). A format
is a category of one version: Type 1 Limited (`type1`), Unlimited (`type1-unlimited`), Teams
(`type1-teams`) and Type 2 (`type2`); the version in force on the date checked is the one used.

Limits are checked on the deck alone and on deck + Reserve together (n counting both), as the
rules require ("your deck must be a legal deck without counting any cards in your Reserve; your
deck + Reserve must be a legal deck"); the Lost Soul ratio only on the deck.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any

from deckcheck.games.redemption.params import RedemptionParams
from deckcheck.games.redemption.pools import format_sets
from deckcheck.games.redemption.rules_version import Category, RulesVersion, alignment, versions
from deckcheck.games.redemption.same_card import lost_soul_name, matches_title, tournament_identity
from deckcheck.loading.names import normalise
from deckcheck.model import Card, Deck, Entry, Finding, Severity
from deckcheck.rules import Findings, Format, Rule, rule, shapes
from deckcheck.wording import plural

DOMINANTS = ("good_dominant", "evil_dominant")
SAME_CARD = (
    "; same card: name + art (an alternate border is the same art), Lost Soul name (its reference), rainbow or non-generic"
    " name + icon, a non-generic card of the same person (the Official Redemption Dictionary's Duplicate Card list) + icon"
)
DECK_AND_RESERVE = (("main",), ("main", "side"))


@dataclass(frozen=True, kw_only=True)
class Tournament(RedemptionParams):
    """What a tournament format's rules read: the version in force and the category played (and
    the turn the goldfish plays)."""

    version: RulesVersion
    category: Category

    def references(self) -> dict[str, str]:
        dictionary = self.version.dictionary
        return {"dictionary": f"Official Redemption Dictionary {dictionary}"} if dictionary else {}

    def __reduce__(self):
        # a rules version holds read-only mappings, which do not pickle: a goldfish worker finds it again
        return (tournament_of, (self.version.version, self.category.name))

    @property
    def build(self):
        return self.category.build

    @property
    def pool(self) -> str:
        return self.category.pool


def _tournament(findings: Findings) -> Tournament:
    """The format's own tournament rules (as the format states them, before any event's settings)."""
    tournament = findings.context.format.params
    if not isinstance(tournament, Tournament):
        raise TypeError(f"{findings.rule.id} reads a Redemption tournament format, not {findings.context.format.name}")
    return tournament


def _special(tournament: Tournament, card: Card):
    return tournament.known(
        "special", card, lambda: next((spec for spec in tournament.version.special_limits if matches_title(card, spec)), None)
    )


def counts_as_lost_soul(tournament: Tournament, card: Card) -> bool:
    def work() -> bool:
        name = lost_soul_name(card, tournament.version) or ""
        return card.is_a("lost_soul") and normalise(name) not in tournament.version.not_counted_as_lost_souls

    return tournament.known("counts as a Lost Soul", card, work) if card.is_a("lost_soul") else False


def _lost_souls(tournament: Tournament, deck: Deck) -> int:
    return shapes.count(deck.entries("main"), lambda card: counts_as_lost_soul(tournament, card))


# --- the copy limits: every cap on a card, the lowest one reports ---------------------------------


def _caps(tournament: Tournament):
    """A card's caps in a deck of `size` cards: a special card's own limit replaces the others."""

    def caps(card: Card, size: int) -> list[shapes.Cap]:
        spec = _special(tournament, card)
        if spec is not None:
            allowed = spec["max"] if "max" in spec else spec["per_50"] * max(1, size // 50)
            return [shapes.Cap("redemption.special-card-limit", allowed, "a card with its own deck building rule")]
        return [shapes.Cap(row.rule, row.cap(size), row.why) for row in tournament.build.limits if row.matches(card)]

    return caps


def _limit_rule(deck: Deck, findings: Findings) -> Iterator[Finding]:
    tournament = _tournament(findings)
    yield from shapes.lowest_caps(findings, deck, _caps(tournament), DECK_AND_RESERVE, shared=tournament)


multicolor_limit = Rule("redemption.multicolor-limit", Severity.ERROR, "", "", _limit_rule)
dominant_limit = Rule("redemption.dominant-limit", Severity.ERROR, "", "", _limit_rule)
lost_soul_ability_limit = Rule("redemption.lost-soul-ability-limit", Severity.ERROR, "", "", _limit_rule)
special_ability_limit = Rule("redemption.special-ability-limit", Severity.ERROR, "", "", _limit_rule)
copy_limit = Rule("redemption.copy-limit", Severity.ERROR, "", "", _limit_rule)
special_card_limit = Rule("redemption.special-card-limit", Severity.ERROR, "", "", _limit_rule)
LIMIT_RULES = (multicolor_limit, dominant_limit, lost_soul_ability_limit, special_ability_limit, copy_limit, special_card_limit)


# --- sizes, Lost Souls, the Reserve ----------------------------------------------------------------


@rule("redemption.deck-size", Severity.ERROR, "", "")
def deck_size(deck: Deck, findings: Findings) -> Iterator[Finding]:
    low, high = _tournament(findings).build.deck
    yield from shapes.size_range(findings, "main", low, high, "the deck")


@rule("redemption.lost-soul-count", Severity.ERROR, "", "")
def lost_soul_count(deck: Deck, findings: Findings) -> Iterator[Finding]:
    tournament = _tournament(findings)
    size = deck.size("main")
    needed = tournament.build.required_lost_souls(size)
    have = _lost_souls(tournament, deck)
    if have != needed:
        hoppers = shapes.count(deck.entries("main"), lambda c: c.is_a("lost_soul")) - have
        aside = f" ({plural(hoppers, 'Hopper Lost Soul')} {'does' if hoppers == 1 else 'do'} not count)" if hoppers else ""
        yield findings.about_zone("main", f"{size} cards need {plural(needed, 'Lost Soul')}; this deck has {have}{aside}")


def _cap(deck: Deck, findings: Findings, types: tuple[str, ...], what: str) -> Iterator[Finding]:
    have = shapes.count(deck.entries("main", "side"), lambda card: card.is_a(*types))
    souls = _lost_souls(_tournament(findings), deck)
    if have > souls:
        yield findings.about_zone(
            "main", f"{have} {what} (deck and Reserve) but {plural(souls, 'Lost Soul')}; {what} may not outnumber Lost Souls"
        )


@rule("redemption.site-cap", Severity.ERROR, "Sites + Cities (deck and Reserve) <= Lost Souls", "")
def site_cap(deck: Deck, findings: Findings) -> Iterator[Finding]:
    yield from _cap(deck, findings, ("site", "city"), "Sites and Cities")


@rule("redemption.dominant-cap", Severity.ERROR, "Dominants (good and evil) <= Lost Souls", "")
def dominant_cap(deck: Deck, findings: Findings) -> Iterator[Finding]:
    yield from _cap(deck, findings, DOMINANTS, "Dominants")


@rule("redemption.reserve-size", Severity.ERROR, "", "")
def reserve_size(deck: Deck, findings: Findings) -> Iterator[Finding]:
    low, high = _tournament(findings).build.reserve
    yield from shapes.size_range(findings, "side", low or None, high, "the Reserve")


@rule("redemption.reserve-content", Severity.ERROR, "no Dominants and no Lost Souls in the Reserve", "")
def reserve_content(deck: Deck, findings: Findings) -> Iterator[Finding]:
    for entry in deck.entries("side"):
        if entry.card is not None and entry.card.is_a("lost_soul", *DOMINANTS):
            kind = "Lost Soul" if entry.card.is_a("lost_soul") else "Dominant"
            yield findings.about_entries([entry], f"{entry.card.name} is a {kind}: the Reserve cannot hold one")


@rule("redemption.alignment-balance", Severity.ERROR, "as many good cards as evil cards (a Good+Evil card is neutral, X+Neutral is X)", "")
def alignment_balance(deck: Deck, findings: Findings) -> Iterator[Finding]:
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


def exclusive_cards(tournament: Tournament, deck: Deck) -> list[tuple[Mapping[str, Any], list[Entry], Mapping[str, Any], list[Entry]]]:
    """Per exclusive pair: each side's title spec and the deck's entries of it."""
    found = []
    for index, (first, second) in enumerate(tournament.version.exclusive_pairs):
        a = [e for e in deck.entries() if e.card is not None and (index, 0) in pair_sides(tournament, e.card)]
        b = [e for e in deck.entries() if e.card is not None and (index, 1) in pair_sides(tournament, e.card)]
        found.append((first, a, second, b))
    return found


def pair_sides(tournament: Tournament, card: Card) -> tuple[tuple[int, int], ...]:
    """The (pair, side) of each exclusive pair a card is a card of."""
    pairs = tournament.version.exclusive_pairs
    return tournament.known(
        "pair sides",
        card,
        lambda: tuple((index, side) for index, pair in enumerate(pairs) for side, spec in enumerate(pair) if matches_title(card, spec)),
    )


@rule("redemption.exclusive-pair", Severity.ERROR, "", "")
def exclusive_pair(deck: Deck, findings: Findings) -> Iterator[Finding]:
    for first, a, second, b in exclusive_cards(_tournament(findings), deck):
        if a and b:
            # Chariot of Fire names the Dominant; the Roots Artifact of that title is no card of the pair
            instead = "".join(_not_of_the_pair(findings, spec, entries[0]) for spec, entries in ((first, a), (second, b)))
            yield findings.about_entries(a + b, f"{first['title']} and {second['title']}: a deck may hold only one of the two{instead}")


def _not_of_the_pair(findings: Findings, spec: Mapping[str, Any], entry: Entry) -> str:
    def outside(card: Card) -> bool:
        return not matches_title(card, spec)

    return findings.instead(entry.known, outside, "not of the pair")


# --- one format per category of each version --------------------------------------------------------


def ban_reason(tournament: Tournament, card: Card) -> str | None:
    """Why the version's list for this category bans a printing, or None."""

    def work() -> str | None:
        for ban in tournament.version.banned:
            if tournament.category.name in ban.categories and ban.matches(card):
                return f"{tournament.category.label} (rules {tournament.version.version}: {ban.note})"
        return None

    return tournament.known("ban", card, work)


def _summaries(tournament: Tournament) -> dict[str, tuple[str, str]]:
    """rule id -> (summary, source) for one format: the version's numbers and sections."""
    version, category, build = tournament.version, tournament.category, tournament.build
    kind = version.section(build.name)
    special = "; ".join(
        f"{spec['title']} {spec['max']}" if "max" in spec else f"{spec['title']} {spec['per_50']} per 50" for spec in version.special_limits
    )
    pairs = "; ".join(f"{a['title']} or {b['title']}" for a, b in version.exclusive_pairs)
    texts = {
        "redemption.deck-size": (f"{build.deck[0]}-{build.deck[1]} cards", kind),
        "redemption.lost-soul-count": (
            f"exactly the chart's Lost Souls: {build.lost_souls_base} + (n - "
            f"{build.lost_souls_from}) // 7 for n cards; Hoppers do not count",
            kind,
        ),
        "redemption.special-card-limit": (f"these cards' own limits replace the normal ones: {special}", version.section("special")),
        "redemption.site-cap": ("Sites + Cities (deck and Reserve) <= Lost Souls", kind),
        "redemption.dominant-cap": ("Dominants (good and evil) <= Lost Souls", kind),
        "redemption.reserve-size": (f"the Reserve holds {build.reserve[0]}-{build.reserve[1]} cards", kind + ", Reserve"),
        "redemption.reserve-content": ("no Dominants and no Lost Souls in the Reserve", kind + ", Reserve"),
        "redemption.alignment-balance": ("as many good cards as evil cards (a Good+Evil card is neutral, X+Neutral is X)", kind),
        "redemption.exclusive-pair": (f"at most one card of each pair: {pairs}", version.section("special")),
        "redemption.format-sets": (
            "every card from the Rotation pool (the card data's; type1-unlimited takes every card)"
            if category.pool == "rotation"
            else "every card ever released",
            version.section(build.name),
        ),
        "banlist.banned": (
            f"the {category.label} ban list of {version.version}"
            + (", and the card list's Banned mark" if version.card_list_bans else "")
            + ", and the events'",
            version.section("banned"),
        ),
    }
    for each in LIMIT_RULES[:-1]:
        rows = build.limits_of(each.id)
        if rows:
            texts[each.id] = ("; ".join(row.text for row in rows) + SAME_CARD, kind)
    for rule_id, (text, source) in list(texts.items()):
        notes = [n for n in (build.provisional.get(rule_id), *(row.provisional for row in build.limits_of(rule_id))) if n]
        if notes:
            texts[rule_id] = (f"{text} [provisional: {'; '.join(notes)}]", source)
    return texts


def _rules(tournament: Tournament) -> tuple[Rule, ...]:
    """The format's own rules (the engine adds those every game shares)."""
    build = tournament.build
    own = [
        deck_size,
        lost_soul_count,
        *[r for r in LIMIT_RULES[:-1] if build.limits_of(r.id)],
        special_card_limit,
        site_cap,
        dominant_cap,
        reserve_size,
        reserve_content,
    ]
    if build.alignment_balance:
        own.append(alignment_balance)
    return tuple(own + [exclusive_pair, format_sets])


def tournament_of(version: str, category: str) -> Tournament:
    found = next(v for v in versions() if v.version == version)
    return Tournament(version=found, category=found.categories[category])


def tournament_formats() -> tuple[Format, ...]:
    formats = []
    for version in versions():
        for category in version.categories.values():
            tournament = Tournament(version=version, category=category)
            build = category.build
            pool = "the Rotation pool" if category.pool == "rotation" else "every card"
            description = (
                f"{category.label}: {build.deck[0]}-{build.deck[1]} cards, a Reserve of up to {build.reserve[1]}, "
                f"{pool} ({version.title}, from {version.effective.isoformat()})"
            )
            formats.append(
                Format(
                    category.name,
                    description,
                    tournament,
                    rules=_rules(tournament),
                    rule_texts=_summaries(tournament),
                    identity=partial(tournament_identity, version=version),
                    version=version.version,
                    effective=version.effective,
                    aliases=category.aliases,
                    card_list_bans=version.card_list_bans,
                    banned=partial(ban_reason, tournament),
                )
            )
    return tuple(formats)
