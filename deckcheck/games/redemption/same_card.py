""""Same Card" of the Deck Building Rules 1.3.0, for Type 1 and Type 2. Two printings are the
same card when they have:
- the same name and the same art;
- a special ability, are Lost Souls, and have the same Lost Soul name;
- are rainbow (multi-brigade) cards with the same name and the same card icon;
- are neither generic characters nor Lost Souls, with the same name and the same card icon;
- (are not generic characters and represent the same person with the same icon: the card data
  does not say who a card represents, so deckcheck cannot apply this one; `--explain` and the
  README say so).
The relation is made transitive over the whole database.

A Lost Soul's name is its nickname ("Rejoice", (Hopper)) where it has one, else its reference:
"Lost Souls with the same reference have the same name", which makes the two Hoppers, the two
Revealers and Jeremiah 22:3's Foreigner and Orphans come out as the rules list them.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Callable

from deckcheck.loading.card_db import CardDatabase
from deckcheck.loading.names import normalise
from deckcheck.model import Card

_QUOTED = re.compile(r'"([^"]+)"')
_PARENTHESIS = re.compile(r"\(([^()]+)\)\s*$")


def lost_soul_name(card: Card) -> str | None:
    if not card.is_a("lost_soul"):
        return None
    title = card.title
    if normalise(title).startswith("lost souls"):
        return "Lost Souls"
    for text in [card.name, *(card.get("identifiers") or ())]:
        quoted = _QUOTED.search(text)
        if quoted:
            return quoted.group(1)
    parenthesis = _PARENTHESIS.search(title)
    if parenthesis:
        return parenthesis.group(1)
    return card.get("reference")


def _icon(card: Card) -> tuple[str, ...]:
    return tuple(sorted(card.types))


@cache
def tournament_identity(database: CardDatabase) -> Callable[[Card], str]:
    parent = {card.id: card.id for card in database.cards}

    def root(card_id: str) -> str:
        while parent[card_id] != card_id:
            parent[card_id] = parent[parent[card_id]]
            card_id = parent[card_id]
        return card_id

    first: dict[tuple, str] = {}
    for card in database.cards:
        title = normalise(card.title)
        keys = [("art", title, card.get("art") or card.id)]
        if card.is_a("lost_soul") and card.get("special_ability") and lost_soul_name(card):
            keys.append(("lost soul", normalise(lost_soul_name(card))))
        rainbow = "multi" in (card.get("brigades") or ())
        if rainbow or not (card.get("generic") or card.is_a("lost_soul")):
            keys.append(("icon", title, _icon(card)))
        for key in keys:
            if key in first:
                parent[root(card.id)] = root(first[key])
            else:
                first[key] = card.id
    groups = {card_id: root(card_id) for card_id in parent}
    return lambda card: groups.get(card.id, card.id)
