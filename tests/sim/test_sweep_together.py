"""A --sweep's counts on common random numbers: each copy swapped in takes the shuffle place of the
copy it replaces."""

import json

import pytest
from deckcheck.check import CheckOptions
from deckcheck.goldfish import prepare
from deckcheck.loading.card_db import Databases
from deckcheck.sweep import build_sweep

from conftest import REPO, run

EXAMPLES = REPO / "examples"


@pytest.mark.parametrize("what", ["EF-9 Rabbit=0..4", "type:resource=19..24"])
def test_each_copy_swapped_in_takes_the_shuffle_place_of_the_copy_it_replaces(what):
    prepared = prepare(EXAMPLES / "redline-cpm.yaml", CheckOptions(), Databases())
    sweep = build_sweep(what, prepared.deck, prepared.database)
    given = set(prepared.model.facts.identities)
    keyed = []
    for deck, replaces in zip(sweep.decks, sweep.replaces):
        facts = prepared.build(deck).facts
        facts.replaces = replaces
        assert sorted(facts.keys) == sorted(given)  # every count shuffles the copies of the deck as given
        keyed.append({key: card.id for key, card in zip(facts.keys, facts.slots)})
    for fewer, more in zip(keyed, keyed[1:]):
        assert sum(fewer[key] != more[key] for key in given) == 1  # the next count swaps one copy


def test_a_card_the_sweep_leaves_alone_is_drawn_alike_at_every_count():
    args = ("goldfish", EXAMPLES / "redline-cpm.yaml", "--sweep", "EF-9 Rabbit=0..4", "--mulligan", "none")
    report = json.loads(run(*args, "--track", "Full Salvo", "--track", "EF-9 Rabbit", "--games", "2000", "--output-format", "json").stdout)
    rows = report["sweep"]["rows"]
    salvo = {tuple(turn["p"] for turn in row["tracked"][0]["by_turn"]) for row in rows}
    assert len(salvo) == 1  # Full Salvo keeps its place in every game's shuffle
    rabbit = [row["tracked"][1]["by_turn"][-1]["p"] for row in rows]
    assert rabbit == sorted(rabbit) and rabbit[0] == 0 < rabbit[1]
