"""Judging a deck whose names may mean several cards (docs/deck-files.md, how a name becomes a card).

Loading resolved each line to a printing, or, for a name that is only a title (or one the card list
repeats), to the printings it may mean. Here those printings become cards, by the format's "same
card" rule:
- printings of one card are that card: the line is judged with the printing that gives the deck the
  fewest problems, and a note says which to write where the printing matters;
- a name that may mean several cards is a choice: the deck is legal when every reading of its names
  is; where readings differ, each name whose reading decides is `deck.ambiguous-card`, an error
  naming each card and what it gives; where none is legal, the findings every reading shares stand.

Each reading is judged by check/readings.py, in parts where the game says what it counts. Names
are judged in groups of those whose readings can change each other's findings (they may mean
the same card, or cards that differ in what the rules count over the whole deck, or the same rule's
findings change with each); every reading of a group is tried with the other names at their best,
twice: once to find the group's best reading, once to see every reading beside the others' best. A
group with more readings than MOST_READINGS is tried by the distinct sums of what its names add to
the deck's counted facts, one reading each, with each name's other cards tried one at a time: the
same verdict, at a cost that grows with the sums (a few dozen), not the readings (2**names). Past
MOST_SUMS, a game that states its whole-deck rules as limits on those sums has its group tried by
the readings that break them (check/limited.py): still every reading's verdict; one that does not
has each name of the group asked for the card meant.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import islice, product
from math import prod
from operator import add
from typing import Any

from deckcheck.check.limited import limited_readings
from deckcheck.check.loaded import Key, LoadedDeck
from deckcheck.check.readings import Changes, FindingKey, Outcome, Readings, tally, with_printings
from deckcheck.loading.names import normalise
from deckcheck.model import Card, Deck, Entry, Finding, Severity
from deckcheck.rules import run_rules
from deckcheck.rules.common import AMBIGUOUS_CARD
from deckcheck.wording import kind_of

# readings of one group tried one by one, as they are; past it, one reading per distinct sum of what
# the names add to the counted facts (exact where the game's `counted` holds all its rules over
# several cards read; tried one by one, a small group needs no such trust)
MOST_READINGS = 16
# distinct sums of a group past which it is tried by the rules' limits (check/limited.py), or, in a
# game that states none, its names are asked to be named exactly
MOST_SUMS = 4096


@dataclass
class Name:
    """A name, on one line or several, that matches several printings, and the cards they are."""

    typed: str
    lines: list[Key]
    cards: list[tuple[Card, ...]]  # each card's printings, in the order the name found them
    options: list[Card] = field(default_factory=list)  # the printing each card is judged with
    printing_matters: dict[str, Card] = field(default_factory=dict)  # chosen printing id -> a worse one


def judge(loaded: LoadedDeck, ignore: frozenset[str]) -> list[Finding]:
    """The deck's findings, its names read as cards (see the module's doc); `loaded.shown` gets the
    printing each ambiguous line is judged and shown as, `loaded.notes` what a judge should know."""
    deck, context = loaded.resolved()
    judged_notes = getattr(context.identity, "notes", None)  # what the identity rule leaves to a judge
    if not loaded.ambiguous:
        loaded.notes += judged_notes(deck) if judged_notes is not None else []
        return list(run_rules(context.rules, deck, context, ignore))
    readings = Readings(deck, context, ignore, _names(deck, loaded.ambiguous, context.identity))
    _choose_printings(readings)
    groups: list[Group] = []
    unjudged: list[list[int]] = []
    for names in _groups(readings):
        try:
            groups.append(_group(readings, names))
        except TooManyReadings:
            unjudged.append(names)  # a group of names is never judged on part of its readings
    for group in groups:
        readings.choose(min(group.changes(readings.choice), key=lambda each: readings.outcome(each).rank))
        if len(group.pickings) < prod(len(readings.names[i].options) for i in group.names):
            _each_at_its_best(readings, group.names)
    for group in groups:
        group.try_each(readings)
    loaded.shown = {key: card for name, card in zip(readings.names, readings.choice) for key in name.lines}
    findings, notes = _verdict(readings, groups)
    findings += [_ambiguity(readings, i, "the deck names too many such cards to try every reading") for names in unjudged for i in names]
    loaded.notes += notes + _printing_notes(readings)
    if judged_notes is not None:
        loaded.notes += judged_notes(with_printings(deck, loaded.shown))
    return findings if AMBIGUOUS_CARD.id not in ignore else readings.exact()


@dataclass
class Group:
    """Names whose readings may change each other's findings, the readings of them to try, and
    what each gives beside the other names' best."""

    names: list[int]
    # per reading tried, a card for each name, or (found from the rules' limits) a card for some
    # names, the others as in the current reading (check/limited.py)
    pickings: Sequence[tuple[Card, ...] | dict[int, Card]]
    # what trying each reading beside the other names' best found (`try_each`): the first illegal
    # one, and the keys of the best reading's findings that some reading does not give (not every
    # outcome: a group of thousands of readings, each changing hundreds of lines, would hold them all)
    illegal: dict[int, Card] | None = None
    left: frozenset[FindingKey] = frozenset()

    def changes(self, choice: list[Card]) -> Iterator[Changes]:
        """The readings to try, each as the names it reads otherwise than `choice` (the best reading so
        far): a reading of many names costs what it changes (check/readings.py)."""
        for picked in self.pickings:
            said = zip(self.names, picked) if isinstance(picked, tuple) else picked.items()
            yield {i: card for i, card in said if card is not choice[i]}

    def try_each(self, readings: Readings) -> None:
        """Each reading beside the current one: `illegal` and `left`."""
        left: set[FindingKey] = set()
        for changes in self.changes(readings.choice):
            outcome = readings.outcome(changes)
            if not outcome.legal and self.illegal is None:
                self.illegal = dict(changes)
            left |= outcome.replaced - outcome.own
        self.left = frozenset(left)


def _names(deck: Deck, ambiguous: dict[Key, tuple[Card, ...]], identity: Callable[[Card], Hashable]) -> list[Name]:
    """The ambiguous names of a deck (the lines of one name read alike), their printings as cards."""
    lines: dict[str, list[Key]] = {}
    for key in ambiguous:
        lines.setdefault(normalise(deck.zones[key[0]][key[1]].typed), []).append(key)
    names = []
    for keys in lines.values():
        cards: dict[Hashable, list[Card]] = {}
        for printing in ambiguous[keys[0]]:
            cards.setdefault(identity(printing), []).append(printing)
        typed = deck.zones[keys[0][0]][keys[0][1]].typed
        names.append(Name(typed, keys, [tuple(printings) for printings in cards.values()]))
    return names


def _choose_printings(readings: Readings) -> None:
    """Each card of each name judged with its best printing (the printing only changes what is
    the printing's own: its pool, a ban of that printing); a name of one card is that card."""
    written = readings.context.database.names.written
    for index, name in enumerate(readings.names):
        for printings in name.cards:
            # the fewest problems first, and of those one a deck can name by its name alone
            ranked = sorted(printings, key=lambda card: (readings.varied(index, card).rank, written(card) != card.name))
            best, worst = ranked[0], ranked[-1]
            if readings.varied(index, best).own != readings.varied(index, worst).own:
                name.printing_matters[best.id] = worst
            name.options.append(best)
        readings.choose({index: name.options[0]})


def _groups(readings: Readings) -> list[list[int]]:
    """The names of several cards, in groups of those whose readings may change each other's
    findings: they may mean the same card, they both may mean cards the whole-deck rules count
    differently, or the same rule's findings change with each (found with the others as they are)."""
    context = readings.context
    several = [i for i, name in enumerate(readings.names) if len(name.options) > 1]
    parent = {i: i for i in several}

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    # each name joined to the first that shares with it what it joins by: linear in the names
    first: dict[Hashable, int] = {}
    for i in several:
        options = readings.names[i].options
        joins: set[Hashable] = {("card", context.identity(card)) for card in options}
        joins |= {("rule", rule) for rule in _rules_changed(readings, i)}
        if len({context.game.counted(card, context.params) for card in options}) > 1:
            joins.add("counted")
        for join in joins:
            parent[root(first.setdefault(join, i))] = root(i)
    groups: dict[int, list[int]] = {}
    for i in several:
        groups.setdefault(root(i), []).append(i)
    return list(groups.values())


def _rules_changed(readings: Readings, index: int) -> set[str]:
    outcomes = [readings.varied(index, card) for card in readings.names[index].options]
    changed = frozenset.union(*(o.own for o in outcomes)) - frozenset.intersection(*(o.own for o in outcomes))
    return {key[0] for key in changed}


def _each_at_its_best(readings: Readings, names: list[int]) -> None:
    """A group read by its sums tried each sum by the first reading found of it, whose cards need
    not be those with the fewest problems of their own (`Matthias` as its Apocalypse printing,
    outside the pool, beside its Gospel of Christ card): each name then takes its best card, the
    others as chosen."""
    for i in names:
        ranks = {card.id: readings.varied(i, card).rank for card in readings.names[i].options}
        readings.choose({i: min(readings.names[i].options, key=lambda card: ranks[card.id])})


def _group(readings: Readings, names: list[int]) -> Group:
    """A group and the readings of it to try: every one, up to MOST_READINGS; past it, one per
    distinct sum of what the names add to the counted facts; past MOST_SUMS, those that break
    each rule's limits where the game states them (check/limited.py)."""
    options = [readings.names[i].options for i in names]
    if prod(len(o) for o in options) <= MOST_READINGS:
        return Group(names, list(product(*options)))
    try:
        return Group(names, _distinct_sums(readings, names))
    except TooManyReadings:
        limited = limited_readings(readings, names)
        if limited is None:
            raise
        base, pickings = limited
        readings.choose(base)  # (a reading from the limits then changes the names it reads, not the group)
        return Group(names, pickings)


def _distinct_sums(readings: Readings, group: list[int]) -> list[tuple[Card, ...]]:
    """One reading of a group for each distinct sum of what its names add to the deck: per zone,
    the copies of each value of each counter the game counts and, where another line or name may
    hold the same card, of that card. Readings alike in these are alike to every rule over several cards; a card's own
    findings (its pool, its own copies) are the same in any reading, and each name's cards are
    also tried one at a time beside the best reading (`_verdict`)."""
    context, deck = readings.context, readings.deck
    in_group = set(group)
    elsewhere = {context.identity(e.card) for entries in deck.zones.values() for e in entries if e.card is not None}
    elsewhere |= {context.identity(card) for i, card in enumerate(readings.choice) if i not in in_group}
    seen: dict[Hashable, int] = {}
    for i in group:
        for card in readings.names[i].options:
            seen[context.identity(card)] = seen.get(context.identity(card), 0) + 1
    shared = {key for key, times in seen.items() if times > 1} | elsewhere

    known: dict[tuple[int, str], dict[tuple, int]] = {}

    def added(i: int, card: Card) -> dict[tuple, int]:
        """What a name read as `card` adds: copies by zone to each counter's value and (where shared) to the card."""
        found = known.get((i, card.id))
        if found is None:
            same = context.identity(card) if context.identity(card) in shared else None
            counted = (*context.game.counted(card, context.params), ("card", same))
            found = known[(i, card.id)] = {}
            for zone, index in readings.names[i].lines:
                tally(found, zone, counted, deck.zones[zone][index].count)
        return found

    # a sum is a vector of copies, one place per (zone, counter, value) any card of the group adds
    # to; each sum is kept with the reading that stands for it (the first found), as its last card
    # and the reading before it: no reading is copied while the group grows (it may hold hundreds)
    adds = {(i, card.id): added(i, card) for i in group for card in readings.names[i].options}
    places = {key: n for n, key in enumerate(dict.fromkeys(key for each in adds.values() for key in each))}
    vectors = {}
    for asked, each in adds.items():
        vector = [0] * len(places)
        for key, copies in each.items():
            vector[places[key]] += copies
        vectors[asked] = tuple(vector)
    sums: dict[tuple[int, ...], Picked] = {(0,) * len(places): None}
    for i in group:
        following: dict[tuple[int, ...], Picked] = {}
        for total, picked in sums.items():
            for card in readings.names[i].options:
                following.setdefault(tuple(map(add, total, vectors[(i, card.id)])), (picked, card))
        if len(following) > MOST_SUMS:
            raise TooManyReadings
        sums = following
    return [_unwound(picked) for picked in sums.values()]


def _unwound(picked: Picked) -> tuple[Card, ...]:
    cards = []
    while picked is not None:
        picked, card = picked
        cards.append(card)
    return tuple(reversed(cards))


Picked = tuple[Any, Card] | None  # a reading as its last card and the reading before it (a Picked)


class TooManyReadings(Exception):
    """A group of names with more than MOST_SUMS distinct sums."""


def _verdict(readings: Readings, groups: list[Group]) -> tuple[list[Finding], list[str]]:
    """The deck's findings and notes: the best reading's, with an error on each name whose reading
    decides the verdict; where no reading is legal, the findings every reading shares."""
    if readings.best.legal:
        findings, notes = readings.exact(), []
        for group in groups:
            if group.illegal is None and not any(_illegal_alone(readings, i) for i in group.names):
                notes += [_harmless(readings, i) for i in group.names]
            else:
                findings += _deciding(readings, group)
        return findings, notes
    # illegal whatever the reading: the findings every reading gives, and an error on each name whose
    # cards give other errors (the verdict it decides once the rest is mended)
    left = frozenset().union(*(group.left for group in groups))
    common = readings.keys() - left
    findings = [f for f in readings.exact() if readings.key(f) in common]
    every = [i for group in groups for i in group.names]
    deciding = [i for i in every if len({readings.varied(i, card).errors_own for card in readings.names[i].options}) > 1]
    if not deciding and not any(f.severity is Severity.ERROR for f in findings):
        deciding = every  # illegal with each reading, for reasons no two share: the verdict must still show
    for i in deciding:
        errors = [readings.varied(i, card).errors_own for card in readings.names[i].options]
        each_illegal = all(each - frozenset.intersection(*errors) for each in errors)
        findings.append(_ambiguity(readings, i, "the deck is illegal with each" if each_illegal else "its reading decides the verdict"))
    return findings, [_harmless(readings, i) for i in every if i not in deciding]


def _illegal_alone(readings: Readings, index: int) -> bool:
    """Whether one of a name's cards makes the best reading illegal, the other names as they are."""
    return any(not readings.varied(index, card).legal for card in readings.names[index].options)


def _deciding(readings: Readings, group: Group) -> list[Finding]:
    """The errors of a group some reading of which is illegal: on each name one of whose cards
    makes the best reading illegal, or, where only readings of several names together are, on the
    name whose card turns a reading illegal on the way from the best to such a reading."""
    alone = [i for i in group.names if _illegal_alone(readings, i)]
    if alone:
        return [_ambiguity(readings, i, "its reading decides the verdict") for i in alone]
    assert group.illegal is not None, "a group whose names are each legal alone is illegal only by a reading tried"
    steps = list(group.illegal.items())
    # a step after which the reading turns illegal, found by halving the way: the best reading is legal, the target not
    legal, illegal = 0, len(steps)
    while illegal - legal > 1:
        middle = (legal + illegal) // 2
        if readings.outcome(dict(steps[:middle])).legal:
            legal = middle
        else:
            illegal = middle
    i = steps[illegal - 1][0]
    return [_ambiguity(readings, i, "its reading decides the verdict with the other names as said", dict(steps[: illegal - 1]))]


def _ambiguity(readings: Readings, index: int, why: str, base: Changes | None = None) -> Finding:
    """The error on every line of a name: each card it may mean, and what the deck gets with it
    that it does not get with each of the others."""
    name = readings.names[index]
    outcomes = [readings.varied(index, card, base) for card in name.options]
    shared = frozenset.intersection(*(o.errors_own for o in outcomes))
    gives = [f"{_described(readings, card)} gives {_gives(o, shared)}" for card, o in zip(name.options, outcomes)]
    others = ""
    if base is not None:
        read = {**dict(enumerate(readings.choice)), **base}
        said = (f"'{other.typed}' as {_written(readings, read[i])}" for i, other in enumerate(readings.names) if i != index)
        others = f" ({', '.join(islice(said, 3))})"
    message = f"'{name.typed}' could be {len(name.options)} different cards and {why}{others}: {'; '.join(gives)}; write the one meant"
    entry = _entry(readings, name.lines[0])
    return Finding(AMBIGUOUS_CARD.id, AMBIGUOUS_CARD.severity, message, (entry.typed,), entry.zone, entry.position)


def _harmless(readings: Readings, index: int) -> str:
    name = readings.names[index]
    cards = ", ".join(_described(readings, card) for card in name.options)
    line = _entry(readings, name.lines[0]).position.line
    return f"line {line}: '{name.typed}' could be {len(name.options)} different cards ({cards}); each gives the deck the same verdict"


def _printing_notes(readings: Readings) -> list[str]:
    """Where a name's card has printings the deck is not judged alike with: which one it was judged with."""
    notes = []
    for index, (name, card) in enumerate(zip(readings.names, readings.choice)):
        worse = name.printing_matters.get(card.id)
        if worse is not None:
            line = _entry(readings, name.lines[0]).position.line
            rules = sorted({key[0] for key in readings.varied(index, worse).own - readings.varied(index, card).own})
            notes.append(
                f"line {line}: '{name.typed}' names printings of one card that the deck is not judged alike with: it was "
                f"judged as {_written(readings, card)} (as {_written(readings, worse)} it would get {', '.join(rules)}): write that name"
            )
    return notes


def _gives(outcome: Outcome, shared: frozenset[FindingKey]) -> str:
    """What a reading gives of its own (the errors every card of the name gives aside)."""
    if outcome.legal:
        return "a legal deck"
    own = list(dict.fromkeys(key[0] for key in outcome.errors_own - shared))
    return ", ".join(own) if own else "no error of its own"


def _described(readings: Readings, card: Card) -> str:
    return f"{_written(readings, card)} ({kind_of(card)})"


def _written(readings: Readings, card: Card) -> str:
    return f"'{readings.context.database.names.written(card)}'"


def _entry(readings: Readings, key: Key) -> Entry:
    return readings.deck.zones[key[0]][key[1]]
