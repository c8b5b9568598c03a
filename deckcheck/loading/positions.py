"""Tables of where cards are in their database: a key -> the position of the one card it names,
or the positions of several. Most keys name one card, kept as a number: a list for each would be
most of the time the cache takes to read a table of a 5,680-card list back (kept_lists.py).

The cache keeps a table in buckets (`bucketed`), each key in the bucket a hash of it chooses, and
`KeptTable` reads a bucket the first time a key of it is asked for. A check looks up a few dozen
names in six tables of thousands of keys: making every table whole was 5 ms of a one-deck check's
140, and the buckets its names fall in are a few hundred microseconds. A table is made whole only
for what goes through every key (suggesting names for a typo, a name written without accents).
"""

from __future__ import annotations

import hashlib
import marshal
from collections.abc import ItemsView, Iterator, KeysView, Mapping, ValuesView
from typing import Any

Found = int | list[int]


def each(found: Found | None) -> list[int]:
    """The positions a table gives for a key: none, one or several."""
    return [] if found is None else [found] if isinstance(found, int) else found


def add(table: dict[str, Found], key: str, position: int) -> None:
    found = table.get(key)
    if found is None:
        table[key] = position
    elif isinstance(found, int):
        table[key] = [found, position]
    else:
        found.append(position)


KEYS_IN_A_BUCKET = 16  # on average: a bucket is read in microseconds, and the table of buckets is small


def _bucket(key: str, buckets: int) -> int:
    # a hash that is the same in every process (str's own is not: Python seeds it per process)
    return int.from_bytes(hashlib.blake2b(key.encode("utf-8", "surrogatepass"), digest_size=8).digest(), "little") % buckets


def bucketed(table: Mapping[str, Any]) -> bytes:
    """A table as the cache keeps it, for KeptTable to read: its length and its buckets, each the
    bytes marshal writes of the keys that fall in it."""
    buckets: list[dict[str, Any]] = [{} for _ in range(max(1, len(table) // KEYS_IN_A_BUCKET))]
    for key, value in table.items():
        buckets[_bucket(key, len(buckets))][key] = value
    return marshal.dumps([len(table), [marshal.dumps(bucket) for bucket in buckets]])


class KeptTable(Mapping[str, Any]):
    """A table the cache kept (`bucketed`), each bucket read the first time a key of it is asked for."""

    def __init__(self, kept: bytes | memoryview):
        size, buckets = marshal.loads(kept)
        if not isinstance(size, int) or not isinstance(buckets, list) or not buckets:
            raise ValueError("not a table kept in buckets")
        self._size, self._buckets = size, buckets
        self._read: dict[int, dict[str, Any]] = {}  # two threads of `serve` may both read a bucket: alike
        self._whole: dict[str, Any] | None = None

    def _bucket_of(self, key: str) -> dict[str, Any]:
        return self._bucket_at(_bucket(key, len(self._buckets)))

    def _bucket_at(self, at: int) -> dict[str, Any]:
        found = self._read.get(at)
        if found is None:
            found = self._read[at] = marshal.loads(self._buckets[at])
        return found

    def get(self, key: str, default: Any = None) -> Any:
        return self._bucket_of(key).get(key, default) if isinstance(key, str) else default

    def __getitem__(self, key: str) -> Any:
        return self._bucket_of(key)[key]

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and key in self._bucket_of(key)

    def __iter__(self) -> Iterator[str]:
        return iter(self.whole())

    def __len__(self) -> int:
        return self._size

    def keys(self) -> KeysView[str]:
        return self.whole().keys()

    def items(self) -> ItemsView[str, Any]:  # (Mapping's would look each key up, bucket by bucket)
        return self.whole().items()

    def values(self) -> ValuesView[Any]:
        return self.whole().values()

    def whole(self) -> dict[str, Any]:
        if self._whole is None:
            whole: dict[str, Any] = {}  # made whole before it is shared between threads
            for at in range(len(self._buckets)):
                whole.update(self._bucket_at(at))
            self._whole = whole
        return self._whole


class Tables:
    """Named tables, each given as it is or as the bytes the cache keeps (`bucketed`), read a
    bucket at a time: a check reads the buckets the names of its deck fall in."""

    def __init__(self, tables: Mapping[str, Mapping[str, Any] | bytes | memoryview]):
        self._tables = dict(tables)

    def __getitem__(self, name: str) -> Mapping[str, Any]:
        table = self._tables[name]
        if isinstance(table, bytes | memoryview):  # two threads of `serve` may both read it: alike
            table = self._tables[name] = KeptTable(table)
        return table

    def __contains__(self, name: str) -> bool:
        return name in self._tables

    def add(self, name: str, table: Mapping[str, Any]) -> None:
        """A table built whole (before it is shared between threads)."""
        self._tables[name] = table

    def kept(self) -> dict[str, Mapping[str, Any]]:
        """Every table as it is: what the cache keeps."""
        return {name: self[name] for name in self._tables}
