"""The judges' page, behind the organiser's token (`/organiser/judges`): the deck presented at the
table compared with a player's current registration (as `deckcheck compare`), and the deck-check
log (as `deckcheck deck-checks`): draw players at random, record each check, export the log."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import date
from functools import partial
from pathlib import Path
from typing import TypeVar

import anyio
from starlette.datastructures import FormData
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response

from deckcheck.check import CheckOptions
from deckcheck.check.compare import CannotCompare, Comparison, compare_decks
from deckcheck.report.comparison import verdict
from deckcheck.serve import deck_checks, reading
from deckcheck.serve.organiser import guarded, guarded_form
from deckcheck.serve.pages import Pages
from deckcheck.serve.registrations import Registration, by_player, deck_of, read_all, same_player
from deckcheck.serve.site import Site
from deckcheck.serve.store import Store

N = TypeVar("N")  # what a form field is read as (an int, a date)


async def page(pages: Pages, request: Request) -> Response:
    refused = await guarded(pages, request)
    return refused or await _page(pages)


async def draw(pages: Pages, request: Request) -> Response:
    form, refused = await guarded_form(pages, request)
    if form is None:
        return refused  # type: ignore[return-value]  # one of the two is set
    store = _store(pages.site)
    try:
        count, share, seed = _number(form, "count", int), _number(form, "share", float), _number(form, "seed", int)
        share = share / 100 if share is not None else None  # the form asks for a percentage
        drawn = await anyio.to_thread.run_sync(partial(deck_checks.draw, store, count, share, seed, form.get("again") == "yes"))
    except (deck_checks.NoSuchDraw, ValueError) as exc:
        return await _page(pages, problem=str(exc), status=400)
    return await _page(pages, message=f"Drawn with seed {drawn.seed}: {', '.join(drawn.players)}")


async def record(pages: Pages, request: Request) -> Response:
    form, refused = await guarded_form(pages, request)
    if form is None:
        return refused  # type: ignore[return-value]
    said = {name: str(form.get(name) or "") for name in ("judge", "result", "note", "round", "table", "penalty")}
    checked = deck_checks.Checked(**said)
    try:
        entry = await anyio.to_thread.run_sync(partial(deck_checks.record, _store(pages.site), str(form.get("player") or ""), checked))
    except deck_checks.NoSuchDraw as exc:
        return await _page(pages, problem=str(exc), status=400)
    flagged = " (registered again after being drawn: the list checked is the later one)" if entry.registered_after_draw else ""
    return await _page(pages, message=f"Recorded: {entry.player}, {entry.result}, by {entry.judge}{flagged}")


async def export(pages: Pages, request: Request) -> Response:
    refused = await guarded(pages, request)
    if refused is not None:
        return refused
    rows = deck_checks.export_rows(await anyio.to_thread.run_sync(deck_checks.read_log, _store(pages.site)))
    if request.path_params["kind"] == "csv":
        return PlainTextResponse(deck_checks.as_csv(rows), media_type="text/csv; charset=utf-8")
    return JSONResponse({"deck_checks": rows})


async def compare(pages: Pages, request: Request) -> Response:
    """The deck presented at the table against the player's current registration."""
    form, refused = await guarded_form(pages, request)
    if form is None:
        return refused  # type: ignore[return-value]
    site = pages.site
    current = _current(site, str(form.get("player") or ""))
    if current is None:
        return await _page(pages, problem="Choose a registered player to compare with.", status=400)
    sent = await reading.deck_of(form)
    if not sent.content.strip():
        return await _page(pages, problem="Paste or upload the deck presented at the table.", status=400)
    registered = await anyio.to_thread.run_sync(deck_of, _store(site), current.deck_file)
    events = tuple(e for e in site.desk.events if e.name in current.events)
    as_of = date.fromisoformat(current.as_of)

    def options_for(path: Path) -> CheckOptions:
        return replace(site.base, game=current.game, format=current.format, as_of=as_of, events=events)

    presented = Path(f"presented at the table{sent.suffix}")
    try:
        comparison = await anyio.to_thread.run_sync(
            partial(compare_decks, Path(current.deck_file), presented, options_for, site.databases, (registered, sent.content))
        )
    except CannotCompare as exc:
        return await _page(pages, problem=str(exc), status=400)
    return await _page(pages, comparison=comparison, compared_player=current.player)


async def _page(pages: Pages, status: int = 200, comparison: Comparison | None = None, **values: object) -> Response:
    store = _store(pages.site)
    rows = await anyio.to_thread.run_sync(lambda: by_player(read_all(store)))
    log = deck_checks.export_rows(await anyio.to_thread.run_sync(deck_checks.read_log, store))
    return pages.page(
        "judges.html",
        status,
        title="Judges",
        players=[row.current.player for row in rows],
        log=log,
        comparison=comparison,
        said=verdict(comparison) if comparison else "",
        **values,
    )


def _current(site: Site, player: str) -> Registration | None:
    wanted = same_player(" ".join(player.split()))
    rows = by_player(read_all(_store(site)))
    return next((row.current for row in rows if wanted and same_player(row.current.player) == wanted), None)


def _store(site: Site) -> Store:
    store = site.store
    if store is None:  # guarded() answered 404 first
        raise LookupError("this site takes no registrations")
    return store


def _number(form: FormData, name: str, kind: Callable[[str], N]) -> N | None:
    text = str(form.get(name) or "").strip()
    if not text:
        return None
    try:
        return kind(text)
    except ValueError:
        raise ValueError(f"{name}: {text!r} is not a number") from None
