"""Colours of a report for people, by what a word says (an error, a warning, a verdict), written
as the terminal's escape codes by rich, and only when the terminal asks for colour."""

from __future__ import annotations

from rich.color import ColorSystem
from rich.style import Style

from deckcheck.report import Terminal

STYLES = {
    "error": Style(color="red", bold=True),
    "warning": Style(color="yellow", bold=True),
    "ILLEGAL": Style(color="red", bold=True),
    "legal": Style(color="green", bold=True),
    "note": Style(color="cyan"),
}


def paint(word: str, terminal: Terminal, style: str | None = None) -> str:
    """`word` in the colour of `style` (the word itself by default) on a terminal that has colour."""
    chosen = STYLES.get(style or word)
    if not terminal.colour or chosen is None:
        return word
    return chosen.render(word, color_system=ColorSystem.STANDARD)
