"""Counted words that agree with their number ("1 card", "2 cards", "1 copy", "2 copies"): one
place for the English every message, summary and report shares."""

from __future__ import annotations

_IRREGULAR = {"copy": "copies", "Lost Soul": "Lost Souls", "City": "Cities", "is": "are", "does": "do"}


def plural(count: int, word: str, many: str | None = None) -> str:
    """`count` and `word`, the word in the plural unless the count is one."""
    if count == 1:
        return f"{count:,} {word}"
    return f"{count:,} {many or _IRREGULAR.get(word) or word + 's'}"
