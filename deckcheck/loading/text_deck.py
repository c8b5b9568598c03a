"""Plain-text decks as people paste them into forums, and LackeyCCG's text export.

# game: redline
General: Valya Serova
19 Supply Drop
3x EF-9 Rabbit
Side:
2 Lightning Blast
"""

from __future__ import annotations

import re

from deckcheck.loading.lines import editor_lines
from deckcheck.loading.raw_deck import DeckParseError, RawDeck, RawEntry, count_of, count_problem
from deckcheck.model import Position, ZoneTable

IGNORED_SECTIONS = ("tokens",)  # Lackey's export lists tokens after the deck: they are not part of it
_HEADER = re.compile(r"^(?P<header>[a-z][a-z ]*?)\s*:?\s*$", re.IGNORECASE)
_SINGLE = re.compile(r"^(?P<word>[a-z][a-z ]*?)\s*:\s*(?P<name>\S.*)$", re.IGNORECASE)
_METADATA = re.compile(r"^#\s*(?P<key>game|format|name)\s*:\s*(?P<value>.*?)\s*$", re.IGNORECASE)
_ENTRY = re.compile(r"^(?P<count>\d+)[xX]?(?:\s+|\t)(?P<name>\S.*)$")
_BAD_COUNT = re.compile(r"^(?P<count>[-+]?\d[\d.,]*[xX]?)\s+\S")
_COMMENT = re.compile(r"(?:^|\s)#.*$")


def read(path: str, text: str, zones: ZoneTable) -> RawDeck:
    """The deck a text file holds; `zones` name the section headers any game's deck may have."""
    deck = RawDeck(path)
    zone: str | None = "main"
    for number, raw_line in enumerate(editor_lines(text), start=1):
        indent = len(raw_line) - len(raw_line.lstrip())
        line = raw_line.strip()
        position = Position(number, indent + 1)
        metadata = _METADATA.match(line)
        if metadata:
            value = metadata["value"]
            if value:
                setattr(deck, metadata["key"].lower(), value)
                if metadata["key"].lower() == "game":
                    deck.game_position = position
            continue
        line = _COMMENT.sub("", line).strip()
        if not line:
            continue
        header = _HEADER.match(line)
        word = " ".join(header["header"].lower().split()) if header else ""
        section = zones.by_word(word) if header else None
        if word in IGNORED_SECTIONS or (section is not None and not section.single):
            zone = section.name if section else None
            if zone:
                deck.zone_positions.setdefault(zone, position)
            continue
        if zone is None:
            continue
        single = _SINGLE.match(line)
        leader = zones.by_word(" ".join(single["word"].lower().split())) if single else None
        if leader is not None and leader.single:
            deck.zone_positions.setdefault(leader.name, position)
            deck.entries.append(RawEntry(single["name"].strip(), 1, leader.name, position))
            continue
        try:
            deck.entries.append(_entry(line, zone, position))
        except DeckParseError as problem:
            deck.problems.append(problem)
            continue
        deck.zone_positions.setdefault(zone, Position(1, 1) if zone == "main" else position)
    return deck


def _entry(line: str, zone: str, position: Position) -> RawEntry:
    match = _ENTRY.match(line)
    if match:
        count = count_of(match["count"])
        problem = count_problem(count)
        if problem:
            raise DeckParseError(problem, position)
        return RawEntry(match["name"].strip(), count, zone, position)
    bad = _BAD_COUNT.match(line)
    if bad:
        raise DeckParseError(count_problem(bad["count"]), position)
    raise DeckParseError(f"expected a line like '3 Card Name' or a section header, not {line!r}", position)
