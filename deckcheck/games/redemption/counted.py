"""What Redemption's rules over the whole deck read of a card, counter by counter (`Game.counted`).

A name that may mean several cards is judged by the sums its readings add to these counters
(check/ambiguity.py): two cards that differ only in what no such rule reads (an Enhancement and
an Artifact in Type 1) add the same, so names of them never multiply the readings to try."""

from __future__ import annotations

from collections.abc import Hashable

from deckcheck.games.redemption.building import DOMINANTS, DeckBuilding, counts_as_lost_soul, pair_sides
from deckcheck.games.redemption.paragon import ParagonBuilding
from deckcheck.games.redemption.rules_version import alignment
from deckcheck.model import Card

# where `counted` puts each counter (the rules' sum limits read them by these: sum_limits.py)
LOST_SOUL, CHARTED_SOUL, DOMINANT, SITE, SIDE, PAIR_SIDES = range(6)


def counted(card: Card, building: DeckBuilding) -> tuple[Hashable, ...]:
    """One value per counter, each summed over the deck on its own: a Lost Soul (the Hopper's
    note), one the chart counts, a Dominant (the Dominant cap, the Reserve), a Site or City as the
    build caps them, its alignment where a rule reads it (Type 2's balance, good less evil; a
    Paragon's numbers, with its brigades), and which side of an exclusive pair it is. A number is
    summed over the deck, any other value counted by its copies."""
    side = alignment(card)
    if isinstance(building, ParagonBuilding):
        read: Hashable = (side, frozenset(card.get("brigades") or ()))
    else:
        read = BALANCE.get(side, 0) if building.build.alignment_balance else 0
    return (
        card.is_a("lost_soul"),
        counts_as_lost_soul(building, card),
        card.is_a(*DOMINANTS),
        card.is_a(*building.build.sites),
        read,
        pair_sides(building, card),
    )


BALANCE = {"good": 1, "evil": -1}  # Type 2's balance reads good cards less evil ones
