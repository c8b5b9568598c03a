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
    known, named = _names_known(raw, databases)
    best = max(known.values(), default=0)
    leaders = [name for name, count in known.items() if count == best and count]
    if len(leaders) == 1 and best * 2 > named:
        game = game_named(leaders[0])
        return game, f"game inferred from its cards: {best} of {plural(named, 'name')} are {game.title} cards", ""
    if len(leaders) > 1 and best * 2 > named:
        why = f"its names are cards of {' and '.join(leaders)} alike"
    else:
        why = "the deck does not say which game it is for"
    return None, "", f"{why}; add `game:` with one of: {', '.join(known_games())} (or pass --game)"


PROBE = 5  # the names that order the games: enough to put the deck's own first, cheap beside a deck


def _names_known(raw: RawDeck, databases: Databases) -> tuple[dict[str, int], int]:
    """How many of the deck's names each game's cards know (exactly for every game that may lead;
    less for one that cannot reach the leader), and how many names the deck has: a pasted line
    without a count is a name only if some game has it (a title, a format or prose is none).

    A folder of exports that do not say their game asks this of every deck: a game's count stops
    once its misses leave it short of the best count so far, so the games a deck is not for are
    asked about a name or two each, not every line (the verdict is the same)."""
    counted = [e for e in raw.entries if not e.shape]
    # the games most likely first (those knowing most of the first few names), so that the others stop soonest
    probe = counted[:PROBE]
    games = sorted(known_games(), key=lambda name: -sum(_resolves(databases.for_game(name), e) for e in probe))
    bare = [e for e in raw.entries if e.shape]
    bare_found = {name: [_resolves(databases.for_game(name), e) for e in bare] for name in games}
    named_bare = [i for i in range(len(bare)) if any(bare_found[name][i] for name in games)]
    known: dict[str, int] = {}
    for name in games:
        database, hits = databases.for_game(name), sum(bare_found[name][i] for i in named_bare)
        room = len(counted) + hits - max(known.values(), default=0)  # misses this game can take and still tie
        for entry in counted:
            if _resolves(database, entry):
                hits += 1
            else:
                room -= 1
                if room < 0:
                    break
        known[name] = hits
    return {name: known[name] for name in known_games()}, len(counted) + len(named_bare)


def _resolves(database: CardDatabase, entry: RawEntry) -> bool:
    if entry.image and database.printing(entry.image, entry.set):
        return True
    resolution = database.names.resolve(entry.typed)
    return resolution.card is not None or bool(resolution.candidates)
