"""Reading a deck: its file, its game, its format and rules version, its names resolved to
cards. What stops a deck here is a finding of its own (deck.parse, deck.unknown-game, ...)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from deckcheck.check.loaded import Key, LoadedDeck, finding_of
from deckcheck.check.options import CheckOptions, date_in_force, format_asked
from deckcheck.check.pasted import header_counts, headers_not_cards, skipped_lines
from deckcheck.deck_game import pick_game
from deckcheck.escaping import display_path
from deckcheck.games import format_named, format_said, zone_table
from deckcheck.loading.card_db import CardDatabase, Databases
from deckcheck.loading.decks import read_deck, read_text
from deckcheck.loading.marks import TRAILING_MARK
from deckcheck.loading.names import NameIndex, RenamedIndex, Resolution
from deckcheck.loading.raw_deck import DeckParseError, RawDeck
from deckcheck.model import START, Card, Deck, Entry, Finding
from deckcheck.registry import UnknownName
from deckcheck.rules import Context, Format, Game
from deckcheck.rules.common import PARSE, UNKNOWN_CARD, UNKNOWN_GAME, rules_checked
from deckcheck.rules.shapes import same_name
from deckcheck.wording import plural

if TYPE_CHECKING:  # the events' module loads only where a run names event files
    from deckcheck.loading.events import Event

SUGGESTED_NAMES = 25  # unknown names per deck that get "did you mean"


def load_deck(path: Path, options: CheckOptions, databases: Databases, content: bytes | None = None) -> LoadedDeck:
    """The deck at `path` (or `content`, `path` naming its form) read, its game, format and
    rules version chosen, its names resolved; or the findings that stopped it."""
    try:
        raw = read_deck(path, zone_table(), None if content is None else read_text(path, content))
    except DeckParseError as unreadable:
        return LoadedDeck(None, [finding_of(PARSE, unreadable.message, position=unreadable.position)])
    if raw.problems:
        return LoadedDeck(raw, [finding_of(PARSE, p.message, position=p.position) for p in raw.problems])
    game, inferred, problem = pick_game(raw, path, options.game, databases)
    if game is None:
        return LoadedDeck(raw, skipped_lines(raw) + [finding_of(UNKNOWN_GAME, problem, position=raw.game_position or START)])
    events = tuple(e for e in options.events if e.applies_to(game.name))
    database = databases.for_game(game.name)
    as_of = date_in_force(options, events)
    names = game.names(database, as_of)
    if any(entry.shape for entry in raw.entries):
        from deckcheck.loading.pasted import settle  # here: a deck in YAML has no line read two ways

        # a pasted deck's lines read as the card list says: cards, headers, its name and format, prose
        settle(raw, names, partial(format_said, game, defined=database.formats))
    try:
        chosen, before_oldest, notes = settled_format(game, raw, options, events, database, as_of)
    except UnknownName as exc:
        found = skipped_lines(raw) + [finding_of(UNKNOWN_GAME, str(exc), position=raw.zone_positions.get("format", START))]
        return LoadedDeck(raw, found)
    skipped = skipped_lines(raw) + header_counts(raw) + headers_not_cards(raw)
    pool = game.pool(chosen) if game.pool is not None else None
    zones, findings, ambiguous, renamed = _resolve(raw, database, names, _kept_apart(game), pool)
    deck = Deck(display_path(path), game.name, chosen.name, raw.name, zones, raw.zone_positions)
    loaded = LoadedDeck(
        raw,
        skipped + findings,
        deck,
        context_for(game, chosen, database, events, as_of),
        ambiguous,
        game_inferred=bool(inferred),
        as_of=as_of,
    )
    loaded.notes += renamed + ([inferred] if inferred else []) + notes + _invisible(raw)
    loaded.notes += _unshipped(game, database, raw, findings) + _before_oldest(game, chosen, as_of, before_oldest)
    return loaded


def settled_format(  # noqa: PLR0913 - what a deck's format is settled from, each named where it is read
    game: Game, raw: RawDeck, options: CheckOptions, events: tuple[Event, ...], database: CardDatabase, as_of: date
) -> tuple[Format, bool, list[str]]:
    """The format the deck is checked as, by precedence (the options, the events, the deck's
    own, the game's default), in its version in force on `as_of`; whether that date came before
    its oldest version; and the notes that say what was not followed. UnknownName for a format
    an event or the deck names that the game has not. Each name is looked up once, here."""
    own_format = raw.format or next((z.implies for z in game.zones if z.implies and z.name in raw.zone_positions), None)
    asked = format_asked(options, events, own_format, game.default_format)
    notes = []
    try:
        chosen, before_oldest = _in_force(game, asked.name, database, as_of)
    except UnknownName as exc:
        if asked.by != "options":
            raise
        # --format (or the config's) is for the decks of the games that have it
        asked = format_asked(CheckOptions(), (), own_format, game.default_format)
        chosen, before_oldest = _in_force(game, asked.name, database, as_of)
        notes.append(f"format '{options.format}' does not apply: {exc}; {asked.name} was used")
    own = (raw.format or "").strip().lower()
    if asked.by in ("event", "options") and own and game.canonical_format(own) != chosen.name:
        by = "the event's format" if asked.by == "event" else "the format asked for"
        notes.append(f"the deck says format '{raw.format}'; it was checked as {asked.name}, {by}")
    return chosen, before_oldest, notes


def _in_force(game: Game, name: str, database: CardDatabase, as_of: date) -> tuple[Format, bool]:
    chosen, before_oldest = game.format_in_force(name, database.formats, as_of)
    if chosen is None:
        format_named(game, name, database.formats)  # raises UnknownName, saying which formats there are
        raise LookupError(f"{game.name} has no format '{name}'")  # (format_named found it where format_in_force did not)
    return chosen, before_oldest


def _invisible(raw: RawDeck) -> list[str]:
    """A note for each line that held characters that show nothing, which were read past (a list
    copied from a web page): the player sees what their file holds."""
    return [
        f"line {position.line}: read past {' '.join(f'U+{ord(c):04X}' for c in chars)}, "
        f"{'a character that shows' if len(chars) == 1 else 'characters that show'} nothing"
        for position, chars in raw.invisible
    ]


def _unshipped(game: Game, database: CardDatabase, raw: RawDeck, findings: list[Finding]) -> list[str]:
    """A note where most names are unknown to a bundled database that is not the game's whole list."""
    unknown = sum(f.rule == UNKNOWN_CARD.id for f in findings)
    if not (database.bundled and game.full_card_list and unknown * 2 > len(raw.entries)):
        return []
    return [
        f"{plural(unknown, 'name')} of {len(raw.entries)} are not among the {plural(len(database.cards), game.title + ' card')} "
        f"deckcheck ships: {game.full_card_list}"
    ]


def _before_oldest(game: Game, chosen: Format, as_of: date, before_oldest: bool) -> list[str]:
    if not before_oldest or chosen.effective is None:
        return []
    return [
        f"{as_of.isoformat()} is before the oldest {game.title} rules version "
        f"({chosen.version}, from {chosen.effective.isoformat()}): {chosen.version} was applied"
    ]


def context_for(game: Game, chosen: Format, database: CardDatabase, events: tuple[Event, ...], as_of: date | None = None) -> Context:
    params = chosen.params
    for event in events:
        params = params.with_settings(event.settings)
    identity = chosen.identity or game.identity
    same_card = identity(database) if identity else same_name
    return Context(game, database, same_card, rules_checked(game, chosen), params, chosen, events, as_of)


def _pool_first(
    suggestions: tuple[str, ...], typed: str, names: NameIndex | RenamedIndex, pool: Callable[[Card], bool] | None
) -> tuple[str, ...]:
    """Suggestions naming a printing of the format's pool before the others (the closest first in
    each), after the printing of the set a name wrote, which NameIndex.suggest puts first."""
    if pool is None or len(suggestions) < 2:
        return suggestions
    mark = TRAILING_MARK.search(typed)
    kept = 1 if mark is not None and mark.start() > 0 else 0
    rest = sorted(suggestions[kept:], key=lambda name: not any(pool(card) for card in names.resolve(name).printings))
    return (*suggestions[:kept], *rest)


def _kept_apart(game: Game) -> dict[str, tuple[str, NameIndex]]:
    """The game's zones whose card is one it keeps apart from its card lists (Redemption's
    Paragon), each with its label and how names find those cards."""
    apart = [zone for zone in game.zones if zone.apart]
    if not apart or game.kept_apart is None:
        return {}
    names = game.kept_apart().names
    return {zone.name: (zone.label, names) for zone in apart}


def _resolve(
    raw: RawDeck,
    database: CardDatabase,
    names: NameIndex | RenamedIndex,
    apart: dict[str, tuple[str, NameIndex]],
    pool: Callable[[Card], bool] | None = None,
) -> tuple[dict[str, tuple[Entry, ...]], list[Finding], dict[Key, tuple[Card, ...]], list[str]]:
    """Zones of entries resolved to cards (those of a zone `apart` names among the cards kept
    apart); the findings of names that resolve to none, suggesting the `pool`'s printings first;
    the entries whose name matches several printings, with those printings (judged later); and a
    note for each name that errata replaced."""
    zones: dict[str, list[Entry]] = {}
    findings: list[Finding] = []
    ambiguous: dict[Key, tuple[Card, ...]] = {}
    renamed: list[str] = []
    unknown = 0
    for item in raw.entries:
        if item.zone in apart:
            label, kept = apart[item.zone]
            resolution = kept.resolve(item.typed, suggest=True)
            if resolution.card is None:
                hint = f"; did you mean {', '.join(repr(s) for s in resolution.suggestions)}?" if resolution.suggestions else ""
                findings.append(
                    finding_of(UNKNOWN_CARD, f"no {label} is called '{item.typed}'{hint}", item.typed, item.zone, item.position)
                )
            zones.setdefault(item.zone, []).append(Entry(item.typed, item.count, item.zone, item.position, resolution.card))
            continue
        printing = database.printing(item.image, item.set) if item.image else None
        # suggestions cost a search each: a deck of thousands of unknown names gets them for the first few
        resolution = Resolution(printing) if printing else names.resolve(item.typed, suggest=unknown < SUGGESTED_NAMES)
        unknown += resolution.card is None and not resolution.candidates
        if resolution.renamed is not None:
            erratum = resolution.renamed
            renamed.append(f"line {item.position.line}: '{item.typed}' is {erratum.errata} by {erratum.source}")
        if resolution.also is not None:
            other = resolution.also
            written = ", ".join(f"'{names.written(card)}'" for card in other.cards)
            renamed.append(
                f"line {item.position.line}: '{item.typed}' is the printing of that name; {other.source} also give that name "
                f"to {written}: write that if it is the one meant"
            )
        zone = zones.setdefault(item.zone, [])
        if resolution.candidates:
            ambiguous[(item.zone, len(zone))] = resolution.candidates
        zone.append(Entry(item.typed, item.count, item.zone, item.position, resolution.card))
        if resolution.card is None and not resolution.candidates:
            suggestions = _pool_first(resolution.suggestions, item.typed, names, pool)
            hint = f"; did you mean {', '.join(repr(s) for s in suggestions)}?" if suggestions else ""
            if item.shape == "bare" and not hint:  # a pasted line with no count: perhaps a note of the player's
                hint = "; if the line is no card, put '# ' before it to keep it as a comment"
            findings.append(
                finding_of(UNKNOWN_CARD, f"no {database.game} card is called '{item.typed}'{hint}", item.typed, item.zone, item.position)
            )
    ordered = {zone: tuple(zones[zone]) for zone in zone_table().names if zone in zones}
    return ordered, findings, ambiguous, renamed
