"""A version of Redemption's tournament deck building rules, read from its data file
(card_data/formats/redemption/dbr-<version>.yaml, schemas/rules-version.schema.json) into typed
records the rules read: each category (Type 1 Limited, Unlimited, Teams, Type 2) with its card
pool and the build it follows, each build's numbers and copy limits, the ban list, the special
cards and the "same card" lists. Rules change by date: every version keeps its own file."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import field
from datetime import date
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from deckcheck.loading import resources
from deckcheck.loading.checked_yaml import checked_data
from deckcheck.loading.names import normalise
from deckcheck.model import Card
from deckcheck.records import record

ANY_TYPE = ()
SCHEMA = "rules-version"


def brigade_count(card: Card) -> int:
    """Brigades at face value; a rainbow (multi) card counts as three or more."""
    brigades = card.get("brigades") or ()
    return 3 if "multi" in brigades else len(brigades)


def alignment(card: Card) -> str:
    """Good, evil or neutral for deck building: a Good+Evil card is neutral, X+Neutral is X."""
    sides = set()
    stated = card.get("alignment")
    if stated in ("good", "evil"):
        sides.add(stated)
    if card.is_a("hero", "good_enhancement", "good_dominant"):
        sides.add("good")
    if card.is_a("evil_character", "evil_enhancement", "evil_dominant"):
        sides.add("evil")
    return sides.pop() if len(sides) == 1 else "neutral"


@record
class Limit:
    """A row of a build's copy limits: which cards it caps, at how many, under which rule."""

    rule: str
    text: str
    max: int | None = None
    per_50: int | None = None
    types: tuple[str, ...] = ANY_TYPE
    not_types: tuple[str, ...] = ()
    brigades: tuple[int | None, int | None] = (None, None)
    special_ability: bool | None = None
    why: str = ""
    provisional: str | None = None

    def matches(self, card: Card) -> bool:
        if self.types and not card.is_a(*self.types):
            return False
        if self.not_types and card.is_a(*self.not_types):
            return False
        low, high = self.brigades
        count = brigade_count(card)
        if (low is not None and count < low) or (high is not None and count > high):
            return False
        return self.special_ability is None or bool(card.get("special_ability")) is self.special_ability

    def cap(self, size: int) -> int:
        """Copies allowed in a deck of `size` cards (a per-50 limit allows at least one lot)."""
        if self.max is not None:
            return self.max
        if self.per_50 is None:
            raise ValueError(f"a copy limit says neither max nor per_50 ({self.why or 'no reason given'})")
        return self.per_50 * max(1, size // 50)


@record
class Where:
    """Where a build is written: its file, the schema it is read by, and the keys that lead to it."""

    path: Path
    schema: str
    keys: tuple[str, ...]


@record
class Build:
    """What a category's decks are built to: Type 1 or Type 2 of one version."""

    name: str
    deck: tuple[int, int | None]  # no most for the quick-start rules
    lost_souls_base: int
    lost_souls_from: int
    reserve: tuple[int, int] | None  # None: the rules know no Reserve (quick-start)
    alignment_balance: bool
    limits: tuple[Limit, ...]
    provisional: Mapping[str, str]
    sites: tuple[str, ...] = ("site", "city")  # the types the site cap counts against Lost Souls
    rules: tuple[str, ...] = ()  # the ids of the rules it runs, in the order they report
    dominants: int | None = None  # the most Dominants, where the build sets a number (redemption.dominant-max)
    rescues_to_win: int = 5  # the Lost Souls a player (a team, in Teams) rescues to win: the goldfish's race
    where: Where | None = None  # the file it was read from, and where in it (for a load error's line)

    @property
    def counted_zones(self) -> tuple[tuple[str, ...], ...]:
        """What limits are checked on: the deck, then deck + Reserve where the rules have one."""
        return (("main",),) if self.reserve is None else (("main",), ("main", "side"))

    def required_lost_souls(self, size: int) -> int:
        """The chart: `base` Lost Souls, then one more for every 7 cards from `from`."""
        return self.lost_souls_base + max(0, size - self.lost_souls_from) // 7

    def limits_of(self, rule_id: str) -> tuple[Limit, ...]:
        return tuple(each for each in self.limits if each.rule == rule_id)


@record
class Category:
    """A kind of deck a rules version knows (Type 1, Type 2, Paragon, ...): its names, its build and
    its card pool."""

    name: str
    label: str
    aliases: tuple[str, ...]
    build: Build
    pool: str  # "rotation" or "all"
    teams: bool = False
    excluded_sets: frozenset[str] = frozenset()  # sets the pool leaves out (Paragon's), by the card list's Set


@record
class Ban:
    """A card a rules version bans in the categories it names (a set narrows the ban to a printing)."""

    name: str
    set: str | None
    note: str
    categories: tuple[str, ...]

    def matches(self, card: Card) -> bool:
        if normalise(card.name) != normalise(self.name):
            return False
        return self.set is None or set_key(card.get("set")) == set_key(self.set)


def set_key(card_set: Any) -> str:
    """A set as the card list writes it, without the mark Lackey puts on a banned card's set."""
    return re.sub(r"\s*\[Ban\]$", "", str(card_set or "")).casefold()


@record(eq=False)  # hashed by identity: identities are cached per version
class RulesVersion:
    """One version of Redemption's deck building rules as its data file states it: when it took effect,
    its sections, categories and lists."""

    version: str
    effective: date | None  # None: the undated quick-start rulebook
    title: str
    source: str
    sections: Mapping[str, str]
    card_list_bans: bool
    provisional: Mapping[str, str]
    categories: Mapping[str, Category]
    banned: tuple[Ban, ...]
    special_limits: tuple[Mapping[str, Any], ...]
    exclusive_pairs: tuple[tuple[Mapping[str, Any], Mapping[str, Any]], ...]
    not_counted_as_lost_souls: frozenset[str]
    same_name_references: Mapping[str, str] = field(default_factory=dict)  # reference -> Lost Soul name
    different_name_references: frozenset[str] = frozenset()
    same_person: tuple[tuple[str, ...], ...] = ()
    same_person_source: str = ""
    dictionary: str | None = None  # the version of the Official Redemption Dictionary whose lists it reads
    same_card: str | None = None  # "the same card" in its own words, where the version states its own

    def section(self, key: str) -> str:
        return f"{self.title}, {self.sections.get(key, key)}"


def _limit(row: dict) -> Limit:
    brigades = row.get("brigades", {})
    return Limit(
        rule=row["rule"],
        text=row["text"],
        max=row.get("max"),
        per_50=row.get("per_50"),
        types=tuple(row.get("types", ())),
        not_types=tuple(row.get("not_types", ())),
        brigades=(brigades.get("min"), brigades.get("max")),
        special_ability=row.get("special_ability"),
        why=row.get("why", ""),
        provisional=row.get("provisional"),
    )


def build_of(name: str, kind: dict, provisional: Mapping[str, str], where: Where) -> Build:
    """A build as its data writes it (schemas/build.schema.json), what is provisional above it
    (its version's) beside its own."""
    return Build(
        name,
        (kind["deck"][0], kind["deck"][1]),
        kind["lost_souls"]["base"],
        kind["lost_souls"]["from"],
        (kind["reserve"][0], kind["reserve"][1]) if kind["reserve"] is not None else None,
        kind.get("alignment_balance", False),
        tuple(_limit(row) for row in kind["limits"]),
        MappingProxyType({**provisional, **kind.get("provisional", {})}),
        tuple(kind.get("sites", ("site", "city"))),
        tuple(kind["rules"]),
        kind.get("dominants"),
        kind.get("rescues_to_win", Build.rescues_to_win),
        where,
    )


def _version(data: dict, path: Path) -> RulesVersion:
    above = data.get("provisional", {})
    builds = {name: build_of(name, kind, above, Where(path, SCHEMA, ("kinds", name))) for name, kind in data["kinds"].items()}
    categories = {
        name: Category(
            name, each["label"], tuple(each.get("aliases", ())), builds[each["built_to"]], each["pool"], each.get("teams", False)
        )
        for name, each in data["categories"].items()
    }
    names = data.get("lost_soul_names", {})
    return RulesVersion(
        version=data["version"],
        effective=date.fromisoformat(data["effective"]) if "effective" in data else None,
        title=data["title"],
        source=data["source"],
        sections=MappingProxyType(dict(data.get("sections", {}))),
        card_list_bans=data.get("card_list_bans", False),
        provisional=MappingProxyType(dict(data.get("provisional", {}))),
        categories=MappingProxyType(categories),
        banned=tuple(Ban(b["name"], b.get("set"), b.get("note", b["name"]), tuple(b["in"])) for b in data.get("banned", [])),
        special_limits=tuple(data.get("special_limits", [])),
        exclusive_pairs=tuple(tuple(pair) for pair in data.get("exclusive_pairs", [])),
        not_counted_as_lost_souls=frozenset(normalise(n) for n in data.get("not_counted_as_lost_souls", [])),
        same_name_references=MappingProxyType(
            {reference_key(reference): name for name, references in names.get("same_name", {}).items() for reference in references}
        ),
        different_name_references=frozenset(reference_key(r) for r in names.get("different_names", [])),
        same_person=tuple(tuple(group) for group in data.get("same_person", [])),
        same_person_source=data.get("same_person_source", ""),
        dictionary=data.get("dictionary"),
        same_card=data.get("same_card"),
    )


def reference_key(reference: str) -> str:
    """A scripture reference compared the way a person reads it: spaces and case aside."""
    return re.sub(r"\s*([:/,-])\s*", r"\1", normalise(reference))


@cache
def versions() -> tuple[RulesVersion, ...]:
    """Every version of the rules, oldest first."""
    folder = resources.format_rules_folder("redemption")
    found = [version_from(path) for path in sorted(folder.glob("dbr-*.yaml"))]
    return tuple(sorted(found, key=lambda v: v.effective or date.min))


@cache
def quickstart() -> RulesVersion:
    """The quick-start rulebook's deck building rules, written as one more version (undated)."""
    return version_from(resources.format_rules_folder("redemption") / "quickstart.yaml")


def version_from(path: Path) -> RulesVersion:
    """The rules version a file writes (schemas/rules-version.schema.json). Raises FileProblems."""
    return _version(checked_data(path, SCHEMA), path)
