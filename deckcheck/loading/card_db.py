"""Card databases: YAML files checked against schemas/card-db.schema.json, one game per file.

The bundled databases ship inside the package; `--card-db PATH` replaces the bundled database of
each game that PATH covers. Any problem with a database stops the run (exit 2): a deck cannot be
judged against cards that are not known for sure.
"""

from __future__ import annotations

import errno
import functools
import hashlib
import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import InitVar, dataclass, field
from pathlib import Path
from types import MappingProxyType

from deckcheck.escaping import terminal_path
from deckcheck.loading import cache, kept_lists, positions, resources
from deckcheck.loading.checked_yaml import FileProblems, load_checked, located, read_bytes
from deckcheck.loading.names import NameIndex, slug
from deckcheck.loading.set_names import set_codes
from deckcheck.model import Card
from deckcheck.wording import plural

DATABASE_SUFFIXES = (".yaml", ".yml")


@dataclass(eq=False)  # compared and hashed by identity: per-database caches key on it
class CardDatabase:
    """One game's cards as loaded from its files, the formats the files define, and the indexes that
    find cards by name."""

    game: str
    cards: Sequence[Card]
    files: tuple[str, ...]
    formats: tuple[dict, ...] = ()  # formats the data defines: {name, label, sets}
    bundled: bool = False  # the cards deckcheck ships, not the user's --card-db
    stored: InitVar[dict | None] = None  # the indexes kept with these cards (kept_lists.py), if any
    read_sha256: InitVar[str | None] = None  # the hash of the files' content as they were read
    by_id: Mapping[str, Card] = field(init=False)
    names: NameIndex = field(init=False)

    def __post_init__(self, stored: dict | None, read_sha256: str | None) -> None:
        self.by_id = self.cards.by_id if isinstance(self.cards, kept_lists.KeptCards) else {card.id: card for card in self.cards}
        self.names = NameIndex(self.cards, stored["names"] if stored else None, functools.partial(set_codes, self.game))
        self._images = positions.Tables({"images": stored["images"]}) if stored else None
        self._read_sha256 = read_sha256

    @property
    def indexes(self) -> dict:
        """The indexes to keep with the cards: CardDatabase(..., stored=indexes) has them at once."""
        return {"names": self.names.kept, "images": self._images_index()}

    @functools.cached_property
    def sha256(self) -> str:
        """A hash of the card list's files, in their order: the same list, the same hash."""
        if self._read_sha256:
            return self._read_sha256  # the cards' files as they were read, not as they may be now
        digest = hashlib.sha256()
        for name in self.files:
            try:
                digest.update(Path(name).read_bytes())
            except OSError:
                digest.update(name.encode("utf-8"))  # gone since it was read: its name stands for it
        return digest.hexdigest()

    @functools.cached_property
    def described(self) -> str:
        """Which card list this is, for a record to compare later: `bundled, 412 cards`, or its files
        (every deck's report names it: worked out once)."""
        where = "bundled" if self.bundled else ", ".join(Path(f).name for f in self.files[:3]) + (", ..." if len(self.files) > 3 else "")
        return f"{where}, {plural(len(self.cards), 'card')}"

    def printing(self, image: str, card_set: str | None) -> Card | None:
        """The printing a LackeyCCG image id names: the image's one card, or among the cards that
        share an image, the one of `card_set`; None when that does not decide."""
        found = [self.cards[position] for position in positions.each(self._images_index().get(image.casefold()))]
        if len(found) > 1 and card_set:
            found = [card for card in found if card.get("set") == card_set] or found
        return found[0] if len(found) == 1 else None

    def _images_index(self) -> Mapping[str, positions.Found]:
        """LackeyCCG image id (case-folded) -> the printings of that image."""
        if self._images is None:
            images: dict[str, positions.Found] = {}  # built whole before it is shared between threads
            for position, card in enumerate(self.cards):
                if card.get("image"):
                    positions.add(images, card.get("image").casefold(), position)
            self._images = positions.Tables({"images": images})
        return self._images["images"]


def read_file(path: Path, content: bytes | None = None) -> tuple[str, list[Card], list[dict]]:
    """The game, cards and formats of one database file (or of its `content`, already read);
    FileProblems listing every problem in it. A file read and checked before comes from the cache
    (see cache.py)."""
    content = read_bytes(path) if content is None else content
    cached = cache.load(content)
    if isinstance(cached, dict) and isinstance(cached.get("game"), str):
        try:
            return cached["game"], [_from_cache(*entry) for entry in cached["cards"]], list(cached["formats"])
        except (TypeError, ValueError, KeyError):
            pass  # an entry of another shape (an older deckcheck's, say): read the file again
    document = load_checked(path, "card-db", content, remember=False)  # the cache keeps the cards it read instead
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
    folder is listed (a process's folder under /proc, its threads) or that may not be read was not
    there, as for a glob; any other listing error is raised (OSError), for the one line naming the folder."""
    if not path.is_dir():
        return [path]

    def refused(error: OSError) -> None:
        # gone or refused while listed: a process's folder under /proc vanishes (ENOENT, or ESRCH
        # for its threads and descriptors) as the listing reaches it
        if error.errno not in (errno.ENOENT, errno.ESRCH, errno.EACCES, errno.EPERM):
            raise error

    found = []
    for folder, _, names in os.walk(path, onerror=refused):
        found += [Path(folder) / name for name in names if Path(name).suffix in DATABASE_SUFFIXES]
    return sorted(p for p in found if p.is_file())


def load_databases(paths: Iterable[Path], bundled: bool = False) -> dict[str, CardDatabase]:
    """Every game the files under `paths` cover, each with all its cards from those files: the
    databases kept whole in the cache for files of the same contents (kept_lists.py), found
    without reading the files where their stat says they are unchanged, or else each file's cards
    (from the cache of files read before) joined and indexed."""
    listed, problems = _listed(paths)
    if not listed and not problems:
        return {}  # no file named (no --card-db): nothing to look up
    stats = None if problems else kept_lists.stats_of(listed)
    games = None if stats is None else kept_lists.kept_by_stats(stats)
    if games is None:
        games, contents = _read(listed, problems)
        if stats is not None:
            kept_lists.remember_stats(stats, contents)
    return {
        game.game: CardDatabase(
            game.game, game.cards, tuple(str(listed[i]) for i in game.files), tuple(game.formats), bundled, game.indexes, game.sha256
        )
        for game in games
    }


def _read(listed: list[Path], problems: list[str]) -> tuple[list[kept_lists.KeptGame], list[bytes]]:
    """The games of the files listed, kept whole in the cache for files of the same contents, or
    else each file's cards (from the cache of files read before) joined and indexed; and the
    contents read. FileProblems listing every problem of every file."""
    read: list[tuple[Path, bytes]] = []
    for file in listed:
        try:
            read.append((file, read_bytes(file)))
        except FileProblems as exc:
            problems.extend(exc.problems)
    contents = [content for _, content in read]
    kept = None if problems else kept_lists.kept(contents)
    if kept is None:
        try:
            kept = _joined(read)
        except FileProblems as exc:
            raise FileProblems(problems + exc.problems) from None
        if problems:
            raise FileProblems(problems)
        kept_lists.keep(contents, kept)
    return kept, contents


def _listed(paths: Iterable[Path]) -> tuple[list[Path], list[str]]:
    """The database files under `paths`, and the problems of those that name none."""
    listed: list[Path] = []
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
        listed += found
    return listed, problems


def _joined(read: list[tuple[Path, bytes]]) -> list[kept_lists.KeptGame]:
    """Each game's cards, formats and files from the files read, with its indexes built;
    FileProblems listing every problem of every file."""
    cards: dict[str, list[Card]] = {}
    formats: dict[str, list[dict]] = {}
    files: dict[str, list[int]] = {}
    problems: list[str] = []
    for position, (file, content) in enumerate(read):
        try:
            game, found, defined = read_file(file, content)
        except FileProblems as exc:
            problems.extend(exc.problems)
            continue
        cards.setdefault(game, []).extend(found)
        formats.setdefault(game, []).extend(defined)
        files.setdefault(game, []).append(position)
    for game, its_cards in cards.items():
        duplicate = _first_duplicate_id(its_cards)
        if duplicate:
            named = ", ".join(terminal_path(str(read[i][0])) for i in files[game])
            problems.append(f"{named}: card id '{duplicate}' is used twice in the {game} database")
    if problems:
        raise FileProblems(problems)
    return [
        kept_lists.KeptGame(
            game,
            files[game],
            formats[game],
            tuple(its_cards),
            CardDatabase(game, tuple(its_cards), ()).indexes,
            hashlib.sha256(b"".join(read[i][1] for i in files[game])).hexdigest(),
        )
        for game, its_cards in cards.items()
    ]


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
            bundled = load_databases([folder], bundled=True).get(game) if folder.exists() else None  # a game may ship no cards
            self._loaded[game] = bundled or CardDatabase(game, (), (), bundled=True)
        return self._loaded[game]


@functools.cache
def databases_read_from(files: tuple[str, ...]) -> Databases:
    """The databases of these files, read once in this process (see Databases.__reduce__)."""
    return Databases(load_databases(Path(file) for file in files))
