"""Tables of where cards are in their database: a key -> the position of the one card it names,
or the positions of several. Most keys name one card, kept as a number: a list for each would be
most of the time the cache takes to read a table of a 5,680-card list back (kept_lists.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import orjson

Found = int | list[int]


def each(found: Found | None) -> list[int]:
    """The positions a table gives for a key: none, one or several."""
    return [] if found is None else [found] if isinstance(found, int) else found


def add(table: dict[str, Found], key: str, position: int) -> None:
    found = table.get(key)
    if found is None:
        table[key] = position
    elif isinstance(found, int):
        table[key] = [found, position]
    else:
        found.append(position)


class Tables:
    """Named tables, each given as it is or as the JSON text the cache keeps, read the first time
    it is asked for: a check reads the tables the names of its deck need."""

    def __init__(self, tables: Mapping[str, dict[str, Any] | bytes]):
        self._tables = dict(tables)

    def __getitem__(self, name: str) -> dict[str, Any]:
        table = self._tables[name]
        if isinstance(table, bytes):  # two threads of `serve` may both read it: alike
            table = self._tables[name] = orjson.loads(table)
        return table

    def __contains__(self, name: str) -> bool:
        return name in self._tables

    def add(self, name: str, table: dict[str, Any]) -> None:
        """A table built whole (before it is shared between threads)."""
        self._tables[name] = table

    def kept(self) -> dict[str, dict[str, Any]]:
        """Every table as it is: what JSON keeps."""
        return {name: self[name] for name in self._tables}
