"""A cache of parsed, validated card database files, so that a 5,692-card database does not make
every check slow. An entry is keyed by the file's content hash and deckcheck's version (a new
schema comes with a new version), stored as JSON in the user's cache folder, and written with a
rename so that a crash never leaves half an entry. An entry that is missing, stale, unreadable or
malformed is ignored: the file is then read and checked as if there were no cache.

`DECKCHECK_CACHE_DIR` chooses the folder; `DECKCHECK_NO_CACHE=1` turns the cache off.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from deckcheck import __version__
from deckcheck.loading.files import UnreadableFile, read_limited

MAX_ENTRY = 64 * 1024 * 1024    # an entry stands for a file of at most 1 MiB


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


def load(content: bytes) -> Any | None:
    where = folder()
    if where is None:
        return None
    try:
        return json.loads(read_limited(where / f"{key(content)}.json", MAX_ENTRY))
    except (UnreadableFile, ValueError, RecursionError):
        return None


def store(content: bytes, data: Any) -> None:
    where = folder()
    if where is None:
        return
    temporary = None
    try:
        where.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=where, prefix=".entry-", suffix=".tmp")
        with os.fdopen(handle, "w", encoding="utf-8") as entry:
            json.dump(data, entry, ensure_ascii=False)
        os.replace(temporary, where / f"{key(content)}.json")
    except OSError:  # a cache that cannot be written is no cache, not an error
        if temporary and os.path.exists(temporary):
            os.unlink(temporary)
