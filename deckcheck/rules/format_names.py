"""A format's name as people write it (`Type 1 Limited`, `type1-limited`, `T2`), compared with a
game's formats and their aliases whatever the case, spaces and hyphens."""

from __future__ import annotations

from typing import Protocol


class Named(Protocol):
    """A format, as far as its names go."""

    @property
    def name(self) -> str: ...

    @property
    def aliases(self) -> tuple[str, ...]: ...


def format_key(name: str) -> str:
    """A format's name as it is compared: `Type 1 Limited`, `type1-limited` and `TYPE 1 LIMITED` alike."""
    return name.casefold().translate(_NOT_IN_KEYS)


_NOT_IN_KEYS = str.maketrans("", "", " \t-_")
_KEYED: dict[int, tuple[tuple, dict[str, str]]] = {}  # id of a game's formats -> (those formats, key -> name)


def format_keys(formats: tuple[Named, ...]) -> dict[str, str]:
    """Each format's name and aliases, as format_key writes them, -> its name; the first format
    with a key wins. Made once for a game's formats (a pasted deck asks of each line)."""
    kept = _KEYED.get(id(formats))
    if kept is None or kept[0] is not formats:
        keys: dict[str, str] = {}
        for each in formats:
            for written in (each.name, *each.aliases):
                keys.setdefault(format_key(written), each.name)
        kept = _KEYED[id(formats)] = (formats, keys)
    return kept[1]
