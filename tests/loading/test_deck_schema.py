"""schemas/deck.schema.json, for editors: generated from the reader's own declarations (games,
formats, zones, bundled cards), every example deck valid against it, a deck the reader refuses
for its shape refused by it too."""

import json

import jsonschema
import pytest
import yaml
from deckcheck.deck_schema import deck_schema
from deckcheck.games import all_games, zone_table

from conftest import REPO, run

SCHEMA_FILE = REPO / "schemas" / "deck.schema.json"
VALIDATOR = jsonschema.Draft202012Validator(json.loads(SCHEMA_FILE.read_text(encoding="utf-8")))
YAML_EXAMPLES = sorted(p for p in (REPO / "examples").iterdir() if p.suffix in (".yaml", ".yml"))


def test_the_schema_file_is_the_one_the_declarations_make():
    made = json.dumps(deck_schema(), indent=2, ensure_ascii=False) + "\n"
    assert SCHEMA_FILE.read_text(encoding="utf-8") == made, "stale: python -m deckcheck.deck_schema > schemas/deck.schema.json"
    jsonschema.Draft202012Validator.check_schema(json.loads(made))


@pytest.mark.parametrize("example", YAML_EXAMPLES, ids=lambda p: p.name)
def test_every_yaml_example_is_valid(example):
    assert list(VALIDATOR.iter_errors(yaml.safe_load(example.read_text(encoding="utf-8")))) == []


def test_every_game_its_formats_and_zones_are_offered():
    schema = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    assert schema["properties"]["game"]["enum"] == [game.name for game in all_games()]
    assert {word for zone in zone_table().zones for word in zone.words} <= set(schema["properties"])


@pytest.mark.parametrize(
    "deck, problem",
    [
        ("game: redemption\nmain:\n  Soul 1: 1\nmissions:\n  Some Mission: 1\n", "a zone the game has not"),
        ("game: redline\nmain:\n  EF-9 Rabbit: 0\n", "a count of 0"),
        ("game: redline\nmian:\n  EF-9 Rabbit: 3\n", "a key the reader does not know"),
        ("game: redemption\nformat: type3\nmain: {}\n", "a format the game has not"),
        ("game: chess\nmain: {}\n", "a game deckcheck has not"),
    ],
)
def test_what_the_schema_refuses(tmp_path, deck, problem):
    assert list(VALIDATOR.iter_errors(yaml.safe_load(deck))), problem
    (tmp_path / "deck.yaml").write_text(deck)
    assert run("check", tmp_path / "deck.yaml").exit_code != 0  # and deckcheck too


def test_lines_aliases_and_the_reserve_are_valid():
    deck = "game: redemption\nformat: t1\nmain:\n  - 3 Son of God\n  - Angel of the Lord\nreserve:\n  Herodias: 1\n"
    assert list(VALIDATOR.iter_errors(yaml.safe_load(deck))) == []
