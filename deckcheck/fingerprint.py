"""A deck list's fingerprint: a short hash of its cards and counts by zone, names as the card data
spells them, so that a judge can tell which submission a sheet of paper, a file and a
resubmission are. The order of lines, their spelling, comments and layout do not change it; a
card, a count, a zone or a printing does."""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Iterable

from deckcheck.model import CardLine

_LENGTH = 8  # hex digits: one chance in four billion that two lists of an event share one


def fingerprint(cards: Iterable[CardLine]) -> str | None:
    """`3f2a-91bc`, or None for a deck with no card read."""
    # keyed by "zone<TAB>name": neither has a tab, which sorts before any other character, so
    # the keys sort as (zone, name) would, comparing strings rather than tuples
    copies: dict[str, int] = {}
    for line in cards:
        key = f"{line.zone}\t{_spelt(line.name)}"
        copies[key] = copies.get(key, 0) + line.count
    if not copies:
        return None
    listed = "\n".join(f"{key}\t{copies[key]}" for key in sorted(copies) if copies[key])
    digest = hashlib.sha256(listed.encode("utf-8")).hexdigest()[:_LENGTH]
    return f"{digest[:4]}-{digest[4:]}"


@functools.lru_cache(maxsize=4096)
def _spelt(name: str) -> str:
    # the same few hundred names recur across a folder's decks: each is spelt out once
    return " ".join(name.casefold().split())
