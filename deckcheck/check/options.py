"""How a deck is checked (CheckOptions), and which format and date it is checked by.

Precedence, as everywhere (docs/configuration.md, Repository config): an event > the command line > the config's matching
override > the config > the deck's own header > the game's default. The session merges the first
four into `CheckOptions.format` and `as_of`; here they meet the event and the deck.
"""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING

from deckcheck.records import record

if TYPE_CHECKING:  # the events' module loads only where a run names event files
    from deckcheck.loading.events import Event


@record
class CheckOptions:
    """How decks are checked: the game and format of decks that do not say, the rules ignored, the
    events, the rules' date."""

    game: str | None = None  # for decks that do not say
    format: str | None = None  # every deck's format, its own header included (a deck that said otherwise is noted)
    ignore: frozenset[str] = frozenset()
    events: tuple[Event, ...] = ()
    as_of: date | None = None  # --as-of: the rules in force on this date
    config_as_of: date | None = None  # the config's as_of, behind --as-of and the events' dates
    all_formats: bool = False


@record
class FormatAsked:
    """The format a deck is checked as, and who asked for it."""

    name: str
    by: str  # "event", "options" (the command line or the config), "deck" or "default"


def format_asked(options: CheckOptions, events: tuple[Event, ...], own: str | None, default: str) -> FormatAsked:
    """The format by precedence: the last applied event that sets one, then the options, then the
    deck's own header, then the game's default."""
    overriding = next((e.format for e in reversed(events) if e.format), None)
    for name, by in ((overriding, "event"), (options.format, "options"), (own, "deck"), (default, "default")):
        if name:
            return FormatAsked(name.strip().lower(), by)
    return FormatAsked(default, "default")


def date_in_force(options: CheckOptions, events: tuple[Event, ...]) -> date:
    """The date whose rules apply: --as-of, else the latest applied event's effective date, else
    the config's as_of, else today."""
    dated = [date.fromisoformat(e.effective) for e in events if e.effective]
    return options.as_of or (max(dated) if dated else None) or options.config_as_of or date.today()
