"""Finding deck files and reading one into a RawDeck, whatever its form."""

from __future__ import annotations

import re
import sys
from functools import cache
from pathlib import Path
from typing import Iterable, Iterator

from deckcheck.loading import lackey_deck, text_deck, yaml_deck
from deckcheck.loading.files import MAX_BYTES, UnreadableFile, read_limited
from deckcheck.loading.raw_deck import DeckParseError, RawDeck
from deckcheck.loading.safe_yaml import InputError, decode
from deckcheck.model import ZoneTable

YAML_SUFFIXES = (".yaml", ".yml")
TEXT_SUFFIXES = (".txt", ".deck", ".dek")
DECK_SUFFIXES = YAML_SUFFIXES + TEXT_SUFFIXES
STDIN = Path("-")  # `deckcheck check -`: the deck on standard input
# a deck on standard input is YAML when a line starts with one of a YAML deck's keys (a text deck
# writes `# game:` and `Main:`), LackeyCCG XML when it starts with a tag, else text
_YAML_KEY = re.compile(r"^(?:game|format|name|main|side|reserve)[ \t]*:", re.MULTILINE)


def find_decks(paths: Iterable[Path]) -> Iterator[Path]:
    """Each file named, and every deck file under each folder named, in a stable order."""
    for path in paths:
        if path.is_dir():
            yield from sorted(p for p in path.rglob("*") if p.suffix.lower() in DECK_SUFFIXES and p.is_file() and not _hidden(p, path))
        else:
            yield path


def _hidden(path: Path, root: Path) -> bool:
    return any(part.startswith(".") for part in path.relative_to(root).parts)


@cache
def _standard_input() -> bytes:
    return sys.stdin.buffer.read(MAX_BYTES + 1)  # read once, and never more than the limit and a byte


def read_text(path: Path) -> str:
    """A deck file's text: a regular file of at most 1 MiB, UTF-8; DeckParseError otherwise."""
    try:
        return decode(_standard_input() if path == STDIN else read_limited(path, MAX_BYTES))
    except UnreadableFile as exc:
        raise DeckParseError(exc.message) from None
    except InputError as exc:
        raise DeckParseError(exc.message, exc.position) from None


def read_deck(path: Path, zones: ZoneTable, text: str | None = None) -> RawDeck:
    """The deck a file holds (or its `text`, already read), its sections among `zones`;
    DeckParseError when it cannot be read as one."""
    if text is None:
        text = read_text(path)
    suffix = path.suffix.lower()
    if path == STDIN:
        suffix = ".dek" if text.lstrip().startswith("<") else ".yaml" if _YAML_KEY.search(text) else ".txt"
    if suffix in YAML_SUFFIXES:
        return yaml_deck.read(str(path), text, zones)
    if suffix == ".dek" and text.lstrip().startswith("<"):
        return lackey_deck.read(str(path), text)
    return text_deck.read(str(path), text, zones)
