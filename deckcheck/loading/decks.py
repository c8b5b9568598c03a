"""Finding deck files and reading one into a RawDeck, whatever its form."""

from __future__ import annotations

import errno
import os
import re
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from deckcheck.loading import resources, yaml_deck
from deckcheck.loading.files import MAX_BYTES, UnreadableFile, read_head, read_limited
from deckcheck.loading.raw_deck import DeckParseError, RawDeck
from deckcheck.loading.yaml_text import InputError, decode
from deckcheck.model import ZoneTable
from deckcheck.records import record

YAML_SUFFIXES = (".yaml", ".yml")
TEXT_SUFFIXES = (".txt", ".deck", ".dek")
DECK_SUFFIXES = YAML_SUFFIXES + TEXT_SUFFIXES
STDIN = Path("-")  # `deckcheck check -`: the deck on standard input
# a deck on standard input is YAML when a line starts with one of a YAML deck's keys (a text deck
# writes `# game:` and `Main:`), LackeyCCG XML when it starts with a tag, else text
_YAML_KEY = re.compile(r"^(?:game|format|name|main|side|reserve)[ \t]*:", re.MULTILINE)


@dataclass
class DeckFiles:
    """The deck files a run checks, and the files of its folders it left out, with why."""

    files: list[Path] = field(default_factory=list)
    skipped: list[tuple[Path, str]] = field(default_factory=list)


def collect_decks(
    paths: Iterable[Path],
    excluded: Callable[[Path, Path], bool] = lambda path, root: False,
    event_fields: Callable[[], Iterable[str]] = tuple,
) -> DeckFiles:
    """Each file named, and every deck file under each folder named, in a stable order. In a
    folder, a file `excluded(file, folder)` names is left out, and one that is plainly not a deck
    as a whole (a LackeyCCG card list, a card database, an event file; `event_fields()`: the keys
    the games add to an event, asked for only when a folder is searched, as they import every
    game's rules) is left out with why, for the report to say."""
    found = DeckFiles()
    shapes = None
    for path in paths:
        if not path.is_dir():
            found.files.append(path)
            continue
        shapes = shapes or _Shapes(frozenset(event_fields()))
        for each in _deck_files_under(path):
            if excluded(each, path):
                continue
            why = not_a_deck(each, shapes)
            if why:
                found.skipped.append((each, why))
            else:
                found.files.append(each)
    return found


def find_decks(paths: Iterable[Path]) -> Iterator[Path]:
    """Each file named, and every deck file under each folder named, in a stable order."""
    yield from collect_decks(paths).files


# what a whole document that is not a deck starts with; a deck never starts so
_CARD_LIST = "a LackeyCCG card list (import it with deckcheck db import lackey)"
_CARD_LIST_READ = 64 * MAX_BYTES  # a card list is read whole to be told one (the real list is 1.3 MB)
_NOT_DECK_TEXTS = (
    (re.compile(r"\A\ufeff?Name\tSet\tImageFile\t"), _CARD_LIST),
    (
        re.compile(r"\A\ufeff?\s*(?:<\?xml[^>]*>\s*)?<formatdefinitions>"),
        "LackeyCCG format definitions (give them to deckcheck db import lackey --formats)",
    ),
)
# a YAML document's top-level keys: a key at the start of a line, outside any flow or block
# scalar's indent, found after a line break (_top_level_keys puts one before the first line): a
# line break is searched for as a character, where `^` was tried at every character of a deck
_TOP_LEVEL_KEY = re.compile(r"\n([A-Za-z_][\w-]*)[ \t]*:(?=[ \t\r]|$)", re.MULTILINE)
_SHARED_WITH_DECKS = frozenset({"game", "format", "name"})
_SNIFFED = 4096  # the characters a document's head is told by


@record
class _Shapes:
    """The top-level keys of the documents a deck folder may hold beside decks, from their schemas."""

    event_fields: frozenset[str]

    @property
    def card_database(self) -> frozenset[str]:
        return _schema_keys("card-db")

    @property
    def event(self) -> frozenset[str]:
        return _schema_keys("event") | self.event_fields


@cache
def _schema_keys(schema: str) -> frozenset[str]:
    import json

    return frozenset(json.loads(resources.schema_path(schema).read_text(encoding="utf-8"))["properties"])


def not_a_deck(path: Path, shapes: _Shapes | None = None) -> str | None:
    """Why a file found in a folder is plainly not a deck, or None (a deck, or not plainly not one).
    Plainly means as a whole document: a YAML file every top-level key of which is a card
    database's (with `cards:`) or an event file's (with one a deck has not). One line of a deck
    that reads as another document's (`limited: see the judge`) leaves it a deck, checked as one."""
    shapes = shapes or _Shapes(frozenset())
    try:
        head = read_head(path, _SNIFFED)
        text = head.decode("utf-8", errors="replace")
        found = next((why for pattern, why in _NOT_DECK_TEXTS if pattern.search(text)), None)
        if found == _CARD_LIST and not _whole_card_list(read_head(path, _CARD_LIST_READ).decode("utf-8", errors="replace")):
            return None  # a card list's header above a deck's lines: a deck, checked as one
        if found or path.suffix.lower() not in YAML_SUFFIXES:
            return found
        if not _top_level_keys(text) <= shapes.card_database | shapes.event:
            return None  # a key only a deck has (main:), most often on its first lines: the rest is not read
        if len(head) == _SNIFFED:
            text = read_head(path, _SNIFFED + MAX_BYTES).decode("utf-8", errors="replace")
    except UnreadableFile:
        return None  # reading it as a deck will say what is wrong
    keys = _top_level_keys(text)
    if "cards" in keys and keys <= shapes.card_database:
        return "a card database (give it to --card-db)"
    if keys - _SHARED_WITH_DECKS and keys <= shapes.event:
        return "an event file (give it to --event)"
    return None


def _whole_card_list(text: str) -> bool:
    """Whether a text that starts with a LackeyCCG card list's header is one as a whole: nine rows
    in ten below it have the header's columns (the real list has a row or two with a field too
    many; a deck's line has a count and a name). One line is not a document: a deck pasted under a
    copied header is a deck."""
    lines = text.splitlines()
    columns = lines[0].count("\t")
    rows = [line for line in lines[1:] if line.strip()]
    return bool(rows) and sum(row.count("\t") == columns for row in rows) >= 0.9 * len(rows)


def _top_level_keys(text: str) -> frozenset[str]:
    return frozenset(_TOP_LEVEL_KEY.findall("\n" + text))


def _deck_files_under(folder: Path) -> list[Path]:
    """The files under `folder` with a deck's suffix, sorted, less hidden ones and those in hidden
    folders (under the folder named: it may itself be hidden). Symbolic links to files are
    followed, those to folders are not, as Path.rglob does. A folder's listing says what is a
    file: a stat of each, as Path.is_file makes, was a third of the time to find a thousand decks."""
    found = []
    folders = [str(folder)]
    while folders:
        try:
            with os.scandir(folders.pop()) as entries:
                for entry in entries:
                    if entry.name.startswith("."):
                        continue
                    if _is_folder(entry):
                        folders.append(entry.path)
                    elif os.path.splitext(entry.name)[1].lower() in DECK_SUFFIXES and _is_file(entry):
                        found.append(Path(entry.path))
        except OSError:
            continue  # a folder that cannot be listed holds no deck we can read (Path.rglob skips it too)
    return sorted(found)


def _is_folder(entry: os.DirEntry) -> bool:
    try:
        return entry.is_dir(follow_symlinks=False)
    except OSError:
        return False


def _is_file(entry: os.DirEntry) -> bool:
    """A regular file, or a link to one. A link to nothing or a loop of links is no file, as
    Path.is_file says; one that cannot be told otherwise (a link into a folder that may not be
    read) is taken for one: reading it as a deck says why it cannot be."""
    try:
        return entry.is_file()
    except OSError as exc:
        return exc.errno not in (errno.ENOENT, errno.ENOTDIR, errno.EBADF, errno.ELOOP)


@cache
def _standard_input() -> bytes:
    return sys.stdin.buffer.read(MAX_BYTES + 1)  # read once, and never more than the limit and a byte


def read_text(path: Path, content: bytes | None = None) -> str:
    """A deck file's text (or that of `content`, its bytes come another way: a web form): a
    regular file of at most 1 MiB, UTF-8; DeckParseError otherwise."""
    try:
        if content is None:
            content = _standard_input() if path == STDIN else read_limited(path, MAX_BYTES)
        return decode(content)
    except UnreadableFile as exc:
        raise DeckParseError(exc.message) from None
    except InputError as exc:
        raise DeckParseError(exc.message, exc.position) from None


def sniffed_suffix(text: str) -> str:
    """The file suffix of a deck that came without a name (standard input, a pasted deck)."""
    return ".dek" if text.lstrip().startswith("<") else ".yaml" if _YAML_KEY.search(text) else ".txt"


def read_deck(path: Path, zones: ZoneTable, text: str | None = None) -> RawDeck:
    """The deck a file holds (or its `text`, already read), its sections among `zones`;
    DeckParseError when it cannot be read as one."""
    if text is None:
        text = read_text(path)
    suffix = sniffed_suffix(text) if path == STDIN else path.suffix.lower()
    if suffix in YAML_SUFFIXES:
        return yaml_deck.read(str(path), text, zones)
    # the other readers are imported for the decks written their way (a YAML deck needs neither)
    if suffix == ".dek" and text.lstrip().startswith("<"):
        from deckcheck.loading import lackey_deck

        return lackey_deck.read(str(path), text)
    from deckcheck.loading import text_deck

    return text_deck.read(str(path), text, zones)
