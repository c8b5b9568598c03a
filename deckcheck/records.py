"""Records: the immutable dataclasses deckcheck builds its data of.

A record is a frozen dataclass to the type checker (mypy refuses any assignment to a field, and
.ci/run runs it), built at run time as a plain dataclass hashed by its fields. Python 3.11 makes
each method of a dataclass with an exec of its own, and a frozen one has two more (__setattr__,
__delattr__) and an __init__ that calls object.__setattr__ for each field: making the 64
dataclasses a check imports was 44% of its imports, which plain records took from 205 to 159 ms
(medians, alternated), and a frozen record made for every line of every deck was 9% of a
folder's check.

A game's Params stay frozen dataclasses: a game's own folder subclasses them with
`@dataclass(frozen=True)`, which Python refuses on a base that is not frozen.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar, dataclass_transform, overload

T = TypeVar("T")


@overload
def record(cls: type[T], /) -> type[T]: ...


@overload
def record(*, eq: bool = True, kw_only: bool = False) -> Callable[[type[T]], type[T]]: ...


@dataclass_transform(frozen_default=True)
def record(cls: type[T] | None = None, /, *, eq: bool = True, kw_only: bool = False) -> type[T] | Callable[[type[T]], type[T]]:
    """`@record`, or `@record(eq=False)` (compared and hashed by identity), `@record(kw_only=True)`."""

    def made(cls: type[T]) -> type[T]:
        # hashed by its fields as a frozen dataclass is, unless it says how itself
        return dataclass(eq=eq, kw_only=kw_only, unsafe_hash=eq and cls.__dict__.get("__hash__") is None)(cls)

    return made if cls is None else made(cls)
