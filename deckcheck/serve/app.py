"""The web page of `deckcheck serve`, a Starlette application: a form to paste or upload a deck
(at most 1 MiB) and see its verdict and printable sheet; with a registrations folder, a deck can be
registered under a name made from the player's name and the deck's hash (never a name the browser
sent), and an organiser page lists every registered deck with its verdict. It works without
JavaScript. Card databases and events are loaded once, when the site starts."""

from __future__ import annotations

import hashlib
import os
import re
import tempfile
from dataclasses import dataclass, field, replace
from datetime import date
from pathlib import Path
from typing import Sequence

import anyio
from jinja2 import Environment, PackageLoader, select_autoescape
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse
from starlette.routing import Route

from deckcheck import __version__
from deckcheck.check import CheckOptions, check_file
from deckcheck.loading.card_db import Databases
from deckcheck.loading.decks import DECK_SUFFIXES, find_decks, sniffed_suffix
from deckcheck.loading.files import MAX_BYTES
from deckcheck.registry import known_games
from deckcheck.report import html as html_report
from deckcheck.report.text import game_and_format

FORM_OVERHEAD = 64 * 1024  # the form's other fields and multipart boundaries, beside the deck
TEMPLATES = Environment(loader=PackageLoader("deckcheck.serve", "templates"), autoescape=select_autoescape(["html"]))


@dataclass
class Site:
    """What the site serves from, loaded once: the databases, the events an organiser offers,
    where registered decks go, and the token that guards the organiser page."""

    databases: Databases
    events: Sequence = ()
    registrations: Path | None = None
    token: str | None = None
    _listed: dict = field(default_factory=dict)  # registered file -> (its mtime and size, report)
    checking: anyio.Lock = field(default_factory=anyio.Lock)


def create_app(site: Site) -> Starlette:
    for game in known_games():
        site.databases.for_game(game)  # loaded now, not per request

    def page(template: str, status: int = 200, **values) -> HTMLResponse:
        values.setdefault("title", "deckcheck")
        organiser = "/organiser" if site.registrations is not None and site.token is None else ""
        body = TEMPLATES.get_template(template).render(
            version=__version__, sheet_style=html_report.STYLE, organiser_link=organiser, **values
        )
        return HTMLResponse(body, status_code=status)

    def form_page(status: int = 200, chosen: dict | None = None) -> HTMLResponse:
        return page(
            "form.html",
            status,
            title="Check a deck",
            games=known_games(),
            events=site.events,
            registering=site.registrations is not None,
            chosen=chosen or {},
        )

    async def home(request: Request) -> HTMLResponse:
        return form_page()

    async def check(request: Request) -> HTMLResponse:
        length = request.headers.get("content-length")
        if length is not None and length.isdigit() and int(length) > MAX_BYTES + FORM_OVERHEAD:
            return _too_large(page)
        body = bytearray()
        async for chunk in request.stream():
            body += chunk
            if len(body) > MAX_BYTES + FORM_OVERHEAD:
                return _too_large(page)
        request._body = bytes(body)  # the form is parsed from the bytes read, within the limit
        form = await request.form(max_files=1, max_fields=20, max_part_size=MAX_BYTES + 1)
        chosen = {key: str(form.get(key) or "").strip() for key in ("game", "format", "as_of", "event", "player")}
        upload = form.get("file")
        content, shown, suffix = b"", "pasted deck", ""
        if upload is not None and getattr(upload, "filename", ""):
            content = await upload.read(MAX_BYTES + 1)
            # only the last part of the name the browser sent is shown, and only its suffix used
            shown = re.split(r"[\\/]", upload.filename)[-1][:120] or "uploaded deck"
            suffix = Path(shown).suffix.lower()
        if not content:
            content = str(form.get("deck") or "").encode("utf-8")
        if len(content) > MAX_BYTES:
            return _too_large(page)
        if not content.strip():
            return form_page(400, chosen=chosen)
        if suffix not in DECK_SUFFIXES:
            suffix = sniffed_suffix(content.decode("utf-8", errors="replace"))
        try:
            options = _options(chosen, site)
        except ValueError as exc:
            return page("error.html", 400, title="That cannot be checked", message=str(exc))
        # one check at a time: checks are CPU work under one interpreter lock, and taken in turn each
        # is answered as soon as it is done, instead of every one of a burst at the end
        async with site.checking:
            report = await anyio.to_thread.run_sync(_check, content, suffix, shown, options, site.databases)
        registered = ""
        if site.registrations is not None and form.get("register") == "yes":
            registered = await anyio.to_thread.run_sync(_register, site.registrations, chosen["player"], content, suffix)
        return page(
            "result.html",
            title=report.name or "Deck",
            report=report,
            checked_as=game_and_format(report),
            registered=registered,
            sheet=html_report.sheet(report),
        )

    def guarded(request: Request) -> HTMLResponse | None:
        if site.registrations is None:
            return page("error.html", 404, title="No registrations", message="This site takes no registrations.")
        if site.token is not None and request.query_params.get("token") != site.token:
            return page("error.html", 403, title="The organiser's page", message="This page needs the organiser's token.")
        return None

    async def organiser(request: Request) -> HTMLResponse:
        refused = guarded(request)
        if refused is not None:
            return refused
        reports = await anyio.to_thread.run_sync(_registered, site)
        token = request.query_params.get("token")
        link = "/organiser/report.html" + (f"?token={token}" if token else "")
        return page(
            "organiser.html",
            title="Registered decks",
            rows=reports,
            legal=sum(r.legal for r in reports),
            folder=str(site.registrations),
            report_link=link,
        )

    async def folder_report(request: Request) -> HTMLResponse:
        refused = guarded(request)
        if refused is not None:
            return refused
        reports = await anyio.to_thread.run_sync(_registered, site)
        return HTMLResponse(html_report.render(reports, events=site.events))

    return Starlette(
        routes=[
            Route("/", home),
            Route("/check", check, methods=["POST"]),
            Route("/organiser", organiser),
            Route("/organiser/report.html", folder_report),
        ]
    )


SETTINGS = "DECKCHECK_SERVE"  # the environment variable a worker process reads its site from


def site_settings(card_db: Sequence[Path], events: Sequence[Path], registrations: Path | None, token: str | None) -> str:
    """What `deckcheck serve --workers N` hands each worker process (checked by the command first)."""
    import json

    return json.dumps(
        {
            "card_db": [str(p) for p in card_db],
            "events": [str(p) for p in events],
            "registrations": str(registrations) if registrations is not None else None,
            "token": token,
        }
    )


def app_from_environment() -> Starlette:
    """A worker process's application: its own databases, loaded once, from the settings the
    command put in the environment."""
    import json

    from deckcheck.games import namers
    from deckcheck.loading.card_db import load_databases
    from deckcheck.loading.events import load_events

    settings = json.loads(os.environ[SETTINGS])
    databases = Databases(load_databases([Path(p) for p in settings["card_db"]]))
    events = load_events([Path(p) for p in settings["events"]], databases, namers())
    registrations = Path(settings["registrations"]) if settings["registrations"] else None
    return create_app(Site(databases, events, registrations, settings["token"]))


def _too_large(page) -> HTMLResponse:
    limit = MAX_BYTES // (1024 * 1024)
    return page("error.html", 413, title="That deck is too large", message=f"A deck file may be at most {limit} MiB.")


def _options(chosen: dict, site: Site) -> CheckOptions:
    as_of = date.fromisoformat(chosen["as_of"]) if chosen["as_of"] else None
    events = ()
    if chosen["event"]:
        if not chosen["event"].isdigit() or int(chosen["event"]) >= len(site.events):
            raise ValueError("no such event")
        events = (site.events[int(chosen["event"])],)
    game = chosen["game"] or None
    if game is not None and game not in known_games():
        raise ValueError(f"unknown game '{game}'")
    return CheckOptions(game=game, format=chosen["format"] or None, events=events, as_of=as_of)


def _check(content: bytes, suffix: str, shown: str, options: CheckOptions, databases: Databases):
    # the deck's bytes are read as a file of that form would be; nothing is written anywhere
    return replace(check_file(Path(f"deck{suffix}"), options, databases, content), path=shown)


def _slug(player: str) -> str:
    words = re.sub(r"[^a-z0-9]+", "-", player.lower()).strip("-")
    return words[:40].strip("-") or "player"


def _register(folder: Path, player: str, content: bytes, suffix: str) -> str:
    """The deck saved as `<player>-<hash><suffix>`, written whole or not at all."""
    name = f"{_slug(player)}-{hashlib.sha256(content).hexdigest()[:12]}{suffix}"
    folder.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=folder, prefix=".registering-")
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(content)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, folder / name)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return name


def _registered(site: Site) -> list:
    """Every registered deck's report, each checked again only when its file changed."""
    reports = []
    seen = set()
    for path in find_decks([site.registrations]):
        status = path.stat()
        key = (status.st_mtime_ns, status.st_size)
        cached = site._listed.get(path)
        if cached is None or cached[0] != key:
            report = replace(check_file(path, CheckOptions(events=tuple(site.events)), site.databases), path=path.name)
            site._listed[path] = (key, report)
        reports.append(site._listed[path][1])
        seen.add(path)
    for gone in set(site._listed) - seen:
        del site._listed[gone]
    return reports
