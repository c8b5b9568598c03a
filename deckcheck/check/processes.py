"""Checking a folder's decks in several processes: how many, and how.

On Linux the workers are forked from the command that found the decks: they start with its
databases, options and remembered names already loaded, and each checks a run of consecutive
decks, sending the reports back in order. Elsewhere (macOS and Windows start workers afresh) only
an explicit --jobs uses processes, each loading the card databases once.
"""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import NamedTuple

from deckcheck.check.options import CheckOptions
from deckcheck.loading.card_db import Databases, load_databases
from deckcheck.model import DeckReport

# A folder of fewer decks is checked in this process: starting workers and sending reports back
# costs more than they save (about 0.7 ms of checking a deck against some 20 ms of start).
PARALLEL_FROM = 200
MOST_WORKERS = 8
DECKS_A_BATCH = 50  # a worker's reports travel back together (the rules they share pickled once)

CheckFile = Callable[[Path, CheckOptions, Databases], DeckReport]


class Checker(NamedTuple):
    """What checks a deck: the options for its path, the databases, and the check itself."""

    options_for: Callable[[Path], CheckOptions]
    databases: Databases
    check: CheckFile

    def __call__(self, path: Path) -> DeckReport:
        return self.check(path, self.options_for(path), self.databases)


def workers_for(decks: int, jobs: int | None) -> int:
    """The processes to check `decks` decks in: `jobs` when asked, else one per core free for a
    large folder on a system that forks. Free is measured before forking: the cores this process
    may use less the machine's load (the run queue's average over the last minute). A worker on a
    core that is busy only shares it, and the reports' travel back makes the check slower than one
    process (18% on a 2-core machine with one core busy)."""
    if jobs is not None:
        return min(jobs, decks)
    if decks < PARALLEL_FROM or not _forks():
        return 1
    return max(1, min(_free_cores(), MOST_WORKERS))


def _free_cores() -> int:
    cores = _cores()
    return min(cores, round(cores - _load()))


def _load() -> float:
    try:
        return os.getloadavg()[0]
    except OSError:  # not known here: take every core as free, as before the load was read
        return 0.0


def check_in_processes(files: Sequence[Path], checker: Checker, workers: int, card_db: tuple[Path, ...]) -> Iterator[DeckReport]:
    """The reports of `files` in `workers` processes, in the order of `files`; `card_db` is what
    a worker that is not forked loads its databases from."""
    if _forks():
        yield from _forked(files, checker, workers)
    else:
        yield from _started(files, checker, workers, card_db)


def _forked(files: Sequence[Path], checker: Checker, workers: int) -> Iterator[DeckReport]:
    """This process checks the first share itself while forked workers check the rest."""
    # only here: their imports cost every other run; the executor, unlike multiprocessing's Pool,
    # fails instead of waiting for ever when a worker dies
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    global _INHERITED
    first = len(files) // workers
    _INHERITED = checker
    # what is alive now (the card data above all) is left out of the collector's passes, in the
    # workers and here: each pass over it wrote to every object's memory, which a forked worker
    # then copied page by page (a 1,000-deck check took 10% longer)
    gc.freeze()
    try:
        with ProcessPoolExecutor(workers - 1, mp_context=multiprocessing.get_context("fork")) as pool:
            done = pool.map(_check_forked, _batches(files[first:]))
            for path in files[:first]:
                yield checker(path)
            for reports in done:
                yield from reports
    finally:
        _INHERITED = None
        gc.unfreeze()


def _started(files: Sequence[Path], checker: Checker, workers: int, card_db: tuple[Path, ...]) -> Iterator[DeckReport]:
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    tasks = [[(path, checker.options_for(path)) for path in batch] for batch in _batches(files)]
    spawn = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(workers, mp_context=spawn, initializer=_start_worker, initargs=(card_db, checker.check)) as pool:
        for reports in pool.map(_check_started, tasks):
            yield from reports


def _batches(files: Sequence[Path]) -> list[Sequence[Path]]:
    return [files[i : i + DECKS_A_BATCH] for i in range(0, len(files), DECKS_A_BATCH)]


def _forks() -> bool:
    return sys.platform.startswith("linux")


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))  # the cores this process may use (a CI container's share)
    except AttributeError:
        return os.cpu_count() or 1


# What a forked worker inherits from the command that forked it: set only while the pool runs.
_INHERITED: Checker | None = None


def _check_forked(batch: Sequence[Path]) -> list[DeckReport]:
    if _INHERITED is None:
        raise RuntimeError("a forked worker checks decks only with what check_in_processes gave it")
    return [_INHERITED(path) for path in batch]


# A started (not forked) worker's databases, loaded once from the --card-db paths.
_STARTED: tuple[Databases, CheckFile] | None = None


def _start_worker(card_db: tuple[Path, ...], check: CheckFile) -> None:
    global _STARTED
    _STARTED = (Databases(load_databases(card_db)), check)


def _check_started(batch: list[tuple[Path, CheckOptions]]) -> list[DeckReport]:
    if _STARTED is None:
        raise RuntimeError("a worker checks decks only after _start_worker has loaded its databases")
    databases, check = _STARTED
    return [check(path, options, databases) for path, options in batch]
