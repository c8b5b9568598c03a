"""What is worked out from a card list once and kept in the cache (loading/cache.py), under a
key that changes with the list's files, the rules' data (versions and dictionaries) and the code
that works the result out, so that none of them changes unseen."""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path
from typing import Any

from deckcheck.loading import cache as entries
from deckcheck.loading import resources
from deckcheck.loading.card_db import CardDatabase
from deckcheck.records import record


@record
class Kept:
    """A result of `kind` worked out from `database` for the rules or dictionary `version` by the
    modules `code`, as the cache keeps it. A list made in memory has no files to key it by (a
    test's few cards): its results are worked out each time, never kept."""

    kind: str
    database: CardDatabase
    version: str
    code: tuple[Path, ...]

    def load(self) -> Any | None:
        return entries.load(self._key()) if self.database.files else None

    def store(self, data: Any) -> None:
        if self.database.files:
            entries.store(self._key(), data)

    def _key(self) -> bytes:
        digest = hashlib.sha256(f"{self.kind}\0{self.database.sha256}\0{self.version}\0".encode())
        digest.update(_data_and_code(self.code))
        return digest.hexdigest().encode()


@cache
def _data_and_code(code: tuple[Path, ...]) -> bytes:
    # read once a process: each result kept asks for it
    digest = hashlib.sha256()
    for path in sorted(resources.format_rules_folder("redemption").glob("*.yaml")) + list(code):
        digest.update(path.read_bytes())
    return digest.digest()
