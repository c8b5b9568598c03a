"""When registration closes: at the time the organiser set (`serve --close-at`), or when they
close it from their page, whichever comes first. A closing from the page is kept in the event's
store, so that a restarted desk stays closed. Once closed, the lists are
locked: a player may still check a deck, not register or withdraw one, and a deck check draws
from the lists as they were."""

from __future__ import annotations

from datetime import datetime

from deckcheck.serve.store import Store

CLOSED = "closed_at"  # the setting that keeps it


def parse_close_at(text: str) -> datetime:
    """`2026-11-28T10:00` (this computer's time zone) or with its offset (`...T10:00-05:00`)."""
    try:
        when = datetime.fromisoformat(text.strip())
    except ValueError:
        raise ValueError(f"not a time: {text!r} (write it as 2026-11-28T10:00, with an offset if you like)") from None
    return when if when.tzinfo is not None else when.astimezone()


def closed_at(store: Store | None, close_at: datetime | None, now: datetime) -> datetime | None:
    """When registration closed, or None while it is open."""
    closings = [close_at] if close_at is not None and now >= close_at else []
    kept = _kept(store) if store is not None else None
    if kept is not None:
        closings.append(kept)
    return min(closings) if closings else None


def close_now(store: Store, now: datetime) -> datetime:
    """Close registration now (the organiser's button); an earlier closing stands."""
    with store.writing() as kept:
        earlier = kept.setting(CLOSED)
        if earlier is not None:
            return datetime.fromisoformat(earlier)
        kept.set_setting(CLOSED, now.isoformat())
    return now


def shown(when: datetime) -> str:
    """A time as the desk's players read it: in this computer's time zone, to the minute."""
    local = when.astimezone()
    return f"{local:%Y-%m-%d %H:%M} {local.tzname() or ''}".strip()


def _kept(store: Store) -> datetime | None:
    with store.reading() as kept:
        closed = kept.setting(CLOSED)
    return datetime.fromisoformat(closed) if closed is not None else None
