"""A deck judged with one card for each name that may mean several (check/ambiguity.py asks), one
reading after another, at a cost that grows with the names a reading changes, not with the deck: a
deck of 2,000 titles is tried in thousands of readings.

A reading is the current one (`choice`) with a few names changed (`Changes`), and what it gets is
put together from parts, each judged once and kept:
- the lines of one card (those the format's identity makes one card; a name's lines with those of
  every card it may mean) are judged alone by the rules whose findings about a line read no other
  card (`Rule.per_card`), the rest of each zone standing in as copies of no card;
- the rules over the whole deck are judged on the deck in short: a line for each zone and value of
  what the game counts (`Game.counted`, which holds all those rules read), with every copy of that
  value, kept by the sums of those values;
- the lines no name can share a card with are judged once.
A game that does not say what it counts is judged whole for each reading (its decks are small), and
so is a deck of few readings (FEW_READINGS: most decks with a name of several printings), where
setting the parts up costs more runs of the rules than the readings themselves. The findings shown
are those of the whole deck judged at once (`exact`); the parts give the same keys
(tests/test_ambiguity_parts.py compares them on the championship decks)."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from math import prod

from deckcheck.check.loaded import Key
from deckcheck.model import Card, Deck, Entry, Finding, Position, Severity
from deckcheck.records import record
from deckcheck.rules import Context, run_rules, types_counted

FindingKey = tuple[str, Severity, str | None, Position | None]
Changes = Mapping[int, Card]  # name index -> the card it is read as, the others as in `choice`
ShapeKey = tuple[str, tuple[Hashable, ...] | None]  # a zone and what the game counts of a card (None: no card)
STAND_IN = Position(0, 0)  # where a line that stands in for others is: no finding about it is kept
# readings (every card or printing of every name, together) a deck may have to be judged whole: the
# parts cost about three runs of the rules to set up, and a reading judged whole one
FEW_READINGS = 3


@record
class Outcome:
    """What a reading gets: its errors and findings counted over the deck, and the keys of the
    findings of the parts it changed (`own`) beside those parts' keys in the current reading
    (`replaced`): two readings changing the same names differ in `own` alone."""

    errors: int
    count: int
    own: frozenset[FindingKey]
    replaced: frozenset[FindingKey]

    @property
    def legal(self) -> bool:
        return self.errors == 0

    @property
    def rank(self) -> tuple[int, int]:
        return self.errors, self.count

    @property
    def errors_own(self) -> frozenset[FindingKey]:
        return frozenset(key for key in self.own if key[1] is Severity.ERROR)


@dataclass
class Judged:
    """A part's findings: their keys, errors and count."""

    keys: frozenset[FindingKey]
    errors: int
    count: int

    @classmethod
    def of(cls, findings: Iterable[Finding], key: KeyOf) -> Judged:
        found = list(findings)
        return cls(frozenset(key(f) for f in found), sum(f.severity is Severity.ERROR for f in found), len(found))


class KeyOf:
    """A finding's key: its rule, severity, zone and line; a finding of a rule over the whole deck
    judged in parts has no line (the deck in short puts its lines elsewhere)."""

    def __init__(self, whole_deck_rules: frozenset[str]):
        self.whole_deck_rules = whole_deck_rules

    def __call__(self, finding: Finding) -> FindingKey:
        where = None if finding.rule in self.whole_deck_rules else finding.position
        return finding.rule, finding.severity, finding.zone, where


def tally(sums: dict[tuple, int], zone: str, counted: Sequence[Hashable], copies: int) -> None:
    """Add `copies` of a card counted so to `sums`: a number (a flag, Type 2's good minus evil) by
    its total, any other value by the copies of it."""
    for counter, value in enumerate(counted):
        key = (zone, counter) if isinstance(value, int) else (zone, counter, value)
        sums[key] = sums.get(key, 0) + (copies * value if isinstance(value, int) else copies)


class Readings:
    """The deck, its ambiguous names (each with `lines` and `options`, a card each) and the current
    reading of them (`choice`)."""

    def __init__(self, deck: Deck, context: Context, ignore: frozenset[str], names: Sequence, by_parts: bool | None = None) -> None:
        """`by_parts`: whether readings are judged in parts (None: where the game says what it
        counts and the deck has more than a few readings)."""
        self.deck, self.context, self.ignore, self.names = deck, context, ignore, names
        self.choice: list[Card] = [name.cards[0][0] for name in names]
        self._exact: tuple[tuple[str, ...], list[Finding]] | None = None
        if by_parts is None:
            readings = prod(sum(len(printings) for printings in name.cards) for name in names)
            by_parts = context.game.counted is not types_counted and readings > FEW_READINGS
        self.judge: _Whole | _Parts = _Parts(self) if by_parts else _Whole(self)

    def outcome(self, changes: Changes) -> Outcome:
        """A reading, as the names it reads (the others as in `choice`): outcomes asked with the same
        names, whatever their cards, compare by `own`."""
        return self.judge.outcome(changes)

    def varied(self, index: int, card: Card, base: Changes | None = None) -> Outcome:
        """The reading with one name read as `card`, the others as in `base` (the current reading)."""
        return self.outcome({**(base or {}), index: card})

    def choose(self, changes: Changes) -> None:
        """Make a reading the current one."""
        changes = {i: card for i, card in changes.items() if card is not self.choice[i]}
        if changes:
            self.judge.move(changes)

    @property
    def best(self) -> Outcome:
        return self.outcome({})

    def key(self, finding: Finding) -> FindingKey:
        return self.judge.key(finding)

    def keys(self) -> frozenset[FindingKey]:
        """Every finding's key in the current reading."""
        return self.judge.keys()

    def exact(self) -> list[Finding]:
        """The current reading's findings, the whole deck judged at once (once a reading: the
        verdict and an ignored ambiguity both ask)."""
        if isinstance(self.judge, _Whole):  # (which has judged the reading whole)
            return list(self.judge.findings(self.choice))
        asked = tuple(card.id for card in self.choice)
        if self._exact is None or self._exact[0] != asked:
            self._exact = asked, list(run_rules(self.context.rules, self.deck_read(self.choice), self.context, self.ignore))
        return list(self._exact[1])

    def deck_read(self, choice: Sequence[Card]) -> Deck:
        return with_printings(self.deck, {key: card for name, card in zip(self.names, choice) for key in name.lines})


class _Whole:
    """Each reading judged on the whole deck."""

    def __init__(self, readings: Readings) -> None:
        self.readings = readings
        self.key = KeyOf(frozenset())
        self._judged: dict[tuple[str, ...], tuple[Judged, list[Finding]]] = {}

    def _of(self, choice: Sequence[Card]) -> Judged:
        return self._judge(choice)[0]

    def findings(self, choice: Sequence[Card]) -> list[Finding]:
        return self._judge(choice)[1]

    def _judge(self, choice: Sequence[Card]) -> tuple[Judged, list[Finding]]:
        asked = tuple(card.id for card in choice)
        found = self._judged.get(asked)
        if found is None:
            r = self.readings
            findings = list(run_rules(r.context.rules, r.deck_read(choice), r.context, r.ignore))
            found = self._judged[asked] = (Judged.of(findings, self.key), findings)
        return found

    def outcome(self, changes: Changes) -> Outcome:
        choice = list(self.readings.choice)
        for i, card in changes.items():
            choice[i] = card
        judged = self._of(choice)
        return Outcome(judged.errors, judged.count, judged.keys, self._of(self.readings.choice).keys)

    def move(self, changes: Changes) -> None:
        for i, card in changes.items():
            self.readings.choice[i] = card

    def keys(self) -> frozenset[FindingKey]:
        return self._of(self.readings.choice).keys


class _Parts:
    """Each reading judged in parts (see the module's doc)."""

    def __init__(self, readings: Readings) -> None:
        self.readings = r = readings
        rules = [each for each in r.context.rules if each.check is not None]
        self.per_card = tuple(each for each in rules if each.per_card)
        self.whole_deck = tuple(each for each in rules if not each.per_card)
        self.key = KeyOf(frozenset(each.id for each in self.whole_deck))
        self._parts(r)
        self._shape_of: dict[str, tuple[Hashable, ...]] = {}
        self.stand_in: dict[tuple[Hashable, ...], Card] = {}
        self._added: dict[tuple[int, str], tuple[tuple[ShapeKey, int], ...]] = {}
        self.shape: dict[ShapeKey, int] = {}  # copies by zone and counted value
        for zone, entries in r.deck.zones.items():
            for index, entry in enumerate(entries):
                if (zone, index) not in self.named:
                    key = (zone, self._counted(entry.card))
                    self.shape[key] = self.shape.get(key, 0) + entry.count
        for i, card in enumerate(r.choice):
            for key, copies in self._adds(i, card):
                self.shape[key] = self.shape.get(key, 0) + copies
        self._judged_parts: dict[tuple[Hashable, tuple[str, ...]], Judged] = {}
        self._judged_sums: dict[frozenset, Judged] = {}
        self.current = {part: self._part(part, {}) for part in self.part_names}
        self.current_deck = self._deck(self.shape)
        named_lines = {r.deck.zones[zone][i].position for zone, i in self.in_parts}
        # the lines no name shares a card with, and what the rules by card say of no line, judged once
        per_card = run_rules(self.per_card, r.deck_read(r.choice), r.context, r.ignore)
        fixed = [f for f in per_card if f.position not in named_lines]
        self.fixed = Judged.of(fixed, self.key)
        parts = [self.fixed, self.current_deck, *self.current.values()]
        self.errors, self.count = sum(j.errors for j in parts), sum(j.count for j in parts)

    def _parts(self, r: Readings) -> None:
        """The parts: lines joined by a card they may share (the format's identity), each name's together."""
        identity = r.context.identity
        parent: dict[Hashable, Hashable] = {}

        def root(node: Hashable) -> Hashable:
            parent.setdefault(node, node)
            while parent[node] != node:
                parent[node] = parent[parent[node]]
                node = parent[node]
            return node

        self.named = {key: i for i, name in enumerate(r.names) for key in name.lines}
        for i, name in enumerate(r.names):
            for printings in name.cards:
                for card in printings:
                    parent[root(identity(card))] = root(("name", i))
        self.part_names: dict[Hashable, list[int]] = {}
        for i in range(len(r.names)):
            self.part_names.setdefault(root(("name", i)), []).append(i)
        self.part_lines: dict[Hashable, list[Key]] = {part: [] for part in self.part_names}
        for zone, entries in r.deck.zones.items():
            for index, entry in enumerate(entries):
                key = (zone, index)
                if key in self.named:
                    part = root(("name", self.named[key]))
                elif entry.card is not None and identity(entry.card) in parent:
                    part = root(identity(entry.card))
                else:
                    continue
                self.part_lines[part].append(key)
        self.part_of = [root(("name", i)) for i in range(len(r.names))]
        self.in_parts = {key for lines in self.part_lines.values() for key in lines}

    def _counted(self, card: Card | None) -> tuple[Hashable, ...] | None:
        if card is None:
            return None
        found = self._shape_of.get(card.id)
        if found is None:
            found = self._shape_of[card.id] = self.readings.context.game.counted(card, self.readings.context.params)
            self.stand_in.setdefault(found, card)
        return found

    def _adds(self, index: int, card: Card) -> tuple[tuple[ShapeKey, int], ...]:
        """What a name read as `card` adds to the deck's shape: copies by zone and counted value."""
        found = self._added.get((index, card.id))
        if found is None:
            deck, added = self.readings.deck, dict[ShapeKey, int]()
            for zone, i in self.readings.names[index].lines:
                added[(zone, self._counted(card))] = added.get((zone, self._counted(card)), 0) + deck.zones[zone][i].count
            found = self._added[(index, card.id)] = tuple(added.items())
        return found

    def _part(self, part: Hashable, changes: Changes) -> Judged:
        """A part judged alone by the rules by card, read as the current reading with `changes`."""
        r = self.readings
        cards = tuple((changes.get(i) or r.choice[i]).id for i in self.part_names[part])
        found = self._judged_parts.get((part, cards))
        if found is None:
            chosen = {key: changes.get(i) or r.choice[i] for i in self.part_names[part] for key in r.names[i].lines}
            lines = self.part_lines[part]
            zones: dict[str, list[Entry]] = {zone: [] for zone in r.deck.zones}
            for zone, index in lines:
                entry = r.deck.zones[zone][index]
                zones[zone].append(replace(entry, card=chosen[(zone, index)]) if (zone, index) in chosen else entry)
            for zone, entries in zones.items():
                rest = r.deck.size(zone) - sum(e.count for e in entries)
                if rest:
                    entries.append(Entry("", rest, zone, STAND_IN))
            alone = replace(r.deck, zones={zone: tuple(entries) for zone, entries in zones.items()})
            own = {r.deck.zones[zone][index].position for zone, index in lines}
            findings = (f for f in run_rules(self.per_card, alone, r.context, r.ignore) if f.position in own)
            found = self._judged_parts[(part, cards)] = Judged.of(findings, self.key)
        return found

    def _deck(self, shape: dict[ShapeKey, int]) -> Judged:
        """The rules over the whole deck, on the deck in short (a line per zone and counted value)."""
        sums: dict[tuple, int] = {}
        for (zone, counted), copies in shape.items():
            tally(sums, zone, counted or (), copies)
        asked = frozenset((key, copies) for key, copies in sums.items() if copies)
        found = self._judged_sums.get(asked)
        if found is None:
            r = self.readings
            zones: dict[str, list[Entry]] = {zone: [] for zone in r.deck.zones}
            for (zone, counted), copies in shape.items():
                if copies:
                    card = None if counted is None else self.stand_in[counted]
                    zones[zone].append(Entry(card.name if card else "", copies, zone, STAND_IN, card))
            short = replace(r.deck, zones={zone: tuple(entries) for zone, entries in zones.items()})
            found = self._judged_sums[asked] = Judged.of(run_rules(self.whole_deck, short, r.context, r.ignore), self.key)
        return found

    def _reshaped(self, changes: Changes) -> dict[ShapeKey, int]:
        shape = dict(self.shape)
        for i, card in changes.items():
            for key, copies in self._adds(i, self.readings.choice[i]):
                shape[key] -= copies
            for key, copies in self._adds(i, card):
                shape[key] = shape.get(key, 0) + copies
        return shape

    def outcome(self, changes: Changes) -> Outcome:
        parts = {self.part_of[i] for i in changes}
        now = [self.current[part] for part in parts] + [self.current_deck]
        then = [self._part(part, changes) for part in parts] + [self._deck(self._reshaped(changes))]
        errors = self.errors + sum(j.errors for j in then) - sum(j.errors for j in now)
        count = self.count + sum(j.count for j in then) - sum(j.count for j in now)
        return Outcome(errors, count, frozenset().union(*(j.keys for j in then)), frozenset().union(*(j.keys for j in now)))

    def move(self, changes: Changes) -> None:
        parts = {self.part_of[i] for i in changes}
        now = [self.current[part] for part in parts] + [self.current_deck]
        self.current.update({part: self._part(part, changes) for part in parts})
        self.shape = self._reshaped(changes)
        self.current_deck = self._deck(self.shape)
        then = [self.current[part] for part in parts] + [self.current_deck]
        self.errors += sum(j.errors for j in then) - sum(j.errors for j in now)
        self.count += sum(j.count for j in then) - sum(j.count for j in now)
        for i, card in changes.items():
            self.readings.choice[i] = card

    def keys(self) -> frozenset[FindingKey]:
        return frozenset().union(self.fixed.keys, self.current_deck.keys, *(j.keys for j in self.current.values()))


def with_printings(deck: Deck, chosen: dict[Key, Card]) -> Deck:
    if not chosen:
        return deck  # (most decks: no name meant several cards)
    zones = {
        zone: tuple(replace(e, card=chosen[(zone, i)]) if (zone, i) in chosen else e for i, e in enumerate(entries))
        for zone, entries in deck.zones.items()
    }
    return replace(deck, zones=zones)
