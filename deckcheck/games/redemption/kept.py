"""What is worked out from a card list once and kept in the cache (loading/cache.py): the key
such a result is kept under. It changes with the list's files, the rules' data (versions and
dictionaries) and the code that works the result out, so that none of them changes unseen."""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path

from deckcheck.loading import resources
from deckcheck.loading.card_db import CardDatabase


def kept_key(kind: str, database: CardDatabase, version: str, code: list[Path]) -> bytes:
    """The cache key of `kind` (what is kept) worked out from `database` for the rules or
    dictionary `version`, by the modules `code`."""
    digest = hashlib.sha256(f"{kind}\0{database.sha256}\0{version}\0".encode())
    digest.update(_data_and_code(tuple(code)))
    return digest.hexdigest().encode()


@cache
def _data_and_code(code: tuple[Path, ...]) -> bytes:
    # read once a process: each result kept asks for it
    digest = hashlib.sha256()
    for path in sorted(resources.format_rules_folder("redemption").glob("*.yaml")) + list(code):
        digest.update(path.read_bytes())
    return digest.digest()
