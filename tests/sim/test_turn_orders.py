"""Each game's turn as its model plays it: written out step by step where a model author and a
player read it (the model's docstring, `goldfish --help`), and played so (a game worked by hand)."""

import importlib
import re

import numpy as np
import pytest
from deckcheck.games import all_games
from deckcheck.games.demon_rush.goldfish import DemonRushGoldfish
from deckcheck.games.demon_rush.rules import STANDARD
from deckcheck.model import Card
from deckcheck.sim.model import DeckFacts

from conftest import run

GAMES = [game.name for game in all_games()]


def _model(name: str):
    (game,) = [game for game in all_games() if game.name == name]
    return importlib.import_module(game.goldfish)


def _words(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


@pytest.mark.parametrize("name", GAMES)
def test_the_turn_is_written_step_by_step_in_the_docstring_and_in_help(name):
    module = _model(name)
    steps = module.MODEL.turn_order
    assert len(steps) >= 3, f"{name}: the turn in steps"
    docstring = _words(module.__doc__)
    for number, step in enumerate(steps, start=1):
        assert f"{number}. {_words(step)}" in docstring, f"{name}: step {number} differs from the docstring's"
    shown = run("goldfish", "--help").stdout
    for number, step in enumerate(steps, start=1):
        assert f"{number}. {step}" in shown


def test_bible_battles_wisdom_comes_before_the_follower_of_the_turn():
    steps = _model("bible-battles").MODEL.turn_order
    wisdom = next(i for i, step in enumerate(steps) if "adds its wisdom" in step)
    follower = next(i for i, step in enumerate(steps) if "one follower comes into play" in step)
    assert wisdom < follower


def test_demon_rush_skips_a_soldier_it_cannot_pay_for_and_rallies_a_cheaper_one_drawn_later():
    big = Card("big", "Big", ("soldier",), {"cost": 8, "strength": 8})
    middle = Card("middle", "Middle", ("soldier",), {"cost": 5, "strength": 5})
    cheap = Card("cheap", "Cheap", ("soldier",), {"cost": 2, "strength": 9})
    spell = Card("spell", "Spell", ("spell",), {"cost": 1})
    cards = [big, middle, cheap] + [spell] * 10
    model = DemonRushGoldfish(DeckFacts(cards), STANDARD, champion_strength=0.0)
    order = np.arange(len(cards))[None, :]  # drawn as listed: all three soldiers in the opening 5
    race = model.race(order, model.draw_turns(order, True, 5), np.random.default_rng(1), 5)
    # turn 1, 10 imperium: Big (8); Middle (5) cannot be paid and is skipped; Cheap (2): 8 + 9 = 17
    # strength, 17 - 1 = 16 damage, 30 -> 14. Turn 2: Middle (5): 22 - 1 = 21 damage, 14 -> 0: won.
    # (Stopping at the first soldier it cannot pay for would rally Big alone on turn 1 and win on 3.)
    assert race.win_turn.tolist() == [2]


def plain_bible_battles_game(wisdom: list[float], follower: list[bool], target: float, turns: int) -> int:
    """One game of the rulebook's turn in plain Python, the deck in the order drawn: each
    Beginning Stage draws and adds the wisdom of the followers already in play, and the game is
    won there or not at all; each Building Stage then plays the first follower drawn and not yet
    in play. The win turn, or 0."""
    in_play: list[int] = []
    total = 0.0
    for turn in range(1, turns + 1):
        hand = range(min(len(follower), 7 + turn))
        total += sum(wisdom[card] for card in in_play)
        if total >= target:
            return turn
        waiting = [card for card in hand if follower[card] and card not in in_play]
        if waiting:
            in_play.append(waiting[0])
    return 0


def test_bible_battles_example_races_as_a_plain_game_of_the_rulebooks_order():
    from deckcheck.check import CheckOptions
    from deckcheck.goldfish import prepare
    from deckcheck.loading.card_db import Databases

    from conftest import REPO

    model = prepare(REPO / "examples" / "bible-battles.txt", CheckOptions(), Databases()).model
    rng = np.random.default_rng(5)
    games, turns = 400, 12
    order = np.argsort(rng.random((games, len(model.facts))), axis=1)
    race = model.race(order, model.draw_turns(order, True, turns), np.random.default_rng(1), turns)
    target = float(model.params.wisdom_target)
    for game in range(games):
        drawn = list(order[game])
        expected = plain_bible_battles_game([model.wisdom[s] for s in drawn], [bool(model.follower[s]) for s in drawn], target, turns)
        assert int(race.win_turn[game]) == expected, game
    # the first follower comes into play on turn 1 and first adds wisdom on turn 2: never won on turn 1
    assert 1 not in race.win_turn.tolist()
