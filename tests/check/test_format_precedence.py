"""Which format a deck is checked as (cli.md): an event > the command line > the config > the
deck's own `format:` header > the game's default; a deck that said otherwise is noted."""

import json
import shutil

from conftest import REPO, run

DECK = REPO / "examples" / "redemption-deck-i.yaml"  # says `format: quickstart`


def checked(*args) -> dict:
    outcome = run("check", *args, "--output-format", "json")
    assert outcome.exit_code in (0, 1), outcome.stderr
    (deck,) = json.loads(outcome.stdout)["decks"]
    return deck


def test_the_decks_own_header_when_nothing_else_says():
    deck = checked(DECK)
    assert deck["format"] == "quickstart"
    assert not [note for note in deck["notes"] if "the deck says format" in note]


def test_format_on_the_command_line_beats_the_decks_header_and_says_so():
    deck = checked(DECK, "--format", "type1-unlimited")
    assert deck["format"] == "type1-unlimited"
    assert "the deck says format 'quickstart'; it was checked as type1-unlimited, the format asked for" in deck["notes"]


def test_an_alias_of_the_decks_own_format_is_no_change_to_note(tmp_path):
    deck_file = tmp_path / "limited.yaml"
    deck_file.write_text(DECK.read_text().replace("format: quickstart", "format: limited"))
    deck = checked(deck_file, "--format", "type1")
    assert deck["format"] == "type1"
    assert not [note for note in deck["notes"] if "the deck says format" in note]


def test_the_configs_format_beats_the_decks_header(tmp_path, monkeypatch):
    shutil.copy(DECK, tmp_path / "deck.yaml")
    (tmp_path / ".deckcheck.yaml").write_text("format: type2\n")
    monkeypatch.chdir(tmp_path)
    assert checked("deck.yaml")["format"] == "type2"
    assert checked("deck.yaml", "--format", "type1-unlimited")["format"] == "type1-unlimited"  # the command line beats it


def test_an_events_format_beats_the_command_line(tmp_path):
    event = tmp_path / "event.yaml"
    event.write_text("name: Nationals\ngame: redemption\nformat: type2\n")
    deck = checked(DECK, "--format", "type1-unlimited", "--event", event)
    assert deck["format"] == "type2"
    assert "the deck says format 'quickstart'; it was checked as type2, the event's format" in deck["notes"]


def test_a_format_of_another_game_leaves_the_decks_own(tmp_path):
    deck = checked(DECK, "--format", "standard")  # REDLINE's
    assert deck["format"] == "quickstart"
    assert any(note.startswith("format 'standard' does not apply") and note.endswith("quickstart was used") for note in deck["notes"])
