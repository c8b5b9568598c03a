"""The organiser's pages, behind the token: the registered decks, checked again as each was
registered, their printable report, and the exports."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, date, datetime
from pathlib import Path

import anyio
from starlette.datastructures import FormData
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, RedirectResponse, Response

from deckcheck import __version__
from deckcheck.fingerprint import fingerprint
from deckcheck.model import DeckReport, Finding, Severity
from deckcheck.report import html as html_report
from deckcheck.rules.common import PARSE
from deckcheck.serve import guard
from deckcheck.serve.pages import Pages
from deckcheck.serve.reading import SentDeck
from deckcheck.serve.registrations import (
    PlayerRow,
    Registration,
    as_csv,
    by_player,
    deck_of,
    everyone,
    export_rows,
    look_alikes,
    read_all,
    withdrawn,
)
from deckcheck.serve.site import Site
from deckcheck.serve.store import Store
from deckcheck.serve.window import closed_at, shown


async def guarded(pages: Pages, request: Request) -> Response | None:
    """Why the organiser's pages are not shown to this request (None: they are). A wrong token is
    answered after a delay that grows with each one its sender sends in a row."""
    site = pages.site
    if site.registrations is None:
        return pages.error(404, "No registrations", "This site takes no registrations.")
    sender = request.client.host if request.client else ""
    if site.token is None or not guard.holds(request, site.token, site.port):
        if guard.offered(request, site.port):  # a guess (a first visit offers none and waits for nothing)
            await site.wrong_tokens.wrong(sender)
        return pages.error(403, "The organiser's pages", "These pages need the organiser's token.")
    site.wrong_tokens.right(sender)
    if guard.from_url(request):  # kept in a cookie from now on, and out of every link and history entry
        response = RedirectResponse(request.url.path, status_code=303)
        response.set_cookie(guard.cookie_name(site.port), site.token, httponly=True, samesite="strict", path="/organiser")
        return response
    return None


async def guarded_form(pages: Pages, request: Request) -> tuple[FormData | None, Response | None]:
    """A form the organiser posted from this site's page, or the page that says why it is not taken."""
    refused = await guarded(pages, request)
    if refused is not None:
        return None, refused
    return await pages.posted(request)


async def organiser(pages: Pages, request: Request) -> Response:
    refused = await guarded(pages, request)
    if refused is not None:
        return refused
    site = pages.site
    records = await anyio.to_thread.run_sync(read_all, _store(site))
    rows, reports = await _rows(site, records=records)
    rules_of, flips = await _flips(site, request, reports, records)
    return pages.page(
        "organiser.html",
        withdrawn=withdrawn(records),
        rules_of=rules_of,
        flips=flips,
        players={row.current.deck_file: row.current.player for row in rows},  # who each flipping list is
        window=_window(site),
        title="Registered decks",
        desk=site.desk.described(site.databases, date.today()),
        rows=[
            (row, reports[row.current.deck_file], fingerprint(reports[row.current.deck_file].cards), _since(site, row.current))
            for row in rows
        ],
        look_alikes=look_alikes(row.current.player for row in rows),
        legal=sum(reports[row.current.deck_file].legal for row in rows),
        folder=str(site.registrations),
    )


def _window(site: Site) -> dict[str, str | None]:
    """Whether registration is open, and the time it closed or closes."""
    closed = closed_at(site.store, site.close_at, datetime.now(UTC))
    return {"closed": shown(closed) if closed else None, "closes": shown(site.close_at) if site.close_at and not closed else None}


async def folder_report(pages: Pages, request: Request) -> Response:
    refused = await guarded(pages, request)
    if refused is not None:
        return refused
    rows, reports = await _rows(pages.site)
    players = {reports[row.current.deck_file].path: row.current.player for row in rows}
    decks = [reports[row.current.deck_file] for row in rows]
    return HTMLResponse(html_report.render(decks, events=pages.site.desk.events, players=players))


async def export(pages: Pages, request: Request) -> Response:
    refused = await guarded(pages, request)
    if refused is not None:
        return refused
    store = _store(pages.site)
    exported = export_rows(await anyio.to_thread.run_sync(lambda: everyone(read_all(store))))  # withdrawals too: the history
    if request.path_params["kind"] == "csv":
        return PlainTextResponse(as_csv(exported), media_type="text/csv; charset=utf-8")
    return JSONResponse({"registrations": exported})


async def _rows(
    site: Site, rules_of: date | None = None, records: list[Registration] | None = None
) -> tuple[list[PlayerRow], dict[str, DeckReport]]:
    """Each player's registrations, and the report of each current one checked again as it was
    registered (once: a registration is never changed), in the same time-limited workers as a player's
    check: a dozen large registered decks no longer hold the serving process. `rules_of`: checked
    by the rules in force on that date instead (what a rules change would do); `records`: the
    folder's, where the caller has read them already."""
    store = site.store
    if store is None:
        return [], {}
    rows = by_player(records) if records is not None else await anyio.to_thread.run_sync(lambda: by_player(read_all(store)))
    reports: dict[str, DeckReport] = {}

    async def checked_again(record: Registration) -> None:
        key = (record, rules_of)
        cached = site._listed.get((record.deck_file, rules_of))
        if cached is not None and cached[0] == key:
            reports[record.deck_file] = cached[1]
            return
        events = tuple(e for e in site.desk.events if e.name in record.events)
        as_of = rules_of or date.fromisoformat(record.as_of)
        options = replace(site.base, game=record.game, format=record.format, as_of=as_of, events=events)
        content = await anyio.to_thread.run_sync(deck_of, store, record.deck_file)
        sent = SentDeck(content, record.deck_file, Path(record.deck_file).suffix.lower())
        report = await site.checks.report(sent, options, site.databases, organiser=True)
        if report is None:
            site.log(f"stopped checking {record.deck_file} again after {site.checks.seconds:g} s")
            reports[record.deck_file] = _stopped(record, site.checks.seconds)
            return
        site._listed[(record.deck_file, rules_of)] = (key, report)
        reports[record.deck_file] = report

    async with anyio.create_task_group() as group:
        for row in rows:
            group.start_soon(checked_again, row.current)
    return rows, reports


async def _flips(
    site: Site, request: Request, now: dict[str, DeckReport], records: list[Registration]
) -> tuple[str, dict[str, DeckReport] | None]:
    """`?rules_of=DATE`: each current registration checked by the rules in force on DATE, where
    its verdict would differ from today's (the date as asked, and those reports by deck file;
    None for what is not a date)."""
    asked = request.query_params.get("rules_of", "").strip()
    try:
        then = date.fromisoformat(asked) if asked else None
    except ValueError:
        return asked, None
    if then is None:
        return "", {}
    _, reports = await _rows(site, then, records)
    return asked, {name: report for name, report in reports.items() if name in now and report.legal != now[name].legal}


def _since(site: Site, record: Registration) -> str:
    """What changed since a registration, where its verdict now differs from the one the player saw."""
    changes = []
    now = site.databases.for_game(record.game).described if record.game else None
    if record.card_list and now and record.card_list != now:
        changes.append(f"another card list (then {record.card_list}; now {now})")
    if record.version and record.version != __version__:
        changes.append(f"deckcheck {__version__} (then {record.version})")
    if not record.card_list:
        changes.append("a card list or deckcheck version this older registration did not record")
    return "checked again with " + " and ".join(changes) if changes else "checked again under the same settings"


def _store(site: Site) -> Store:
    store = site.store
    assert store is not None  # guarded() answered 404 first
    return store


def _stopped(record: Registration, seconds: float) -> DeckReport:
    said = f"checking it again was stopped after {seconds:g} seconds: no deck of any game takes that long"
    stopped = Finding(PARSE.id, Severity.ERROR, said)
    return DeckReport(record.deck_file, record.game, record.format, record.deck_name, {}, (stopped,), checked=False)
