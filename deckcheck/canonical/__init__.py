"""The canonical form of a deck file (`deckcheck fmt`): rewrite deck files in it, atomically, never a deck that does not
parse, and only when the rewritten file says exactly what the old one did."""

from __future__ import annotations

import os
import re
import stat
from collections import Counter
from dataclasses import replace
from functools import partial
from pathlib import Path

from deckcheck.canonical import render
from deckcheck.canonical.comments import collect, text_comment_start, yaml_comment_start
from deckcheck.deck_game import pick_game
from deckcheck.games import format_said, zone_table
from deckcheck.loading import text_deck, yaml_deck
from deckcheck.loading.card_db import Databases
from deckcheck.loading.decks import YAML_SUFFIXES, read_deck, read_text
from deckcheck.loading.lines import editor_lines
from deckcheck.loading.names import NameIndex, RenamedIndex, Resolution, normalise
from deckcheck.loading.pasted import settle
from deckcheck.loading.raw_deck import DeckParseError, RawDeck, RawEntry
from deckcheck.loading.writing import write_atomically
from deckcheck.model import Card, Position, ZoneTable
from deckcheck.records import record
from deckcheck.rules import Game

Names = NameIndex | RenamedIndex

_TOKENS = re.compile(r"tokens\b", re.IGNORECASE)  # a zone header's words (the reader's): `Tokens (2)`, `## Tokens`
_LINE_AND_BREAK = re.compile(r"(\r\n|\r|\n)")  # split keeping each break, to write it back
# a zone header fmt may write as the game calls it: words and a colon, nothing of the player's besides
_PLAIN_HEADER = re.compile(r"^\s*+[^\W\d_][\w ]*+:?\s*$")  # possessive: linear in a line of spaces
_TEXT_METADATA = re.compile(r"^#\s*(game|format|name)\s*:", re.IGNORECASE)


@record
class RewriteOutcome:
    path: Path
    status: str  # "unchanged", "reformatted", "would reformat", "skipped" (by design), "untouched" (a problem)
    reason: str | None = None


LEFT_AS_WRITTEN = "skipped"


def rewrite_file(path: Path, game_name: str | None, databases: Databases, check_only: bool, within: Path | None = None) -> RewriteOutcome:
    """One file's outcome; never raises for a file (the run goes on with the next one). `within`:
    the folder fmt was given (a file's own folder when it was named); a link out of it is not
    followed, so a deck repository's pull request cannot have fmt write where it points."""
    try:
        outside = _links_outside(path, within or path.parent)
        if outside:
            return RewriteOutcome(path, LEFT_AS_WRITTEN, outside)
        return _rewrite(path, game_name, databases, check_only)
    except OSError as exc:
        return RewriteOutcome(path, "untouched", f"cannot be rewritten: {exc.strerror or exc}")


def _rewrite(path: Path, game_name: str | None, databases: Databases, check_only: bool) -> RewriteOutcome:
    if path.suffix.lower() == ".dek":
        return RewriteOutcome(path, LEFT_AS_WRITTEN, "a LackeyCCG .dek file is left as LackeyCCG writes it")
    try:
        text = read_text(path)
        raw = read_deck(path, zone_table(), text)
    except DeckParseError as problem:
        return _untouched(path, problem.message, problem.position)
    if raw.problems:
        return _untouched(path, raw.problems[0].message, raw.problems[0].position)
    game, _, unknown = pick_game(raw, path, game_name, databases)
    if game is None:
        return RewriteOutcome(path, "untouched", unknown)
    database = databases.for_game(game.name)
    names = game.names(database)
    format_of_line = partial(format_said, game, defined=database.formats)
    # read as check reads it: a header, a title or a format line is never written as a card
    settle(raw, names, format_of_line)
    is_yaml = path.suffix.lower() in YAML_SUFFIXES
    if not is_yaml and not any(names.resolve(entry.typed).printings for entry in raw.entries):
        # a YAML file that loaded as a deck says so by its keys; a text file only by its cards
        return RewriteOutcome(path, LEFT_AS_WRITTEN, "none of its lines is a card the card list has: not a deck")
    if is_yaml or not _laid_out_by_player(raw, text):
        new_text = _canonical(raw, text, game, names, is_yaml)
        if "\r\n" in text:
            new_text = new_text.replace("\n", "\r\n")
    else:
        new_text = _cards_in_place(raw, text, names)
    try:
        reread = _reread(path, new_text, is_yaml)
        settle(reread, names, format_of_line)
    except DeckParseError:
        reread = None
    if reread is None or _meaning(raw, names) != _meaning(reread, names) or reread.game not in (raw.game, game.name):
        return RewriteOutcome(path, "untouched", "the rewritten deck would not say the same (a deckcheck bug: please report it)")
    if new_text == text:
        return RewriteOutcome(path, "unchanged")
    if check_only:
        return RewriteOutcome(path, "would reformat")
    target = Path(os.path.realpath(path))  # a link is followed: its target is the deck
    refused = _cannot_replace(target)
    if refused:
        return RewriteOutcome(path, "untouched", refused)
    replace_atomically(target, new_text)
    return RewriteOutcome(path, "reformatted")


def _laid_out_by_player(raw: RawDeck, text: str) -> bool:
    """Whether a pasted deck has lines fmt has no canonical place for: a title, prose, headers of
    the player's own words, with a number or in Markdown (`**Reserve**`), a Tokens section. Such a
    deck keeps its layout: only its card lines are rewritten, where they stand."""
    if raw.name_line is not None or raw.skipped:
        return True
    lines = editor_lines(text)
    return any(
        not header.zone or _TOKENS.match(header.words) or not _PLAIN_HEADER.match(lines[header.position.line - 1]) for header in raw.headers
    )


def _cards_in_place(raw: RawDeck, text: str, names: Names) -> str:
    """`text` with each card line written as a card line (`3 Name`, its comment kept) and every
    other line, and every line break, exactly as it was."""
    table = zone_table()
    by_line: dict[int, list[RawEntry]] = {}
    for entry in raw.entries:
        by_line.setdefault(entry.position.line, []).append(entry)
    pieces = _LINE_AND_BREAK.split(text)  # line, break, line, break, ..., line
    for index in range(0, len(pieces), 2):
        entries = by_line.get(index // 2 + 1, [])
        if len(entries) == 1 and not _single(table, entries[0].zone):  # `Champion: X` is written so already
            pieces[index] = _card_line(entries[0], pieces[index], names)
    return "".join(pieces)


def _single(table: ZoneTable, zone: str) -> bool:
    found = table.get(zone)
    return found is not None and found.single


def _card_line(entry: RawEntry, line: str, names: Names) -> str:
    start = text_comment_start(line)
    comment = f"  {line[start:].strip()}" if start is not None else ""
    return f"{entry.count} {_name(entry.typed, names.resolve(entry.typed), names)}{comment}"


def _links_outside(path: Path, within: Path) -> str | None:
    if not path.is_symlink() and Path(os.path.realpath(path.parent)).is_relative_to(os.path.realpath(within)):
        return None
    if Path(os.path.realpath(path)).is_relative_to(os.path.realpath(within)):
        return None
    return f"a link to a file outside {within}: left as it is (format the file where it is)"


def _cannot_replace(target: Path) -> str | None:
    """Why rewriting this file by a rename would do harm, or None."""
    status = target.stat()
    # the mode as well as access(): root may write a 0444 file, but its owner asked that nobody does
    if not os.access(target, os.W_OK) or not status.st_mode & stat.S_IWUSR:
        return "it is read-only: left as it is (make it writable to format it)"
    if status.st_nlink > 1:
        return f"it has {status.st_nlink} hard links: writing a new file would part it from the others, so it is left as it is"
    return None


def _untouched(path: Path, message: str, position: Position | None) -> RewriteOutcome:
    where = f"{position.line}:{position.column}: " if position else ""
    return RewriteOutcome(path, "untouched", f"{where}{message} (deck.parse)")


def _canonical(raw: RawDeck, text: str, game: Game, names: Names, is_yaml: bool) -> str:
    zones: dict[str, list[render.Line]] = {}
    placed: dict[tuple[str, str], int] = {}  # (zone, the card's id, or the name as typed) -> its line
    for entry in raw.entries:
        found = names.resolve(entry.typed)
        name = _name(entry.typed, found, names)
        lines = zones.setdefault(entry.zone, [])
        key = (entry.zone, found.card.id if found.card is not None else "typed:" + normalise(name))
        same = placed.get(key)
        if same is None:
            placed[key] = len(lines)
            lines.append(render.Line(name, entry.count, _group(found.card, game), entry.position.line))
        else:  # one card on two lines (by name and by id, or two spellings): one line with both counts
            line = lines[same]
            lines[same] = replace(line, count=line.count + entry.count, also=line.also + (entry.position.line,))
    table = zone_table()
    for zone in raw.zone_positions:
        if table.get(zone) is not None:
            zones.setdefault(zone, [])
    # one order for every deck, each zone as the deck's game calls it; a zone the game lacks stays
    # (check says it does not belong there)
    order = tuple(game.zone(z.name) or z for z in table.zones if z.name in zones or game.zone(z.name) is not None)
    zone_lines = {zone: position.line for zone, position in raw.zone_positions.items()}
    metadata = render.Metadata(
        raw.game or game.name,
        raw.format,
        raw.name,
        {key: zone_lines[key] for key in ("game", "format", "name") if key in zone_lines},
        raw.zone_words,
    )
    # a text deck's metadata lines are written anew at its top: comments above them go with what follows
    anchors = [e.position.line for e in raw.entries] + [line for key, line in zone_lines.items() if is_yaml or table.get(key) is not None]
    if is_yaml:
        comments = collect(text, anchors, yaml_comment_start)
        return render.render_yaml(metadata, zones, zone_lines, comments, order)
    first_card = min((e.position.line for e in raw.entries), default=None)
    comments = collect(text, anchors, text_comment_start, skip=lambda line: bool(_TEXT_METADATA.match(line)), first_card=first_card)
    return render.render_text(metadata, zones, zone_lines, comments, order)


def _name(typed: str, found: Resolution, names: Names) -> str:
    """The name as the file wrote it (its case, its quotes, an id): a user's spelling is theirs
    to keep wherever it finds its card. A name errata replaced is written as errata corrected it,
    where that name finds the same card alone."""
    errata = names.errata_name(found.card) if found.card is not None and found.renamed is not None else None
    if errata and names.resolve(errata).card is found.card:
        return errata
    return typed.strip()


def _group(card: Card | None, game: Game) -> int:
    order = game.type_order
    if card is None:
        return len(order) + 1
    return min((order.index(t) for t in card.types if t in order), default=len(order))


def _reread(path: Path, text: str, is_yaml: bool) -> RawDeck:
    reader = yaml_deck if is_yaml else text_deck
    return reader.read(str(path), text, zone_table())


def _meaning(raw: RawDeck, names: Names) -> tuple:
    """What a deck says, whatever its layout: its format and name and the copies of each card per
    zone (the game is compared apart: formatting writes it down when --game supplied it)."""

    def key(typed: str) -> str:
        card = names.resolve(typed).card
        return card.id if card else normalise(typed)

    copies: Counter[tuple[str, str]] = Counter()
    for entry in raw.entries:
        copies[(entry.zone, key(entry.typed))] += entry.count
    return raw.format, raw.name, sorted(copies.items()), not raw.problems


def replace_atomically(path: Path, text: str) -> None:
    """The rewritten deck written over the old one, whole or not at all."""
    write_atomically(path, text.encode("utf-8"), prefix=".deckcheck-fmt-")
