"""Checking decks: read, pick the game, resolve names, run the game's rules, build a report.

This is the library behind `deckcheck check`; the CLI only parses options and renders.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Iterator

from deckcheck.games import get_game, known_games
from deckcheck.loading.card_db import CardDatabase, Databases
from deckcheck.loading.decks import find_decks, read_deck
from deckcheck.loading.raw_deck import ZONES, DeckParseError, RawDeck
from deckcheck.model import Deck, DeckReport, Entry, Finding, Position
from deckcheck.rules import Rule, run_rules
from deckcheck.rules.common import AMBIGUOUS_CARD, PARSE, UNKNOWN_CARD, UNKNOWN_GAME

_START = Position(1, 1)


@dataclass(frozen=True)
class CheckOptions:
    game: str | None = None          # for decks that do not say
    format: str | None = None        # for decks that do not say
    ignore: frozenset[str] = frozenset()


def check_paths(paths: Iterable[Path], options: CheckOptions, databases: Databases) -> Iterator[DeckReport]:
    for path in find_decks(paths):
        yield check_file(path, options, databases)


def check_file(path: Path, options: CheckOptions, databases: Databases) -> DeckReport:
    try:
        raw = read_deck(path)
    except DeckParseError as problem:
        return _unreadable(str(path), None, [problem])
    if raw.problems:
        return _unreadable(str(path), raw, raw.problems)

    game_name = (raw.game or options.game or ("redemption" if path.suffix.lower() == ".dek" else None))
    game = get_game(game_name.strip().lower()) if game_name else None
    if game is None:
        said = f"'{game_name}' is not a known game" if game_name else "the deck does not say which game it is for"
        message = f"{said}; add `game:` with one of: {', '.join(known_games())} (or pass --game)"
        return _report(raw, None, None, {}, [_finding(UNKNOWN_GAME, message, position=raw.game_position or _START)])
    format_name = (raw.format or options.format or game.default_format).strip().lower()
    if format_name not in game.formats:
        message = f"{game.title} has no format '{format_name}' (formats: {', '.join(game.formats)})"
        position = raw.zone_positions.get("format", _START)
        return _report(raw, game.name, format_name, {}, [_finding(UNKNOWN_GAME, message, position=position)])

    database = databases.for_game(game.name)
    zones, findings = _resolve(raw, database)
    deck = Deck(str(path), game.name, format_name, raw.name, zones, raw.zone_positions)
    findings.extend(run_rules(game.rules, deck, database, options.ignore))
    findings = [f for f in findings if f.rule not in options.ignore]
    return _report(raw, game.name, format_name, zones, findings)


def _resolve(raw: RawDeck, database: CardDatabase) -> tuple[dict[str, tuple[Entry, ...]], list[Finding]]:
    zones: dict[str, list[Entry]] = {}
    findings: list[Finding] = []
    for item in raw.entries:
        resolution = database.names.resolve(item.typed)
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


def _unreadable(path: str, raw: RawDeck | None, problems: list[DeckParseError]) -> DeckReport:
    findings = [_finding(PARSE, p.message, position=p.position) for p in problems]
    if raw is None:
        return DeckReport(path, None, None, None, {}, tuple(findings))
    return _report(raw, raw.game, raw.format, {}, findings)


def _report(raw: RawDeck, game: str | None, format_name: str | None, zones: dict[str, tuple[Entry, ...]],
            findings: list[Finding]) -> DeckReport:
    counts = {"main": 0, "side": 0} if game else {}
    counts.update({zone: sum(e.count for e in entries) for zone, entries in zones.items()})
    ordered = sorted(findings, key=lambda f: (f.position.line if f.position else 0,
                                              f.position.column if f.position else 0, f.rule))
    return DeckReport(raw.path, game, format_name, raw.name, counts, tuple(ordered))
