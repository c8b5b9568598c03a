"""Reading what a browser or a client sends: a body refused past the size limit and given up on
when it has not all come in time, a form parsed from those bytes, the deck in a form."""

from __future__ import annotations

import re
from pathlib import Path
from typing import NamedTuple
from urllib.parse import parse_qs

import anyio
from starlette.datastructures import FormData
from starlette.exceptions import HTTPException
from starlette.formparsers import MultiPartException
from starlette.requests import ClientDisconnect, Request

from deckcheck.loading.decks import DECK_SUFFIXES, sniffed_suffix
from deckcheck.loading.files import MAX_BYTES

FORM_OVERHEAD = 64 * 1024  # the form's other fields and multipart boundaries, beside the deck
READ_SECONDS = 30  # a request whose body has not arrived by then is answered and closed


class TooLarge(Exception):
    """A body past the size limit (answered 413)."""


class Unreadable(Exception):
    """A form that did not arrive whole or as a form (answered 400)."""


class Gone(Exception):
    """The client left before its request arrived whole (an abandoned upload): nobody to answer."""


async def read_body(request: Request) -> bytes:
    """The body, refused past the size limit, and given up on when it has not all come in time."""
    length = request.headers.get("content-length")
    if length is not None and length.isdigit() and int(length) > MAX_BYTES + FORM_OVERHEAD:
        raise TooLarge
    body = bytearray()
    try:
        with anyio.fail_after(READ_SECONDS):
            async for chunk in request.stream():
                body += chunk
                if len(body) > MAX_BYTES + FORM_OVERHEAD:
                    raise TooLarge
    except ClientDisconnect:
        raise Gone from None
    return bytes(body)


async def read_form(request: Request) -> FormData:
    request._body = await read_body(request)  # the form is parsed from the bytes read, within the limit
    try:
        return await request.form(max_files=1, max_fields=20, max_part_size=MAX_BYTES + 1)
    except (MultiPartException, HTTPException) as exc:  # Starlette wraps the first in the second inside an app
        said = str(getattr(exc, "detail", None) or getattr(exc, "message", None) or exc)
        if "size" in said.lower():  # a part past the limit: a pasted deck of more than 1 MiB
            raise TooLarge from None
        raise Unreadable(said) from None


async def sent_to_api(request: Request) -> tuple[dict[str, str], SentDeck]:
    """What a program sent the API: a form (multipart, or URL-encoded with a `deck` field), with
    its game, format and as_of; else the body is the deck, with those in the query. curl's
    --data-binary sends a file's bytes labelled as a URL-encoded form: a body of no `deck` field is
    the deck, however it is labelled."""
    kind = request.headers.get("content-type", "")
    if kind.startswith("multipart/form-data"):
        form = await read_form(request)
        return _chosen(form), await deck_of(form)
    body = await read_body(request)
    if kind.startswith("application/x-www-form-urlencoded") and _has_deck_field(body):
        request._body = body  # the form is parsed from the bytes read, within the limit
        form = await request.form(max_fields=20)
        return _chosen(form), await deck_of(form)
    return dict(request.query_params), SentDeck(body, "posted deck", "")


def _has_deck_field(body: bytes) -> bool:
    try:
        return "deck" in parse_qs(body.decode("utf-8", "replace"), max_num_fields=20)
    except ValueError:  # more fields than a form of ours has: a deck's own text
        return False


def _chosen(form: FormData) -> dict[str, str]:
    return {key: str(form.get(key) or "").strip() for key in ("game", "format", "as_of")}


class SentDeck(NamedTuple):
    """A deck as sent: its bytes (an uploaded file, else the pasted text), the name it is shown
    by, and the suffix it is read as."""

    content: bytes
    shown: str
    suffix: str


async def deck_of(form: FormData) -> SentDeck:
    """The deck a form sent."""
    upload = form.get("file")
    content, shown, suffix = b"", "pasted deck", ""
    if upload is not None and not isinstance(upload, str) and upload.filename:
        content = await upload.read(MAX_BYTES + 1)
        # only the last part of the name the browser sent is shown, and only its suffix used
        shown = re.split(r"[\\/]", upload.filename)[-1][:120] or "uploaded deck"
        suffix = Path(shown).suffix.lower()
    if not content:
        content = str(form.get("deck") or "").encode("utf-8")
    if suffix not in DECK_SUFFIXES:
        suffix = sniffed_suffix(content.decode("utf-8", errors="replace"))
    return SentDeck(content, shown, suffix)
