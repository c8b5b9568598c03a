"""Alternate-border reprints (a set's `(AB)` printings): which sets have them, and what pairs a
reprint with its set's printing however the card list spells it. The Deck Building Rules make the
two one card (the same title and art: same_card.py)."""

from __future__ import annotations

import re

from deckcheck.loading.card_db import CardDatabase
from deckcheck.loading.names import normalise
from deckcheck.model import Card

_AB_SET = re.compile(r"^(.*?)\s*\(AB\)$")
_AB_IMAGE = re.compile(r"^[^_]+_AB_N")  # `RoJ_AB_N70-The-Binding-Angel`, the reprint of `70-The-Binding-Angel`


def border_sets(database: CardDatabase) -> dict[str, str]:
    """Each set that has an alternate-border reprint, and the reprint's set (`CoW (AB)`), -> the
    set whose art both share (`CoW`)."""
    sets = {str(card.get("set") or "") for card in database.cards}
    bases = {found.group(1): name for name in sets if (found := _AB_SET.match(name))}
    return {name: base for base, reprint in bases.items() if base in sets for name in (base, reprint)}


def reprint_keys(card: Card, title: str) -> list[tuple[str, str]]:
    """What a printing of a set with reprints shares with its reprint: its title's letters and digits
    (the card list drops a comma or an apostrophe in some: `Sow, Reap and Rejoice (RoJ AB)`,
    `Every Man's Sword (CoW AB)`), and its image as the reprint's names it, where the reprint's
    title is misspelt (`The Blinding Angel (RoJ AB)` for `The Binding Angel (RoJ)`)."""
    letters = "".join(char for char in normalise(title) if char.isalnum())
    return [("border", letters), ("border image", _AB_IMAGE.sub("", str(card.get("image") or card.id)))]
