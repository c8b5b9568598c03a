"""A deck that does not say its game is given the one game whose cards it names, most of them: the
same game, note or problem however the work is cut short, and the games it is not for are asked
about a name or two, not every line (a folder of exports asks this of every deck)."""

from pathlib import Path

from deckcheck.deck_game import pick_game
from deckcheck.games import zone_table
from deckcheck.loading.card_db import Databases
from deckcheck.loading.decks import read_deck
from deckcheck.registry import known_games
from deckcheck.wording import plural
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import REPO

DATABASES = Databases()
NAMES = {game: sorted({card.name for card in DATABASES.for_game(game).cards})[:40] for game in known_games()}
UNKNOWN = ["Nothing Like It", "Sam's list for Saturday", "Thanks for looking!"]


def exhaustive(raw):
    """The rule as the documentation states it, every name asked of every game (the reference)."""
    found = {name: [_known(DATABASES.for_game(name), e) for e in raw.entries] for name in known_games()}
    named = [i for i, e in enumerate(raw.entries) if not e.shape or any(found[name][i] for name in found)]
    known = {name: sum(found[name][i] for i in named) for name in found}
    best = max(known.values(), default=0)
    leaders = [name for name, count in known.items() if count == best and count]
    if len(leaders) == 1 and best * 2 > len(named):
        return leaders[0], f"{best} of {plural(len(named), 'name')}"
    return None, ", ".join(leaders) if best * 2 > len(named) else ""


def _known(database, entry):
    resolution = database.names.resolve(entry.typed)
    return resolution.card is not None or bool(resolution.candidates)


def picked(raw):
    game, note, problem = pick_game(raw, Path("deck.txt"), None, DATABASES)
    if game is not None:
        return game.name, note.split(": ")[1].split(" are ")[0]
    return None, problem.split("cards of ")[1].split(" alike")[0].replace(" and ", ", ") if "alike" in problem else ""


GAMES = sorted(NAMES)


@st.composite
def decks(draw):
    """Lines of two games' names, one of them often most of the deck, some bare, some no card's:
    decks near every boundary (a majority of one, a tie, no majority)."""
    first, second = draw(st.sampled_from(GAMES)), draw(st.sampled_from(GAMES))
    lines = []
    for _ in range(draw(st.integers(1, 30))):
        game = draw(st.sampled_from([first, first, second]))
        name = draw(st.sampled_from(NAMES[game] + UNKNOWN))
        lines.append(name if draw(st.integers(0, 4)) == 0 else f"{draw(st.integers(1, 3))} {name}")
    return lines


@settings(max_examples=150, deadline=None)
@given(decks())
def test_the_game_picked_is_the_one_every_name_asked_of_every_game_gives(deck_lines):
    raw = read_deck(Path("deck.txt"), zone_table(), "\n".join(deck_lines) + "\n")
    assert picked(raw) == exhaustive(raw)


def test_the_games_a_deck_is_not_for_are_asked_about_a_few_of_its_names(monkeypatch):
    text = (REPO / "examples" / "redline-cpm.yaml").read_text(encoding="utf-8")
    raw = read_deck(Path("deck.yaml"), zone_table(), "\n".join(line for line in text.splitlines() if not line.startswith("game:")) + "\n")
    asked = {game: 0 for game in known_games()}
    for game in known_games():
        names = DATABASES.for_game(game).names
        resolve = names.resolve

        def counted(typed, suggest=False, game=game, resolve=resolve):
            asked[game] += 1
            return resolve(typed, suggest)

        monkeypatch.setattr(names, "resolve", counted)
    game, _, _ = pick_game(raw, Path("deck.yaml"), None, DATABASES)
    lines = len(raw.entries)
    assert game is not None and game.name == "redline"
    assert asked["redline"] <= lines + 5  # its own: every line, and the five that put it first
    # each other game: the five names that order the games, and one more line at most (none of the
    # starter's names is another game's card)
    assert all(count <= 6 for name, count in asked.items() if name != "redline"), asked
