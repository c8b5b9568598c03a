"""`deckcheck fmt` on honest but odd files: every line that is not a card is kept where and as it was,
nothing outside the folder it was given is written, and a long file takes no longer than its length."""

import os

import pytest
from deckcheck.loading.files import MAX_BYTES

from conftest import REPO, run

RABBIT = "3 ef-9 rabbit"
SUPPLY = "2x supply drop"


def _verdict(deck):
    report = run("check", deck, "--output-format", "json").deck
    return report["legal"], sorted(f["rule"] for f in report["findings"])


@pytest.mark.parametrize(
    "line",
    [
        "Tokens (2):",
        "- Tokens",
        "## Tokens",
        "Maybe cut for the regional:",
        "Ask the judge about these -",
        "Offense (3):  # the fast ones",
        "**Reserve**",
        "Reserve (1)",
        "My tournament list, v3 - ask Sam before changing",
        "see https://example.org/my-list for the sideboard",
    ],
)
def test_a_line_that_is_not_a_card_stays_where_and_as_it_was(tmp_path, line):
    deck = tmp_path / "deck.txt"
    deck.write_text(f"# game: redline\n{RABBIT}\n{line}\n{SUPPLY}\n")
    before = _verdict(deck)
    assert run("fmt", deck).exit_code == 0
    written = deck.read_text().splitlines()
    assert written[:3] == ["# game: redline", RABBIT, line]
    assert written[3] in (SUPPLY, "2 supply drop")  # a card line under a Tokens header is the player's too
    assert len(written) == 4
    assert _verdict(deck) == before
    assert run("fmt", "--check", deck).exit_code == 0


@pytest.mark.parametrize("line, written", [("EF-9 Rabbit", "4 ef-9 rabbit"), ("  three Supply Drop", "1 three Supply Drop")])
def test_a_line_without_a_count_is_a_card_line_of_one_copy(tmp_path, line, written):
    # deck-format.md: every line that is no header, comment or metadata is a card line (no count: one copy)
    deck = tmp_path / "deck.txt"
    deck.write_text(f"# game: redline\n{RABBIT}\n{line}\n{SUPPLY}\n")
    before = _verdict(deck)
    assert run("fmt", deck).exit_code == 0
    assert written in deck.read_text().splitlines()
    assert _verdict(deck) == before


def test_a_tokens_section_keeps_its_header_and_cards_and_the_deck_cards_are_still_formatted(tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text("# game: redemption\n1\tJames\nTokens:\n1\tSome Token\n")
    assert run("fmt", deck).exit_code == 0
    assert deck.read_text() == "# game: redemption\n1 James\nTokens:\n1\tSome Token\n"
    again = run("fmt", deck)
    assert again.exit_code == 0 and "1 file unchanged" in again.stdout


def test_a_null_name_keeps_its_line_and_comment(tmp_path):
    deck = tmp_path / "deck.yaml"
    deck.write_text("game: redline\nname: Null  # to be chosen\nmain:\n  EF-9 Rabbit: 3\n")
    assert run("fmt", deck).exit_code == 0
    assert "name: null  # to be chosen\n" in deck.read_text()
    assert run("fmt", "--check", deck).exit_code == 0


@pytest.mark.parametrize(
    "text",
    [
        "# game: redline\n3 EF-9 Rabbit\n\n# about the side\nSide:\n",
        "game: redline\nmain:\n  EF-9 Rabbit: 3\n# about the side\nside: {}\n",
    ],
)
def test_a_comment_before_an_empty_section_stays_put(tmp_path, text):
    deck = tmp_path / ("deck.yaml" if text.startswith("game") else "deck.txt")
    deck.write_text(text)
    assert run("fmt", deck).exit_code == 0
    first = deck.read_text()
    assert "# about the side" in first
    assert run("fmt", deck).exit_code == 0 and deck.read_text() == first


def test_notes_in_a_deck_folder_are_not_decks_even_when_the_config_names_the_game(tmp_path, monkeypatch):
    (tmp_path / ".deckcheck.yaml").write_text("game: redline\n")
    notes = tmp_path / "notes.txt"
    notes.write_text("Notes for the regional\nbring sleeves\n")
    deck = tmp_path / "deck.txt"
    deck.write_text("3 ef-9 rabbit\n")
    monkeypatch.chdir(tmp_path)
    outcome = run("fmt", ".")
    assert outcome.exit_code == 0 and "not a deck" in outcome.stdout
    assert notes.read_text() == "Notes for the regional\nbring sleeves\n"


def test_a_link_to_a_file_outside_the_folder_is_not_written_through(tmp_path):
    outside = tmp_path / "elsewhere.txt"
    outside.write_text("# game: redline\n3x EF-9 Rabbit\n")
    folder = tmp_path / "decks"
    folder.mkdir()
    (folder / "linked.txt").symlink_to(outside)
    outcome = run("fmt", folder)
    assert outcome.exit_code == 0 and "skipped" in outcome.stdout and "outside" in outcome.stdout
    assert outside.read_text() == "# game: redline\n3x EF-9 Rabbit\n"
    assert run("fmt", "--check", folder).exit_code == 0


def test_a_link_inside_the_folder_is_formatted_once_through_its_target(tmp_path):
    folder = tmp_path / "decks"
    folder.mkdir()
    target = folder / "deck.txt"
    target.write_text("# game: redline\n3x EF-9 Rabbit\n")
    os.symlink("deck.txt", folder / "same.txt")
    assert run("fmt", folder / "same.txt").exit_code == 0
    assert target.read_text() == "# game: redline\n3 EF-9 Rabbit\n" and (folder / "same.txt").is_symlink()


@pytest.mark.slow  # a mebibyte
def test_a_file_of_a_mebibyte_of_blank_lines_is_formatted_and_keeps_its_tokens(tmp_path):
    # the reader once matched a header across every following blank line: a file like this took hours
    tail = "Tokens (1):\n1 Supply Drop\n"
    head = "# game: redline\n3x EF-9 Rabbit\n"
    deck = tmp_path / "deck.txt"
    deck.write_text(head + "\n" * (MAX_BYTES - len(head) - len(tail) - 1) + tail)
    assert deck.stat().st_size < MAX_BYTES
    assert run("fmt", "--check", deck).exit_code == 1  # `3x` would become `3`
    assert run("fmt", deck).exit_code == 0
    written = deck.read_text()
    assert written.startswith("# game: redline\n3 EF-9 Rabbit\n\n") and written.endswith(tail)
    assert run("fmt", "--check", deck).exit_code == 0


def test_the_shipped_examples_are_already_formatted():
    outcome = run("fmt", "--check", REPO / "examples")
    assert outcome.exit_code == 0, outcome.stdout + outcome.stderr
