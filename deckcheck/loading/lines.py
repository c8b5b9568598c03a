"""Lines as an editor counts them: a line ends at `\n`, `\r\n` or `\r`, and nowhere else.
Python's str.splitlines() also ends lines at a form feed, a vertical tab, U+2028 and friends,
which would make a finding point past the line it is about."""

from __future__ import annotations

import re

from deckcheck.model import Position

_BREAK = re.compile(r"\r\n|\r|\n")


def editor_lines(text: str) -> list[str]:
    """The lines of `text`, without their line breaks (a final break starts no extra line)."""
    lines = text.split("\n") if "\r" not in text else _BREAK.split(text)  # (most files: no carriage return)
    if lines and lines[-1] == "" and len(lines) > 1:
        lines.pop()
    return lines


def editor_position(text: str, index: int) -> Position:
    """The line and column (1-based) of the character at `index`."""
    before = text[:index]
    breaks = list(_BREAK.finditer(before))
    line_start = breaks[-1].end() if breaks else 0
    return Position(len(breaks) + 1, index - line_start + 1)


def within(text: str, position: Position) -> Position:
    """`position` moved onto the text's last line when a parser reports the end of the file as the
    line after it."""
    lines = editor_lines(text)
    if position.line <= len(lines):
        return position
    last = lines[-1] if lines else ""
    return Position(max(1, len(lines)), len(last) + 1)
