"""The deck-check log of an event: which players' decks the judges check (drawn at random, seeded,
the seed kept so anyone can draw the same again), and each check (judge, time, result, note) of a
player's current registration, its fingerprint beside it. Kept in the registrations folder, under
`deck-checks/`, one file an entry, each written whole or not at all and never replaced, so two
judges recording at once keep both and a log is never half written."""

from __future__ import annotations

import json
import random
import secrets
from dataclasses import asdict, replace
from datetime import datetime
from pathlib import Path

from deckcheck import records
from deckcheck.escaping import spreadsheet_csv
from deckcheck.loading.writing import write_atomically
from deckcheck.serve.registrations import PlayerRow, by_player, now, read_all, same_player, slug

FOLDER = "deck-checks"
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


def draw(folder: Path, count: int | None = None, share: float | None = None, seed: int | None = None, again: bool = False) -> Draw:
    """Players drawn for deck checks among those registered: `count` of them, or a `share` (0-1,
    at least one), never one drawn before unless `again`. The same seed and log draw the same."""
    rows = by_player(read_all(folder))
    drawn_before = {same_player(p) for entry in read_log(folder) if isinstance(entry, Draw) for p in entry.players}
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
    entry = Draw(now(), seed, f"{share:.0%}" if share is not None else str(count), picked, again, tuple(pool))
    _write(folder, entry, "draw")
    return entry


@records.record
class Checked:
    """What a judge says of a deck check: who, the result, a note, where (round, table) and the penalty."""

    judge: str
    result: str
    note: str = ""
    round: str = ""
    table: str = ""
    penalty: str = ""


def record(folder: Path, player: str, checked: Checked) -> Check:
    """A deck check of a registered player's current deck, logged; flagged where the player
    registered again after they were last drawn."""
    if checked.result not in RESULTS:
        raise NoSuchDraw(f"the result is one of {', '.join(RESULTS)}, not {checked.result!r}")
    if not checked.judge.strip():
        raise NoSuchDraw("say which judge checked the deck")
    current = _row_of(folder, player).current
    drawn = [e.time for e in read_log(folder) if isinstance(e, Draw) and same_player(current.player) in map(same_player, e.players)]
    said = {key: value.strip() for key, value in asdict(checked).items()}
    entry = Check(now(), current.player, deck_file=current.deck_file, fingerprint=current.fingerprint, **said)
    entry = replace(entry, registered_after_draw=bool(drawn) and current.time > drawn[-1])
    _write(folder, entry, f"check-{slug(current.player)}")
    return entry


def read_log(folder: Path) -> list[Draw | Check]:
    """Every entry, oldest first; a file not of ours is passed by."""
    entries: list[Draw | Check] = []
    for path in sorted((folder / FOLDER).glob("*.json")):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            kind = data.pop("kind")
            if kind == "draw":
                entries.append(Draw(**{**data, "players": tuple(data["players"]), "pool": tuple(data.get("pool") or ())}))
            elif kind == "check":
                entries.append(Check(**data))
        except (OSError, ValueError, TypeError, KeyError, AttributeError):
            continue
    return entries


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


def _row_of(folder: Path, player: str) -> PlayerRow:
    wanted = same_player(" ".join(player.split()))
    for row in by_player(read_all(folder)):
        if same_player(row.current.player) == wanted:
            return row
    raise NoSuchDraw(f"no player {player!r} is registered in {folder}")


def _write(folder: Path, entry: Draw | Check, what: str) -> None:
    (folder / FOLDER).mkdir(exist_ok=True)
    text = json.dumps({"kind": "draw" if isinstance(entry, Draw) else "check", **asdict(entry)}, ensure_ascii=False, indent=2) + "\n"
    stamp = entry.time.replace(":", "").replace("-", "").replace("+", "_")
    number = 1
    while not write_atomically(folder / FOLDER / f"{stamp}-{what}-{number}.json", text.encode("utf-8"), ".writing-", claim=True):
        number += 1
