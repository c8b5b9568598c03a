"""The readings of a group of names to try where there are too many, and too many distinct sums,
to try each (check/ambiguity.py): those that break a rule, found from the rules' limits on sums
(rules/sum_limits.py, `Game.sum_limits`), in time linear in the names.

Every reading is legal when each of these is:
- each name at its best card (`base`), the others as they are;
- for each card a name may mean, every name that may mean it (or a card counted as it too: a
  card the dictionary lists with several people) read as it: the rules by card (copy limits, a
  ban, a pool) find more the more copies a card has, never fewer, and the rest of what they find
  of a line is the card's own;
- for each rule over the whole deck, the readings that take each of its sums to its least and
  its greatest (a sum lies between them in every reading, and these two are readings), or, for a
  pair of sums that may not both be above nothing, a reading where both are if there is one.
So the deck's verdict is every reading's, whatever the number of names."""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from typing import Any

from deckcheck.check.readings import Readings
from deckcheck.model import Card
from deckcheck.rules.sum_limits import Bound, NotBoth, Weight

# a reading, as the cards it reads names as, the others as in the current reading: a reading that
# breaks a limit says every name of the group (the sum is its names'), one for a card only those
# that may mean it (what the rules by card find of it reads no other card)
Picking = dict[int, Card]
Adds = list[tuple[str, tuple[Hashable, ...], int]]  # zone, what the game counts of a card, copies


def limited_readings(readings: Readings, names: list[int]) -> tuple[Picking, list[Picking]] | None:
    """Each name's best card, and the readings to try beside it; None where the game does not state
    every rule over the whole deck in force as limits."""
    context = readings.context
    if context.game.sum_limits is None:
        return None
    limits = context.game.sum_limits(readings.deck_read(readings.choice), context.params)
    in_force = {each.id for each in context.rules if each.check is not None and not each.per_card and each.id not in readings.ignore}
    if not in_force <= limits.keys():
        return None
    group = _Group(readings, names)
    pickings: list[Picking] = [{}, *group.each_card_at_most()]
    for rule in sorted(in_force):
        for limit in limits[rule]:
            pickings += group.out_of_bounds(limit) if isinstance(limit, Bound) else group.both(limit)
    return group.base, [picked for n, picked in enumerate(pickings) if picked or n == 0]  # (the first: the current reading)


class _Group:
    """A group's names, each at its best card (`base`), and what each of their cards adds to the deck."""

    def __init__(self, readings: Readings, names: list[int]) -> None:
        self.readings, self.names = readings, names
        self.options = {i: readings.names[i].options for i in names}
        self.base = {i: self._best(i) for i in names}
        self.adds = {(i, card.id): self._adds(i, card) for i, cards in self.options.items() for card in cards}
        self.rest = self._rest()

    def _best(self, index: int) -> Card:
        return min(self.options[index], key=lambda card: self.readings.varied(index, card).rank)

    def _base_first(self, index: int) -> list[Card]:
        """A name's cards, its base first: a reading found keeps to the base where it can."""
        return sorted(self.options[index], key=lambda card: card is not self.base[index])

    def _adds(self, index: int, card: Card) -> Adds:
        """What a name read as `card` adds to the deck, line by line."""
        counted = self.readings.context.game.counted(card, self.readings.context.params)
        return [(zone, counted, self.readings.deck.zones[zone][line].count) for zone, line in self.readings.names[index].lines]

    def _rest(self) -> Adds:
        """What every line but the group's adds to the deck, the other names as they are read."""
        context, deck = self.readings.context, self.readings.deck_read(self.readings.choice)
        group = {key for i in self.names for key in self.readings.names[i].lines}
        return [
            (zone, context.game.counted(entry.card, context.params), entry.count)
            for zone, entries in deck.zones.items()
            for line, entry in enumerate(entries)
            if entry.card is not None and (zone, line) not in group
        ]

    def each_card_at_most(self) -> Iterator[Picking]:
        """For each card the names may mean, the reading with every name that may mean it as it."""
        identity = self.readings.context.identity
        also = getattr(identity, "also", None)  # the people a card listed with several also counts as (Redemption)
        meaning: dict[Hashable, Picking] = {}
        for i, cards in self.options.items():
            for card in cards:
                for same in (identity(card), *(also(card) if also is not None else ())):
                    meaning.setdefault(same, {})[i] = card
        for cards in meaning.values():
            yield cards

    def out_of_bounds(self, limit: Bound) -> list[Picking]:
        """The readings taking the sum to its least and to its greatest, where either breaks the bound
        (each name at its base where that is as far as another card)."""
        found = []
        for direction in (-1, 1):
            picked, total = {}, _sum(limit.weight, self.rest)
            for i in self.names:
                card, added = max(
                    ((card, _sum(limit.weight, self.adds[(i, card.id)])) for card in self._base_first(i)),
                    key=lambda each: direction * each[1],
                )
                total += added
                picked[i] = card
            if not limit.holds(total):
                found.append(picked)
        return found

    def both(self, limit: NotBoth) -> list[Picking]:
        """A reading with both sums above nothing, if there is one: each name in turn, one reading
        kept for each of the four ways the two sums may stand (each above nothing or not)."""
        start = (_sum(limit.first, self.rest) > 0, _sum(limit.second, self.rest) > 0)
        ways: dict[tuple[bool, bool], Any] = {start: None}  # a reading as its last (name, card) and the reading before it
        for i in self.names:
            following: dict[tuple[bool, bool], Any] = {}
            for (first, second), picked in ways.items():
                for card in self._base_first(i):
                    added = self.adds[(i, card.id)]
                    way = (first or _sum(limit.first, added) > 0, second or _sum(limit.second, added) > 0)
                    following.setdefault(way, (picked, i, card))
            ways = following
        if (True, True) not in ways:
            return []
        found, chain = {}, ways[(True, True)]
        while chain is not None:
            chain, i, card = chain
            found[i] = card
        return [found]


def _sum(weight: Weight, adds: Adds) -> int:
    return sum(weight(zone, counted) * copies for zone, counted, copies in adds)
