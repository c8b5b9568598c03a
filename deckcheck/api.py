"""deckcheck as a library: check decks and read the rules as the command line does (it calls
these functions itself). A deck's report is a `DeckReport` (deckcheck.model): its verdict
(`legal`), its findings (rule id, severity, message, line and column) and what it was judged by.

    from deckcheck import api

    for report in api.check(["decks/"], session=api.open_run(game="redline")):
        print(report.path, report.legal, [(f.rule, f.position.line) for f in report.findings])

    report = api.check_text("game: redline\\nmain:\\n  EF-9 Rabbit: 5\\n")
    print(api.explain("redline.copy-limit").rule.doc.why)

Every function raises `SessionProblem` (one line, for a person) where the command would exit 2:
a broken config, card database or event file, an unknown game, format or rule id.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from deckcheck.check import check_file, check_paths, skipped_file
from deckcheck.choices import Choices
from deckcheck.games import event_field_names, game_named
from deckcheck.loading.decks import DeckFiles, collect_decks
from deckcheck.model import DeckReport
from deckcheck.registry import UnknownName
from deckcheck.rules.common import SKIPPED_FILE
from deckcheck.session import Session, SessionProblem, open_session

if TYPE_CHECKING:  # the rule catalogue loads when rules are asked for, not on every check
    from deckcheck.catalogue import Listed

__all__ = ["Listed", "Session", "SessionProblem", "check", "check_decks", "check_text", "explain", "find_decks", "open_run", "rules"]


def open_run(  # noqa: PLR0913 - the command line's choices, each by name
    *,
    game: str | None = None,
    format: str | None = None,
    card_db: Sequence[str | Path] = (),
    events: Sequence[str | Path] = (),
    ignore: Sequence[str] = (),
    as_of: str | None = None,
    all_formats: bool = False,
    folder: str | Path | None = None,
) -> Session:
    """What a run checks with: the choices merged with the config found from `folder` (the current
    one), the card databases and events read once."""
    given = Choices(
        game=game, format=format, card_db=tuple(Path(p) for p in card_db), events=tuple(Path(p) for p in events), ignore=tuple(ignore)
    )
    return open_session(given, as_of=as_of, all_formats=all_formats, folder=Path(folder) if folder is not None else None)


def find_decks(session: Session, paths: Sequence[str | Path], exclude: Sequence[str] = ()) -> DeckFiles:
    """The deck files named, and those in the folders named (less the excluded ones), and the
    files a folder holds that are plainly not decks, with why."""
    return collect_decks([Path(p) for p in paths], session.excluded_by(exclude), _event_fields)


def _event_fields() -> frozenset[str]:
    return event_field_names()  # from the games' layouts: a folder of one game's decks loads no other game's rules


def check_decks(session: Session, files: Sequence[Path], jobs: int | None = 1) -> list[DeckReport]:
    """The report of each file, in order (`jobs`: processes to check a large folder in; None lets
    deckcheck choose by the folder's size and the cores free)."""
    return list(check_paths(files, session.options_for, session.databases, jobs, session.choices.card_db))


def check(
    paths: Sequence[str | Path], *, session: Session | None = None, exclude: Sequence[str] = (), jobs: int | None = 1
) -> list[DeckReport]:
    """`deckcheck check PATH...`: every deck's report, then a report of each file left out as not
    a deck (unless `deck.skipped-file` is ignored). `session`: open_run()'s (by default, with the
    choices of the config alone)."""
    session = session or open_run()
    found = find_decks(session, paths, exclude)
    reports = check_decks(session, found.files, jobs)
    if SKIPPED_FILE.id not in session.choices.ignore:
        reports += [skipped_file(path, why) for path, why in found.skipped]
    return reports


def check_text(text: str, *, suffix: str = ".yaml", session: Session | None = None) -> DeckReport:
    """The report of a deck given as text (`suffix` says how it is written: .yaml, .txt, .dek)."""
    run = session or open_run()
    name = Path(f"pasted-deck{suffix}")
    return check_file(name, run.options_for(name), run.databases, text.encode("utf-8"))


def rules(game: str | None = None) -> tuple[Listed, ...]:
    """Every rule (of one game, and those every game shares), each with its doc and each format's words."""
    from deckcheck.catalogue import catalogue

    if game is None:
        return catalogue()
    try:
        chosen = game_named(game)
    except UnknownName as exc:
        raise SessionProblem(str(exc)) from None
    return tuple(entry for entry in catalogue() if entry.game is None or entry.game.name == chosen.name)


def explain(rule_id: str) -> Listed:
    """One rule: its doc, its severity, how each format states it."""
    from deckcheck.catalogue import listed

    try:
        return listed(rule_id)
    except UnknownName as exc:
        raise SessionProblem(str(exc)) from None


def __getattr__(name: str) -> object:
    """`Listed`, the catalogue's record of a rule, loaded with the catalogue when first asked for."""
    if name == "Listed":
        from deckcheck.catalogue import Listed

        return Listed
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
