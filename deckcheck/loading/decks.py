"""Finding deck files and reading one into a RawDeck, whatever its form."""

from __future__ import annotations

from pathlib import Path
from typing import Iterable, Iterator

from deckcheck.loading import lackey_deck, text_deck, yaml_deck
from deckcheck.loading.raw_deck import DeckParseError, RawDeck
from deckcheck.loading.safe_yaml import MAX_BYTES, InputError, decode

YAML_SUFFIXES = (".yaml", ".yml")
TEXT_SUFFIXES = (".txt", ".deck", ".dek")
DECK_SUFFIXES = YAML_SUFFIXES + TEXT_SUFFIXES


def find_decks(paths: Iterable[Path]) -> Iterator[Path]:
    """Each file named, and every deck file under each folder named, in a stable order."""
    for path in paths:
        if path.is_dir():
            yield from sorted(p for p in path.rglob("*")
                              if p.suffix.lower() in DECK_SUFFIXES and p.is_file() and not _hidden(p, path))
        else:
            yield path


def _hidden(path: Path, root: Path) -> bool:
    return any(part.startswith(".") for part in path.relative_to(root).parts)


def read_deck(path: Path) -> RawDeck:
    """The deck a file holds; DeckParseError when it cannot be read as one."""
    try:
        with path.open("rb") as handle:
            raw = handle.read(MAX_BYTES + 1)
    except OSError as exc:
        raise DeckParseError(f"cannot read: {exc.strerror or exc}") from None
    try:
        text = decode(raw)
    except InputError as exc:
        raise DeckParseError(exc.message, exc.position) from None
    if path.suffix.lower() in YAML_SUFFIXES:
        return yaml_deck.read(str(path), text)
    if path.suffix.lower() == ".dek" and text.lstrip().startswith("<"):
        return lackey_deck.read(str(path), text)
    return text_deck.read(str(path), text)
