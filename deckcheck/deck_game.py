"""Which game a deck is for: its own `game:`, else --game or the config's, else (a LackeyCCG
`.dek`) Redemption, else the one game whose card database knows its names. One place for it:
`check` and `fmt` both ask here."""

from __future__ import annotations

from pathlib import Path

from deckcheck.games import game_named
from deckcheck.loading.card_db import CardDatabase, Databases
from deckcheck.loading.raw_deck import RawDeck, RawEntry
from deckcheck.registry import UnknownName, known_games
from deckcheck.rules import Game
from deckcheck.wording import plural


def pick_game(raw: RawDeck, path: Path, fallback: str | None, databases: Databases) -> tuple[Game | None, str, str]:
    """(the deck's game, the note saying it was inferred or "", why there is none). The deck's own
    `game:` first, then --game or the config; a `.dek` file is Redemption; otherwise the one game
    whose card database knows the deck's names."""
    said = raw.game or fallback
    if said:
        try:
            return game_named(said), "", ""
        except UnknownName as exc:
            return None, "", f"{exc}: name one in `game:` (or pass --game)"
    if path.suffix.lower() == ".dek":
        return game_named("redemption"), "", ""
    found = {name: [_resolves(databases.for_game(name), e) for e in raw.entries] for name in known_games()}
    # a pasted line without a count is a name only if some game has it: a title, a format or prose is none
    named = [i for i, e in enumerate(raw.entries) if not e.shape or any(found[name][i] for name in found)]
    entries = [raw.entries[i] for i in named]
    known = {name: sum(found[name][i] for i in named) for name in found}
    best = max(known.values(), default=0)
    leaders = [name for name, count in known.items() if count == best and count]
    if len(leaders) == 1 and best * 2 > len(entries):
        game = game_named(leaders[0])
        return game, f"game inferred from its cards: {best} of {plural(len(entries), 'name')} are {game.title} cards", ""
    if len(leaders) > 1 and best * 2 > len(entries):
        why = f"its names are cards of {' and '.join(leaders)} alike"
    else:
        why = "the deck does not say which game it is for"
    return None, "", f"{why}; add `game:` with one of: {', '.join(known_games())} (or pass --game)"


def _resolves(database: CardDatabase, entry: RawEntry) -> bool:
    if entry.image and database.printing(entry.image, entry.set):
        return True
    resolution = database.names.resolve(entry.typed)
    return resolution.card is not None or bool(resolution.candidates)
