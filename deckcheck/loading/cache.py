"""A cache of parsed, validated card database files, so that a 5,692-card database does not make
every check slow. An entry is keyed by the file's content hash, deckcheck's version (a new schema
comes with a new version) and the Python that wrote it, stored in the user's cache folder, and
written with a rename so that a crash never leaves half an entry. What is worked out from a whole
card list is kept the same way, keyed by what it depends on; an entry of parts (store_parts: a
whole list, its cards and indexes, kept_lists.py) keeps bytes its reader parses a part at a time.

An entry is only trusted when deckcheck wrote it: each one carries an HMAC of its bytes, made with
a key that only the user can read (`key` in the cache folder, mode 0600, owned by the user), and
the hash of the file it stands for. An entry that is missing, stale, truncated, unreadable, of
another shape, moved from another file or edited by anyone else (however well shaped) fails those
checks and is ignored: the file is then read and checked as if there were no cache, and the entry
written again. (Validating each entry against the card database schema instead would cost more
than reading the file: over a second for the full Redemption list.)

Data is kept as `marshal` writes it, once made what JSON would give back (lists, string keys):
marshal is read without importing anything and faster than any JSON reader, which mattered for a
one-deck check (a JSON reader's import was 3 ms of its 140). marshal is not for bytes a stranger
wrote; these are read only once their HMAC holds, so only bytes deckcheck wrote are. An entry is
mapped rather than read (files.mapped): a check of one deck reads a few dozen of the 5,680 cards
of the Redemption list's entry, and copying the whole 3 MB into memory and then into its parts was
most of the time a check spent on the card list, in page faults as much as in copies.

`DECKCHECK_CACHE_DIR` chooses the folder; `DECKCHECK_NO_CACHE=1` turns the cache off.
"""

from __future__ import annotations

import hashlib
import hmac
import marshal
import os
import stat
import sys
from pathlib import Path
from typing import Any

from deckcheck import __version__
from deckcheck.loading.files import UnreadableFile, mapped

MAX_ENTRY = 64 * 1024 * 1024  # an entry stands for a file of at most 1 MiB
KEY_BYTES = 32
# how entries are written, with the Python writing them (marshal's format is its own): another is another key
FORMAT = f"marshal {marshal.version} {sys.implementation.cache_tag}".encode()
_PARTS = b"parts\n"  # the start of an entry of parts; a marshalled entry starts with a tuple's code
_UNREADABLE = (ValueError, EOFError, TypeError, IndexError, RecursionError)  # what marshal raises on bytes of another shape


def folder() -> Path | None:
    if os.environ.get("DECKCHECK_NO_CACHE"):
        return None
    chosen = os.environ.get("DECKCHECK_CACHE_DIR")
    if chosen:
        return Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or (Path.home() / ".cache")
    return Path(base) / "deckcheck"


def key(content: bytes) -> str:
    return hashlib.sha256(FORMAT + b"\0" + __version__.encode() + b"\0" + content).hexdigest()


def _secret(where: Path, create: bool) -> bytes | None:
    """The user's cache key, made on first use; None when the file there is not one only this
    user could have written (then nothing in that folder is trusted)."""
    path = where / "key"
    if create and not path.exists():
        try:
            where.mkdir(parents=True, exist_ok=True)
            descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
            with os.fdopen(descriptor, "wb") as handle:
                import secrets  # here, as writing below: a warm cache is only read

                handle.write(secrets.token_bytes(KEY_BYTES))
        except FileExistsError:
            pass  # another run made it first: read theirs
        except OSError:
            return None
    try:
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return None
    with os.fdopen(descriptor, "rb") as handle:
        status = os.fstat(handle.fileno())
        mine = not hasattr(os, "getuid") or status.st_uid == os.getuid()
        if not stat.S_ISREG(status.st_mode) or not mine or status.st_mode & 0o077:
            return None
        secret = handle.read(KEY_BYTES + 1)
    return secret if len(secret) == KEY_BYTES else None


def _mac(secret: bytes, body: bytes | memoryview) -> str:
    return hmac.new(secret, body, hashlib.sha256).hexdigest()


def load(content: bytes) -> Any | None:
    """The data stored for `content`, or None when there is none that can be trusted."""
    body = _trusted_body(content)
    if body is None or body[: len(_PARTS)] == _PARTS:
        return None
    try:
        kind, source, data = marshal.loads(body)
    except _UNREADABLE:
        return None
    return data if kind == "entry" and source == hashlib.sha256(content).hexdigest() else None


def load_parts(content: bytes) -> list[memoryview] | None:
    """The parts stored for `content` (store_parts), as the bytes they were, or None when there
    are none that can be trusted. The caller parses each part when it needs it; each is a view
    of the mapped entry, copied by nothing until it is parsed."""
    body = _trusted_body(content)
    if body is None or body[: len(_PARTS)] != _PARTS:
        return None
    at = len(_PARTS) + 8
    size = int.from_bytes(body[len(_PARTS) : at], "little")
    try:
        kind, source, lengths = marshal.loads(body[at : at + size])
    except _UNREADABLE:
        return None
    rest = body[at + size :]
    if kind != "parts" or source != hashlib.sha256(content).hexdigest():
        return None
    if not isinstance(lengths, list) or not all(isinstance(n, int) and n >= 0 for n in lengths) or sum(lengths) != len(rest):
        return None
    parts, start = [], 0
    for length in lengths:
        parts.append(rest[start : start + length])
        start += length
    return parts


def store(content: bytes, data: Any) -> None:
    _write(content, marshal.dumps(("entry", hashlib.sha256(content).hexdigest(), as_json_gives(data))))


def store_parts(content: bytes, parts: list[bytes]) -> None:
    """Keep `parts` for `content`, each as it is: after a header of their lengths."""
    header = marshal.dumps(("parts", hashlib.sha256(content).hexdigest(), [len(part) for part in parts]))
    _write(content, b"".join([_PARTS, len(header).to_bytes(8, "little"), header, *parts]))


def as_json_gives(data: Any) -> Any:
    """`data` as JSON would give it back (lists for tuples, keys as strings): what an entry holds,
    whether or not it was written in JSON."""
    import json  # here: only entries written need it

    return json.loads(json.dumps(data, ensure_ascii=False))


def _trusted_body(content: bytes) -> memoryview | None:
    """The body of the entry for `content`, if deckcheck wrote it (its MAC holds)."""
    where = folder()
    if where is None:
        return None
    secret = _secret(where, create=False)
    if secret is None:
        return None
    try:
        raw = mapped(where / f"{key(content)}.entry", MAX_ENTRY)
    except UnreadableFile:
        return None
    newline = bytes(raw[:100]).find(b"\n")
    if newline < 0:
        return None
    body = raw[newline + 1 :]
    return body if hmac.compare_digest(bytes(raw[:newline]), _mac(secret, body).encode()) else None


def _write(content: bytes, body: bytes) -> None:
    where = folder()
    if where is None:
        return
    secret = _secret(where, create=True)
    if secret is None:
        return
    from deckcheck.loading.writing import write_atomically  # here: tempfile and shutil, only to write

    if len(body) >= MAX_ENTRY:
        return  # it would never be read back (a card list of many large files): not written each run
    try:  # not synced: a cache entry lost to a crash is written again
        write_atomically(where / f"{key(content)}.entry", _mac(secret, body).encode() + b"\n" + body, prefix=".entry-", sync=False)
    except OSError:  # a cache that cannot be written is no cache, not an error
        pass
