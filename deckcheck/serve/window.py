"""When registration closes: at the time the organiser set (`serve --close-at`), or when they
close it from their page, whichever comes first. A closing from the page is kept in the
registrations folder (CLOSED), so that a restarted desk stays closed. Once closed, the lists are
locked: a player may still check a deck, not register or withdraw one, and a deck check draws
from the lists as they were."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

from deckcheck.loading.writing import write_atomically
from deckcheck.serve.registrations import TEMPORARY

CLOSED = "registration-closed.json"


def parse_close_at(text: str) -> datetime:
    """`2026-11-28T10:00` (this computer's time zone) or with its offset (`...T10:00-05:00`)."""
    try:
        when = datetime.fromisoformat(text.strip())
    except ValueError:
        raise ValueError(f"not a time: {text!r} (write it as 2026-11-28T10:00, with an offset if you like)") from None
    return when if when.tzinfo is not None else when.astimezone()


def closed_at(folder: Path | None, close_at: datetime | None, now: datetime) -> datetime | None:
    """When registration closed, or None while it is open."""
    closings = [close_at] if close_at is not None and now >= close_at else []
    kept = _kept(folder)
    if kept is not None:
        closings.append(kept)
    return min(closings) if closings else None


def close_now(folder: Path, now: datetime) -> datetime:
    """Close registration now (the organiser's button); an earlier closing stands."""
    earlier = _kept(folder)
    if earlier is not None:
        return earlier
    write_atomically(folder / CLOSED, (json.dumps({"closed_at": now.isoformat()}) + "\n").encode("utf-8"), TEMPORARY)
    return now


def shown(when: datetime) -> str:
    """A time as the desk's players read it: in this computer's time zone, to the minute."""
    local = when.astimezone()
    return f"{local:%Y-%m-%d %H:%M} {local.tzname() or ''}".strip()


def _kept(folder: Path | None) -> datetime | None:
    if folder is None:
        return None
    try:
        return datetime.fromisoformat(json.loads((folder / CLOSED).read_text(encoding="utf-8"))["closed_at"])
    except (OSError, ValueError, KeyError, TypeError):
        return None  # no closing kept (a damaged file is none: the organiser closes again)
