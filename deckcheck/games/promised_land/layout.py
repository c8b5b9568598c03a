"""How a Promised Land deck is written: its zones in their order, its card types in the order a deck
groups them. Kept apart from the rules (rules.py) so that a reader learns every game's words without
importing every game's rules."""

from __future__ import annotations

from deckcheck.games.zones import MAIN

ZONES = (MAIN,)

# what an event file may set for a Promised Land event beside the common keys (rules.py reads it):
# named here for a folder's check, which sniffs an event file before it knows any game
SCRIPTURE = "scripture"
EVENT_FIELDS = (SCRIPTURE,)

TYPE_ORDER = ("source", "query", "counter", "city", "army", "garden", "pool", "spy", "river", "mount")
