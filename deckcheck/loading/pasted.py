"""Which lines of a pasted deck are cards, which are headers, its name or prose: what the card
database says of the lines the text reader could not tell apart by their shape.

Every line is a card line unless it is evidently something else, so that no misspelt card is ever
dropped and no deck is legal because a line was not read:
- a line naming a card (with or without a count: a line without one is one copy) is that card;
- `Offense (24)` naming no card, nor close to one, is a header of the player's own words, whose
  number is a check on the cards under it;
- the first line, naming no card and close to none, is the deck's name when it has none other;
- a line that is only a format's name (`Type 1 Limited`, `T2`) is the deck's format, where it says none other;
- a line that is evidently not a card (a sentence of prose, a web address, a signature) and is close
  to no card's name is skipped, and check says so (a warning, with how to keep it as a comment);
- any other line is a card line: a name nothing matches is an unknown card, with its "did you mean".
"Close" is the test "did you mean" uses. `check` and `fmt` read a deck so alike.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from deckcheck.loading.names import NameIndex, RenamedIndex, normalise
from deckcheck.loading.raw_deck import Header, RawDeck, RawEntry

CLOSE = 0.85  # how alike a header-shaped line and a card's name must be for the line to be a card with a typo
MOST_SUGGESTED = 25  # lines that may be looked for close names (each a search of the card list)

# Words a card's name writes in lower case (`Angel of the Lord`, `A Child is Born`): no name of the
# real card list has two other words in lower case, and a sentence has (`maybe cut for the regional`)
_SMALL_WORDS = frozenset(
    "a an the of and or to in on for with from by at into is are be not no as his her my your our their its it who that this".split()
)
_WORD = re.compile(r"[^\W\d_][\w'\u2019-]*")
_SIGNATURE = re.compile(r"~|--|[-\u2013\u2014](?=[^\W\d_])")  # `~ Sam`, `-- Sam`, `-Tim` (`- 1 Name` is a bullet, read before)
_ADDRESS = re.compile(r"(?:https?://|www\.|\S@\S+\.\w)", re.IGNORECASE)


def settle(raw: RawDeck, names: NameIndex | RenamedIndex, format_called: Callable[[str], str | None] = lambda line: None) -> None:
    """Each line the reader could read two ways read the way the card list says: kept as a card,
    or made a header, the deck's name, its format (a line that is only a format's name, `Type 1
    Limited`: `format_called` tells) or a skipped line."""
    kept = []
    searched = 0
    for entry in raw.entries:
        if not entry.shape or names.resolve(entry.typed).printings:
            kept.append(entry)
            continue
        if entry.shape == "bare" and "format" not in raw.zone_positions and format_called(entry.typed):
            raw.format, raw.zone_positions["format"] = entry.typed, entry.position
            continue
        search = searched < MOST_SUGGESTED
        searched += 1
        if entry.shape == "header":
            if _is_typo(entry, names, search):
                kept.append(entry)
            else:
                raw.headers.append(Header(entry.position, entry.typed, entry.count))
            continue
        first = raw.name is None and entry.position == raw.first_line
        why = "" if first else not_a_card(entry.typed)
        if (first or why) and not (search and names.resolve(entry.typed, suggest=True).suggestions):
            if first:
                raw.name, raw.name_line = entry.typed, entry.position
            else:
                raw.skipped.append((entry.position, entry.typed, why))
            continue
        kept.append(entry)
    raw.entries = kept
    _headers_or_cards(raw, names)
    raw.headers.sort(key=lambda header: header.position.line)
    raw.skipped.sort(key=lambda skipped: skipped[0].line)


def _headers_or_cards(raw: RawDeck, names: NameIndex | RenamedIndex) -> None:
    """A group's header that is also a card line (`City (5)`: City is a card and a card type) is the
    card when the list writes its cards so (`Jericho (3)`), unless as many cards follow it as it
    says, where both readings fit: then it stays the header, and check says which was taken. Where
    the list writes its cards otherwise (`3 Jericho`), it is the header."""
    if raw.counts_after <= raw.counts_before:
        return
    starts = sorted(header.position.line for header in raw.headers)
    for header in [h for h in raw.headers if h.as_card is not None and names.resolve(h.as_card.typed).printings]:
        card = header.as_card
        assert card is not None
        following = [line for line in starts if line > header.position.line]
        end = following[0] if following else None
        under = sum(e.count for e in raw.entries if e.position.line > header.position.line and (end is None or e.position.line < end))
        if under == card.count:
            raw.header_not_card.append((header.position, card.typed, card.count))
        else:
            raw.headers.remove(header)
            raw.entries.append(card)
    raw.entries.sort(key=lambda entry: entry.position.line)


def not_a_card(line: str) -> str:
    """Why a line is evidently no card's name (a web address, a signature, a sentence), or "" when it may be one."""
    if _ADDRESS.search(line):
        return "a web or mail address"
    if _SIGNATURE.match(line):
        return "a signature"
    words = _WORD.findall(line)
    small = sum(word[0].islower() and word.lower() not in _SMALL_WORDS for word in words)
    if small >= 2 or (small and line.endswith(("!", "?"))) or (len(words) >= 3 and line.endswith(".")):
        return "a sentence"
    return ""


def _is_typo(entry: RawEntry, names: NameIndex | RenamedIndex, search: bool) -> bool:
    """Whether a header-shaped line naming no card is so like a card's name that it is a typo of it."""
    found = names.resolve(entry.typed, suggest=search)
    import difflib  # here: only a line naming no card needs it

    wanted = normalise(entry.typed)
    return any(difflib.SequenceMatcher(None, wanted, normalise(close)).ratio() >= CLOSE for close in found.suggestions)
