"""Colours of a report for people, by what a word says (an error, a warning, a verdict), written
as the terminal's escape codes by rich, and only when the terminal asks for colour (rich is
imported then: a report to a pipe or a file, the pre-commit case, does without it)."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from deckcheck.report import Terminal

if TYPE_CHECKING:
    from rich.style import Style

# a word's colour, and whether it is bold
STYLES = {
    "error": ("red", True),
    "warning": ("yellow", True),
    "ILLEGAL": ("red", True),
    "legal": ("green", True),
    "note": ("cyan", False),
}


def paint(word: str, terminal: Terminal, style: str | None = None) -> str:
    """`word` in the colour of `style` (the word itself by default) on a terminal that has colour."""
    chosen = STYLES.get(style or word)
    if not terminal.colour or chosen is None:
        return word
    from rich.color import ColorSystem

    return _rich_style(*chosen).render(word, color_system=ColorSystem.STANDARD)


@cache
def _rich_style(color: str, bold: bool) -> Style:
    from rich.style import Style

    return Style(color=color, bold=bold)
