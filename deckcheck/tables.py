"""Tables for the terminal and Markdown, drawn by tabulate: the one place deckcheck calls it."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from textwrap import TextWrapper
from typing import Any

from tabulate import tabulate

# a cell tabulate 0.9 takes for a boolean, colour codes aside (held below 0.10: pyproject.toml says why)
_BOOLEAN_WORD = re.compile(r"(?:\x1b\[[0-9;]*m)*(?:True|False)(?:\x1b\[[0-9;]*m)*")


def tabulated(rows: Iterable[Sequence[Any]], headers: Sequence[str], **options: Any) -> str:
    """`rows` under `headers`, drawn by tabulate with its `options` (tablefmt, maxcolwidths, ...)."""
    rows = list(rows)
    widths = options.pop("maxcolwidths", None)
    if widths is not None and rows:  # (tabulate 0.9 fails on column widths over no rows)
        rows, widths = _wrapped(rows, widths)
    if widths is not None and rows:
        options["maxcolwidths"] = widths
        rows = [[_Text(cell) if isinstance(cell, str) and _BOOLEAN_WORD.fullmatch(cell) else cell for cell in row] for row in rows]
    return tabulate(rows, headers=headers, **options)


def _wrapped(rows: list[Sequence[Any]], widths: Sequence[int | None]) -> tuple[list[Any], list[int | None] | None]:
    """The rows with each column of plain text wrapped to its width here, and the widths left for
    tabulate to wrap (None where none is). tabulate's wrapper measures every piece of every cell
    without its colour codes, which was four fifths of the time of a table of findings. A column of
    plain text (ASCII that shows as it is, no word wider than the column) is wrapped alike by the
    standard library's TextWrapper, which tabulate's extends (tests/test_tables.py holds them to
    each other); any other column is tabulate's to wrap, as it measures what shows."""
    wrapped = [list(row) for row in rows]
    left: list[int | None] = []
    for column, width in enumerate(widths):
        if width is None or not all(_plain(row[column], width) for row in wrapped):
            left.append(width)
            continue
        wrapper = TextWrapper(width=width)
        for row in wrapped:
            if len(row[column]) > width or row[column] != row[column].strip():
                row[column] = "\n".join(wrapper.wrap(row[column]))
        left.append(None)
    return wrapped, left if any(width is not None for width in left) else None


def _plain(cell: Any, width: int) -> bool:
    return isinstance(cell, str) and cell.isascii() and cell.isprintable() and all(len(word) <= width for word in cell.split())


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
