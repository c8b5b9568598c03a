"""Every card of every shipped example deck is played by its game's model or named in the model's
simplifications with the way leaving it out moves the result (the examples as the folder holds
them: a new game's example deck is held to this too)."""

from pathlib import Path

import pytest
from deckcheck.check import CheckOptions
from deckcheck.goldfish import prepare
from deckcheck.loading.card_db import Databases
from deckcheck.sim.summary import simplifications

from conftest import REPO

EXAMPLES = sorted(p for p in (REPO / "examples").iterdir() if p.suffix in (".yaml", ".txt"))
DIRECTIONS = ("sooner", "faster", "later", "slower", "change nothing")


@pytest.mark.parametrize("deck", EXAMPLES, ids=lambda path: path.name)
def test_a_card_the_model_does_not_play_is_named_with_its_effect(deck: Path):
    prepared = prepare(deck, CheckOptions(), Databases())
    model = prepared.model
    said = " ".join(simplifications(model, model.mulligans[0] if model.mulligans else "none"))
    left_out = {kind for e in prepared.deck.entries() if e.card is not None and not model.plays(e.card) for kind in e.card.types}
    for kind in sorted(left_out):
        assert _named(kind, said), f"{deck.name}: {kind} is neither played nor named in the simplifications"
    if left_out:
        sentence = next(s for s in model.simplifications if "left out" in s and any(_named(k, s) for k in left_out))
        assert any(word in sentence for word in DIRECTIONS), f"{deck.name}: which way leaving them out moves the race"


def test_a_model_plays_what_it_races_with():
    """The cards each model's race reads are among those it says it plays."""
    from deckcheck.model import Card

    soldier = Card("s", "S", ("soldier",), {})
    tower = Card("t", "Tower of Babel", ("structure",), {"strength_bonus": 2, "boosts": "holy"})
    spell = Card("x", "Holy Water", ("spell",), {})
    holy = prepare(REPO / "examples" / "demon-rush-holy.yaml", CheckOptions(), Databases()).model
    assert holy.plays(soldier) and holy.plays(tower) and not holy.plays(spell)


def _named(kind: str, text: str) -> bool:
    """The card type (`unique_person`) in words, one or several (`unique persons`, `armies`)."""
    word = kind.replace("_", " ")
    plural = word[:-1] + "ies" if word.endswith("y") else word + "s"
    return word in text or plural in text
