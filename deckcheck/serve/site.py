"""A site set up from the choices of `deckcheck serve`, through the same session every command
opens (the config's ignore lists, overrides and dates apply as they do to `deckcheck check`): the
command builds its site here, and so does each worker process from the same choices."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from datetime import datetime
from pathlib import Path

from deckcheck.check import CheckOptions
from deckcheck.choices import Choices
from deckcheck.escaping import for_terminal
from deckcheck.loading.card_db import Databases
from deckcheck.records import record
from deckcheck.serve.checking import Checks
from deckcheck.serve.desk import Desk
from deckcheck.serve.event_folder import event_store
from deckcheck.serve.guard import WrongGuesses
from deckcheck.serve.store import Store
from deckcheck.serve.window import parse_close_at
from deckcheck.session import open_session, parse_date


@dataclass
class Site:
    """What the site serves from, loaded once: the databases, the options every check starts from
    (the session's: the config's ignore lists and dates), the organiser's desk, where registered
    decks go, the token that guards the organiser's pages, and where its log lines go."""

    databases: Databases
    base: CheckOptions = field(default_factory=CheckOptions)
    desk: Desk = field(default_factory=Desk)
    registrations: Path | None = None
    token: str | None = None
    log: Callable[[str], None] = lambda line: None
    checks: Checks = field(default_factory=Checks)  # each in a worker process, within a time limit
    host: str = "127.0.0.1"  # the address it listens on
    port: int = 8000
    allowed_hosts: frozenset[str] = frozenset()  # names it answers besides localhost and its addresses
    close_at: datetime | None = None  # when registration closes (serve --close-at; the organiser may close it sooner)
    legal_only: bool = False  # an illegal list is not registered (serve --legal-only)
    _listed: dict = field(default_factory=dict)  # (record file, rules date or None) -> (its key, the report of its re-check)
    wrong_tokens: WrongGuesses = field(default_factory=WrongGuesses)  # the organiser's token, by sender
    wrong_codes: WrongGuesses = field(default_factory=WrongGuesses)  # players' withdrawal codes, by sender

    @property
    def store(self) -> Store | None:
        """The event's store, where the site takes registrations."""
        return Store(self.registrations) if self.registrations is not None else None


PASTED = "pasted-deck"  # the name a deck without a file goes by when the config is asked about it


@record
class ServeSettings:
    """The choices of `deckcheck serve` a site is set up from: what the command was given, and
    what each worker process is handed (as JSON in an environment variable) to set up the same."""

    game: str | None = None
    format: str | None = None
    as_of: str | None = None
    card_db: tuple[str, ...] = ()
    events: tuple[str, ...] = ()
    registrations: str | None = None
    token: str | None = None
    folder: str = "."  # where the command ran (its config is found from there)
    host: str = "127.0.0.1"
    port: int = 8000
    allowed_hosts: tuple[str, ...] = ()
    close_at: str | None = None
    legal_only: bool = False

    def to_json(self) -> str:
        return json.dumps(asdict(self))

    @classmethod
    def from_json(cls, text: str) -> ServeSettings:
        data = json.loads(text)
        lists = {key: tuple(data[key]) for key in ("card_db", "events", "allowed_hosts")}
        return cls(**{**data, **lists})


def site_from(settings: ServeSettings) -> Site:
    """The site of these settings, its registrations folder's store made (or an earlier version's
    folder imported) where there is none. Raises SessionProblem as a command's session does, and
    StoreProblem."""
    folder = Path(settings.folder)
    card_db, events = [Path(p) for p in settings.card_db], [Path(p) for p in settings.events]
    asked = Choices(game=settings.game, format=settings.format, card_db=tuple(card_db), events=tuple(events))
    session = open_session(asked, as_of=settings.as_of, folder=folder)
    desk = Desk.of(settings.game, settings.format, parse_date(settings.as_of), session.events)
    registrations = Path(settings.registrations) if settings.registrations else None
    if registrations is not None:
        event_store(registrations)
    return Site(
        session.databases,
        session.options_for(folder / PASTED),
        desk,
        registrations,
        settings.token,
        host=settings.host,
        port=settings.port,
        allowed_hosts=frozenset(name.lower() for name in settings.allowed_hosts),
        close_at=parse_close_at(settings.close_at) if settings.close_at else None,
        legal_only=settings.legal_only,
        # a line names what strangers sent (a file name, a player): escaped, it never moves the organiser's terminal
        log=lambda line: print(f"deckcheck serve: {for_terminal(line)}", file=sys.stderr, flush=True),
    )
