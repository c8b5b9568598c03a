"""The web page of `deckcheck serve`, a Starlette application: a form to paste or upload a deck
(at most 1 MiB) and see its verdict and printable sheet, checked as the organiser's desk says; with
a registrations folder, a player registers the deck under their name, and the organiser's pages
(behind a token) list each player's current registration as it was checked, with exports. It
works without JavaScript. Card databases and events are loaded once, when the site starts.

player.py answers the player's requests, organiser.py the organiser's, pages.py renders them,
reading.py reads what is sent."""

from __future__ import annotations

import os
import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager

import anyio
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from deckcheck.registry import known_games
from deckcheck.serve import guard, judges, organiser, player, withdrawals
from deckcheck.serve.pages import Pages
from deckcheck.serve.site import ServeSettings, Site, site_from
from deckcheck.serve.slow_clients import ClosingUnread

Handler = Callable[[Pages, Request], Awaitable[Response]]


SWITCH_SECONDS = 0.001  # how long a thread may keep the interpreter before the others get a turn


def serving_process() -> None:
    """Set up the process that serves the page (the command's, or each worker's). Checks run in
    processes of their own (checking.py); pages, exports and registrations are made in threads
    beside the event loop: at Python's default switch interval (5 ms) each of the many turns a
    request takes through the loop waits for such a thread, and the page of a deck of thousands
    of findings holds every other player's request while it is made."""
    sys.setswitchinterval(SWITCH_SECONDS)


def create_app(site: Site) -> Starlette:
    for game in known_games():
        site.databases.for_game(game)  # loaded now, not per request
    pages = Pages(site)

    def route(path: str, handler: Handler, methods: list[str] | None = None) -> Route:
        async def endpoint(request: Request) -> Response:
            if not guard.allowed_host(request.headers.get("host", ""), site.host, site.allowed_hosts):
                return pages.error(421, "Not this site", "This server answers its own address only (--allowed-host adds a name).")
            return await handler(pages, request)

        return Route(path, endpoint, methods=methods)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        # the check workers start and read the databases while the page is already served
        async with anyio.create_task_group() as group:
            group.start_soon(site.checks.warm, site.databases)
            yield
            group.cancel_scope.cancel()

    return Starlette(
        lifespan=lifespan,
        routes=[
            route("/", player.home),
            route("/check", player.check, ["POST"]),
            route("/api/check", player.api_check, ["POST"]),
            route("/withdraw", withdrawals.by_player, ["POST"]),
            route("/organiser/withdraw", withdrawals.by_organiser, ["POST"]),
            route("/organiser/close", withdrawals.close, ["POST"]),
            route("/organiser", organiser.organiser),
            route("/organiser/report.html", organiser.folder_report),
            route("/organiser/registrations.{kind:str}", organiser.export),
            route("/organiser/judges", judges.page),
            route("/organiser/judges/compare", judges.compare, ["POST"]),
            route("/organiser/judges/draw", judges.draw, ["POST"]),
            route("/organiser/judges/record", judges.record, ["POST"]),
            route("/organiser/judges/deck-checks.{kind:str}", judges.export),
        ],
        exception_handlers={HTTPException: pages.failed, Exception: pages.failed},
        middleware=[Middleware(ClosingUnread)],
    )


SETTINGS = "DECKCHECK_SERVE"  # the environment variable a worker process reads its site from


def app_from_environment() -> Starlette:
    """A worker process's application: its own session, opened from the command's choices as the
    command opened its own."""
    serving_process()
    return create_app(site_from(ServeSettings.from_json(os.environ[SETTINGS])))
