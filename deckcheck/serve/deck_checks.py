"""The deck-check log of an event: which players' decks the judges check (drawn at random, seeded,
the seed kept so anyone can draw the same again), and each check (judge, time, result, note) of a
player's current registration, its fingerprint beside it. Kept in the event's store, an entry a
transaction: two judges recording at once keep both, and two draws at once never draw one player
twice (each reads the log and the registrations under the write lock it then writes with)."""

from __future__ import annotations

import random
import secrets
from dataclasses import asdict, replace
from datetime import datetime

from deckcheck import records
from deckcheck.escaping import spreadsheet_csv, terminal_path
from deckcheck.serve.registrations import PlayerRow, by_player, now, registrations_in, same_player
from deckcheck.serve.store import Store, Transaction

RESULTS = ("pass", "fail")


class NoSuchDraw(ValueError):
    """A draw that cannot be made or a check that cannot be recorded: says why, for one line."""


@records.record
class Draw:
    time: str
    seed: int
    asked: str  # what was asked for: `3` decks, or `25%`
    players: tuple[str, ...]
    again: bool  # players drawn before could be drawn again
    pool: tuple[str, ...] = ()  # the players it drew among, in the order the seed reads them (none in older logs)


@records.record
class Check:
    time: str
    player: str
    judge: str
    result: str  # pass or fail
    note: str
    deck_file: str  # the registration checked (the player's current one then)
    fingerprint: str | None
    round: str = ""
    table: str = ""
    penalty: str = ""  # what the judge gave, in the event's own words
    # the player registered again after they were last drawn, before this check: the list checked
    # is not the one that was current when they were drawn
    registered_after_draw: bool = False


def draw(store: Store, count: int | None = None, share: float | None = None, seed: int | None = None, again: bool = False) -> Draw:
    """Players drawn for deck checks among those registered: `count` of them, or a `share` (0-1,
    at least one), never one drawn before unless `again`. The same seed and log draw the same."""
    with store.writing() as kept:
        entry = _drawn(kept, count, share, seed, again)
        kept.add_entry("draw", asdict(entry))
    return entry


def _drawn(kept: Transaction, count: int | None, share: float | None, seed: int | None, again: bool) -> Draw:
    rows = by_player(registrations_in(kept))
    drawn_before = {same_player(p) for entry in entries_in(kept) if isinstance(entry, Draw) for p in entry.players}
    pool = sorted(row.current.player for row in rows if again or same_player(row.current.player) not in drawn_before)
    if count is None:
        if share is None or not 0 < share <= 1:
            raise NoSuchDraw("give a number of decks (--count) or a share of them between 0 and 1 (--share)")
        count = max(1, round(share * len(rows)))
    if count < 1:
        raise NoSuchDraw("draw at least one deck")
    if not pool:
        raise NoSuchDraw("every registered player has been drawn already (--again draws among all of them)")
    seed = seed if seed is not None else secrets.randbelow(10**9)
    picked = tuple(random.Random(seed).sample(pool, min(count, len(pool))))
    return Draw(now(), seed, f"{share:.0%}" if share is not None else str(count), picked, again, tuple(pool))


@records.record
class Checked:
    """What a judge says of a deck check: who, the result, a note, where (round, table) and the penalty."""

    judge: str
    result: str
    note: str = ""
    round: str = ""
    table: str = ""
    penalty: str = ""


def record(store: Store, player: str, checked: Checked) -> Check:
    """A deck check of a registered player's current deck, logged; flagged where the player
    registered again after they were last drawn."""
    if checked.result not in RESULTS:
        raise NoSuchDraw(f"the result is one of {', '.join(RESULTS)}, not {checked.result!r}")
    if not checked.judge.strip():
        raise NoSuchDraw("say which judge checked the deck")
    with store.writing() as kept:
        current = _row_of(kept, player, store).current
        drawn = [e.time for e in entries_in(kept) if isinstance(e, Draw) and same_player(current.player) in map(same_player, e.players)]
        said = {key: value.strip() for key, value in asdict(checked).items()}
        entry = Check(now(), current.player, deck_file=current.deck_file, fingerprint=current.fingerprint, **said)
        entry = replace(entry, registered_after_draw=bool(drawn) and current.time > drawn[-1])
        kept.add_entry("check", asdict(entry))
    return entry


def read_log(store: Store) -> list[Draw | Check]:
    """Every entry, oldest first."""
    with store.reading() as kept:
        return entries_in(kept)


def entries_in(kept: Transaction) -> list[Draw | Check]:
    """Every entry a transaction reads, oldest first; one of a kind this version does not know is passed by."""
    return [entry for kind, data in kept.entries() if (entry := entry_of(kind, data)) is not None]


def entry_of(kind: str, data: dict) -> Draw | Check | None:
    """An entry of the log from its kind and fields (as kept, or as an export writes them)."""
    try:
        if kind == "draw":
            return Draw(**{**data, "players": tuple(data["players"]), "pool": tuple(data.get("pool") or ())})
        return Check(**data) if kind == "check" else None
    except (TypeError, KeyError):
        return None


EXPORTED = (
    "time",
    "local_time",
    "kind",
    "player",
    "judge",
    "result",
    "note",
    "round",
    "table",
    "penalty",
    "registered_after_draw",
    "deck_file",
    "fingerprint",
    "seed",
    "asked",
    "again",
    "pool",
)


def export_rows(entries: list[Draw | Check]) -> list[dict]:
    """One row a check and one a player drawn, in the order they happened; a draw's row holds
    what re-draws it (seed, what was asked, --again, the pool it drew among), each time in UTC and
    in the event's time zone (this computer's)."""
    rows: list[dict] = []
    for entry in entries:
        if isinstance(entry, Draw):
            drawn = {"seed": entry.seed, "asked": entry.asked, "again": entry.again, "pool": "; ".join(entry.pool)}
            rows += [{"time": entry.time, "kind": "drawn", "player": p, **drawn} for p in entry.players]
        else:
            rows.append({"kind": "checked", **asdict(entry)})
    return [{key: row.get(key, "") for key in EXPORTED} | {"local_time": local_time(row["time"])} for row in rows]


def local_time(time: str) -> str:
    """A logged time (UTC) as the event's clock shows it: this computer's time zone, to the second."""
    when = datetime.fromisoformat(time).astimezone()
    return f"{when:%Y-%m-%d %H:%M:%S} {when.tzname() or ''}".strip()


def as_csv(rows: list[dict]) -> str:
    return spreadsheet_csv(rows, EXPORTED)


def _row_of(kept: Transaction, player: str, store: Store) -> PlayerRow:
    wanted = same_player(" ".join(player.split()))
    for row in by_player(registrations_in(kept)):
        if same_player(row.current.player) == wanted:
            return row
    raise NoSuchDraw(f"no player {player!r} is registered in {terminal_path(store.folder)}")
