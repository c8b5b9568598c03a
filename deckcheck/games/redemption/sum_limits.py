"""Redemption's rules over the whole deck as limits on sums of what `counted` gives of each card
(`Game.sum_limits`): the Lost Soul chart, the Site and Dominant caps, Type 2's balance, the
exclusive pairs, and a Paragon deck's numbers. Each is checked against its rule, reading after
reading, by tests/test_sum_limits.py."""

from __future__ import annotations

from collections.abc import Hashable

from deckcheck.games.redemption.building import DeckBuilding
from deckcheck.games.redemption.counted import CHARTED_SOUL, DOMINANT, LOST_SOUL, PAIR_SIDES, SIDE, SITE
from deckcheck.games.redemption.paragon import ParagonBuilding, kind_of_side, the_paragon
from deckcheck.games.redemption.paragons import Paragon
from deckcheck.model import Deck
from deckcheck.rules.sum_limits import Bound, NotBoth, SumLimit, SumLimits, Weight

Counted = tuple[Hashable, ...]
DECK_AND_RESERVE = ("main", "side")

# rules whose findings count copies or lines, never what a card is: no reading of a name changes them
SAME_IN_EVERY_READING = ("redemption.deck-size", "redemption.reserve-size", "redemption.paragon")


def sum_limits(deck: Deck, building: DeckBuilding) -> SumLimits:
    """Every whole-deck rule of `building`'s formats, as limits for `deck` (read as it stands)."""
    limits: SumLimits = dict.fromkeys(SAME_IN_EVERY_READING, ())
    limits["redemption.exclusive-pair"] = _exclusive_pairs(building)
    limits["redemption.site-cap"] = (_cap(building, SITE),)
    if isinstance(building, ParagonBuilding):
        return limits | _paragon_limits(deck, building)
    souls = building.build.required_lost_souls(deck.size("main"))
    limits["redemption.lost-soul-count"] = (Bound(_charted_souls, souls, souls),)
    limits["redemption.dominant-cap"] = (_cap(building, DOMINANT),)
    limits["redemption.alignment-balance"] = _balance(deck)
    return limits


def _charted_souls(zone: str, counted: Counted) -> int:
    return int(zone == "main" and bool(counted[CHARTED_SOUL]))


def _cap(building: DeckBuilding, counter: int) -> Bound:
    """No more cards of a kind (in the zones the build counts) than Lost Souls the chart counts."""
    zones = building.build.counted_zones[-1]

    def weight(zone: str, counted: Counted) -> int:
        return int(zone in zones and bool(counted[counter])) - _charted_souls(zone, counted)

    return Bound(weight, high=0)


def _balance(deck: Deck) -> tuple[Bound, ...]:
    """Type 2: good less evil is nothing in the deck and, with a Reserve, in deck + Reserve
    (`counted` gives a card's side as 1, -1 or 0 where the build balances, 0 everywhere else)."""
    zones = [("main",), DECK_AND_RESERVE] if deck.size("side") else [("main",)]
    return tuple(Bound(_side_in(these), 0, 0) for these in zones)


def _side_in(zones: tuple[str, ...]) -> Weight:
    def weight(zone: str, counted: Counted) -> int:
        side = counted[SIDE]
        return side if zone in zones and isinstance(side, int) else 0

    return weight


def _exclusive_pairs(building: DeckBuilding) -> tuple[SumLimit, ...]:
    pairs = building.version.exclusive_pairs
    return tuple(NotBoth(_pair_side(index, 0), _pair_side(index, 1)) for index in range(len(pairs)))


def _pair_side(index: int, side: int) -> Weight:
    def weight(zone: str, counted: Counted) -> int:
        return int((index, side) in counted[PAIR_SIDES])  # type: ignore[operator]

    return weight


def _paragon_limits(deck: Deck, building: ParagonBuilding) -> SumLimits:
    limits: SumLimits = {"redemption.no-lost-souls": (Bound(_lost_souls_in_deck, high=0),)}
    most = building.build.dominants
    limits["redemption.dominant-max"] = () if most is None else (Bound(_dominants, high=most),)
    paragon = the_paragon(deck)
    numbers: tuple[SumLimit, ...] = ()
    if paragon is not None:
        exact = building.paragon_numbers == "exact"
        numbers = tuple(
            Bound(_of_kind(kind, paragon, building), wanted, wanted if exact else None) for kind, wanted in paragon.numbers.items()
        )
    limits["redemption.paragon-numbers"] = numbers
    return limits


def _lost_souls_in_deck(zone: str, counted: Counted) -> int:
    return int(zone == "main" and bool(counted[LOST_SOUL]))


def _dominants(zone: str, counted: Counted) -> int:
    return int(zone in DECK_AND_RESERVE and bool(counted[DOMINANT]))


def _of_kind(kind: str, paragon: Paragon, building: ParagonBuilding) -> Weight:
    """A copy in deck or Reserve of a card counted toward the Paragon's `kind` (a Lost Soul toward none)."""

    def weight(zone: str, counted: Counted) -> int:
        if zone not in DECK_AND_RESERVE or counted[LOST_SOUL]:
            return 0
        side: str
        brigades: frozenset[str]
        side, brigades = counted[SIDE]  # type: ignore[misc]
        return int(kind_of_side(side, brigades, paragon, building) == kind)

    return weight
