"""The objects every stage passes on: cards, resolved decks and findings.

Loading produces them, rules and renderers only read them.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from dataclasses import field, fields
from datetime import date
from functools import cached_property
from itertools import chain
from operator import attrgetter
from types import MappingProxyType
from typing import Any, NamedTuple, TypeVar

from deckcheck.records import record

T = TypeVar("T")


def _pickled_as_fields(cls: type[T]) -> type[T]:
    """A report's parts pickle as their class and field values, to be built again by __init__: a
    folder checked in several processes sends thousands of them back, and the default (a dict of
    state for each object) took four times as long to read."""
    values = attrgetter(*(f.name for f in fields(cls)))  # type: ignore[arg-type]  # (a dataclass: every caller's is)
    setattr(cls, "__reduce__", lambda self: (cls, values(self)))  # noqa: B010 (set on the class, for its instances)
    return cls


class Severity(str, enum.Enum):
    ERROR = "error"
    WARNING = "warning"


@record(eq=False)
class Card:
    """One printing in a card database. `facts` holds every other field of its YAML entry."""

    id: str
    name: str
    types: tuple[str, ...]
    facts: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))

    @cached_property
    def type_set(self) -> frozenset[str]:
        """The types as a set: is_a runs for every card of every rule (made on first use, since a
        full database holds thousands of cards a deck never names)."""
        return frozenset(self.types)

    def get(self, key: str, default: Any = None) -> Any:
        return self.facts.get(key, default)

    def __reduce__(self) -> tuple[Callable[..., Card], tuple[object, ...]]:
        # a read-only mapping does not pickle; the goldfish workers receive cards by value
        return (_card, (self.id, self.name, self.types, dict(self.facts)))

    def is_a(self, *types: str) -> bool:
        return not self.type_set.isdisjoint(types)

    @property
    def title(self) -> str:
        return self.facts.get("title") or self.name


def _card(card_id: str, name: str, types: tuple[str, ...], facts: dict) -> Card:
    return Card(card_id, name, types, MappingProxyType(facts))


@record
class Zone:
    """A part of a deck: the main deck, a side deck, a leader named on a line of its own, ...

    `words` are how a deck file may name it, lower case (a YAML key, a text header); the first is
    the one deckcheck writes, unless the deck used another. `label` is what reports and headers
    call it (a game may call it its own way: Redemption's side deck is its Reserve)."""

    name: str
    words: tuple[str, ...]
    label: str
    single: bool = False  # one card named on its line (`General: NAME`), not `3 Card` lines
    headed: bool = True  # a text deck writes a header line for it (the main deck needs none)
    apart: bool = False  # its card is one its game keeps apart from the card lists (Redemption's Paragon)
    implies: str | None = None  # the format a deck naming this zone plays where the deck says none (Paragon's)


@record
class ZoneTable:
    """The zones deck files may hold, in the order decks are written and reported, and the words
    that head a group of cards in a pasted deck (`Heroes (14):`, `Lost Souls`), which are not zones."""

    zones: tuple[Zone, ...]
    groups: frozenset[str] = frozenset()

    def by_word(self, word: str) -> Zone | None:
        return self._by_word.get(word.lower())

    @cached_property
    def _by_word(self) -> dict[str, Zone]:
        # (every key of every deck is looked up here; the first zone with a word has it)
        found: dict[str, Zone] = {}
        for zone in self.zones:
            for word in zone.words:
                found.setdefault(word, zone)
        return found

    @cached_property
    def names(self) -> tuple[str, ...]:
        return tuple(zone.name for zone in self.zones)

    def get(self, name: str) -> Zone | None:
        return next((zone for zone in self.zones if zone.name == name), None)


class Position(NamedTuple):
    """A line and column in a deck file, from 1. A named tuple rather than a frozen dataclass: one
    is made for every key and value a deck file holds, and a frozen dataclass's __init__ (a
    setattr a field) was 8% of a folder check."""

    line: int
    column: int


START = Position(1, 1)  # where a finding about the whole deck points: its first line


@record(slots=True)
class Entry:
    """A deck line: `count` copies of what the user typed, resolved to `card` (None when it
    matched nothing, so that the zone still counts its copies)."""

    typed: str
    count: int
    zone: str
    position: Position
    card: Card | None = None

    @property
    def known(self) -> Card:
        """The card of a line known to be resolved (the groups of rules.shapes.copies, ...)."""
        if self.card is None:
            raise ValueError(f"'{self.typed}' matched no card")
        return self.card


@_pickled_as_fields
@record(slots=True)
class Finding:
    """A rule's finding about a deck: its rule, severity and message, the cards it names and where it
    points."""

    rule: str
    severity: Severity
    message: str
    cards: tuple[str, ...] = ()
    zone: str | None = None
    position: Position = START


@record
class Deck:
    """A deck whose names have been resolved against one game's card database."""

    path: str
    game: str
    format: str
    name: str | None
    zones: Mapping[str, tuple[Entry, ...]]
    zone_positions: Mapping[str, Position]

    def entries(self, *zones: str) -> tuple[Entry, ...]:
        # the rules ask for a deck's lines about ten times a deck: one zone's are its own tuple,
        # and every zone's are joined once
        if len(zones) == 1:
            return self.zones.get(zones[0], ())
        if not zones:
            return self._every_entry
        return tuple(chain.from_iterable(self.zones.get(z, ()) for z in zones))

    @cached_property
    def _every_entry(self) -> tuple[Entry, ...]:
        return tuple(e for entries in self.zones.values() for e in entries)

    def size(self, *zones: str) -> int:
        sizes = self._sizes
        return sum(sizes.get(zone, 0) for zone in zones) if zones else sum(sizes.values())

    @cached_property
    def _sizes(self) -> dict[str, int]:
        # the rules, the report and its sheet ask for a zone's size four or five times a deck
        return {zone: sum(e.count for e in entries) for zone, entries in self.zones.items()}

    def zone_position(self, zone: str) -> Position:
        """Where a finding about a whole zone points: its key, or line 1 when the zone is absent."""
        return self.zone_positions.get(zone) or Position(1, 1)


@_pickled_as_fields
@record(slots=True)
class CardLine:
    """A deck line as resolved, for a report a judge can read: the zone, the name as the data
    spells it (as typed where no card matched), id, count, types, line, and the title the rules
    compared (a printing's marks left off)."""

    zone: str
    name: str
    count: int
    line: int | None
    id: str | None = None
    types: tuple[str, ...] = ()
    title: str | None = None


@_pickled_as_fields
@record
class SheetBox:
    """A box of a game's official deck-check sheet: its label, and the card types it takes."""

    label: str
    types: tuple[str, ...]


@_pickled_as_fields
@record
class OfficialSheet:
    """The deck-check sheet a game's hosts print, for one format: its title, its boxes in the
    columns it sets them, the box of cards no other takes (a card whose types span two boxes), and
    the numbered lines it gives the side deck (Redemption's Reserve)."""

    title: str
    columns: tuple[tuple[SheetBox, ...], ...]
    other: str
    numbered_zone: str
    numbered_lines: int

    def box_of(self, types: tuple[str, ...]) -> str:
        """The box a card of these types is written in: the one that takes all of them, else `other`."""
        for column in self.columns:
            for box in column:
                if types and all(kind in box.types for kind in types):
                    return box.label
        return self.other


@_pickled_as_fields
@record
class SheetLayout:
    """How a game's deck-check sheet lists a deck: its zones by label, the card types in the
    order the rulebook lists them, the types written one card a line (Redemption's Lost Souls and
    Dominants), the totals its rules check, each as (what, the figure), and the official sheet
    its hosts print, where the game has one."""

    zone_labels: tuple[tuple[str, str], ...] = ()
    type_order: tuple[str, ...] = ()
    singly: tuple[str, ...] = ()
    totals: tuple[tuple[str, str], ...] = ()
    official: OfficialSheet | None = None


@_pickled_as_fields
@record
class RuleRecord:
    """A rule as it was applied to one deck: its id, severity, and the text and source of the
    format and rules version in force (what reports show; a check function does not travel)."""

    id: str
    severity: Severity
    summary: str
    source: str


@_pickled_as_fields
@record
class FormatVerdict:
    """One format of the deck's game and its verdict (`check --all-formats`)."""

    format: str
    version: str | None
    legal: bool
    errors: tuple[Finding, ...]  # the first error findings, for a glance


@_pickled_as_fields
@record
class RulesChange:
    """The deck under the rules in force on another date (`check --compare-as-of`): that date,
    its rules version and verdict, and the findings that appear or disappear from then to the
    date checked."""

    as_of: date
    rules_version: str | None
    legal: bool
    appeared: tuple[Finding, ...]  # found now, not then
    disappeared: tuple[Finding, ...]  # found then, not now

    @property
    def flips(self) -> bool:
        return bool(self.appeared or self.disappeared)


@_pickled_as_fields
@record
class DeckReport:
    """One deck's check as every report format writes it: what the deck is, its zones' counts and its
    findings."""

    path: str
    game: str | None
    format: str | None
    name: str | None
    counts: Mapping[str, int]
    findings: tuple[Finding, ...]
    settings: Mapping[str, Any] = field(default_factory=dict)  # the format's, then the events'; a dict to pickle
    rules_version: str | None = None  # the version of the format's rules in force on the date checked
    rules: tuple[RuleRecord, ...] = ()  # every rule the deck was checked by
    notes: tuple[str, ...] = ()  # what a reader should know (a game inferred, an old date, ...)
    game_inferred: bool = False
    formats: tuple[FormatVerdict, ...] | None = None  # with --all-formats
    cards: tuple[CardLine, ...] = ()  # the deck's lines as resolved
    sheet: SheetLayout | None = None  # how the game's deck-check sheet lays the cards out
    checked: bool = True  # False: a file of a folder left out as plainly not a deck (its finding says why)
    as_of: date | None = None  # the date whose rules the deck was checked by
    player: str | None = None  # who registered it (`check --current` of a folder of registrations)
    compared: RulesChange | None = None  # with --compare-as-of
    # what the deck was judged by besides its format: the date, rules version, the references the
    # rules read (Redemption's dictionary), the card list and a hash of its files
    judged_by: Mapping[str, str] = field(default_factory=dict)

    def rule(self, rule_id: str) -> RuleRecord | None:
        return next((r for r in self.rules if r.id == rule_id), None)

    @property
    def errors(self) -> int:
        return sum(1 for f in self.findings if f.severity is Severity.ERROR)

    @property
    def warnings(self) -> int:
        return sum(1 for f in self.findings if f.severity is Severity.WARNING)

    @property
    def legal(self) -> bool:
        return self.errors == 0

    @property
    def verdict(self) -> str:
        """The verdict as reports word it: legal, illegal, or left out (a file that is not a deck)."""
        return "left out" if not self.checked else "legal" if self.legal else "illegal"
