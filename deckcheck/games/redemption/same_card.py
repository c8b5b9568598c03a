""" "Same Card" of the tournament Deck Building Rules (1.3.0 and 2.0 alike). Two printings are the
same card when they:
- have the same title and the same art;
- are Lost Souls with a special ability and the same Lost Soul name;
- are rainbow (multi-brigade) cards with the same title and the same card icon;
- are neither generic characters nor Lost Souls, with the same title and the same card icon;
- are not generic characters and represent the same person (with the same icon).
The relation is made transitive over the whole database.

The card icon is the icon box: the card's type and its brigade colours ("The icon box ... bears a
background color. This color represents the card's brigade"), so a purple Peter and a red Peter
are different cards.

A Lost Soul is named by its reference ("Lost Souls with the same reference have the same name"):
`Lost Soul "Deck Discard" [Hosea 13:2]` and `Lost Soul Hosea 13:2 (Deck Discarder)` are one
Lost Soul whatever their nicknames. The version's data lists the exceptions: references with
different Lost Souls (Jeremiah 22:3, Foreigner and Orphans) and names shared by several references
(Hopper, Revealer, Lost Souls).

Whom a card represents is not in the card list: the version's data lists people printed under
other names (by the start of a title), joined only between cards of the same alignment.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Callable

from deckcheck.games.redemption.rules_version import RulesVersion, alignment, reference_key
from deckcheck.loading.card_db import CardDatabase
from deckcheck.loading.names import normalise
from deckcheck.model import Card

_QUOTED = re.compile(r'"([^"]+)"')
_PARENTHESIS = re.compile(r"\(([^()]+)\)\s*$")
_BRACKET_REFERENCE = re.compile(r"\[([^\[\]]*\d:\d[^\[\]]*)\]")
_NAMED_REFERENCE = re.compile(r"^lost souls?\s+((?:[1-3I]{1,3}\s+)?[A-Za-z][A-Za-z ]*?\s\d+:\d[\d\-,]*)", re.IGNORECASE)


def lost_soul_reference(card: Card) -> str | None:
    """The reference a Lost Soul carries: in its title's brackets, after "Lost Soul" in an older
    title, or in the data's `reference` (the title first: the card list's column has typos)."""
    title = card.title
    found = _BRACKET_REFERENCE.search(title) or _NAMED_REFERENCE.match(title)
    reference = re.sub(r"\s*-\s*[A-Za-z].*$", "", found.group(1)) if found else card.get("reference")
    return reference_key(reference) if reference else None


def nickname(card: Card) -> str | None:
    for text in [card.name, *(card.get("identifiers") or ())]:
        quoted = _QUOTED.search(text)
        if quoted:
            return quoted.group(1)
    parenthesis = _PARENTHESIS.search(card.title)
    return parenthesis.group(1) if parenthesis else None


def lost_soul_name(card: Card, version: RulesVersion | None = None) -> str | None:
    """A Lost Soul's name for the rules: the name its reference carries, with the version's
    exceptions; a Lost Soul the data gives no reference is named by its nickname or title."""
    if not card.is_a("lost_soul"):
        return None
    reference = lost_soul_reference(card)
    if reference is None:
        return nickname(card) or card.title
    if version is not None:
        if reference in version.same_name_references:
            return version.same_name_references[reference]
        if reference in version.different_name_references:
            return f"{reference} ({nickname(card) or card.title})"
    return reference


def icon(card: Card) -> tuple:
    """The icon box: the card's types and brigade colours."""
    return tuple(sorted(card.types)), tuple(sorted(card.get("brigades") or ()))


def matches_title(card: Card, spec: dict) -> bool:
    """A card a special-card rule or an exclusive pair names: by title, narrowed by set, type or
    brigade where the rule names a printing."""
    if normalise(card.title) != normalise(spec["title"]):
        return False
    if "sets" in spec and card.get("set") not in spec["sets"]:
        return False
    if "types" in spec and not card.is_a(*spec["types"]):
        return False
    return "brigades" not in spec or bool(set(card.get("brigades") or ()) & set(spec["brigades"]))


def _person(title: str, groups: tuple[tuple[str, ...], ...]) -> int | None:
    """The index of the same-person group a title starts with (a name, then nothing, a comma, a
    parenthesis or a slash: `Saul` is not `Saul of Tarsus`)."""
    key = normalise(title)
    for index, names in enumerate(groups):
        for name in names:
            start = normalise(name)
            if key == start or (key.startswith(start) and key[len(start) : len(start) + 2] in (", ", " (", " /")):
                return index
    return None


@cache
def tournament_identity(database: CardDatabase, version: RulesVersion | None = None) -> Callable[[Card], str]:
    parent = {card.id: card.id for card in database.cards}

    def root(card_id: str) -> str:
        while parent[card_id] != card_id:
            parent[card_id] = parent[parent[card_id]]
            card_id = parent[card_id]
        return card_id

    people = version.same_person if version is not None else ()
    first: dict[tuple, str] = {}
    for card in database.cards:
        title = normalise(card.title)
        keys = [("art", title, card.get("art") or card.id)]
        if card.is_a("lost_soul") and card.get("special_ability"):
            keys.append(("lost soul", normalise(lost_soul_name(card, version) or title)))
        rainbow = "multi" in (card.get("brigades") or ())
        generic = card.get("generic")
        if rainbow or not (generic or card.is_a("lost_soul")):
            keys.append(("icon", title, icon(card)))
        if not generic and people:
            person = _person(card.title, people)
            if person is not None:
                keys.append(("person", person, alignment(card)))
        for key in keys:
            if key in first:
                parent[root(card.id)] = root(first[key])
            else:
                first[key] = card.id
    groups = {card_id: root(card_id) for card_id in parent}
    return lambda card: groups.get(card.id, card.id)
