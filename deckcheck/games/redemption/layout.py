"""How a Redemption deck is written: its zones in their order, its card types in the order a deck
groups them, and the words players head a pasted group with. Kept apart from the rules (rules.py) so
that a reader learns every game's words without importing every game's rules."""

from __future__ import annotations

from deckcheck.games import zones
from deckcheck.model import Zone

# the Paragon format's leader, named on a line of its own and kept apart from the card lists (paragons.py);
# a deck that names one and no format is a Paragon deck, as a judge reads a pasted list
PARAGON = Zone("paragon", ("paragon",), "Paragon", single=True, apart=True, implies="paragon")

ZONES = (PARAGON, zones.MAIN, zones.called(zones.SIDE, "Reserve", "reserve"))

TYPE_ORDER = (
    "hero",
    "evil_character",
    "good_enhancement",
    "evil_enhancement",
    "good_dominant",
    "evil_dominant",
    "lost_soul",
    "site",
    "city",
    "fortress",
    "artifact",
    "covenant",
    "curse",
)

# as players head the groups of a pasted list: GE good enhancements, EE evil, EC evil characters, LS Lost Souls
GROUP_NAMES = (
    "ge",
    "ee",
    "ec",
    "ls",
    "gd",
    "ed",
    "doms",
    "hero enhancements",
    "heroes enhancements",
    "evil character enhancements",
    # the store's product pages
    "dual-alignment",
    "dual alignment",
    "dual-alignment cards",
)
