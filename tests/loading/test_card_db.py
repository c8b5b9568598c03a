"""Card databases: schema errors with positions, --card-db replacing the bundled data, exit 2."""

import json
import pickle

import pytest
from deckcheck.loading import resources
from deckcheck.loading.card_db import Databases, load_databases

from conftest import DATA, legal_redline_main, redline_deck, run


def write(tmp_path, text, name="cards.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_schema_is_valid_2020_12():
    import jsonschema

    schema = json.loads(resources.schema_path("card-db").read_text())
    jsonschema.Draft202012Validator.check_schema(schema)


@pytest.mark.parametrize(
    "card, at, words",
    [
        ("{name: Crate, type: resource, basic_resource: yes}", "yes", "cards/0/basic_resource: "),
        ("{name: Crate, type: spaceship}", "spaceship", "cards/0/type: "),
        ("{name: Crate}", "{", "cards/0: "),
        ("{name: Crate, type: resource, brigade: red}", "brigade:", "cards/0: "),  # at the key
        ("{name: Crate, type: efreet, weight: huge}", "huge", "cards/0/weight: "),
    ],
)
def test_schema_errors_point_at_the_value(tmp_path, card, at, words):
    """The position is that of the offending value (or of the card, for a missing or extra key)."""
    line, column = 4, len("  - ") + card.index(at) + 1
    path = write(tmp_path, f"game: redline\nsource: test\ncards:\n  - {card}\n")
    deck = write(tmp_path, "game: redline\nmain:\n  Crate: 1\n", "deck.yaml")
    outcome = run("check", deck, "--card-db", path)
    assert outcome.exit_code == 2
    assert f"{path}:{line}:{column}: {words}" in outcome.stderr
    assert "Traceback" not in outcome.stderr


def test_unknown_game_and_bad_yaml_in_a_database(tmp_path):
    bad = write(tmp_path, "game: chess\ncards: []\n", "chess.yaml")
    broken = write(tmp_path, "game: redline\ncards: [\n", "broken.yaml")
    outcome = run("check", DATA, "--card-db", bad, "--card-db", broken)
    assert outcome.exit_code == 2
    assert f"{bad}:1:7: game: 'chess' is not a choice (choices: redemption, " in outcome.stderr
    assert f"{broken}:2:9: not valid YAML" in outcome.stderr  # the end of the file, on its last line


def test_duplicate_ids_break_the_database(tmp_path):
    path = write(tmp_path, "game: redline\ncards:\n  - {name: Crate, type: resource}\n  - {name: crate, type: resource}\n")
    outcome = run("check", DATA, "--card-db", path)
    assert outcome.exit_code == 2
    assert f"{path}:4:5: duplicate card id 'crate'" in outcome.stderr


def test_missing_database_path(tmp_path):
    outcome = run("check", DATA, "--card-db", tmp_path / "nowhere.yaml")
    assert outcome.exit_code == 2
    assert "nowhere.yaml: no such file or folder" in outcome.stderr


def test_card_db_replaces_only_the_games_it_covers(tmp_path):
    redline = write(tmp_path, redline_deck(legal_redline_main()), "arsenal.yaml")
    redemption = write(tmp_path, "game: redemption\nmain:\n  James: 1\n", "redemption.yaml")
    outcome = run("check", redline, redemption, "--card-db", DATA / "redline-cards.yaml", "--output-format", "json")
    decks = {d["game"]: d for d in outcome.report["decks"]}
    assert decks["redline"]["legal"] is True  # Mars General exists only in the test data
    rules = {f["rule"] for f in decks["redemption"]["findings"]}
    assert "deck.unknown-card" not in rules  # James comes from the bundled database
    assert "redemption.deck-size" in rules


def test_bundled_data_is_replaced_not_merged(tmp_path):
    deck = write(tmp_path, "game: redline\ngeneral: Valya Serova\nmain:\n  Supply Drop: 60\n", "deck.yaml")
    outcome = run("check", deck, "--card-db", DATA / "redline-cards.yaml", "--output-format", "json")
    unknown = {f["cards"][0] for f in outcome.findings("deck.unknown-card")}
    assert unknown == {"Valya Serova", "Supply Drop"}


def test_databases_travel_as_the_files_they_were_read_from():
    files = Databases(load_databases([DATA / "redline-cards.yaml", DATA / "redemption-cards.yaml"]))
    sent = pickle.dumps(files)
    assert len(sent) < 2_000  # the files' names, not their cards
    again = pickle.loads(sent)
    assert pickle.loads(sent) is again  # read once in a process, then kept
    for game in ("redline", "redemption"):
        assert [c.id for c in again.for_game(game).cards] == [c.id for c in files.for_game(game).cards]
    assert again.for_game("demon-rush").bundled  # the bundled ones, as before, on demand


def test_databases_made_in_memory_travel_as_they_are():
    from deckcheck.loading.card_db import CardDatabase
    from deckcheck.model import Card

    made = Databases({"redline": CardDatabase("redline", (Card("x", "X", ("unit",)),), ())})
    again = pickle.loads(pickle.dumps(made))
    assert [(c.id, c.name, c.types) for c in again.for_game("redline").cards] == [("x", "X", ("unit",))]
