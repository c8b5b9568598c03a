"""The registry of games: one line a game. A game is a package of its own (its rules.py builds its
Game; its goldfish.py is its turn model; its cards.schema.json the fields of its cards).

This module is the list and nothing that needs a game's code, so that loading (the schemas' game
names, each game's card fields) can read it from below; finding a game by name, and what needs
its Game record, is deckcheck.games."""

from __future__ import annotations

# name -> package; in the order `deckcheck rules` lists them
GAME_PACKAGES = {
    "redemption": "deckcheck.games.redemption",
    "bible-battles": "deckcheck.games.bible_battles",
    "redline": "deckcheck.games.redline",
    "demon-rush": "deckcheck.games.demon_rush",
    "promised-land": "deckcheck.games.promised_land",
}


class UnknownName(ValueError):
    """A game or format name that names none; the message lists close matches and the choices."""


def known_games() -> tuple[str, ...]:
    return tuple(GAME_PACKAGES)


def close_to(word: str, choices: list[str] | tuple[str, ...]) -> str:
    """`; did you mean 'x'?` for a word close to one of `choices` (in any case), else nothing."""
    import difflib  # here: the command line lists the games at start-up, and needs no more

    spelt = {choice.lower(): choice for choice in choices}
    close = difflib.get_close_matches(word.strip().lower(), list(spelt), n=3, cutoff=0.6)
    return f"; did you mean {' or '.join(repr(spelt[c]) for c in close)}?" if close else ""


def card_fields_schema(name: str) -> dict:
    """The JSON Schema of one game's cards (`cards.schema.json` in its package)."""
    import json  # here, as difflib above: `deckcheck --version` reads the list of games and no more
    from importlib import resources

    text = resources.files(GAME_PACKAGES[name]).joinpath("cards.schema.json").read_text(encoding="utf-8")
    return json.loads(text)
