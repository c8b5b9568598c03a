"""Checking deck files: one (check_file), or every deck under some paths, in this process or in
several (check_paths), the reports in the same order either way."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from pathlib import Path

from deckcheck.check.ambiguity import judge
from deckcheck.check.options import CheckOptions
from deckcheck.check.reading import load_deck
from deckcheck.check.report import every_format, report_of
from deckcheck.escaping import display_path
from deckcheck.loading.card_db import Databases, load_databases
from deckcheck.loading.decks import STDIN, find_decks
from deckcheck.model import DeckReport


def check_paths(
    paths: Iterable[Path], options_for: Callable[[Path], CheckOptions], databases: Databases, jobs: int = 1, card_db: tuple[Path, ...] = ()
) -> Iterator[DeckReport]:
    """Every deck under `paths`, in a stable order. With jobs > 1 the decks are checked in that
    many processes, each loading the databases from `card_db` once; the reports come back in the
    same order as a serial run's."""
    files = list(find_decks(paths))
    if jobs <= 1 or len(files) < 2 or STDIN in files:  # standard input is this process's
        for path in files:
            yield check_file(path, options_for(path), databases)
        return
    from concurrent.futures import ProcessPoolExecutor  # only here: multiprocessing costs every other run its import

    tasks = [(path, options_for(path)) for path in files]
    with ProcessPoolExecutor(max_workers=jobs, initializer=_start_worker, initargs=(card_db,)) as pool:
        yield from pool.map(_check_in_worker, tasks, chunksize=max(1, len(tasks) // (jobs * 4)))


_WORKER_DATABASES: Databases | None = None


def _start_worker(card_db: tuple[Path, ...]) -> None:
    global _WORKER_DATABASES
    _WORKER_DATABASES = Databases(load_databases(card_db))


def _check_in_worker(task: tuple[Path, CheckOptions]) -> DeckReport:
    path, options = task
    if _WORKER_DATABASES is None:
        raise RuntimeError("a worker checks decks only after _start_worker has loaded its databases")
    return check_file(path, options, _WORKER_DATABASES)


def check_file(path: Path, options: CheckOptions, databases: Databases, content: bytes | None = None) -> DeckReport:
    """The report of the deck at `path`, or of `content` (a deck's bytes, `path` naming its form)."""
    loaded = load_deck(path, options, databases, content)
    if loaded.deck is not None:
        loaded.findings.extend(judge(loaded, options.ignore))
    report = report_of(display_path(path), loaded, options.ignore)
    if options.all_formats and loaded.deck is not None:
        # the formats a deck is legal in first: "where can I play this?" is the question asked
        report = replace(report, formats=tuple(sorted(every_format(loaded, options), key=lambda v: not v.legal)))
    return report
