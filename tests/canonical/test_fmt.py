"""`deckcheck fmt`: canonical form, comments kept, idempotent, same verdict, atomic, --check."""

import json
import shutil

import pytest

from conftest import DATA, REPO, run

EXAMPLES = sorted(p for p in (REPO / "examples").iterdir() if p.is_file())


def verdicts(folder):
    report = run("check", folder, "--output-format", "json").report
    return {deck["path"].rsplit("/", 1)[-1]: (deck["legal"], sorted(f["rule"] for f in deck["findings"])) for deck in report["decks"]}


def test_every_example_is_idempotent_and_keeps_its_verdict(tmp_path):
    for example in EXAMPLES + [
        REPO / "tests/decks/redline/mistakes.yaml",
        REPO / "tests/decks/redemption/fifty-seven.txt",
        REPO / "tests/decks/demon-rush/evil-cards-in-a-holy-deck.yaml",
    ]:
        shutil.copy(example, tmp_path / example.name)
    before = verdicts(tmp_path)
    first = run("fmt", tmp_path)
    assert first.exit_code == 0, first.stderr
    texts = {p.name: p.read_text() for p in tmp_path.iterdir()}
    second = run("fmt", tmp_path)
    assert second.exit_code == 0 and second.stdout.strip() == f"{len(texts)} files unchanged"
    assert {p.name: p.read_text() for p in tmp_path.iterdir()} == texts
    assert verdicts(tmp_path) == before
    assert run("fmt", "--check", tmp_path).exit_code == 0


YAML_DECK = """\
# My CPM list, for the regional
name: test deck   # the name
game: redline
main:
  # the efreets come first here
  EF-9 Rabbit: 3   # fast
  supply drop: 19
  "Zuni Rockets": 2

  # resources
  Listening Post: 1
general: Valya Serova  # our general
# the end
"""

YAML_CANONICAL = """\
game: redline
# My CPM list, for the regional
name: test deck  # the name
general: Valya Serova  # our general
main:
  # resources
  Listening Post: 1
  supply drop: 19

  # the efreets come first here
  EF-9 Rabbit: 3  # fast

  Zuni Rockets: 2
# the end
"""


def test_yaml_canonical_form_keeps_comments_beside_their_cards(tmp_path):
    deck = tmp_path / "deck.yaml"
    deck.write_text(YAML_DECK)
    outcome = run("fmt", deck)
    assert outcome.exit_code == 0 and outcome.stdout == f"reformatted {deck}\n1 file reformatted\n"
    assert deck.read_text() == YAML_CANONICAL


TEXT_DECK = """\
# name: UNE test
# game: redline
Champion: Ghost
3x LGT-3 Lightning  # fast
General: Camilla Brand
Sideboard:
1 Unheard Of Card
Main:
# base
18 supply drop
"""

TEXT_CANONICAL = """\
# game: redline
# name: UNE test
General: Camilla Brand
Champion: Ghost
# base
18 supply drop

3 LGT-3 Lightning  # fast

Side:
1 Unheard Of Card
"""


def test_text_canonical_form(tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text(TEXT_DECK)
    assert run("fmt", deck).exit_code == 0
    assert deck.read_text() == TEXT_CANONICAL


def test_check_changes_nothing_and_fails(tmp_path):
    deck = tmp_path / "deck.yaml"
    deck.write_text(YAML_DECK)
    outcome = run("fmt", "--check", deck)
    assert outcome.exit_code == 1 and f"would reformat {deck}" in outcome.stdout
    assert deck.read_text() == YAML_DECK


def test_a_deck_that_does_not_parse_is_left_untouched(tmp_path):
    broken = tmp_path / "broken.yaml"
    broken.write_bytes(b"game: redline\nmain:\n  Crate: 2.5\n")
    good = tmp_path / "good.yaml"
    good.write_text(YAML_DECK)
    outcome = run("fmt", tmp_path)
    assert outcome.exit_code == 1
    assert f"{broken}: left untouched: 3:10: count must be a whole number" in outcome.stderr
    assert broken.read_bytes() == b"game: redline\nmain:\n  Crate: 2.5\n"
    assert good.read_text() == YAML_CANONICAL


def test_unknown_game_is_left_untouched(tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text("3 Card No Game Has\n")
    outcome = run("fmt", deck)
    assert outcome.exit_code == 1 and "pass --game" in outcome.stderr
    given = run("fmt", deck, "--game", "redline")  # none of its lines is a card: not a deck, left alone
    assert given.exit_code == 0 and "not a deck" in given.stdout and deck.read_text() == "3 Card No Game Has\n"


def test_fmt_infers_the_game_as_check_does(tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text("3 Supply Drop\n2 EF-9 Rabbit\n")
    assert run("fmt", deck).exit_code == 0
    assert deck.read_text() == "# game: redline\n3 Supply Drop\n\n2 EF-9 Rabbit\n"


@pytest.mark.parametrize("name", ["No", "1984", "Null", "Odd: 100%, really"])
def test_names_yaml_would_misread_are_quoted(tmp_path, name):
    deck = tmp_path / "deck.yaml"
    deck.write_text(f"game: redline\nmain:\n  {json.dumps(name)}: 2\n")
    assert run("fmt", deck, "--card-db", DATA / "redline-cards.yaml").exit_code == 0
    assert f"  {json.dumps(name)}: 2\n" in deck.read_text()
    import yaml

    assert yaml.safe_load(deck.read_text())["main"] == {name: 2}


def test_a_list_zone_becomes_a_mapping(tmp_path):
    deck = tmp_path / "deck.yaml"
    deck.write_text("game: redline\nmain:\n  - 3x EF-9 Rabbit\n  - Supply Drop\n")
    run("fmt", deck)
    assert deck.read_text() == "game: redline\nmain:\n  Supply Drop: 1\n\n  EF-9 Rabbit: 3\n"


def test_crlf_files_stay_crlf(tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_bytes(b"# game: redline\r\n3 EF-9 Rabbit\r\n2 Supply Drop\r\n")
    run("fmt", deck)
    assert deck.read_bytes() == b"# game: redline\r\n2 Supply Drop\r\n\r\n3 EF-9 Rabbit\r\n"


def test_a_crash_while_writing_leaves_the_old_file(tmp_path, monkeypatch):
    import os

    from deckcheck.canonical import replace_atomically

    deck = tmp_path / "deck.yaml"
    deck.write_text("old\n")

    def crash(*args):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError):
        replace_atomically(deck, "new\n")
    assert deck.read_text() == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["deck.yaml"]


def test_a_line_made_a_comment_is_formatted_and_kept(tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text("# game: redline\n# My tournament list, v3 - ask Sam before changing\n3 EF-9 Rabbit\n")
    assert run("fmt", deck).exit_code == 0
    assert "# My tournament list, v3 - ask Sam before changing" in deck.read_text()
    assert run("fmt", "--check", deck).exit_code == 0


def test_fmt_keeps_a_keyboards_apostrophe_where_the_card_list_curls_it(tmp_path):
    database = tmp_path / "cards.yaml"
    database.write_text('game: redline\nsource: test\ncards:\n  - {name: "Valya\u2019s Crate", type: resource}\n', encoding="utf-8")
    deck = tmp_path / "deck.txt"
    deck.write_text("# game: redline\n3 Valya's Crate\n2 valya\u2019s crate\n", encoding="utf-8")
    before = run("check", deck, "--card-db", database, "--output-format", "json")
    assert run("fmt", deck, "--card-db", database).exit_code == 0
    written = deck.read_text(encoding="utf-8")
    assert written == "# game: redline\n5 Valya's Crate\n"  # one card, one line, as the file first wrote it
    after = run("check", deck, "--card-db", database, "--output-format", "json")
    assert after.deck["legal"] == before.deck["legal"]
    assert sorted(f["rule"] for f in after.deck["findings"]) == sorted(f["rule"] for f in before.deck["findings"])


@pytest.mark.parametrize(
    "text",
    [
        "# game: promised-land\nMain:\n",
        "# game: promised-land\nMain:\n# a note\n3 Jerusalem\n",
        "# game: promised-land\n3 Jerusalem\nMain:\n",
        "# game: promised-land\nMain:\n\n\n3 Jerusalem\nSide:\n",
    ],
)
def test_fmt_is_idempotent_on_empty_headers(tmp_path, text):
    deck = tmp_path / "deck.txt"
    deck.write_text(text)
    assert run("fmt", deck).exit_code == 0
    once = deck.read_text()
    assert run("fmt", "--check", deck).exit_code == 0 and deck.read_text() == once
