"""Format rules kept as data (card_data/formats/<game>/<format>.yaml, schemas/format.schema.json):
banned cards and cards with their own limits, matched by title and, where a rule narrows it, by
set, type or brigade."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from deckcheck.loading import resources
from deckcheck.loading.checked_yaml import load_checked
from deckcheck.loading.names import normalise
from deckcheck.model import Card

if TYPE_CHECKING:
    from deckcheck.games import Format


@cache
def _load(game: str, name: str) -> dict:
    return load_checked(resources.format_rules_path(game, name), "format").data


def format_rules(chosen: "Format | None") -> dict:
    """The data of a format that has some, else nothing."""
    if chosen is None or chosen.data_file is None:
        return {}
    return _load(chosen.game, chosen.data_file)


def matches(card: Card, spec: dict) -> bool:
    if normalise(card.title) != normalise(spec["title"]):
        return False
    if "sets" in spec and card.get("set") not in spec["sets"]:
        return False
    if "types" in spec and not card.is_a(*spec["types"]):
        return False
    return "brigades" not in spec or bool(set(card.get("brigades") or ()) & set(spec["brigades"]))
