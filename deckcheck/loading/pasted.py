"""Which lines of a pasted deck are cards, which are headers, its name or prose: what the card
database says of the lines the text reader could not tell apart by their shape.

A line is a card when it reads as one: a name the card list has (or close enough to one to be a
typo of it, which then gets "did you mean"). `Offense (24)` naming no card is a header of the
player's own words, whose number is a check on the cards under it; a bare line naming no card is
the deck's name when it is the first line and the deck has none, else prose, skipped (check says
how to keep it). A line with a count in front (`3 Qwxz`) is always a card line: a name nothing
matches is then an unknown card, as ever. `check` and `fmt` read a deck so alike.
"""

from __future__ import annotations

from deckcheck.loading.names import NameIndex, RenamedIndex, normalise
from deckcheck.loading.raw_deck import Header, RawDeck, RawEntry

CLOSE = 0.85  # how alike a name and a card's must be for the line to be a card with a typo
MOST_SUGGESTED = 25  # lines that may be looked for close names (each a search of the card list)


def settle(raw: RawDeck, names: NameIndex | RenamedIndex) -> None:
    """Each line the reader could read two ways read the way the card list says: kept as a card,
    or made a header, the deck's name or a skipped line."""
    kept = []
    searched = 0
    for entry in raw.entries:
        if not entry.shape or _is_card(entry, names, searched < MOST_SUGGESTED):
            kept.append(entry)
            continue
        searched += 1
        if entry.shape == "header":
            raw.headers.append(Header(entry.position, entry.typed, entry.count))
        elif raw.name is None and entry.position == raw.first_line:
            raw.name, raw.name_line = entry.typed, entry.position
        else:
            raw.skipped.append((entry.position, entry.typed))
    raw.entries = kept
    raw.headers.sort(key=lambda header: header.position.line)
    raw.skipped.sort(key=lambda skipped: skipped[0].line)
    if raw.name is None and raw.skipped and raw.skipped[0][0] == raw.first_line and not names.resolve(raw.skipped[0][1]).printings:
        raw.name_line, raw.name = raw.skipped.pop(0)  # a title line above counted cards


def _is_card(entry: RawEntry, names: NameIndex | RenamedIndex, search: bool) -> bool:
    found = names.resolve(entry.typed, suggest=search)
    if found.printings:
        return True
    import difflib  # here: only a line naming no card needs it

    wanted = normalise(entry.typed)
    return any(difflib.SequenceMatcher(None, wanted, normalise(close)).ratio() >= CLOSE for close in found.suggestions)
