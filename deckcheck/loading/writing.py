"""Writing a file whole or not at all: a new file beside the target, written and synced, then
renamed over it, so that a crash or a full disk leaves the old file (or none) and never half a
file. `fmt`'s decks, the page's registrations and the cache's entries are all written here."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomically(path: Path, content: bytes, prefix: str = ".deckcheck-", sync: bool = True, claim: bool = False) -> bool:
    """`content` as the file at `path`, which keeps its permissions if it exists (0644 for a new
    file). The temporary name is short whatever the target's (a 250-character name leaves no room
    for more). Raises OSError, leaving nothing behind, when the folder cannot take it.

    With `claim`, a file already at `path` is never replaced: the new one is linked there (which
    fails, as nothing else can, where another file is) and False returned where the name was
    taken, by anyone, even a moment before (two registrations of one name at once)."""
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=prefix, suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as new:
            new.write(content)
            if sync:
                new.flush()
                os.fsync(new.fileno())
        os.chmod(temporary, path.stat().st_mode & 0o7777 if path.exists() else 0o644)
        if not claim:
            os.replace(temporary, path)
            return True
        try:
            os.link(temporary, path)
        except FileExistsError:
            return False
        finally:
            os.unlink(temporary)
        return True
    except BaseException:
        if os.path.exists(temporary):
            os.unlink(temporary)
        raise
