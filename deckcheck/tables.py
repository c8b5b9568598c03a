"""Tables for the terminal and Markdown, drawn by tabulate: the one place deckcheck calls it."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from tabulate import tabulate

# a cell tabulate 0.9 takes for a boolean, colour codes aside (held below 0.10: pyproject.toml says why)
_BOOLEAN_WORD = re.compile(r"(?:\x1b\[[0-9;]*m)*(?:True|False)(?:\x1b\[[0-9;]*m)*")


def tabulated(rows: Iterable[Sequence[Any]], headers: Sequence[str], **options: Any) -> str:
    """`rows` under `headers`, drawn by tabulate with its `options` (tablefmt, maxcolwidths, ...)."""
    rows = list(rows)
    if options.get("maxcolwidths") is not None:
        options["maxcolwidths"] = _to_wrap(rows, options["maxcolwidths"])
    if not rows or options.get("maxcolwidths") is None:
        # (tabulate 0.9 fails on column widths over no rows)
        options.pop("maxcolwidths", None)
    else:
        rows = [[_Text(cell) if isinstance(cell, str) and _BOOLEAN_WORD.fullmatch(cell) else cell for cell in row] for row in rows]
    return tabulate(rows, headers=headers, **options)


def _to_wrap(rows: list[Sequence[Any]], widths: Sequence[int | None]) -> list[int | None] | None:
    """The widths of the columns a cell of which may be wider (None where none is). tabulate wraps
    every cell of a column it is given a width for, which was four fifths of a table's time, and a
    cell of plain text that fits comes back as it was: a column of such cells needs no width."""
    kept = [
        width if width is not None and not all(_fits(row[column], width) for row in rows) else None for column, width in enumerate(widths)
    ]
    return kept if any(width is not None for width in kept) else None


def _fits(cell: Any, width: int) -> bool:
    # (text of other characters may show wider than it is long, or be wrapped apart where it fits)
    return isinstance(cell, str) and len(cell) <= width and cell.isascii() and cell.isprintable() and cell == cell.strip()


class _Text:
    """A cell that is text, whatever its words. tabulate 0.9 wraps a column to its width by first
    making each cell the type it reads it as, and a cell `True` or `False` (a card of that name,
    a word of a message) became a boolean, which it then failed to wrap. It reads a cell of any
    other class as text, and prints it as str() gives it."""

    __slots__ = ("text",)

    def __init__(self, text: str):
        self.text = text

    def __str__(self) -> str:
        return self.text
