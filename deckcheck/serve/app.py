"""The web page of `deckcheck serve`, a Starlette application: a form to paste or upload a deck
(at most 1 MiB) and see its verdict and printable sheet, checked as the organiser's desk says; with
a registrations folder, a player registers the deck under their name, and the organiser's pages
(behind a token) list each player's current registration as it was checked, with exports. It
works without JavaScript. Card databases and events are loaded once, when the site starts."""

from __future__ import annotations

import hashlib
import json
import os
import re
from dataclasses import replace
from datetime import date
from pathlib import Path

import anyio
from jinja2 import Environment, PackageLoader, select_autoescape
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.formparsers import MultiPartException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Route

from deckcheck import __version__
from deckcheck.check import CheckOptions, check_file
from deckcheck.games import all_games
from deckcheck.loading.card_db import Databases
from deckcheck.loading.decks import DECK_SUFFIXES, sniffed_suffix
from deckcheck.loading.files import MAX_BYTES
from deckcheck.model import DeckReport
from deckcheck.registry import known_games
from deckcheck.report import html as html_report
from deckcheck.report import json_report
from deckcheck.report.text import game_and_format
from deckcheck.serve import guard
from deckcheck.serve.desk import NotOnOffer
from deckcheck.serve.registrations import PlayerRow, Registration, as_csv, by_player, export_rows, now, player_name, read_all, register
from deckcheck.serve.site import Site, site_from

FORM_OVERHEAD = 64 * 1024  # the form's other fields and multipart boundaries, beside the deck
READ_SECONDS = 30  # a request whose body has not arrived by then is answered and closed
TEMPLATES = Environment(loader=PackageLoader("deckcheck.serve", "templates"), autoescape=select_autoescape(["html"]))
NOT_REGISTERED = "not registered: tell the organiser"


class TooLarge(Exception):
    pass


def create_app(site: Site) -> Starlette:
    for game in known_games():
        site.databases.for_game(game)  # loaded now, not per request

    def page(template: str, status: int = 200, **values) -> HTMLResponse:
        values.setdefault("title", "deckcheck")
        body = TEMPLATES.get_template(template).render(
            version=__version__,
            sheet_style=html_report.STYLE,
            organiser_link="/organiser" if site.registrations is not None else "",
            **values,
        )
        return HTMLResponse(body, status_code=status)

    def form_page(status: int = 200, chosen: dict | None = None, problem: str = "") -> HTMLResponse:
        return page(
            "form.html",
            status,
            title="Check a deck",
            desk=site.desk.described(site.databases, date.today()),
            games=known_games(),
            formats=[(g.name, g.format_names(site.databases.for_game(g.name).formats)) for g in all_games()],
            registering=site.registrations is not None,
            chosen=chosen or {},
            problem=problem,
        )

    async def home(request: Request) -> HTMLResponse:
        return form_page()

    async def check(request: Request) -> Response:
        if not guard.same_site(request):
            return page("error.html", 403, title="Refused", message="A deck can be sent only from this site's own page.")
        try:
            form = await _read_form(request)
        except TooLarge:
            return _too_large(page)
        except TimeoutError:
            return page(
                "error.html", 408, title="Too slow", message=f"The deck did not arrive within {READ_SECONDS} seconds: send it again."
            )
        except MultiPartException:
            return page("error.html", 400, title="That cannot be checked", message="The form did not arrive whole: send it again.")
        chosen = {key: str(form.get(key) or "").strip() for key in ("game", "format", "as_of", "player")}
        content, shown, suffix = await _deck_of(form)
        if len(content) > MAX_BYTES:
            return _too_large(page)
        if not content.strip():
            return form_page(400, chosen, "Paste a deck or choose a file: nothing was sent to check.")
        try:
            options = site.desk.options(site.base, chosen, date.today())
        except NotOnOffer as exc:
            return page("error.html", 400, title="That cannot be checked", message=str(exc))
        report = await anyio.to_thread.run_sync(_check, content, suffix, shown, options, site.databases)
        registered = ""
        if site.registrations is not None and form.get("register") == "yes":
            registered = await anyio.to_thread.run_sync(_registered_as, site, chosen["player"], report, options, content, suffix)
        return page(
            "result.html",
            title=report.name or "Deck",
            report=report,
            checked_as=game_and_format(report),
            registered=registered,
            sheet=html_report.sheet(report, player=player_name(chosen["player"])),
        )

    async def api_check(request: Request) -> Response:
        """The JSON report of `check --output-format json` for a deck in the body, or in a form's
        `deck` field (with the form's game, format and as_of)."""
        if not guard.same_site(request):
            return JSONResponse({"error": "refused: a post from another site"}, 403)
        try:
            if request.headers.get("content-type", "").startswith(("multipart/form-data", "application/x-www-form-urlencoded")):
                form = await _read_form(request)
                chosen = {key: str(form.get(key) or "").strip() for key in ("game", "format", "as_of")}
                content, shown, suffix = await _deck_of(form)
            else:
                content, chosen, shown, suffix = await _read_body(request), dict(request.query_params), "posted deck", ""
        except TooLarge:
            return JSONResponse({"error": f"a deck may be at most {MAX_BYTES // (1024 * 1024)} MiB"}, 413)
        except TimeoutError:
            return JSONResponse({"error": f"the deck did not arrive within {READ_SECONDS} seconds"}, 408)
        except MultiPartException:
            return JSONResponse({"error": "the form did not arrive whole"}, 400)
        if not content.strip() or len(content) > MAX_BYTES:
            return JSONResponse(
                {"error": "no deck was sent" if not content.strip() else "the deck is too large"}, 400 if not content.strip() else 413
            )
        try:
            options = site.desk.options(site.base, chosen, date.today())
        except NotOnOffer as exc:
            return JSONResponse({"error": str(exc)}, 400)
        report = await anyio.to_thread.run_sync(
            _check, content, suffix or sniffed_suffix(content.decode("utf-8", "replace")), shown, options, site.databases
        )
        return Response(json_report.render([report], options.events), media_type="application/json")

    def guarded(request: Request) -> Response | None:
        """Why the organiser's pages are not shown to this request (None: they are)."""
        if site.registrations is None:
            return page("error.html", 404, title="No registrations", message="This site takes no registrations.")
        if site.token is None or not guard.holds(request, site.token):
            return page("error.html", 403, title="The organiser's pages", message="These pages need the organiser's token.")
        if guard.from_url(request):  # kept in a cookie from now on, and out of every link and history entry
            response = RedirectResponse(request.url.path, status_code=303)
            response.set_cookie(guard.COOKIE, site.token, httponly=True, samesite="strict", path="/organiser")
            return response
        return None

    async def organiser(request: Request) -> Response:
        refused = guarded(request)
        if refused is not None:
            return refused
        rows, reports = await anyio.to_thread.run_sync(_rows, site)
        return page(
            "organiser.html",
            title="Registered decks",
            desk=site.desk.described(site.databases, date.today()),
            rows=[(row, reports[row.current.deck_file]) for row in rows],
            legal=sum(reports[row.current.deck_file].legal for row in rows),
            folder=str(site.registrations),
        )

    async def folder_report(request: Request) -> Response:
        refused = guarded(request)
        if refused is not None:
            return refused
        rows, reports = await anyio.to_thread.run_sync(_rows, site)
        players = {reports[row.current.deck_file].path: row.current.player for row in rows}
        return HTMLResponse(html_report.render([reports[row.current.deck_file] for row in rows], events=site.desk.events, players=players))

    async def export(request: Request) -> Response:
        refused = guarded(request)
        if refused is not None:
            return refused
        rows, _ = await anyio.to_thread.run_sync(_rows, site)
        exported = export_rows(rows)
        if request.path_params["kind"] == "csv":
            return PlainTextResponse(as_csv(exported), media_type="text/csv; charset=utf-8")
        return JSONResponse({"registrations": exported})

    async def failed(request: Request, exc: Exception) -> Response:
        status = exc.status_code if isinstance(exc, HTTPException) else 500
        if status == 500:
            site.log(f"internal error on {request.url.path}: {type(exc).__name__}: {exc}")
        words = {404: "There is no such page.", 405: "That page is not for this kind of request."}
        return page("error.html", status, title="That did not work", message=words.get(status, "Something went wrong: try again."))

    return Starlette(
        routes=[
            Route("/", home),
            Route("/check", check, methods=["POST"]),
            Route("/api/check", api_check, methods=["POST"]),
            Route("/organiser", organiser),
            Route("/organiser/report.html", folder_report),
            Route("/organiser/registrations.{kind:str}", export),
        ],
        exception_handlers={HTTPException: failed, Exception: failed},
    )


async def _read_body(request: Request) -> bytes:
    """The body, refused past the size limit, and given up on when it has not all come in time."""
    length = request.headers.get("content-length")
    if length is not None and length.isdigit() and int(length) > MAX_BYTES + FORM_OVERHEAD:
        raise TooLarge
    body = bytearray()
    with anyio.fail_after(READ_SECONDS):
        async for chunk in request.stream():
            body += chunk
            if len(body) > MAX_BYTES + FORM_OVERHEAD:
                raise TooLarge
    return bytes(body)


async def _read_form(request: Request):
    request._body = await _read_body(request)  # the form is parsed from the bytes read, within the limit
    try:
        return await request.form(max_files=1, max_fields=20, max_part_size=MAX_BYTES + 1)
    except MultiPartException as exc:
        if "size" in str(exc).lower():
            raise TooLarge from None
        raise


async def _deck_of(form) -> tuple[bytes, str, str]:
    """The deck's bytes (an uploaded file, else the pasted text), the name shown, its suffix."""
    upload = form.get("file")
    content, shown, suffix = b"", "pasted deck", ""
    if upload is not None and getattr(upload, "filename", None):
        content = await upload.read(MAX_BYTES + 1)
        # only the last part of the name the browser sent is shown, and only its suffix used
        shown = re.split(r"[\\/]", upload.filename)[-1][:120] or "uploaded deck"
        suffix = Path(shown).suffix.lower()
    if not content:
        content = str(form.get("deck") or "").encode("utf-8")
    if suffix not in DECK_SUFFIXES:
        suffix = sniffed_suffix(content.decode("utf-8", errors="replace"))
    return content, shown, suffix


def _too_large(page) -> HTMLResponse:
    limit = MAX_BYTES // (1024 * 1024)
    return page("error.html", 413, title="That deck is too large", message=f"A deck file may be at most {limit} MiB.")


def _check(content: bytes, suffix: str, shown: str, options: CheckOptions, databases: Databases) -> DeckReport:
    # the deck's bytes are read as a file of that form would be; nothing is written anywhere
    return replace(check_file(Path(f"deck{suffix}"), options, databases, content), path=shown)


def _registered_as(site: Site, typed: str, report: DeckReport, options: CheckOptions, content: bytes, suffix: str) -> str:
    """The file the registration went to, or why there is none (the player sees it as it is)."""
    player = player_name(typed)
    if not player:
        return "not registered: write your name in the Player box"
    if site.desk.game is not None and report.game != site.desk.game:
        return f"not registered: this desk registers {site.desk.game} decks"
    record = Registration(
        player=player,
        deck_file="",
        time=now(),
        game=report.game,
        format=report.format,
        rules_version=report.rules_version,
        as_of=(options.as_of or date.today()).isoformat(),
        events=tuple(e.name for e in options.events),
        deck_name=report.name,
        legal=report.legal,
        errors=report.errors,
        warnings=report.warnings,
        sha256=hashlib.sha256(content).hexdigest(),
    )
    assert site.registrations is not None
    try:
        record = register(site.registrations, record, content, suffix)
    except OSError as exc:
        site.log(f"registration of {player!r} not written: {exc.strerror or exc}")
        return NOT_REGISTERED
    site.log(f"registered {player!r}: {record.deck_file}, {'legal' if record.legal else 'ILLEGAL'}")
    return f"registered as {record.deck_file}"


def _rows(site: Site) -> tuple[list[PlayerRow], dict[str, DeckReport]]:
    """Each player's registrations, and the report of each current one checked again as it was
    registered (again only when its file changed)."""
    assert site.registrations is not None
    rows = by_player(read_all(site.registrations))
    reports = {}
    for row in rows:
        record = row.current
        path = site.registrations / record.deck_file
        status = path.stat()
        key = (status.st_mtime_ns, status.st_size, record)
        cached = site._listed.get(record.deck_file)
        if cached is None or cached[0] != key:
            events = tuple(e for e in site.desk.events if e.name in record.events)
            options = replace(
                site.base,
                game=record.game,
                format=record.format,
                as_of=date.fromisoformat(record.as_of),
                events=events,
            )
            site._listed[record.deck_file] = (key, replace(check_file(path, options, site.databases), path=record.deck_file))
        reports[record.deck_file] = site._listed[record.deck_file][1]
    return rows, reports


SETTINGS = "DECKCHECK_SERVE"  # the environment variable a worker process reads its site from


def site_settings(**settings) -> str:
    """What `deckcheck serve --workers N` hands each worker process (checked by the command first)."""
    return json.dumps({key: str(value) if isinstance(value, Path) else value for key, value in settings.items()}, default=str)


def app_from_environment() -> Starlette:
    """A worker process's application: its own session, opened from the command's choices as the
    command opened its own."""
    return create_app(site_from(json.loads(os.environ[SETTINGS])))
