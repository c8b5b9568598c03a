"""What a player sends: a deck to check (the form's page, or the JSON API), and to register."""

from __future__ import annotations

import hashlib
from datetime import UTC, date, datetime
from typing import NamedTuple

import anyio
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response

from deckcheck import __version__
from deckcheck.check import CheckOptions
from deckcheck.fingerprint import fingerprint
from deckcheck.loading.decks import sniffed_suffix
from deckcheck.loading.files import MAX_BYTES
from deckcheck.model import DeckReport
from deckcheck.report import html as html_report
from deckcheck.report import json_report
from deckcheck.report.text import game_and_format
from deckcheck.serve import guard, reading
from deckcheck.serve.desk import NotOnOffer
from deckcheck.serve.pages import Pages
from deckcheck.serve.registrations import Registration, invisible_in, now, player_name, register, withdrawal_code
from deckcheck.serve.site import Site
from deckcheck.serve.store import StoreProblem
from deckcheck.serve.window import closed_at, shown

NOT_REGISTERED = "not registered: tell the organiser"
# a name given, Register left unticked: the verdict alone must not read as a registration
NOT_TICKED = "not registered: only checked (tick Register and check again to register this deck)"
_TOO_LONG = (
    "the deck was still being checked after {seconds:g} seconds and was stopped; no deck of any game takes that long: "
    "check what was pasted or uploaded"
)


def closing(response: Response) -> Response:
    """An answer after which the connection is closed: a client whose body is too large or too slow
    would otherwise keep it open as long as it trickles the rest in."""
    response.headers["connection"] = "close"
    return response


async def home(pages: Pages, request: Request) -> HTMLResponse:
    return pages.form()


async def check(pages: Pages, request: Request) -> Response:
    """The form sent: the deck's verdict and printable sheet, and its registration if asked."""
    site = pages.site
    if not guard.same_site(request):
        return pages.error(403, "Refused", "A deck can be sent only from this site's own page.")
    try:
        form = await reading.read_form(request)
    except reading.TooLarge:
        return closing(pages.too_large())
    except TimeoutError:
        return closing(pages.error(408, "Too slow", f"The deck did not arrive within {reading.READ_SECONDS} seconds: send it again."))
    except reading.Unreadable:
        return pages.error(400, "That cannot be checked", "The form did not arrive whole: send it again.")
    except reading.Gone:
        return closing(Response(status_code=400))
    chosen = {key: str(form.get(key) or "").strip() for key in ("game", "format", "as_of", "player")}
    sent = await reading.deck_of(form)
    if len(sent.content) > MAX_BYTES:
        return closing(pages.too_large())
    if not sent.content.strip():
        return pages.form(400, chosen, "Paste a deck or choose a file: nothing was sent to check.")
    try:
        options = site.desk.options(site.base, chosen, date.today())
    except NotOnOffer as exc:
        return pages.error(400, "That cannot be checked", str(exc))
    report = await site.checks.report(sent, options, site.databases)
    if report is None:
        site.log(f"stopped the check of {sent.shown} after {site.checks.seconds:g} s")
        return pages.error(503, "Too long to check", _TOO_LONG.format(seconds=site.checks.seconds))
    registered = ""
    if site.registrations is not None and form.get("register") == "yes":
        who = Who(chosen["player"], request.client.host if request.client else "an unknown address")
        registered = await anyio.to_thread.run_sync(_registered_as, site, who, report, options, sent)
    elif site.registrations is not None and chosen["player"].strip():
        registered = NOT_TICKED
    # rendered in a thread too: the page of a deck of thousands of findings takes as long as its check
    event = ", ".join(e.name for e in options.events)
    return await anyio.to_thread.run_sync(_result_page, pages, report, registered, chosen["player"], event)


def _result_page(pages: Pages, report: DeckReport, registered: str, player: str, event: str) -> HTMLResponse:
    return pages.page(
        "result.html",
        title=report.name or "Deck",
        report=report,
        checked_as=game_and_format(report),
        registered=registered,
        fingerprint=fingerprint(report.cards),
        sheet=html_report.sheet(report, player=player_name(player), event=event),
    )


NO_DECK = (
    "no deck was sent: send it as the request body (curl --data-binary @deck.txt URL), as a form's `deck` field, "
    "or as a file uploaded as `file` (curl -F file=@deck.txt URL)"
)


async def api_check(pages: Pages, request: Request) -> Response:
    """The JSON report of `check --output-format json` for a deck sent as the body (with `?game=`,
    `?format=`, `?as_of=`), as a form's `deck` field or as a file uploaded as `file` (with the
    form's game, format and as_of)."""
    site = pages.site
    if not guard.same_site(request):
        return JSONResponse({"error": "refused: a post from another site"}, 403)
    try:
        chosen, sent = await reading.sent_to_api(request)
    except reading.TooLarge:
        return closing(JSONResponse({"error": f"a deck may be at most {MAX_BYTES // (1024 * 1024)} MiB"}, 413))
    except TimeoutError:
        return closing(JSONResponse({"error": f"the deck did not arrive within {reading.READ_SECONDS} seconds"}, 408))
    except reading.Unreadable:
        return JSONResponse({"error": "the form did not arrive whole"}, 400)
    except reading.Gone:
        return closing(Response(status_code=400))
    if not sent.content.strip():
        return JSONResponse({"error": NO_DECK}, 400)
    if len(sent.content) > MAX_BYTES:
        return closing(JSONResponse({"error": "the deck is too large"}, 413))
    try:
        options = site.desk.options(site.base, chosen, date.today())
    except NotOnOffer as exc:
        return JSONResponse({"error": str(exc)}, 400)
    if not sent.suffix:
        sent = sent._replace(suffix=sniffed_suffix(sent.content.decode("utf-8", "replace")))
    report = await site.checks.report(sent, options, site.databases)
    if report is None:
        site.log(f"stopped the check of {sent.shown} (API) after {site.checks.seconds:g} s")
        return JSONResponse({"error": _TOO_LONG.format(seconds=site.checks.seconds)}, 503)
    body = await anyio.to_thread.run_sync(json_report.render, [report], options.events)
    return Response(body, media_type="application/json")


class Who(NamedTuple):
    """Who registers: the name they typed, and the address they sent it from."""

    typed: str
    address: str


def _registered_as(site: Site, who: Who, report: DeckReport, options: CheckOptions, sent: reading.SentDeck) -> str:
    """The file the registration went to, or why there is none (the player sees it as it is); the
    organiser's terminal says who registered from which address."""
    player = player_name(who.typed)
    if not player:
        return "not registered: write your name in the Player box"
    hidden = invisible_in(player)
    if hidden is not None:
        return f"not registered: your name holds a character that is not seen ({hidden}): type it again"
    if site.desk.game is not None and report.game != site.desk.game:
        return f"not registered: this desk registers {site.desk.game} decks"
    store = site.store
    if store is None:
        return NOT_REGISTERED
    try:
        closed = closed_at(store, site.close_at, datetime.now(UTC))
    except StoreProblem as exc:
        site.log(f"registration of {player!r} not kept: {exc}")
        return NOT_REGISTERED
    if closed is not None:
        return f"not registered: registration closed at {shown(closed)}; the list you registered before stands"
    if site.legal_only and not report.legal:
        return "not registered: this event registers legal lists only; mend the errors above and send it again"
    code, code_sha256 = withdrawal_code()
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
        sha256=hashlib.sha256(sent.content).hexdigest(),
        fingerprint=fingerprint(report.cards),
        card_list=site.databases.for_game(report.game).described if report.game else None,
        version=__version__,
        code_sha256=code_sha256,
    )
    try:
        record = register(store, record, sent.content, sent.suffix)
    except StoreProblem as exc:
        site.log(f"registration of {player!r} not kept: {exc}")
        return NOT_REGISTERED
    site.log(f"registered {player!r} from {who.address}: {record.deck_file}, {'legal' if record.legal else 'ILLEGAL'}")
    return (
        f"registered as {record.deck_file}, fingerprint {record.fingerprint}; your withdrawal code is {code} "
        "(keep it: it alone withdraws this registration, and no one else is shown it)"
    )
