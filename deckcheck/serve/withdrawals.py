"""Withdrawing a registration: by the player, who proves it is theirs with the withdrawal code
they alone were shown on registering (wrong codes from a sender answered ever later), or by the
organiser from the list. The withdrawal is kept in the history
(registrations.withdraw); a player who registers again counts again."""

from __future__ import annotations

from datetime import UTC, datetime
from functools import partial

import anyio
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from deckcheck.serve.organiser import guarded_form
from deckcheck.serve.pages import Pages
from deckcheck.serve.registrations import CannotWithdraw, player_name, withdraw
from deckcheck.serve.store import Store
from deckcheck.serve.window import close_now, closed_at, shown


async def by_player(pages: Pages, request: Request) -> Response:
    form, refused = await pages.posted(request)
    if form is None:
        return refused  # type: ignore[return-value]  # one of the two is set
    store = pages.site.store
    if store is None:
        return pages.error(404, "No registrations", "This site takes no registrations.")
    player, code = str(form.get("player") or ""), str(form.get("code") or "")
    sender = request.client.host if request.client else "an unknown address"
    closed = closed_at(store, pages.site.close_at, datetime.now(UTC))
    if closed is not None:  # the lists are locked: a deck check draws from them as they were
        return pages.form(400, {"player": player}, f"Not withdrawn: registration closed at {shown(closed)}; ask the organiser.")
    try:
        record = await anyio.to_thread.run_sync(partial(withdraw, store, player, "player", code))
    except CannotWithdraw as exc:
        pages.site.log(f"withdrawal of {player_name(player)!r} refused from {sender}: {exc}")
        await pages.site.wrong_codes.wrong(sender)  # each wrong code from a sender answered later than the last
        return pages.form(400, {"player": player}, f"Not withdrawn: {exc}.")
    pages.site.wrong_codes.right(sender)
    pages.site.log(f"{record.player!r} withdrew {record.deck_file} from {sender}")
    return pages.form(200, {}, notice=f"Withdrawn: {record.player}'s registration ({record.deck_file}) no longer counts.")


async def by_organiser(pages: Pages, request: Request) -> Response:
    form, refused = await guarded_form(pages, request)
    if form is None:
        return refused  # type: ignore[return-value]
    try:
        record = await anyio.to_thread.run_sync(partial(withdraw, _store(pages), str(form.get("player") or ""), "organiser"))
    except CannotWithdraw as exc:
        return pages.error(400, "Not withdrawn", str(exc))
    pages.site.log(f"the organiser withdrew {record.player!r}: {record.deck_file}")
    return RedirectResponse("/organiser", status_code=303)


async def close(pages: Pages, request: Request) -> Response:
    """The organiser closes registration now (their page's button): the lists are locked."""
    form, refused = await guarded_form(pages, request)
    if form is None:
        return refused  # type: ignore[return-value]
    when = await anyio.to_thread.run_sync(close_now, _store(pages), datetime.now(UTC))
    pages.site.log(f"the organiser closed registration at {shown(when)}")
    return RedirectResponse("/organiser", status_code=303)


def _store(pages: Pages) -> Store:
    store = pages.site.store
    assert store is not None  # guarded() answered 404 first
    return store
