"""A cache of parsed, validated card database files, so that a 5,692-card database does not make
every check slow. An entry is keyed by the file's content hash and deckcheck's version (a new
schema comes with a new version), stored as JSON in the user's cache folder, and written with a
rename so that a crash never leaves half an entry. What is worked out from a whole card list is kept
the same way, keyed by what it depends on; an entry of parts (store_parts: a whole list, its cards
and indexes, kept_lists.py) keeps bytes its reader parses a part at a time, not JSON at once.

An entry is only trusted when deckcheck wrote it: each one carries an HMAC of its bytes, made with
a key that only the user can read (`key` in the cache folder, mode 0600, owned by the user), and
the hash of the file it stands for. An entry that is missing, stale, truncated, not JSON, too deep,
of another shape, moved from another file or edited by anyone else (however well shaped) fails
those checks and is ignored: the file is then read and checked as if there were no cache, and the
entry written again. (Validating each entry against the card database schema instead would cost
more than reading the file: over a second for the full Redemption list.)

`DECKCHECK_CACHE_DIR` chooses the folder; `DECKCHECK_NO_CACHE=1` turns the cache off.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import stat
from pathlib import Path
from typing import Any

import orjson

from deckcheck import __version__
from deckcheck.loading.files import UnreadableFile, read_limited

MAX_ENTRY = 64 * 1024 * 1024  # an entry stands for a file of at most 1 MiB
KEY_BYTES = 32


def folder() -> Path | None:
    if os.environ.get("DECKCHECK_NO_CACHE"):
        return None
    chosen = os.environ.get("DECKCHECK_CACHE_DIR")
    if chosen:
        return Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or (Path.home() / ".cache")
    return Path(base) / "deckcheck"


def key(content: bytes) -> str:
    return hashlib.sha256(__version__.encode() + b"\0" + content).hexdigest()


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


def _mac(secret: bytes, body: bytes) -> str:
    return hmac.new(secret, body, hashlib.sha256).hexdigest()


def load(content: bytes) -> Any | None:
    """The data stored for `content`, or None when there is none that can be trusted."""
    body = _trusted_body(content)
    if body is None:
        return None
    try:
        # orjson reads an entry in two thirds of the time (2 MB for the full Redemption list); what
        # it refuses that json wrote (NaN, a number past 64 bits) is no entry: the file is read again
        entry = orjson.loads(body)
    except (ValueError, RecursionError):
        return None
    if not isinstance(entry, dict) or entry.get("source") != hashlib.sha256(content).hexdigest():
        return None
    return entry.get("data")


def load_parts(content: bytes) -> list[bytes] | None:
    """The parts stored for `content` (store_parts), as the bytes they were, or None when there
    are none that can be trusted. The caller parses each part when it needs it."""
    body = _trusted_body(content)
    if body is None:
        return None
    header, _, rest = body.partition(b"\n")
    try:
        head = orjson.loads(header)
    except ValueError:
        return None
    lengths = head.get("parts") if isinstance(head, dict) and head.get("source") == hashlib.sha256(content).hexdigest() else None
    if not isinstance(lengths, list) or not all(isinstance(n, int) and n >= 0 for n in lengths) or sum(lengths) != len(rest):
        return None
    parts, start = [], 0
    for length in lengths:
        parts.append(rest[start : start + length])
        start += length
    return parts


def store(content: bytes, data: Any) -> None:
    _write(content, json.dumps({"source": hashlib.sha256(content).hexdigest(), "data": data}, ensure_ascii=False).encode())


def store_parts(content: bytes, parts: list[bytes]) -> None:
    """Keep `parts` for `content`, each as it is: a header line of their lengths, then the parts."""
    header = json.dumps({"source": hashlib.sha256(content).hexdigest(), "parts": [len(part) for part in parts]}).encode()
    _write(content, b"\n".join([header, b"".join(parts)]))


def _trusted_body(content: bytes) -> bytes | None:
    """The body of the entry for `content`, if deckcheck wrote it (its MAC holds)."""
    where = folder()
    if where is None:
        return None
    secret = _secret(where, create=False)
    if secret is None:
        return None
    try:
        raw = read_limited(where / f"{key(content)}.json", MAX_ENTRY)
    except UnreadableFile:
        return None
    mac, _, body = raw.partition(b"\n")
    return body if hmac.compare_digest(mac, _mac(secret, body).encode()) else None


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
        write_atomically(where / f"{key(content)}.json", _mac(secret, body).encode() + b"\n" + body, prefix=".entry-", sync=False)
    except OSError:  # a cache that cannot be written is no cache, not an error
        pass
