"""Counted words that agree with their number ("1 card", "2 cards", "1 copy", "2 copies"), and a
card's kind in words ("hero, purple"): one place for the English every message, summary and
report shares."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # plural is wanted by commands' --help paths, which load no card
    from deckcheck.model import Card

_IRREGULAR = {"copy": "copies", "Lost Soul": "Lost Souls", "City": "Cities", "is": "are", "does": "do"}


def plural(count: int, word: str, many: str | None = None) -> str:
    """`count` and `word`, the word in the plural unless the count is one."""
    if count == 1:
        return f"{count:,} {word}"
    return f"{count:,} {many or _IRREGULAR.get(word) or word + 's'}"


def kind_of(card: Card) -> str:
    """A card's types and brigades as a message says them: `hero, purple`, `good dominant`."""
    kinds = "/".join(t.replace("_", " ") for t in card.types)
    brigades = "/".join(b.replace("_", " ") for b in card.get("brigades") or ())
    return f"{kinds}, {brigades}" if brigades else kinds
