"""Reports of checked decks, for people and machines. Each renderer is a module with a `render`
function of one shape (`Renderer`): it reads the deck reports, each of which carries the records
of the rules its deck was checked by, and never looks a rule or a game up elsewhere."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

from deckcheck.records import record

if TYPE_CHECKING:
    from deckcheck.loading.events import Event
    from deckcheck.model import DeckReport

from deckcheck.output_formats import AUTO, RENDERERS

# reports read by people at a terminal: their every line is escaped as a terminal's (the machine
# formats escape for their own syntax)
FOR_TERMINALS = frozenset({"text", "concise"})


@record
class Terminal:
    """How a report for people is shown: in colour by severity or not, and the width its tables
    wrap to (None: the fixed widths of a file or a pipe, the same everywhere)."""

    colour: bool = False
    width: int | None = None


PLAIN = Terminal()


class Renderer(Protocol):
    def __call__(
        self, reports: Sequence[DeckReport], events: Sequence[Event] = (), explain: bool = False, terminal: Terminal = PLAIN
    ) -> str: ...


def chosen_format(name: str | None, environ: Mapping[str, str]) -> str:
    """The output format `name` asks for; `auto` (or none) is github inside GitHub Actions, else text."""
    if name in (None, AUTO):
        return "github" if environ.get("GITHUB_ACTIONS") else "text"
    return name


def renderer(name: str) -> Renderer:
    return importlib.import_module(f"{__name__}.{RENDERERS[name]}").render


def chunked(name: str) -> Callable[..., Iterator[str]] | None:
    """A format's report in pieces, where the format writes one (JSON, a deck at a time): a report
    of thousands of decks is then never held whole."""
    return getattr(importlib.import_module(f"{__name__}.{RENDERERS[name]}"), "chunks", None)
