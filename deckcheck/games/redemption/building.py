"""What Redemption's deck building rules read (`DeckBuilding`): a version of the rules, the
quick-start rulebook's or a tournament version's (1.3.0 from 2026-03-13, 2.0 from 2026-08-13),
each a data file (rules_version.py), and the category played: Type 1 Limited (`type1`), Unlimited
(`type1-unlimited`), Teams (`type1-teams`), Type 2 (`type2`) or the quick-start's own. What the rules
work out about a card (whether it counts as a Lost Soul, its special limit, its exclusive pair,
its ban) is here, once, for every rule that reads it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from deckcheck.games.redemption.params import RedemptionParams
from deckcheck.games.redemption.rules_version import Build, Category, RulesVersion, quickstart, versions
from deckcheck.games.redemption.same_card import lost_soul_name, matches_title
from deckcheck.loading.names import normalise
from deckcheck.model import Card, Deck, Entry

DOMINANTS = ("good_dominant", "evil_dominant")
CHARACTERS = ("hero", "evil_character")
ENHANCEMENTS = ("good_enhancement", "evil_enhancement")


def build_section(building: DeckBuilding) -> str:
    """Where the rules state the build's numbers (a rule's source)."""
    return building.section("build")


def example_deck(fragment: str, format_name: str = "type1") -> str:
    """A Redemption deck of a rule's example: its lines after the game and format."""
    return f"game: redemption\nformat: {format_name}\n{fragment}"


@dataclass(frozen=True, kw_only=True)
class DeckBuilding(RedemptionParams):
    """What a Redemption format's rules read: the rules version in force and the category played
    (and the turn the goldfish plays)."""

    version: RulesVersion
    category: Category

    def references(self) -> dict[str, str]:
        dictionary = self.version.dictionary
        return {"dictionary": f"Official Redemption Dictionary {dictionary}"} if dictionary else {}

    def __reduce__(self) -> tuple[Any, ...]:
        # a rules version holds read-only mappings, which do not pickle: a goldfish worker finds it
        # again by name, with the settings this run chose (--win-at, an event's)
        return (_rebuilt, (self.version.version, self.category.name, self.settings()))

    def ban_list(self) -> tuple[str, str] | None:
        if not self.version.banned:
            return None
        marked = ", and the card list's Banned mark" if self.version.card_list_bans else ""
        return f"the {self.category.label} ban list of {self.version.version}{marked}", self.version.section("banned")

    @property
    def build(self) -> Build:
        return self.category.build

    def provisional(self, rule_id: str) -> tuple[str, ...]:
        build = self.build
        return tuple(n for n in (build.provisional.get(rule_id), *(row.provisional for row in build.limits_of(rule_id))) if n)

    @property
    def pool(self) -> str:
        return self.category.pool

    def section(self, key: str) -> str:
        """Where the rules say it: the version's title and the section (`type1` names the build's own)."""
        return self.version.section(self.build.name if key == "build" else key)


def deck_building_of(version: str, category: str) -> DeckBuilding:
    """The rules `version` ("quick-start" or a tournament version) and one of its categories."""
    found = quickstart() if version == quickstart().version else next(v for v in versions() if v.version == version)
    return building_for(found, found.categories[category])


def building_for(version: RulesVersion, category: Category) -> DeckBuilding:
    """A category of a rules version, with the numbers of its build that the game's turn reads."""
    return DeckBuilding(version=version, category=category, rescues_to_win=category.build.rescues_to_win)


def _rebuilt(version: str, category: str, settings: Mapping[str, Any]) -> DeckBuilding:
    return deck_building_of(version, category).with_settings(settings)


QUICKSTART = deck_building_of("quick-start", "quickstart")


def special_limit(building: DeckBuilding, card: Card) -> Mapping[str, Any] | None:
    """The card's own deck building rule (Faithful Witness, Legion, ...), or None."""
    return building.known(
        "special", card, lambda: next((spec for spec in building.version.special_limits if matches_title(card, spec)), None)
    )


def counts_as_lost_soul(building: DeckBuilding, card: Card) -> bool:
    """A Lost Soul the chart counts (the version may name some that do not: the Hopper)."""

    def work() -> bool:
        name = lost_soul_name(card, building.version) or ""
        return normalise(name) not in building.version.not_counted_as_lost_souls

    return building.known("counts as a Lost Soul", card, work) if card.is_a("lost_soul") else False


def lost_souls(building: DeckBuilding, deck: Deck) -> int:
    # (a Lost Soul's type asked first, as counts_as_lost_soul would: most of a deck's cards are not one)
    return sum(
        e.count
        for e in deck.entries("main")
        if e.card is not None and "lost_soul" in e.card.type_set and counts_as_lost_soul(building, e.card)
    )


def pair_sides(building: DeckBuilding, card: Card) -> tuple[tuple[int, int], ...]:
    """The (pair, side) of each exclusive pair a card is a card of."""
    return _pair_sides(building)(card)


def _pair_sides(building: DeckBuilding) -> Callable[[Card], tuple[tuple[int, int], ...]]:
    pairs = building.version.exclusive_pairs
    return building.facts(
        "pair sides",
        lambda card: tuple(
            (index, side) for index, pair in enumerate(pairs) for side, spec in enumerate(pair) if matches_title(card, spec)
        ),
    )


def exclusive_cards(building: DeckBuilding, deck: Deck) -> list[tuple[Mapping[str, Any], list[Entry], Mapping[str, Any], list[Entry]]]:
    """Per exclusive pair: each side's title spec and the deck's entries of it."""
    pairs = building.version.exclusive_pairs
    sides: list[tuple[list[Entry], list[Entry]]] = [([], []) for _ in pairs]
    sides_of = _pair_sides(building)  # (asked of every line of every deck)
    for entry in deck.entries():
        if entry.card is not None:
            for index, side in sides_of(entry.card):
                sides[index][side].append(entry)
    return [(first, a, second, b) for (first, second), (a, b) in zip(pairs, sides, strict=True)]


def ban_reason(building: DeckBuilding, card: Card) -> str | None:
    """Why the version's list for this category bans a printing, or None."""

    def work() -> str | None:
        for ban in building.version.banned:
            if building.category.name in ban.categories and ban.matches(card):
                return f"{building.category.label} (rules {building.version.version}: {ban.note})"
        return None

    return building.known("ban", card, work)
