"""A pasted list's own lines say its format, name and Paragon (deck-format.md: "`Format: X` and
`Paragon: NAME` lines set the format and the Paragon, as the `# format:` comment does"), in the words
players write them; none of them is read as a card."""

from pathlib import Path

import pytest
from deckcheck.check import CheckOptions, check_file
from deckcheck.games import game_named
from deckcheck.loading.card_db import Databases, load_databases

from conftest import DATA, run

DATABASES = Databases(load_databases([DATA / "redemption-cards.yaml"]))
CARDS = "3 Gideon (K)\n1 Soul 1\n"


def _check(text: str):
    return check_file(Path("deck.txt"), CheckOptions(game="redemption"), DATABASES, text.encode("utf-8"))


def _read(report) -> list[str]:
    return [f.rule for f in report.findings if f.rule.startswith("deck.")]


@pytest.mark.parametrize(
    "line, chosen",
    [
        ("# format: type2", "type2"),
        ("# format: Type 2", "type2"),
        ("Format: Type 2", "type2"),
        ("FORMAT: T2", "type2"),
        ("format: type 1 limited  // for Saturday", "type1"),
        ("Type 1 Limited", "type1"),
        ("Type 1 Unlimited", "type1-unlimited"),
        ("T1 Unlimited", "type1-unlimited"),
        ("Unlimited", "type1-unlimited"),
        ("Type 1 Teams", "type1-teams"),
        ("Paragon", "paragon"),
    ],
)
def test_a_format_line_as_players_write_it_sets_the_format(line, chosen):
    report = _check(f"{line}\n{CARDS}")
    assert report.format == chosen and _read(report) == []


def test_a_format_line_below_the_cards_sets_it_too_and_only_the_first_counts():
    assert _check(f"{CARDS}Type 2\nType 1 Limited\n").format == "type2"


def test_a_paragon_named_with_no_format_makes_a_paragon_deck():
    report = _check(f"Paragon: Abraham\n{CARDS}")
    assert report.format == "paragon" and "redemption.paragon" not in [f.rule for f in report.findings]


def test_a_format_said_beats_the_paragon_line_and_what_the_error_suggests_works_in_the_text_file():
    report = _check(f"Format: Type 1\nParagon: Abraham\n{CARDS}")
    (named,) = [f for f in report.findings if f.rule == "redemption.paragon"]
    suggested = named.message.rsplit("(", 1)[1].rstrip(")")  # `format: paragon`
    fixed = _check(f"{suggested}\nParagon: Abraham\n{CARDS}")
    assert fixed.format == "paragon" and "redemption.paragon" not in [f.rule for f in fixed.findings]


@pytest.mark.parametrize("line", ["Name: Sam's list", "Deck name: Sam's list", "Title: Sam's list", "Player: Sam", "Event: Regionals"])
def test_a_header_line_of_the_list_is_no_card(line):
    report = _check(f"{line}\n{CARDS}")
    assert _read(report) == [] and sum(report.counts.values()) == 4


def test_every_way_of_writing_a_format_name_is_the_registrys():
    """Each format's name and aliases, in capitals, spaced and hyphenated, names that format."""
    game = game_named("redemption")
    for each in game.formats:
        for written in (each.name, *each.aliases):
            spaced = written.replace("-", " ").replace("type", "Type ").upper()
            assert game.canonical_format(spaced) == each.name, spaced


def test_fmt_writes_a_format_line_as_the_format_comment(tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text(f"# game: redemption\nType 1 Limited\n{CARDS}")
    assert run("fmt", deck, "--card-db", DATA / "redemption-cards.yaml").exit_code == 0
    assert "# format: Type 1 Limited" in deck.read_text().splitlines()
    assert run("check", deck, "--card-db", DATA / "redemption-cards.yaml", "--output-format", "json").deck["format"] == "type1"
