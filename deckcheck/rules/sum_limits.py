"""A rule over the whole deck stated as a limit on sums over the deck (`Game.sum_limits`).

A deck naming many titles, each of which may mean cards the whole-deck rules count differently,
has more readings than can be tried, and often more distinct sums of what they count
(check/ambiguity.py). A game whose whole-deck rules are each such a limit lets that question be
answered in time linear in the names: a sum's least and greatest values over every reading are
each name's least and greatest added up, and a reading that reaches one is built name by name.

A sum adds, for each copy in the deck, the weight of its zone and what `Game.counted` gives of
its card; weights are whole numbers, so the sums are too. Each limit is checked against its rule
by tests/test_sum_limits.py, reading after reading."""

from __future__ import annotations

from collections.abc import Callable, Hashable

from deckcheck.records import record

# what one copy adds to a sum: its zone, and what the game counts of its card (`Game.counted`)
Weight = Callable[[str, tuple[Hashable, ...]], int]


@record
class Bound:
    """A sum the rule holds between `low` and `high` (None: no bound on that side): the rule
    finds a problem with every reading whose sum falls outside."""

    weight: Weight
    low: int | None = None
    high: int | None = None

    def holds(self, total: int) -> bool:
        return (self.low is None or total >= self.low) and (self.high is None or total <= self.high)


@record
class NotBoth:
    """Two sums of copies (weights of 0 or more) the rule forbids to be both above nothing: a
    deck holds one side of a pair, not both."""

    first: Weight
    second: Weight


SumLimit = Bound | NotBoth

# rule id -> its limits, for every rule over the whole deck in force: () for a rule no reading of
# a name changes (the deck's size, which counts copies, not cards)
SumLimits = dict[str, tuple[SumLimit, ...]]
