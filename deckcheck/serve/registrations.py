"""Registrations: what a player registered (the deck as sent, kept in the event's store beside a
record of what it was checked as and what the player saw), the names players go by, their
withdrawals, and the folder of deck files and records an export writes (the form earlier versions
kept them in). Every registration is kept; a player's latest counts."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import re
import secrets
import unicodedata
from collections.abc import Iterable
from dataclasses import asdict
from datetime import UTC, datetime
from pathlib import Path

from deckcheck.escaping import spreadsheet_csv
from deckcheck.loading.files import UnreadableFile, read_limited
from deckcheck.loading.spelling import invisible
from deckcheck.records import record
from deckcheck.serve.store import Store, Transaction

RECORD = ".registration.json"
LONGEST_SLUG = 40


@record
class Registration:
    """What a player registered, as it was checked when they saw the verdict."""

    player: str  # as typed (any script), spaces tidied
    deck_file: str  # the deck's file name in the folder
    time: str  # when, ISO 8601 in UTC, to the microsecond (the order of a player's registrations)
    game: str | None
    format: str | None
    rules_version: str | None
    as_of: str  # the date whose rules applied
    events: tuple[str, ...]  # the names of the events applied
    deck_name: str | None
    legal: bool
    errors: int
    warnings: int
    sha256: str
    fingerprint: str | None = None  # of the list as resolved (deckcheck/fingerprint.py); None in records of older versions
    card_list: str | None = None  # the card list it was checked against (CardDatabase.described)
    version: str | None = None  # deckcheck's version then
    withdrawn_by: str | None = None  # a withdrawal: "player" or "organiser" (the deck named is the one withdrawn)
    code_sha256: str | None = None  # of the withdrawal code the player alone was shown (withdrawal_code); None in older records

    @property
    def shown_time(self) -> str:
        return self.time[:19].replace("T", " ") + " UTC"


def player_name(typed: str) -> str:
    """The name a player typed, composed (NFC) with its spaces tidied, case and script kept as
    shown; who the player is does not depend on its case (same_player)."""
    return " ".join(unicodedata.normalize("NFC", typed).split())


def invisible_in(name: str) -> str | None:
    """The first character of a name that is not seen or that reorders what follows (a zero-width
    space, a soft hyphen, a right-to-left override, a control, and what card names read past: a
    grapheme joiner, a variation selector, a Hangul filler, a blank Braille pattern), as U+XXXX, or
    None: two such names read the same and are two players."""
    found = next((c for c in name if unicodedata.category(c) in ("Cf", "Cc", "Co", "Cn") or invisible().match(c)), None)
    return f"U+{ord(found):04X}" if found is not None else None


# letters of other scripts drawn as Latin ones (after case folding), and Latin's own look-alikes
_LOOK_ALIKE = str.maketrans("аеорсухікјѕԁһӏԛԝвмнтαβεικνορτυχ01l", "aeopcyxikjsdhlqwbmhtabeikvoptuxoii")


def skeleton(name: str) -> str:
    """What a name looks like: compatibility forms folded (NFKC), accents off, case aside, letters
    of other scripts drawn alike as the Latin ones (`Аlice` with a Cyrillic A is `alice`)."""
    decomposed = unicodedata.normalize("NFKD", unicodedata.normalize("NFKC", name).casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c) and not c.isspace()).translate(_LOOK_ALIKE)


def look_alikes(players: Iterable[str]) -> dict[str, list[str]]:
    """Each player's name -> the other players' names that look the same (none for most)."""
    by_look: dict[str, list[str]] = {}
    for player in players:
        by_look.setdefault(skeleton(player), []).append(player)
    return {p: [o for o in same if o != p] for same in by_look.values() if len(same) > 1 for p in same}


def slug(player: str) -> str:
    """The player's name in a file name: letters and digits of every script, dashes between."""
    words = re.sub(r"[\W_]+", "-", unicodedata.normalize("NFKC", player).casefold()).strip("-")
    return words[:LONGEST_SLUG].strip("-") or "player"


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


def register(store: Store, record: Registration, content: bytes, suffix: str) -> Registration:
    """The deck and its record kept in one transaction, under a deck file name no other
    registration has; the record returned names it. Raises StoreProblem."""
    digest = hashlib.sha256(record.player.encode("utf-8") + b"\0" + content).hexdigest()[:12]
    with store.writing() as kept:
        number, stem = 1, f"{slug(record.player)}-{digest}"
        while not kept.add_deck(f"{stem}{suffix}", content):  # the same deck sent again by the same player
            number += 1
            stem = f"{slug(record.player)}-{digest}-{number}"
        record = Registration(**{**asdict(record), "deck_file": f"{stem}{suffix}"})
        kept.add_record(same_player(record.player), asdict(record))
    return record


def read_all(store: Store) -> list[Registration]:
    """Every registration and withdrawal, oldest first."""
    with store.reading() as kept:
        return registrations_in(kept)


def registrations_in(kept: Transaction) -> list[Registration]:
    """Every registration and withdrawal a transaction reads, oldest first."""
    return [_registration(data) for data in kept.records()]


def deck_of(store: Store, deck_file: str) -> bytes:
    """The deck a registration sent (empty where the store has none of that name)."""
    with store.reading() as kept:
        return kept.deck(deck_file) or b""


def _registration(data: dict) -> Registration:
    return Registration(**{**data, "events": tuple(data.get("events") or ())})


def read_exported(folder: Path) -> list[Registration]:
    """Every registration of an exported folder (or an earlier version's) whose record and deck
    are both there, oldest first; a record that is not a regular file is passed by unread."""
    found = []
    for path in folder.glob(f"*{RECORD}"):
        try:
            record = _registration(json.loads(read_limited(path)))
        except (UnreadableFile, ValueError, TypeError):
            continue  # not one of ours, or broken: the folder report still lists its deck file
        if (folder / record.deck_file).is_file() and "/" not in record.deck_file and "\\" not in record.deck_file:
            found.append(record)
    return sorted(found, key=lambda r: (r.time, r.deck_file))


@record
class PlayerRow:
    """A player's registration that counts (the latest) and how many came before it."""

    current: Registration
    earlier: tuple[Registration, ...]


def same_player(name: str) -> str:
    """Who a name is: `conan o'brien` registering after `Conan O'Brien` is the same player, as is a
    name typed in another Unicode form (a precomposed `é` or `e` and its accent). Names that only
    look alike in other scripts stay apart (look_alikes() points them out)."""
    return unicodedata.normalize("NFKC", name).casefold()


def everyone(registrations: Iterable[Registration]) -> list[PlayerRow]:
    """Each player's records, the latest the one that counts (its name as last typed): a
    registration, or a withdrawal."""
    players: dict[str, list[Registration]] = {}
    for registration in registrations:  # oldest first
        players.setdefault(same_player(registration.player), []).append(registration)
    return [PlayerRow(records[-1], tuple(records[:-1])) for _, records in sorted(players.items())]


def by_player(registrations: Iterable[Registration]) -> list[PlayerRow]:
    """The players registered now: each one's current registration, those who withdrew aside."""
    return [row for row in everyone(registrations) if row.current.withdrawn_by is None]


def withdrawn(registrations: Iterable[Registration]) -> list[PlayerRow]:
    """The players whose latest record is a withdrawal."""
    return [row for row in everyone(registrations) if row.current.withdrawn_by is not None]


class CannotWithdraw(ValueError):
    """A withdrawal refused: says why, for the page."""


def withdrawal_code() -> tuple[str, str]:
    """A code for the player alone (`K7QM-2XPA-9RTD-WC4N`, 80 random bits, letters and digits
    that read and type alike) and the hash a record keeps of it: the fingerprint cannot serve, as
    anyone who checks the same list reads it, and sheets print it."""
    code = base64.b32encode(secrets.token_bytes(10)).decode("ascii")
    return "-".join(code[at : at + 4] for at in range(0, len(code), 4)), code_hash(code)


def code_hash(typed: str) -> str:
    return hashlib.sha256("".join(typed.split()).replace("-", "").upper().encode("utf-8")).hexdigest()


def withdraw(store: Store, player: str, by: str, code: str | None = None) -> Registration:
    """The player's current registration withdrawn, by the organiser, or by the player, who proves
    it is theirs with the withdrawal code they alone were shown on registering. Kept in the
    history: the withdrawal is one more record, the deck and the earlier records stay."""
    wanted = same_player(player_name(player))
    with store.writing() as kept:
        latest = kept.latest(wanted) if wanted else None
        current = _registration(latest) if latest is not None else None
        if current is None or current.withdrawn_by is not None:
            raise CannotWithdraw(f"{player_name(player) or 'that name'} has no registration to withdraw")
        if by == "player" and current.code_sha256 is None:
            raise CannotWithdraw("this registration was made without a withdrawal code: ask the organiser to withdraw it")
        if by == "player" and not hmac.compare_digest(code_hash(code or ""), current.code_sha256 or ""):
            raise CannotWithdraw("that is not the withdrawal code of your registration (it was shown when you registered)")
        record = Registration(**{**asdict(current), "time": now(), "withdrawn_by": by})
        kept.add_record(wanted, asdict(record))
    return record


EXPORTED = (
    "player",
    "deck_file",
    "time",
    "current",
    "verdict",
    "errors",
    "warnings",
    "game",
    "format",
    "rules_version",
    "as_of",
    "fingerprint",
)


def export_rows(rows: Iterable[PlayerRow]) -> list[dict]:
    """Every record of the players given, a withdrawal's verdict `withdrawn by ...`."""
    out = []
    for row in rows:
        for each in (*row.earlier, row.current):
            out.append(
                {
                    "player": each.player,
                    "deck_file": each.deck_file,
                    "time": each.time,
                    "current": each is row.current,
                    "verdict": f"withdrawn by {each.withdrawn_by}" if each.withdrawn_by else ("legal" if each.legal else "ILLEGAL"),
                    "errors": each.errors,
                    "warnings": each.warnings,
                    "game": each.game,
                    "format": each.format,
                    "rules_version": each.rules_version,
                    "as_of": each.as_of,
                    "fingerprint": each.fingerprint,
                }
            )
    return out


def as_csv(rows: list[dict]) -> str:
    return spreadsheet_csv(rows, EXPORTED)


def current_registrations(files: Iterable[Path]) -> dict[Path, str | None]:
    """Of deck files, those that count, each with its player: in a folder of registrations, each
    player's latest (an earlier one a player replaced is left out); any other file as it is."""
    kept: dict[Path, str | None] = {}
    folders: dict[Path, dict[str, str]] = {}
    for path in files:
        folder = path.parent
        if folder not in folders:
            records = read_exported(folder) if folder.is_dir() else []
            every = {record.deck_file for record in records}
            current = {row.current.deck_file: row.current.player for row in by_player(records)}
            folders[folder] = {name: current.get(name, "") for name in every}
        registered = folders[folder]
        if path.name not in registered:
            kept[path] = None
        elif registered[path.name]:
            kept[path] = registered[path.name]
    return kept
