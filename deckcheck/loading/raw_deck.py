"""What a deck file says, before any name is looked up: the readers' common output."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypeGuard

from deckcheck.model import Position
from deckcheck.records import record

MIN_COUNT, MAX_COUNT = 1, 999


class DeckParseError(Exception):
    """A problem that makes a deck file unreadable; becomes a `deck.parse` finding."""

    def __init__(self, message: str, position: Position | None = None):
        super().__init__(message)
        self.message = message
        self.position = position


@record(slots=True)
class RawEntry:
    """A card line as read, before the card list is asked: the name typed, its count, its zone and
    where it is."""

    typed: str
    count: int
    zone: str
    position: Position
    image: str | None = None  # LackeyCCG's image id, which picks a printing before the name does
    set: str | None = None  # LackeyCCG's set, for an image several printings share
    # how a pasted line may be read besides a card: "bare" (no count: a card of one copy, a title or
    # prose), "header" (`Offense (24)`: a card and its count, or a group's header and its size);
    # which it is, the card database says (a card when its name is one, or close to one)
    shape: str = ""
    after: bool = False  # its count written after its name in brackets or with a dash (`Name (3)`, `Name - 3`)


@record
class Header:
    """A header of a pasted deck's group of cards (`**Lost Souls (8)**`, `Offense (24)`, `## Reserve`),
    and the size it says the group has, a check on the cards that follow it."""

    position: Position
    words: str
    count: int | None = None
    zone: bool = False  # a zone's header (`Reserve:`), not a group's of the player's own
    # a group's header whose line also reads as a card line (`City (5)`, where City is a card and
    # a card type): which it is, the card list and the list's own style say (loading/pasted.py)
    as_card: RawEntry | None = None


@dataclass
class RawDeck:
    """A deck file as read, before its names are looked up: what its header says, its card lines and
    where each zone starts."""

    path: str
    game: str | None = None
    format: str | None = None
    name: str | None = None
    entries: list[RawEntry] = field(default_factory=list)
    zone_positions: dict[str, Position] = field(default_factory=dict)
    game_position: Position | None = None
    problems: list[DeckParseError] = field(default_factory=list)
    zone_words: dict[str, str] = field(default_factory=dict)  # a zone written another way (side as `reserve`)
    # text lines evidently no card (prose, an address, a signature), each with what it is
    skipped: list[tuple[Position, str, str]] = field(default_factory=list)
    invisible: list[tuple[Position, str]] = field(default_factory=list)  # lines with characters that show nothing, read past
    headers: list[Header] = field(default_factory=list)  # a pasted deck's group and zone headers, in order
    first_line: Position | None = None  # a pasted deck's first line that is not blank, a comment or metadata
    name_line: Position | None = None  # where the deck's name came from a title line (not `# name:`)
    counts_after: int = 0  # card lines that write their count after the name in brackets or a dash (`Name (3)`)
    counts_before: int = 0  # card lines that write it otherwise (`3 Name`, `Name x3`)
    # a group's header that could be a card line, read as the header: (its position, its words, its count)
    header_not_card: list[tuple[Position, str, int]] = field(default_factory=list)


def count_of(digits: str) -> int | str:
    """A count written as digits, or the digits themselves when there are too many to be one
    (count_problem then says so, without turning thousands of digits into a number)."""
    return int(digits) if len(digits.lstrip("+-")) <= 9 else digits


def is_count(value: object) -> TypeGuard[int]:
    """Whether `value` is a deck line's count: a whole number from 1 to 999."""
    return isinstance(value, int) and not isinstance(value, bool) and MIN_COUNT <= value <= MAX_COUNT


def count_error(value: object, position: Position, card: str | None = None) -> DeckParseError:
    """The error of a count that is none (`is_count` false), at `position`; found only then,
    since a position costs a deck of many lines its time."""
    problem = str(count_problem(value))
    return DeckParseError(f"{problem} (card '{card}')" if card else problem, position)


def count_problem(value: object) -> str | None:
    """Why a count is not a whole number from 1 to 999, or None when it is one."""
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, str) and len(value) > 12:
            shown = repr(value[:9] + "...") + f" ({len(value):,} characters)"
        else:
            shown = "nothing" if value is None else repr(value) if isinstance(value, str) else str(value).lower()
        return f"count must be a whole number from {MIN_COUNT} to {MAX_COUNT}, not {shown}"
    if not MIN_COUNT <= value <= MAX_COUNT:
        return f"count must be a whole number from {MIN_COUNT} to {MAX_COUNT}, not {value}"
    return None
