"""Checking deck files: one (check_file), or every deck under some paths, in this process or in
several (check_paths), the reports in the same order either way."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from pathlib import Path

from deckcheck.check.ambiguity import judge
from deckcheck.check.options import CheckOptions
from deckcheck.check.processes import Checker, check_in_processes, workers_for
from deckcheck.check.reading import load_deck
from deckcheck.check.report import every_format, report_of
from deckcheck.escaping import display_path
from deckcheck.loading.card_db import Databases
from deckcheck.loading.decks import STDIN, find_decks
from deckcheck.model import START, DeckReport, Finding
from deckcheck.rules.common import SKIPPED_FILE


def check_paths(
    paths: Iterable[Path],
    options_for: Callable[[Path], CheckOptions],
    databases: Databases,
    jobs: int | None = 1,
    card_db: tuple[Path, ...] = (),
) -> Iterator[DeckReport]:
    """Every deck under `paths`, in a stable order. With jobs > 1 the decks are checked in that
    many processes (None: as many as the folder's size and the machine make worth it; see
    check/processes.py); the reports come back in the same order as a serial run's."""
    files = list(find_decks(paths))
    workers = 1 if STDIN in files else workers_for(len(files), jobs)  # standard input is this process's
    if workers <= 1:
        for path in files:
            yield check_file(path, options_for(path), databases)
        return
    yield from check_in_processes(files, Checker(options_for, databases, check_file), workers, card_db)


def skipped_file(path: Path, why: str) -> DeckReport:
    """The report of a file a folder held that is plainly not a deck: checked by no game's rules,
    it says so in every format (an annotation, a test case, a result), and --strict fails on it."""
    finding = Finding(SKIPPED_FILE.id, SKIPPED_FILE.severity, f"left out, not checked: the file is {why}", (), None, START)
    return DeckReport(display_path(path), None, None, None, {}, (finding,), rules=(SKIPPED_FILE.record,), checked=False)


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
