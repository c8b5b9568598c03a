"""A model that says how many cards from the top of a shuffle its games read (`cards_dealt`) is
dealt no more: REDLINE's games, dealt the cards drawn by the last turn and a hand's worth under
them, come out game for game as dealt the whole deck, whatever the deck, the turns, the
mulligan, a keep rule, the queries and the race."""

import numpy as np
import pytest
from deckcheck.games.redline.goldfish import RedlineGoldfish
from deckcheck.games.redline.rules import STANDARD
from deckcheck.sim import engine
from deckcheck.sim.model import DeckFacts
from deckcheck.sim.queries import Clause, Query
from test_redline_race import random_deck


def _played(seed: int):
    rng = np.random.default_rng(seed)
    cards, missions = random_deck(rng)
    model = RedlineGoldfish(DeckFacts(cards), STANDARD, missions)
    efreets = model.efreet
    queries = (
        Query("an efreet", (Clause(efreets),)),
        Query("two, at most three resources", (Clause(model.resource, 2, 3),)),
        Query("a curve of resources", (Clause(model.resource),), curve=True),
    )
    keep = Query("keep", (Clause(model.resource, 2, 5),)) if seed % 3 == 0 else None
    options = engine.SimOptions(
        games=3_000, turns=int(rng.integers(1, 40)), seed=seed, on_play=bool(seed % 2), mulligan="partial" if seed % 4 else "none"
    )
    return engine.Played(model, queries, keep), options


def _arrays(result: engine.SimResult) -> list[np.ndarray]:
    return [*result.tracked, result.win_turn, *result.figures.values(), result.opening, result.kept]


@pytest.mark.parametrize("seed", range(12))
def test_a_redline_game_dealt_the_cards_it_reads_is_the_game_dealt_the_deck(seed, monkeypatch):
    played, options = _played(seed)
    dealt = engine.simulate_all([played], options)[0]
    monkeypatch.setattr(RedlineGoldfish, "cards_dealt", lambda self, turns, on_play: None)
    whole = engine.simulate_all([played], options)[0]
    for mine, theirs in zip(_arrays(dealt), _arrays(whole), strict=True):
        assert (mine is None and theirs is None) or np.array_equal(mine, theirs)


def test_a_game_of_few_turns_is_dealt_fewer_cards_than_the_deck():
    """So that the comparison above compares something."""
    played, _ = _played(1)
    assert played.model.cards_dealt(3, True) < len(played.model.facts)
