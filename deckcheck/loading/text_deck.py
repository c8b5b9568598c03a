"""Plain-text decks as people paste them into forums and group chats, and LackeyCCG's text export.

# game: redline
General: Valya Serova
19 Supply Drop
3x EF-9 Rabbit
Side:
2 Lightning Blast

Pasted decks come in every style, and all of these are card lines: `3 Name`, `3x Name`, `3 x Name`,
`Name x3`, `Name (x3)`, each with or without a bullet (`-`, `*`, `•`); `#` and `//` start a comment.
Zone headers (`Side:`, `Reserve (10):`) switch zones; group headers (`Heroes (14):`, `Lost Souls`)
are kept apart from the cards. Every other line is a card line: one without a count is one copy,
and which of those are cards and which the deck's title or prose, the card list says
(loading/pasted.py). No line is dropped here.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from deckcheck.loading.lines import editor_lines
from deckcheck.loading.names import invisible
from deckcheck.loading.raw_deck import (
    MAX_COUNT,
    MIN_COUNT,
    DeckParseError,
    Header,
    RawDeck,
    RawEntry,
    count_error,
    count_of,
    count_problem,
    is_count,
)
from deckcheck.model import START, Position, ZoneTable

IGNORED_SECTIONS = ("tokens",)  # Lackey's export lists tokens after the deck: they are not part of it
# group headers no card type names (`Good Cards:`); the games' card types are in the zone table
GENERIC_GROUPS = frozenset({"cards", "good", "evil", "neutral", "good cards", "evil cards", "neutral cards", "other", "others"})
_TIMES = "[xX\u00d7]"  # x, X or the multiplication sign
# Every pattern here runs in time linear in its line, whatever the line holds (a paste may be one
# line of a megabyte): no two neighbouring parts may both match the same run of spaces, so a lazy
# part is followed by a literal, and a part that could give back what the next takes is possessive
_METADATA = re.compile(r"^#\s*(?P<key>game|format|name)\s*:(?P<value>.*)$", re.IGNORECASE)
# the same said as people paste it, without the `#` (`Format: Type 2`), and what a list's header
# says that deckcheck does not read (`Player: Sam`), which is no card either
_PLAIN_METADATA = re.compile(r"^(?P<key>game|format|name|deck name|title|player|event|date)\s*:\s*+(?P<value>\S.*)$", re.IGNORECASE)
_NAMED = {"deck name": "name", "title": "name"}
_READ_METADATA = ("game", "format", "name")
_COMMENT = re.compile(r"(?:^|\s)(?:#|//).*$")
_BULLETS = "-*\u2022\u00b7\u2013\u2014"
_DASHES = "-\u2013\u2014"  # what may stand before a group's count (`Lost Souls - 14`)
_BULLET = re.compile(rf"^[{_BULLETS}]\s+")
_LEADING_COUNT = re.compile(rf"^(?:(?P<count>\d+)\s*{_TIMES}?|\(\s*(?P<bracketed>\d+)\s*\))(?:\s+|\t)(?P<name>\S.*)$")
# `Name x3`, `Name (x3)`, `Name (3)`, `Name - 3`: at most three digits, so `Son of God (2019)` stays a name
# (searched for at the end of the line, from the start of a run of spaces only: the name is what precedes it)
_TRAILING_COUNT = re.compile(
    rf"(?<!\s)\s++(?:{_TIMES}\s*+(?P<count>\d++)|\(\s*+{_TIMES}?\s*+(?P<parenthesised>\d{{1,3}})\s*+\)|[-\u2013]\s*+(?P<dashed>\d{{1,3}}))$"
)
_MARKS = "#*_[-\u2022\u00b7\u2013\u2014"  # what a heading, bold words or a bullet before them start with
_HASHES = re.compile(r"^#+\s*")  # `## Reserve`: a Markdown heading is a header, not a comment
# bold or underlined words as chats (`**Heroes**`, `__Heroes__`) and forums' BBCode (`[b]Reserve[/b]`) write them
_EMPHASIS = re.compile(
    r"^(?:(?P<mark>\*\*|__)(?P<words>[^*_].*?)(?P=mark)|\[(?P<tag>[bui])\](?P<tagged>[^\[\]]+)\[/(?P=tag)\]):?$", re.IGNORECASE
)
_BAD_COUNT = re.compile(r"^(?P<count>[-+]?\d[\d.,]*[xX]?)\s+\S")
_SIGNS_AND_DIGITS = frozenset("+-0123456789")  # what a count, good or bad, starts with
# a header: words, then perhaps a count of the group (`(14)`, `[14]`, `- 14`), then perhaps a colon,
# taken apart from its end (_header_parts)
_HEADER_WORDS = re.compile(r"[^\W\d_][\w '\u2019&/-]*+")
_HEADER_COUNT = re.compile(r"(?:\(\s*+\d++\s*+\)|\[\s*+\d++\s*+\]|-\s*+\d++)$")
_SINGLE = re.compile(r"^(?P<word>[a-z][a-z ]*+)\s*+:\s*+(?P<name>\S.*)$", re.IGNORECASE)
# a LackeyCCG text export's card line (`1<TAB>Son of God`), most lines of most decks, read at once: what
# the general way reads of it (a name that could start with a sign for times, `x`, goes that way)
_EXPORTED = re.compile(r"(?P<count>\d{1,3}) *+\t *+(?P<name>[^\sxX\u00d7][^\t]*+)")


# the lines (not blank) a text deck may hold: the largest deck of any game is a few hundred lines
# (Redemption's Type 2 under 1.3.0, 252 cards and a Reserve of 15, each with a header and notes);
# a file of more is no deck, refused whole, not checked in part (a 1 MiB file may hold 524,288 lines)
MOST_LINES = 10_000


def read(path: str, text: str, zones: ZoneTable) -> RawDeck:
    """The deck a text file holds; `zones` name the section headers any game's deck may have."""
    deck = RawDeck(path)
    zone: str | None = "main"
    first_bare: dict[str, Position] = {}  # each zone's first line naming no count, a card of one copy (_read_line)
    for line, position in _lines(text):
        line = line if line.isascii() else _visible(deck, line, position)
        if not line:
            continue
        counted = line[0].isdigit()  # `3 Name`, `3x Name`, most lines: no metadata, heading, bullet or header starts so
        if counted:
            heading = None
            line = _uncommented(line)
        else:
            metadata = (_METADATA.match(line) or _PLAIN_METADATA.match(line)) if ":" in line else None
            if metadata:
                _said(deck, metadata["key"], _COMMENT.sub("", metadata["value"]).strip(), position)
                continue
            # (the patterns asked only of lines that hold what they look for)
            heading = _heading(line, zones) if line[0] in _MARKS else None
            line = _unbulleted(line) if heading is None else heading
        if heading is None and line[:1].isdigit() and _counted(deck, line, zone, position):
            continue  # (`- 3 Name` too, once its bullet is off)
        if "\t" in line:
            line = _columns(line)
        if not line:
            continue
        if deck.first_line is None:
            deck.first_line = position
        counted = counted or line[0].isdigit()  # `- 3 Name` once its bullet is off
        # a Markdown heading or bold words are a header by their shape, whatever words they hold (`**Offense (-1)**`)
        header = None if counted else _header(line, zones) or (("group", line, None) if heading else None)
        if header is not None:
            kind, name, count = header
            as_card = _entry(line, zone, position) if kind == "group" and not heading and zone is not None else None
            written = line.rstrip(":").strip()
            deck.headers.append(
                Header(position, written, count, zone=kind == "zone", as_card=as_card if isinstance(as_card, RawEntry) else None)
            )
            if kind == "zone":
                zone = name
                if zone:
                    deck.zone_positions.setdefault(zone, position)
            continue
        one_copy = _read_line(deck, line, zone, position, zones) if zone is not None else None
        if one_copy is not None:
            deck.entries.append(one_copy)
            first_bare.setdefault(one_copy.zone, one_copy.position)
    for named, position in first_bare.items():  # (after every header and counted line has set its zone's)
        deck.zone_positions.setdefault(named, _zone_start(named, position))
    return deck


def _lines(text: str) -> Iterator[tuple[str, Position]]:
    """Each line that is not blank, stripped, and where it starts; DeckParseError past MOST_LINES."""
    read = 0
    for number, raw_line in enumerate(editor_lines(text), start=1):
        line = raw_line.strip()
        if not line:  # most lines of a long file may be blank: pass them by at once
            continue
        read += 1
        # (a line starts where its text does unless white space is before it, as it is on few lines)
        position = Position(number, 1 if raw_line[0] == line[0] else len(raw_line) - len(raw_line.lstrip()) + 1)
        if read > MOST_LINES:
            raise DeckParseError(f"more than {MOST_LINES:,} lines: a deck holds a few hundred at most; not read as a deck", position)
        yield line, position


def _visible(deck: RawDeck, line: str, position: Position) -> str:
    """The line without the characters that show nothing, noted where it held some: a zero-width
    space from a web page hides a count or a header."""
    hidden = invisible().findall(line)
    if not hidden:
        return line
    deck.invisible.append((position, "".join(dict.fromkeys(hidden))))
    return invisible().sub("", line).strip()


def _unbulleted(line: str) -> str:
    """A line that is no heading without its comment and its bullet (`- 3 Name`, `• Name`)."""
    line = _uncommented(line)
    return _BULLET.sub("", line) if line and line[0] in _BULLETS else line


def _uncommented(line: str) -> str:
    return _COMMENT.sub("", line).strip() if "#" in line or "//" in line else line


def _counted(deck: RawDeck, line: str, zone: str | None, position: Position) -> bool:
    """Whether the line, which starts with a digit, is a card line of a count and a name (`3 Name`,
    `3x Name`, a LackeyCCG export's `3<TAB>Name`), read as the general way would read it: such
    lines are most lines of most decks, and the general way asks each what else it might be."""
    if zone is None:
        return False
    if "\t" in line:
        found = _EXPORTED.fullmatch(line)
        count = int(found["count"]) if found is not None else 0
        name = found["name"] if found is not None else ""
    else:  # (no name of a leader, `Champion: X`, starts with a digit: the general way reads it so)
        found = _LEADING_COUNT.match(line)
        digits = found["count"] if found is not None else None
        count = int(digits) if digits is not None and len(digits) <= 3 else 0
        name = found["name"] if found is not None else ""  # (the line is stripped)
    if not MIN_COUNT <= count <= MAX_COUNT:
        return False  # (a count that is none: the general way says why)
    if deck.first_line is None:
        deck.first_line = position
    _card_line(deck, RawEntry(name, count, zone, position))
    return True


def _columns(line: str) -> str:
    """A row pasted from a spreadsheet or a store's table (`1<TAB>Golgotha (GoC)<TAB>GoC<TAB>Dominant`):
    its count and its name, the other columns left; no card's name holds a tab."""
    first, _, rest = line.partition("\t")
    if "\t" not in rest:  # two columns, every line of a LackeyCCG text export (`1<TAB>Name`)
        first, rest = first.strip(), rest.strip()
        return f"{first} {rest}" if first and rest else first or rest
    fields = [field.strip() for field in line.split("\t") if field.strip()]
    if len(fields) < 3:
        return " ".join(fields)
    if fields[0].isdigit():
        return f"{fields[0]} {fields[1]}"
    return f"{fields[1]} {fields[0]}" if fields[1].isdigit() else fields[0]


def _said(deck: RawDeck, key: str, value: str, position: Position) -> None:
    """What a metadata line says (`# format: type2`, `Format: Type 2`): the first of each is the deck's."""
    key = " ".join(key.lower().split())
    key = _NAMED.get(key, key)
    if not value or key not in _READ_METADATA or key in deck.zone_positions:
        return
    setattr(deck, key, value)
    deck.zone_positions[key] = position
    if key == "game":
        deck.game_position = position


def _read_line(deck: RawDeck, line: str, zone: str, position: Position, zones: ZoneTable) -> RawEntry | None:
    """A line of a zone that is no zone header: a leader (`Champion: X`), a card, a group header
    no card could be (`Offense (0)`), or a line naming no count, returned as a card of one copy it
    may turn out to be. A list of bare names (`Son of God (I)` a line) is the natural way to write
    a singleton deck, and a Type 1 list writes counts only where a card repeats (`Lost Soul "Lost
    Souls" x3` beside lines with none). Whether such a line is a card or the deck's title or prose,
    the card database says (loading/pasted.py): never the reader alone, so that no misspelt card
    is dropped for want of a count."""
    single = _SINGLE.match(line) if ":" in line else None
    leader = zones.by_word(" ".join(single["word"].lower().split())) if single else None
    if single is not None and leader is not None and leader.single:
        deck.zone_positions.setdefault(leader.name, position)
        deck.entries.append(RawEntry(single["name"].strip(), 1, leader.name, position))
        return None
    try:
        entry = _entry(line, zone, position)
    except DeckParseError as problem:
        deck.problems.append(problem)
        return None
    if entry is None:
        return RawEntry(line, 1, zone, position, shape="bare")
    if isinstance(entry, Header):
        deck.headers.append(entry)
    else:
        _card_line(deck, entry)
    return None


def _card_line(deck: RawDeck, entry: RawEntry) -> None:
    deck.entries.append(entry)
    if entry.after:
        deck.counts_after += 1
    else:
        deck.counts_before += 1
    if entry.zone not in deck.zone_positions:
        deck.zone_positions[entry.zone] = _zone_start(entry.zone, entry.position)


def _zone_start(zone: str, first_line: Position) -> Position:
    """Where a zone with no header of its own is: the deck at the top of the file, another at its first line."""
    return START if zone == "main" else first_line


def _heading(line: str, zones: ZoneTable) -> str | None:
    """The words of a line that is a header by its shape whatever they say: a Markdown heading of
    two hashes or more (`## Offense`; one hash starts a comment, unless it names a zone: `# Reserve`),
    or bold or underlined words (`**Lost Souls (8)**`, `__Defense__`), as forums and chats show headers."""
    hashes = _HASHES.match(line)
    if hashes is not None:
        words = _as_header(line[hashes.end() :])
        named = _header(words, zones) if words else None
        return words if hashes.group().count("#") >= 2 or (named is not None and named[0] == "zone") else None
    emphasised = _EMPHASIS.match(_BULLET.sub("", line))
    return _as_header(emphasised["words"] or emphasised["tagged"]) if emphasised else None


def _as_header(words: str) -> str:
    """Words a line's shape makes a header, written so that _header reads them as one (with a colon)."""
    words = words.strip().rstrip(":").strip()
    return words + ":" if words else ""


def _header(line: str, zones: ZoneTable) -> tuple[str, str | None, int | None] | None:
    """("zone", its name, the size it says) for a zone header (None for a section that is not part
    of the deck), ("group", words, size) for a group header, None for a line that is no header."""
    return None if _plainly_no_header(line, zones) else _header_read(line, zones)


def _plainly_no_header(line: str, zones: ZoneTable) -> bool:
    """Most card lines, told without a pattern (`Son of God`, `Good 3 x1`; a pasted list's lines
    are each asked): a header ends with a colon, a bracket, or its group's count after a dash, or
    is a zone's or a group's words, and none of those holds a digit."""
    last = line[-1]
    if last.isdigit():
        end = len(line)
        while end and line[end - 1].isdigit():
            end -= 1
        return line[:end].rstrip()[-1:] not in _DASHES
    if not last.isalpha() or "/" in line:
        return False
    words = " ".join(line.lower().split())
    known = _grouping(words, zones) or words in IGNORED_SECTIONS or zones.by_word(words) is not None
    return not known and not words.endswith(" deck")


def _header_read(line: str, zones: ZoneTable) -> tuple[str, str | None, int | None] | None:
    parts = _header_parts(line)
    if parts is None:
        return None
    written, count, colon = parts
    words = " ".join(written.lower().split())
    size = int(re.sub(r"\D", "", count)) if count else None
    if words in IGNORED_SECTIONS:
        return "zone", None, size
    # `Reserve Deck:` is the Reserve as `Reserve:` is
    section = zones.by_word(words) or (zones.by_word(words.removesuffix(" deck")) if words.endswith(" deck") else None)
    if section is not None and not section.single:
        return "zone", section.name, size
    # a count alone does not make a header: `Offense (24)` may be 24 copies of a card (the card
    # database says, check/reading.py) and `Son of God (2019)` is a name without a count
    if section is None and (colon or _grouping(words, zones) or count.startswith("[")):
        return "group", words, size
    return None


def _header_parts(line: str) -> tuple[str, str, bool] | None:
    """A header's words, the group's count as written ("" for none) and whether a colon (or ` -`)
    ends it; None for a line no header could be. Taken from the end, in one pass each."""
    rest = line.rstrip()
    colon = rest.endswith(":") or (rest.endswith(("-", "\u2013", "\u2014")) and rest[-2:-1].isspace())
    if colon:
        rest = rest[:-1].rstrip()
    count = _HEADER_COUNT.search(rest) if rest and (rest[-1].isdigit() or rest[-1] in ")]") else None
    if count is not None:
        rest = rest[: count.start()].rstrip()
    return (rest, count.group() if count else "", colon) if _HEADER_WORDS.fullmatch(rest) else None


def _grouping(words: str, zones: ZoneTable) -> bool:
    """Words that head a group of cards: a card type or a game's name for one (`GE`, `Hero
    Enhancements`), or several joined by a slash (`Sites/Fortresses`)."""
    if "/" not in words:  # (most lines a header might be: one group's words, or a card's name)
        return words in zones.groups or words in GENERIC_GROUPS
    parts = [part.strip() for part in words.split("/")]
    return all(part in zones.groups or part in GENERIC_GROUPS for part in parts if part) and any(parts)


def _entry(line: str, zone: str, position: Position) -> RawEntry | Header | None:
    """The card a line names with its count, a header no card could be, None for a line that names no count."""
    # a count before the name starts with a digit or a bracket, one after it ends with a digit or a
    # bracket: the patterns are asked only of lines that could hold one (most pasted lines are names)
    leading = _LEADING_COUNT.match(line) if line[0].isdigit() or line[0] == "(" else None
    if leading is not None:
        count = count_of(leading["count"] or leading["bracketed"])
        if not is_count(count):
            raise count_error(count, position)
        return RawEntry(leading["name"].strip(), count, zone, position)
    trailing = _TRAILING_COUNT.search(line) if line[-1].isdigit() or line[-1] == ")" else None
    if trailing is not None:
        name, times = line[: trailing.start()], trailing["count"]
        count = count_of(times or trailing["parenthesised"] or trailing["dashed"])
        # `Offense (24)`, `Misc - 5`: a card and its count, or a header of the player's own words and its size
        shape = "header" if not times and _header_parts(line) else ""
        if not is_count(count):
            if shape:  # `Offense (0)`: no card has no copies, a group may be empty
                return Header(position, name.strip(), count if isinstance(count, int) else None)
            raise count_error(count, position)
        return RawEntry(name.strip(), count, zone, position, shape=shape, after=not times)
    bad = _BAD_COUNT.match(line) if line[0] in _SIGNS_AND_DIGITS else None
    if bad:
        raise DeckParseError(str(count_problem(bad["count"])), position)
    return None
