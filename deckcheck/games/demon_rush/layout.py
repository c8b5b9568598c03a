"""How a Demon Rush deck is written: its zones in their order, its card types in the order a deck
groups them. Kept apart from the rules (rules.py) so that a reader learns every game's words without
importing every game's rules."""

from __future__ import annotations

from deckcheck.games import zones

ZONES = (zones.CHAMPION, zones.MAIN, zones.SIDE)

TYPE_ORDER = ("champion", "soldier", "spell", "equip_spell", "armor_spell", "structure", "token")
