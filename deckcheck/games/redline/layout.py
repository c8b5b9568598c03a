"""How a REDLINE deck is written: its zones in their order, its card types in the order a deck groups
them. Kept apart from the rules (rules.py) so that a reader learns every game's words without
importing every game's rules."""

from __future__ import annotations

from deckcheck.games.zones import CRITICAL_HITS, GENERAL, MAIN, MISSIONS

ZONES = (GENERAL, MAIN, MISSIONS, CRITICAL_HITS)

TYPE_ORDER = ("general", "resource", "efreet", "equipment", "tactic", "strategy", "mission", "critical_hit")
