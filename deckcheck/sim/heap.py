"""The C heap kept through a goldfish run, for numpy's arrays.

Each batch of games makes and frees arrays of about a megabyte (a shuffle's keys, its order, each
deck's draw order). glibc gives memory that size back to the system when it is freed and takes
it again for the next batch, one page fault for every 4 KB: up to a fifth of a sweep's time, and
more or less of it from one run to the next, as the other allocations fall around them. Asked to
keep up to 64 MB of freed heap and to serve blocks up to 32 MB from the heap, glibc gives each
batch the memory the last one freed. The process keeps that memory until it ends: a run's arrays
are a few megabytes. Where the C library is not glibc (it has no mallopt), nothing is done.
"""

from __future__ import annotations

import functools

_M_TRIM_THRESHOLD = -1  # glibc's malloc.h
_M_MMAP_THRESHOLD = -3
KEPT = 64 << 20  # freed heap kept for the next batch
SERVED = 32 << 20  # the largest block served from the heap rather than mapped on its own


@functools.cache
def keep_freed_memory() -> bool:
    """Whether glibc now keeps freed memory for the next batch (once a process)."""
    import ctypes  # here: only a goldfish run needs it

    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError, TypeError):  # no C library to ask, or one without mallopt (macOS, Windows)
        return False
    mallopt.argtypes, mallopt.restype = [ctypes.c_int, ctypes.c_int], ctypes.c_int
    return bool(mallopt(_M_TRIM_THRESHOLD, KEPT)) and bool(mallopt(_M_MMAP_THRESHOLD, SERVED))
