"""Withdrawing a registration: by the player, who proves it is theirs with the withdrawal code
they alone were shown on registering (wrong codes from a sender answered ever later), or by the
organiser from the list. The withdrawal is kept in the history
(registrations.withdraw); a player who registers again counts again."""

from __future__ import annotations

from functools import partial

import anyio
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from deckcheck.serve.organiser import guarded_form
from deckcheck.serve.pages import Pages
from deckcheck.serve.registrations import CannotWithdraw, player_name, withdraw


async def by_player(pages: Pages, request: Request) -> Response:
    form, refused = await pages.posted(request)
    if form is None:
        return refused  # type: ignore[return-value]  # one of the two is set
    folder = pages.site.registrations
    if folder is None:
        return pages.error(404, "No registrations", "This site takes no registrations.")
    player, code = str(form.get("player") or ""), str(form.get("code") or "")
    sender = request.client.host if request.client else "an unknown address"
    try:
        record = await anyio.to_thread.run_sync(partial(withdraw, folder, player, "player", code))
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
    folder = pages.site.registrations
    assert folder is not None  # guarded() answered 404 first
    try:
        record = await anyio.to_thread.run_sync(partial(withdraw, folder, str(form.get("player") or ""), "organiser"))
    except CannotWithdraw as exc:
        return pages.error(400, "Not withdrawn", str(exc))
    pages.site.log(f"the organiser withdrew {record.player!r}: {record.deck_file}")
    return RedirectResponse("/organiser", status_code=303)
