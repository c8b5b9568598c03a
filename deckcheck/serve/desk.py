"""What the page checks decks as. At an event the organiser fixes it (`--event`, or `--game`,
`--format`, `--as-of`) and the page offers no other choice; without, the page is an open checker
where a player picks game, format, date and event."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import date

from deckcheck.check import CheckOptions
from deckcheck.games import game_named
from deckcheck.loading.card_db import Databases
from deckcheck.loading.events import Event
from deckcheck.records import record
from deckcheck.registry import known_games


class NotOnOffer(ValueError):
    """A choice the page does not offer (an unknown game, an event not loaded, a bad date)."""


@record
class Desk:
    game: str | None = None
    format: str | None = None
    as_of: date | None = None
    events: tuple[Event, ...] = ()

    @classmethod
    def of(cls, game: str | None, format: str | None, as_of: date | None, events: Sequence[Event]) -> Desk:
        """The organiser's choices, filled from the events' own game, format and date."""
        game = game or next((e.game for e in reversed(events) if e.game), None)
        format = format or next((e.format for e in reversed(events) if e.format), None)
        dated = [date.fromisoformat(e.effective) for e in events if e.effective]
        return cls(game, format, as_of or (max(dated) if dated else None), tuple(events))

    @property
    def fixed(self) -> bool:
        return bool(self.game or self.format or self.as_of or self.events)

    def options(self, base: CheckOptions, chosen: Mapping[str, str], today: date) -> CheckOptions:
        """How a deck sent with the form's `chosen` fields is checked."""
        if self.fixed:
            return replace(
                base,
                game=self.game or base.game,
                format=self.format or base.format,
                as_of=self.as_of or base.as_of or today,
                events=self.events,
            )
        game = chosen.get("game") or None
        if game is not None and game not in known_games():
            raise NotOnOffer(f"unknown game '{game}'")
        try:
            as_of = date.fromisoformat(chosen["as_of"]) if chosen.get("as_of") else None
        except ValueError:
            raise NotOnOffer(f"not a date: {chosen['as_of']!r}") from None
        return replace(base, game=game or base.game, format=chosen.get("format") or base.format, as_of=as_of or base.as_of)

    def described(self, databases: Databases, today: date) -> str:
        """`Regional 2026: redemption, type1 (rules 2.0) on 2026-11-24`, as the page heads itself."""
        if not self.fixed:
            return ""
        when = self.as_of or today
        parts = []
        if self.game:
            game = game_named(self.game)
            name = self.format or game.default_format
            chosen = game.format(name, databases.for_game(game.name).formats, when)
            version = f" (rules {chosen.version})" if chosen and chosen.version else ""
            parts.append(f"{game.title}, {name}{version}")
        elif self.format:
            parts.append(self.format)
        names = ", ".join(e.name for e in self.events)
        return (f"{names}: " if names else "") + ", ".join(parts) + f", rules in force on {when.isoformat()}"
