"""Card databases: YAML files checked against schemas/card-db.schema.json, one game per file.

The bundled databases ship inside the package; `--card-db PATH` replaces the bundled database of
each game that PATH covers. Any problem with a database stops the run (exit 2): a deck cannot be
judged against cards that are not known for sure.
"""

from __future__ import annotations

import functools
import hashlib
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType

from deckcheck.escaping import terminal_path
from deckcheck.loading import cache, resources
from deckcheck.loading.checked_yaml import FileProblems, load_checked, located, read_bytes
from deckcheck.loading.names import NameIndex, slug
from deckcheck.model import Card
from deckcheck.wording import plural

DATABASE_SUFFIXES = (".yaml", ".yml")


@dataclass(eq=False)  # compared and hashed by identity: per-database caches key on it
class CardDatabase:
    game: str
    cards: tuple[Card, ...]
    files: tuple[str, ...]
    formats: tuple[dict, ...] = ()  # formats the data defines: {name, label, sets}
    bundled: bool = False  # the cards deckcheck ships, not the user's --card-db
    by_id: dict[str, Card] = field(init=False)
    names: NameIndex = field(init=False)

    def __post_init__(self) -> None:
        self.by_id = {card.id: card for card in self.cards}
        self.names = NameIndex(self.cards)
        self._images: dict[str, list[Card]] | None = None

    @functools.cached_property
    def sha256(self) -> str:
        """A hash of the card list's files, in their order: the same list, the same hash."""
        digest = hashlib.sha256()
        for name in self.files:
            try:
                digest.update(Path(name).read_bytes())
            except OSError:
                digest.update(name.encode("utf-8"))  # gone since it was read: its name stands for it
        return digest.hexdigest()

    @property
    def described(self) -> str:
        """Which card list this is, for a record to compare later: `bundled, 412 cards`, or its files."""
        where = "bundled" if self.bundled else ", ".join(Path(f).name for f in self.files[:3]) + (", ..." if len(self.files) > 3 else "")
        return f"{where}, {plural(len(self.cards), 'card')}"

    def printing(self, image: str, card_set: str | None) -> Card | None:
        """The printing a LackeyCCG image id names: the image's one card, or among the cards that
        share an image, the one of `card_set`; None when that does not decide."""
        if self._images is None:
            self._images = {}
            for card in self.cards:
                if card.get("image"):
                    self._images.setdefault(card.get("image").casefold(), []).append(card)
        found = self._images.get(image.casefold(), [])
        if len(found) > 1 and card_set:
            found = [card for card in found if card.get("set") == card_set] or found
        return found[0] if len(found) == 1 else None


def read_file(path: Path) -> tuple[str, list[Card], list[dict]]:
    """The game, cards and formats of one database file; FileProblems listing every problem in it.
    A file read and checked before comes from the cache (see cache.py)."""
    content = read_bytes(path)
    cached = cache.load(content)
    if isinstance(cached, dict) and isinstance(cached.get("game"), str):
        try:
            return cached["game"], [_from_cache(*entry) for entry in cached["cards"]], list(cached["formats"])
        except (TypeError, ValueError, KeyError):
            pass  # an entry of another shape (an older deckcheck's, say): read the file again
    document = load_checked(path, "card-db", content)
    game = document.data["game"]
    entries, problems = [], []
    seen: dict[str, int] = {}
    for index, entry in enumerate(document.data["cards"]):
        card_id = entry.get("id") or slug(entry["name"])
        if card_id in seen:
            problems.append(
                located(
                    path,
                    document.position(("cards", index)),
                    f"duplicate card id '{card_id}' (also card {seen[card_id] + 1}); give one of them an explicit `id`",
                )
            )
            continue
        seen[card_id] = index
        entries.append({**entry, "id": card_id})
    if problems:
        raise FileProblems(problems)
    formats = document.data.get("formats", [])
    cards = [_card(entry["id"], entry) for entry in entries]
    cache.store(content, {"game": game, "cards": [[c.id, c.name, c.types, dict(c.facts)] for c in cards], "formats": formats})
    return game, cards, formats


def _from_cache(card_id: str, name: str, types: list[str], facts: dict) -> Card:
    # the entry is one deckcheck wrote (cache.py checks its MAC): its shape needs no second check
    return Card(card_id, name, tuple(types), MappingProxyType(facts))


def _card(card_id: str, entry: dict) -> Card:
    kinds = entry["type"]
    types = tuple(kinds) if isinstance(kinds, list) else (kinds,)
    facts = {k: v for k, v in entry.items() if k not in ("id", "name", "type")}
    return Card(card_id, entry["name"], types, MappingProxyType(facts))


def database_files(path: Path) -> list[Path]:
    """The database files under a folder (or the file named). An entry that vanishes while the
    folder is listed (a process's folder under /proc) or that may not be read was not there, as
    for a glob; any other listing error is raised (OSError), for the one line naming the folder."""
    if not path.is_dir():
        return [path]

    def refused(error: OSError) -> None:
        if not isinstance(error, FileNotFoundError | PermissionError):
            raise error

    found = []
    for folder, _, names in os.walk(path, onerror=refused):
        found += [Path(folder) / name for name in names if Path(name).suffix in DATABASE_SUFFIXES]
    return sorted(p for p in found if p.is_file())


def load_databases(paths: Iterable[Path]) -> dict[str, CardDatabase]:
    """Every game the files under `paths` cover, each with all its cards from those files."""
    by_game: dict[str, list[Card]] = {}
    formats: dict[str, list[dict]] = {}
    files: dict[str, list[str]] = {}
    problems: list[str] = []
    for root in paths:
        if not root.exists():
            problems.append(located(root, None, "no such file or folder"))
            continue
        try:
            found = database_files(root)
        except OSError as exc:  # a folder that changes or refuses while it is listed (/proc)
            problems.append(located(root, None, f"cannot be listed: {exc.strerror or exc}"))
            continue
        if not found:
            problems.append(located(root, None, f"a folder with no card database in it ({', '.join(DATABASE_SUFFIXES)} files)"))
        for file in found:
            try:
                game, cards, defined = read_file(file)
            except FileProblems as exc:
                problems.extend(exc.problems)
                continue
            by_game.setdefault(game, []).extend(cards)
            formats.setdefault(game, []).extend(defined)
            files.setdefault(game, []).append(str(file))
    databases = {}
    for game, cards in by_game.items():
        duplicate = _first_duplicate_id(cards)
        if duplicate:
            problems.append(f"{', '.join(map(terminal_path, files[game]))}: card id '{duplicate}' is used twice in the {game} database")
        databases[game] = CardDatabase(game, tuple(cards), tuple(files[game]), tuple(formats.get(game, ())))
    if problems:
        raise FileProblems(problems)
    return databases


def _first_duplicate_id(cards: list[Card]) -> str | None:
    seen: set[str] = set()
    for card in cards:
        if card.id in seen:
            return card.id
        seen.add(card.id)
    return None


class Databases:
    """The databases of one run: the user's replacements first, the bundled ones on demand."""

    def __init__(self, replacements: dict[str, CardDatabase] | None = None):
        self._loaded = dict(replacements or {})

    def __reduce__(self) -> tuple[Callable[..., Databases], tuple[object, ...]]:
        # Sent to another process (a check with a time limit) as the files the user's databases
        # were read from, not as their cards (a full card list is megabytes): the process reads
        # them once and keeps them, with the caches keyed on them, for every later check.
        replaced = [database for database in self._loaded.values() if not database.bundled]
        if any(not database.files for database in replaced):
            return (Databases, (dict(self._loaded),))  # cards made in memory (a test's): sent as they are
        return (databases_read_from, (tuple(file for database in replaced for file in database.files),))

    def for_game(self, game: str) -> CardDatabase:
        if game not in self._loaded:
            folder = resources.card_data_path(game)
            bundled = load_databases([folder]).get(game) if folder.exists() else None  # a game may ship no cards
            self._loaded[game] = replace(bundled, bundled=True) if bundled else CardDatabase(game, (), (), bundled=True)
        return self._loaded[game]


@functools.cache
def databases_read_from(files: tuple[str, ...]) -> Databases:
    """The databases of these files, read once in this process (see Databases.__reduce__)."""
    return Databases(load_databases(Path(file) for file in files))
