"""Who may see the organiser's pages, and which posts the page takes.

The token is compared in constant time, taken once from the URL (`?token=`) and then kept in an
HttpOnly, SameSite=Strict cookie, so that no link carries it and no other site's page can send it;
a form posted from another site's page is refused by its Origin header."""

from __future__ import annotations

import hmac
import secrets
from urllib.parse import urlsplit

from starlette.requests import Request

COOKIE = "deckcheck_organiser"


def new_token() -> str:
    return secrets.token_urlsafe(18)


def usable(token: str | None) -> bool:
    return token is None or bool(token.strip())


def holds(request: Request, token: str) -> bool:
    """Whether the request carries the organiser's token, in the cookie or the URL."""
    given = request.cookies.get(COOKIE) or request.query_params.get("token") or ""
    return hmac.compare_digest(given.encode("utf-8"), token.encode("utf-8"))


def from_url(request: Request) -> bool:
    """The token came in the URL: answer with a redirect that sets the cookie and drops it."""
    return "token" in request.query_params


def same_site(request: Request) -> bool:
    """A post from this site's own page, or from no page (a script, curl): not from another site."""
    origin = request.headers.get("origin")
    if origin is None:
        return True
    # the page's own host as the browser saw it: behind a proxy, the host it forwarded
    hosts = {request.headers.get(name, "").lower() for name in ("host", "x-forwarded-host")} - {""}
    return urlsplit(origin).netloc.lower() in hosts  # "null" has none
