"""Checking decks: read, pick the game, resolve names, run the game's rules, build a report.

This is the library behind `deckcheck check`; the CLI only parses options and renders.
"""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Callable, Iterable, Iterator

from deckcheck.games import get_game, known_games
from deckcheck.loading.card_db import CardDatabase, Databases, load_databases
from deckcheck.loading.decks import find_decks, read_deck
from deckcheck.loading.events import Event
from deckcheck.loading.names import Resolution
from deckcheck.loading.raw_deck import ZONES, DeckParseError, RawDeck
from deckcheck.model import Deck, DeckReport, Entry, Finding, Position
from deckcheck.rules import Context, Reporter, Rule, run_rules
from deckcheck.rules.common import AMBIGUOUS_CARD, PARSE, UNKNOWN_CARD, UNKNOWN_GAME

_START = Position(1, 1)


@dataclass(frozen=True)
class CheckOptions:
    game: str | None = None          # for decks that do not say
    format: str | None = None        # for decks that do not say
    ignore: frozenset[str] = frozenset()
    events: tuple[Event, ...] = ()


@dataclass
class LoadedDeck:
    """A deck file read and resolved against its game's database, or the findings that stopped
    it (unreadable, unknown game or format) with `deck` None."""

    raw: RawDeck | None
    findings: list[Finding]
    deck: Deck | None = None
    context: Context | None = None


def check_paths(paths: Iterable[Path], options_for: Callable[[Path], CheckOptions], databases: Databases,
                jobs: int = 1, card_db: tuple[Path, ...] = ()) -> Iterator[DeckReport]:
    """Every deck under `paths`, in a stable order. With jobs > 1 the decks are checked in that
    many processes, each loading the databases from `card_db` once; the reports come back in the
    same order as a serial run's."""
    files = list(find_decks(paths))
    if jobs <= 1 or len(files) < 2:
        for path in files:
            yield check_file(path, options_for(path), databases)
        return
    tasks = [(path, options_for(path)) for path in files]
    with ProcessPoolExecutor(max_workers=jobs, initializer=_start_worker, initargs=(card_db,)) as pool:
        yield from pool.map(_check_in_worker, tasks, chunksize=max(1, len(tasks) // (jobs * 4)))


_WORKER_DATABASES: Databases | None = None


def _start_worker(card_db: tuple[Path, ...]) -> None:
    global _WORKER_DATABASES
    _WORKER_DATABASES = Databases(load_databases(card_db))


def _check_in_worker(task: tuple[Path, CheckOptions]) -> DeckReport:
    path, options = task
    return check_file(path, options, _WORKER_DATABASES)


def check_file(path: Path, options: CheckOptions, databases: Databases) -> DeckReport:
    loaded = load_deck(path, options, databases)
    if loaded.deck is not None:
        loaded.findings.extend(run_rules(loaded.context.rules, loaded.deck, loaded.context, options.ignore))
    return report_of(str(path), loaded, options.ignore)


def load_deck(path: Path, options: CheckOptions, databases: Databases) -> LoadedDeck:
    try:
        raw = read_deck(path)
    except DeckParseError as problem:
        return LoadedDeck(None, [_finding(PARSE, problem.message, position=problem.position)])
    if raw.problems:
        return LoadedDeck(raw, [_finding(PARSE, p.message, position=p.position) for p in raw.problems])

    game_name = raw.game or options.game or ("redemption" if path.suffix.lower() == ".dek" else None)
    game = get_game(game_name.strip().lower()) if game_name else None
    if game is None:
        said = f"'{game_name}' is not a known game" if game_name else "the deck does not say which game it is for"
        message = f"{said}; add `game:` with one of: {', '.join(known_games())} (or pass --game)"
        return LoadedDeck(raw, [_finding(UNKNOWN_GAME, message, position=raw.game_position or _START)])
    events = tuple(e for e in options.events if e.applies_to(game.name))
    overriding = next((e.format for e in reversed(events) if e.format), None)
    format_name = (overriding or raw.format or options.format or game.default_format).strip().lower()
    database = databases.for_game(game.name)
    chosen = game.format(format_name, database.formats)
    if chosen is None:
        message = (f"{game.title} has no format '{format_name}' "
                   f"(formats: {', '.join(game.format_names(database.formats))})")
        return LoadedDeck(raw, [_finding(UNKNOWN_GAME, message, position=raw.zone_positions.get("format", _START))])

    zones, findings = _resolve(raw, database)
    settings = dict(chosen.settings)
    for event in events:
        settings.update(event.settings)
    identity = (chosen.identity or game.identity)(database)
    context = Context(game, database, identity, events, MappingProxyType(settings), chosen)
    deck = Deck(str(path), game.name, chosen.name, raw.name, zones, raw.zone_positions)
    return LoadedDeck(raw, findings, deck, context)


def report_of(path: str, loaded: LoadedDeck, ignore: frozenset[str] = frozenset()) -> DeckReport:
    """The report of a loaded deck; `ignore` drops findings, but never deck.parse: an unreadable
    deck is never made legal."""
    findings = [f for f in loaded.findings if f.rule == PARSE.id or f.rule not in ignore]
    ordered = sorted(findings, key=lambda f: (f.position.line, f.position.column, f.rule))
    raw, deck = loaded.raw, loaded.deck
    counts: dict[str, int] = {}
    if deck is not None:
        counts = {"main": 0, "side": 0}
        counts.update({zone: sum(e.count for e in entries) for zone, entries in deck.zones.items()})
    return DeckReport(
        path=path, game=deck.game if deck else (raw.game if raw else None),
        format=deck.format if deck else (raw.format if raw else None), name=raw.name if raw else None,
        counts=counts, findings=tuple(ordered),
        settings=dict(loaded.context.settings) if loaded.context else {},
    )


def _resolve(raw: RawDeck, database: CardDatabase) -> tuple[dict[str, tuple[Entry, ...]], list[Finding]]:
    zones: dict[str, list[Entry]] = {}
    findings: list[Finding] = []
    for item in raw.entries:
        printing = database.printing(item.image, item.set) if item.image else None
        resolution = Resolution(printing) if printing else database.names.resolve(item.typed)
        zones.setdefault(item.zone, []).append(Entry(item.typed, item.count, item.zone, item.position, resolution.card))
        if resolution.candidates:
            ids = ", ".join(card.id for card in resolution.candidates)
            findings.append(_finding(AMBIGUOUS_CARD, f"'{item.typed}' matches {len(resolution.candidates)} printings; "
                                                     f"name one by its id: {ids}", item.typed, item.zone, item.position))
        elif resolution.card is None:
            hint = f"; did you mean {', '.join(repr(s) for s in resolution.suggestions)}?" if resolution.suggestions else ""
            findings.append(_finding(UNKNOWN_CARD, f"no {database.game} card is called '{item.typed}'{hint}",
                                     item.typed, item.zone, item.position))
    ordered = {zone: tuple(zones[zone]) for zone in ZONES if zone in zones}
    return ordered, findings


def _finding(rule: Rule, message: str, card: str | None = None, zone: str | None = None,
             position: Position | None = None) -> Finding:
    return Finding(rule.id, rule.severity, message, (card,) if card else (), zone, position or _START)


def check_swap(registered_path: Path, sided_path: Path, options_for: Callable[[Path], CheckOptions],
               databases: Databases) -> DeckReport:
    """The sided deck's report: its own check, and the swap against the registered deck."""
    from deckcheck.games.demon_rush.side_swap import SIDE_SWAP, swap_findings

    options = options_for(sided_path)
    registered = load_deck(registered_path, options_for(registered_path), databases)
    sided = load_deck(sided_path, options, databases)
    if sided.deck is not None:
        sided.findings.extend(run_rules(sided.context.rules, sided.deck, sided.context, options.ignore))
    if registered.deck is None or registered.findings:
        problem = (f"the registered deck {registered_path} cannot be compared: "
                   + "; ".join(f.message for f in registered.findings[:3]))
        sided.findings.append(_finding(SIDE_SWAP, problem))
    elif sided.deck is not None and SIDE_SWAP.id not in options.ignore:
        if registered.deck.game != sided.deck.game:
            sided.findings.append(_finding(SIDE_SWAP, f"the registered deck is {registered.deck.game}, "
                                                      f"the sided one {sided.deck.game}"))
        else:
            reporter = Reporter(SIDE_SWAP, sided.deck, sided.context)
            sided.findings.extend(swap_findings(registered.deck, sided.deck, reporter))
    return report_of(str(sided_path), sided, options.ignore)
