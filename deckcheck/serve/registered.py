"""The decks an event's store keeps, as a folder run (`deckcheck check registrations/`) checks
them: each named as a file of its folder would be. Nothing is imported or opened where no folder
named holds a store: a check of deck files alone pays nothing for it."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from deckcheck import records


@records.record
class Registered:
    """The decks the stores of some folders hold."""

    decks: dict[Path, tuple[bytes, str | None]]  # as a file of its folder would be named -> its content, and its player
    known: frozenset[Path]  # every deck file a store names (an imported folder's copies of them are not checked twice)


def registered_decks(paths: Iterable[Path], current: bool) -> Registered:
    """The decks of the stores in the folders named (and their folders): every registration's, or
    (`current`) each player's current one with the player's name. No store is made. Raises
    StoreProblem."""
    searched = [path for path in paths if path.is_dir()]
    if not searched:
        return Registered({}, frozenset())
    from deckcheck.serve.store import STORE

    folders = sorted({store.parent for path in searched for store in path.rglob(STORE)})
    decks: dict[Path, tuple[bytes, str | None]] = {}
    known: set[Path] = set()
    for folder in folders:
        kept_decks, kept_names = _of_store(folder, current)
        decks |= kept_decks
        known |= kept_names
    return Registered(decks, frozenset(known))


def _of_store(folder: Path, current: bool) -> tuple[dict[Path, tuple[bytes, str | None]], set[Path]]:
    from deckcheck.serve.registrations import PlayerRow, by_player, registrations_in
    from deckcheck.serve.store import Store

    with Store(folder).reading() as kept:
        every = registrations_in(kept)
        counted = by_player(every) if current else [PlayerRow(each, ()) for each in every if each.withdrawn_by is None]
        decks: dict[Path, tuple[bytes, str | None]] = {
            folder / row.current.deck_file: (kept.deck(row.current.deck_file) or b"", row.current.player) for row in counted
        }
    if not current:  # every registration, as a folder of decks: no player's name on it
        decks = {path: (content, None) for path, (content, _) in decks.items()}
    return decks, {folder / each.deck_file for each in every}
