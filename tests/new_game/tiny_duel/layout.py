"""How a Tiny Duel deck is written: a main deck, then its stable of mounts (a zone of its own)."""

from __future__ import annotations

from deckcheck.games.zones import MAIN
from deckcheck.model import Zone

STABLE = Zone("stable", ("stable", "stable deck"), "Stable")
ZONES = (MAIN, STABLE)
TYPE_ORDER = ("knight", "spell", "mount")
