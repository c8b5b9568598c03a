"""Records: the immutable dataclasses deckcheck builds its data of.

A record is a frozen dataclass to the type checker (mypy refuses any assignment to a field, and
.ci/run runs it), built at run time as a plain dataclass hashed by its fields. Python 3.11 makes
each method of a dataclass with an exec of its own, and a frozen one has two more (__setattr__,
__delattr__) and an __init__ that calls object.__setattr__ for each field: making the 64
dataclasses a check imports was 44% of its imports, which plain records took from 205 to 159 ms
(medians, alternated), and a frozen record made for every line of every deck was 9% of a
folder's check. Of the four methods a plain dataclass still compiled for each record, only
__init__ is: __repr__, __eq__ and __hash__ are closures over the record's fields, as dataclass
would write them, which took the instructions of a check's imports from 453 to 399 million
(cachegrind, not a clock: this machine's clock is too noisy for a difference of this size).

A game's Params stay frozen dataclasses: a game's own folder subclasses them with
`@dataclass(frozen=True)`, which Python refuses on a base that is not frozen.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from operator import attrgetter
from reprlib import recursive_repr
from typing import Any, TypeVar, dataclass_transform, overload

T = TypeVar("T")


@overload
def record(cls: type[T], /) -> type[T]: ...


@overload
def record(*, eq: bool = True, kw_only: bool = False, slots: bool = False) -> Callable[[type[T]], type[T]]: ...


@dataclass_transform(frozen_default=True)
def record(
    cls: type[T] | None = None, /, *, eq: bool = True, kw_only: bool = False, slots: bool = False
) -> type[T] | Callable[[type[T]], type[T]]:
    """`@record`, or `@record(eq=False)` (compared and hashed by identity), `@record(kw_only=True)`,
    `@record(slots=True)` (a record made for every line of every deck: its fields in slots, with
    no __dict__, made and read faster, for a class that has no cached_property to keep there)."""

    def made(cls: type[T]) -> type[T]:
        own = {name for name in ("__repr__", "__eq__", "__hash__") if cls.__dict__.get(name) is not None}
        cls = dataclass(eq=False, repr=False, kw_only=kw_only, slots=slots)(cls)
        for name, method in _methods(cls, eq).items():
            if name not in own:
                setattr(cls, name, method)
        return cls

    return made if cls is None else made(cls)


def _methods(cls: type, eq: bool) -> dict[str, Callable[..., Any]]:
    """The __repr__, and with `eq` the __eq__ and __hash__, that dataclass would write for `cls`
    (eq and unsafe_hash), made of closures rather than of code compiled for each class."""
    shown = tuple(f.name for f in fields(cls) if f.repr)

    @recursive_repr()
    def __repr__(self: object) -> str:
        return f"{type(self).__qualname__}({', '.join(f'{name}={getattr(self, name)!r}' for name in shown)})"

    if not eq:
        return {"__repr__": __repr__}
    key = _key(tuple(f.name for f in fields(cls) if f.compare))

    def __eq__(self: object, other: object) -> bool:
        if other.__class__ is self.__class__:
            return bool(key(self) == key(other))
        return NotImplemented

    def __hash__(self: object) -> int:
        return hash(key(self))

    return {"__repr__": __repr__, "__eq__": __eq__, "__hash__": __hash__}


def _key(names: tuple[str, ...]) -> Callable[[object], tuple[Any, ...]]:
    """The tuple of the fields named, which a dataclass compares and hashes."""
    if len(names) > 1:
        return attrgetter(*names)
    return lambda self: tuple(getattr(self, name) for name in names)
