"""Tables for the terminal and Markdown, drawn by tabulate: the one place deckcheck calls it."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from tabulate import tabulate


def tabulated(rows: Iterable[Sequence[Any]], headers: Sequence[str], **options: Any) -> str:
    """`rows` under `headers`, drawn by tabulate with its `options` (tablefmt, maxcolwidths, ...)."""
    rows = list(rows)
    if not rows:
        # tabulate 0.9 (held below 0.10: pyproject.toml says why) fails on column widths over no rows
        options.pop("maxcolwidths", None)
    return tabulate(rows, headers=headers, **options)
