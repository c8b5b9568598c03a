"""Who may see the organiser's pages, which posts the page takes, and which Host it answers.

The token is compared in constant time, taken from the URL (`?token=`) and then kept in an
HttpOnly, SameSite=Strict cookie named for this server's port (two desks on one laptop are two
servers, and a browser keeps cookies per host, not per port), so that no link carries it and no
other site's page can send it; a token in the URL is read before the cookie, so that a cookie
another run left cannot lock the organiser out. Each wrong token costs its sender a delay that
grows with each one. A form posted from another site's page is refused by its Origin header, and
the site answers only its own Host (a page of another name that resolves to this address, DNS
rebinding, gets 421), which the Origin check relies on."""

from __future__ import annotations

import hmac
import ipaddress
import secrets
from urllib.parse import urlsplit

import anyio
from starlette.requests import Request

COOKIE = "deckcheck_organiser"
SHORTEST_TOKEN = 16  # characters: guessed at thousands a second, a shorter one falls in days
WILDCARDS = ("0.0.0.0", "::", "")
MOST_DELAY = 8.0  # seconds a sender of wrong tokens waits at most for each answer


def new_token() -> str:
    return secrets.token_urlsafe(18)


def usable(token: str | None) -> bool:
    return token is None or bool(token.strip())


def cookie_name(port: int) -> str:
    return f"{COOKIE}_{port}"


def holds(request: Request, token: str, port: int) -> bool:
    """Whether the request carries the organiser's token: in the URL, else as a script sends it
    (`Authorization: Bearer TOKEN`), else in this server's cookie."""
    given = _given(request, port)
    return hmac.compare_digest(given.encode("utf-8"), token.encode("utf-8"))


def offered(request: Request, port: int) -> bool:
    """Whether the request offers a token at all, in the URL, a Bearer header or this server's cookie."""
    return bool(_given(request, port))


def _given(request: Request, port: int) -> str:
    scheme, _, bearer = request.headers.get("authorization", "").partition(" ")
    from_header = bearer.strip() if scheme.lower() == "bearer" else ""
    return request.query_params.get("token") or from_header or request.cookies.get(cookie_name(port)) or ""


def from_url(request: Request) -> bool:
    """The token came in the URL of a page a browser shows: answer with a redirect that sets the
    cookie and drops it. An export (`.csv`, `.json`) is answered at once: a script such as
    `curl '.../registrations.csv?token=...'` keeps no cookie."""
    return "token" in request.query_params and not request.url.path.endswith((".csv", ".json"))


class WrongGuesses:
    """Wrong secrets (the organiser's token, a player's withdrawal code) by sender, in a row: the
    answer to each waits delay_after of their number; a right one forgets the sender."""

    MOST_SENDERS = 10_000  # senders remembered: a flood of addresses empties the memory, not the disk

    def __init__(self) -> None:
        self._wrong: dict[str, int] = {}

    async def wrong(self, sender: str) -> None:
        count = self._wrong[sender] = self._wrong.get(sender, 0) + 1
        if len(self._wrong) > self.MOST_SENDERS:
            self._wrong.clear()
        await anyio.sleep(delay_after(count))

    def right(self, sender: str) -> None:
        self._wrong.pop(sender, None)


def delay_after(wrong: int) -> float:
    """How long the answer to a sender's `wrong`-th wrong token waits: a quarter of a second,
    doubling, at most MOST_DELAY (a person's typo costs nothing; a guesser thousands of hours)."""
    return min(MOST_DELAY, 0.25 * 2 ** max(0, wrong - 1)) if wrong else 0.0


def same_site(request: Request) -> bool:
    """A post from this site's own page, or from no page (a script, curl): not from another site."""
    origin = request.headers.get("origin")
    if origin is None:
        return True
    # the page's own host as the browser saw it: behind a proxy, the host it forwarded
    hosts = {request.headers.get(name, "").lower() for name in ("host", "x-forwarded-host")} - {""}
    return urlsplit(origin).netloc.lower() in hosts  # "null" has none


def host_name(header: str) -> str:
    """The name of a Host header, without its port: `desk.local:8000` -> desk.local, `[::1]:80` -> ::1."""
    header = header.strip().lower()
    if header.startswith("["):
        return header[1 : header.find("]")] if "]" in header else ""
    return header.rsplit(":", 1)[0] if header.count(":") == 1 else header


def allowed_host(header: str, listening: str, allowed: frozenset[str]) -> bool:
    """Whether a request's Host is this site's: `localhost`, a loopback address, the address it
    listens on (any address, where it listens on all of them), or a name given with --allowed-host.
    Any other name is one this site was not asked to answer: a page of that name may resolve to
    this address to reach it from a browser (DNS rebinding)."""
    name = host_name(header)
    if not name:
        return False
    if name == "localhost" or name in allowed or name == listening.lower():
        return True
    try:
        address = ipaddress.ip_address(name)
    except ValueError:
        return False
    return address.is_loopback or listening in WILDCARDS
