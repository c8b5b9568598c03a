"""Reading a file a stranger may have named: only a regular file, its size checked before a byte
is read, and never a wait. A FIFO, a device (`/dev/zero`), a folder or a socket is refused at
once; a 1 GiB sparse file is refused by its size, not read whole first.

The file is opened without blocking (a FIFO would otherwise wait for a writer forever), then its
open descriptor is checked, so that a file swapped for a FIFO between the check and the open is
still refused.
"""

from __future__ import annotations

import mmap
import os
import stat
from pathlib import Path
from typing import BinaryIO

MAX_BYTES = 1024 * 1024


class UnreadableFile(Exception):
    """Why a file cannot be read, in words for the person who named it."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def _kind(mode: int) -> str:
    for test, name in (
        (stat.S_ISDIR, "a folder"),
        (stat.S_ISFIFO, "a FIFO (named pipe)"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISSOCK, "a socket"),
    ):
        if test(mode):
            return name
    return "not a regular file"


def _opened(path: Path, limit: int | None) -> tuple[int, int]:
    """A descriptor of the regular file at `path`, and its size, at most `limit` bytes (None: any
    size); UnreadableFile otherwise. It is open without blocking: that changes nothing for a regular file."""
    try:
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise UnreadableFile(f"cannot read: {exc.strerror or exc}") from None
    try:
        status = os.fstat(descriptor)
        if not stat.S_ISREG(status.st_mode):
            raise UnreadableFile(f"cannot read: {_kind(status.st_mode)}, not a regular file")
        if limit is not None and status.st_size > limit:
            raise UnreadableFile(f"file is larger than the {limit // (1024 * 1024)} MiB limit")
    except BaseException:
        os.close(descriptor)
        raise
    return descriptor, status.st_size


def open_regular(path: Path, limit: int | None = MAX_BYTES) -> BinaryIO:
    """A binary file object of the regular file at `path`, at most `limit` bytes long (None: any
    size); UnreadableFile otherwise."""
    descriptor, _ = _opened(path, limit)
    try:
        if hasattr(os, "set_blocking"):
            os.set_blocking(descriptor, True)
        return os.fdopen(descriptor, "rb")
    except BaseException:
        os.close(descriptor)
        raise


def mapped(path: Path, limit: int) -> memoryview:
    """The bytes of the regular file at `path`, at most `limit`, mapped rather than read: what is
    sliced from it is copied alone, and pages no one reads are never copied at all. Only for
    files deckcheck writes by renaming a whole new file over the old (its cache): a mapping of a
    file cut short in place would fail as its lost pages are read."""
    descriptor, size = _opened(path, limit)
    try:
        if not size:
            return memoryview(b"")
        return memoryview(mmap.mmap(descriptor, size, access=mmap.ACCESS_READ))
    except (OSError, ValueError) as exc:
        raise UnreadableFile(f"cannot read: {getattr(exc, 'strerror', None) or exc}") from None
    finally:
        os.close(descriptor)


def read_head(path: Path, size: int) -> bytes:
    """The first `size` bytes of the regular file at `path` (all of it when shorter), whatever its
    length; UnreadableFile when it is not one."""
    descriptor, _ = _opened(path, None)
    try:
        return _read_up_to(descriptor, size)
    finally:
        os.close(descriptor)


def read_limited(path: Path, limit: int = MAX_BYTES) -> bytes:
    """The bytes of the regular file at `path`, refusing one over `limit` (checked before reading,
    and again while reading, for a file that grows)."""
    descriptor, size = _opened(path, limit)
    try:
        # the size it has and a byte more, not the limit: a read of 1 MiB allocates 1 MiB, which
        # was most of reading a deck of a few kilobytes; a file that has grown is read on
        data = _read_up_to(descriptor, size + 1)
        if len(data) > size:
            data += _read_up_to(descriptor, limit + 1 - len(data))
    finally:
        os.close(descriptor)
    if len(data) > limit:
        raise UnreadableFile(f"file is larger than the {limit // (1024 * 1024)} MiB limit")
    return data


def _read_up_to(descriptor: int, size: int) -> bytes:
    """Up to `size` bytes from `descriptor`: fewer only at the end of the file. The descriptor's
    own reads, without a buffered file object around them: a deck folder reads thousands of
    small files, and the object was most of reading one."""
    chunks = []
    left = size
    try:
        while left > 0:
            chunk = os.read(descriptor, left)
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as exc:
        raise UnreadableFile(f"cannot read: {exc.strerror or exc}") from None
    return chunks[0] if len(chunks) == 1 else b"".join(chunks)
