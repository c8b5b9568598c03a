"""A --sweep's counts on common random numbers: each copy swapped in takes the shuffle place of the
copy it replaces, and the counts' races are played together, each game once, with the results of
playing every game of every count."""

import json
import tempfile
from pathlib import Path

import numpy as np
import pytest
from deckcheck.check import CheckOptions
from deckcheck.goldfish import mulligan_policy, play_sweep, prepare
from deckcheck.loading.card_db import Databases
from deckcheck.sim import engine, together
from deckcheck.sim.engine import SimOptions
from deckcheck.sim.together import GamesRandom
from deckcheck.sweep import build_sweep

from conftest import REPO, run

EXAMPLES = REPO / "examples"


def _deck_of(game: str) -> Path:
    """The game's first example deck, or, for a game that ships none, a deck of three copies of
    each card of its bundled database that may stand in the main deck."""
    from deckcheck.games import game_named, zone_table
    from deckcheck.loading.decks import read_deck

    for path in sorted(p for p in EXAMPLES.iterdir() if p.suffix in (".yaml", ".txt")):
        if read_deck(path, zone_table()).game == game:
            return path
    forbidden = game_named(game).forbidden_types.get("main", ())
    cards = [card for card in Databases().for_game(game).cards if not card.is_a(*forbidden)]
    path = Path(tempfile.mkdtemp(prefix="deckcheck-sweep-")) / f"{game}.yaml"  # made at collection: no tmp_path yet
    path.write_text(f"game: {game}\nmain:\n" + "".join(f"  {json.dumps(card.name)}: 3\n" for card in cards), encoding="utf-8")
    return path


def _sweeps() -> list[tuple[Path, str]]:
    """A deck of each registered game, with the card type it holds most of swept over its last
    four counts (at least one copy in every count, so that every count's race reads the same
    things and can be played with the others)."""
    from collections import Counter

    from deckcheck.registry import known_games

    sweeps = []
    for game in known_games():
        path = _deck_of(game)
        prepared = prepare(path, CheckOptions(), Databases())
        kinds = Counter(e.card.types[0] for e in prepared.deck.entries("main") for _ in range(e.count) if e.card is not None)
        kind, count = kinds.most_common(1)[0]
        sweeps.append((path, f"type:{kind}={count - 3}..{count}"))
    return sweeps


SWEEPS = _sweeps()


def sweep_report(deck: str | Path, sweep: str, **options) -> dict:
    prepared = prepare(EXAMPLES / deck, CheckOptions(), Databases())
    settings = SimOptions(games=3000, turns=8, mulligan=mulligan_policy(prepared, None), **options)
    return play_sweep(prepared, ["type:" + prepared.deck.entries("main")[0].card.types[0]], settings, sweep).as_dict()


@pytest.mark.parametrize("deck, sweep", SWEEPS, ids=[path.name for path, _ in SWEEPS])
def test_racing_the_counts_together_gives_the_report_of_racing_each_alone(deck, sweep, monkeypatch):
    raced = []
    real = together.race_together
    monkeypatch.setattr(engine, "race_together", lambda *args: raced.append(1) or real(*args))
    together_report = sweep_report(deck, sweep)
    # racing together is what a model declares (race_context): every shipped game's does
    declares = prepare(EXAMPLES / deck, CheckOptions(), Databases()).model.race_context() is not None
    assert bool(raced) is declares, f"{deck}: the counts were raced together: {bool(raced)}"
    monkeypatch.setattr(engine, "union_of", lambda models, union: None)
    alone_report = sweep_report(deck, sweep)
    assert json.dumps(together_report, sort_keys=True) == json.dumps(alone_report, sort_keys=True)


def test_a_sweep_plays_a_game_once_where_counts_draw_alike(monkeypatch):
    played = []
    real = GamesRandom.__init__

    def spy(self, rng, games, batch):
        played.append(len(games))
        real(self, rng, games, batch)

    monkeypatch.setattr(GamesRandom, "__init__", spy)
    sweep_report("redline-cpm.yaml", "EF-9 Rabbit=0..4")
    # five counts of 3,000 games: the first count plays all of them, each other count only the
    # games whose swapped copy is drawn within the turns (8 + 7 of 60 cards: about a quarter)
    assert 3000 + 4 * 3000 * 0.15 < sum(played) < 3000 + 4 * 3000 * 0.4


def test_games_random_draws_every_way_a_generator_does_for_some_games():
    games = np.array([4, 0, 4, 2])
    chosen = np.random.default_rng(3).choice([10, 20, 30], size=(6, 2))
    assert (GamesRandom(np.random.default_rng(3), games, 6).choice([10, 20, 30], size=(4, 2)) == chosen[games]).all()
    normal = np.random.default_rng(3).normal(0, 1, size=(6, 3))
    assert (GamesRandom(np.random.default_rng(3), games, 6).normal(0, 1, size=(4, 3)) == normal[games]).all()


def test_games_random_gives_some_games_the_numbers_all_games_get():
    games = np.array([4, 0, 4, 2])
    whole = np.random.default_rng(9).random((6, 3))
    some = GamesRandom(np.random.default_rng(9), games, 6).random((4, 3))
    assert (some == whole[games]).all()
    dice = np.random.default_rng(9).integers(1, 7, size=(6, 5))
    assert (GamesRandom(np.random.default_rng(9), games, 6).integers(1, 7, size=(4, 5)) == dice[games]).all()
    with pytest.raises(ValueError, match="games first"):
        GamesRandom(np.random.default_rng(9), games, 6).random(3)


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


def test_a_sweep_reports_the_same_bytes_whatever_jobs():
    args = ("goldfish", EXAMPLES / "redline-cpm.yaml", "--sweep", "EF-9 Rabbit=1..3", "--games", "6000", "--output-format", "json")
    serial, parallel = run(*args), run(*args, "--jobs", "2")
    assert serial.exit_code == 0, serial.stderr
    assert serial.stdout == parallel.stdout


def test_a_game_is_played_again_where_a_card_or_the_turn_it_is_drawn_differs():
    cards = np.array([10, 11, 12, 13])  # each slot's card
    order = np.array([[0, 1, 2, 3]] * 4)
    drawn = np.array([[0, 1, 2, 9]] * 4)  # turn 9: after the turns played
    other_order = np.array([[0, 1, 2, 3], [0, 1, 2, 3], [0, 2, 1, 3], [0, 1, 2, 2]])
    other_drawn = np.array([[0, 1, 2, 9], [0, 1, 3, 9], [0, 1, 2, 9], [0, 1, 2, 9]])
    differs = together._differs(together.Drew(cards, other_order, other_drawn), together.Drew(cards, order, drawn), turns=5)
    # the same; a card drawn a turn later; two cards drawn in another order; another card after the turns played
    assert differs.tolist() == [False, True, True, False]
