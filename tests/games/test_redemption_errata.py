"""Names the Official Redemption Dictionary's name errata corrected: a deck may write the printed
name (found, with a note giving the errata name) or the errata name; `fmt` writes the errata name."""

import pytest
from deckcheck.games.redemption.dictionary import dictionary, renamings
from deckcheck.loading.card_db import load_databases
from test_redemption_tournament import DB, V20, deck

from conftest import DATA, run

NOTE = "'Alexander the Coopersmith' is Alexander the Coppersmith by the name errata of the Official Redemption Dictionary 7.0.0"


@pytest.fixture
def check(check_deck):
    return lambda text, *options: check_deck(text, DB, ".yaml", "--as-of", V20, *options)


def test_the_printed_name_is_found_with_a_note_giving_the_errata_name(check):
    outcome = check(deck("type1", 50, 7, {"Alexander the Coopersmith": 1}, copies=1))
    assert outcome.exit_code == 0
    (line,) = [c["line"] for c in outcome.deck["cards"] if c["id"] == "t-alexander"]
    assert outcome.deck["notes"] == [f"line {line}: {NOTE}"]


def test_the_errata_name_finds_the_card(check):
    outcome = check(deck("type1", 50, 7, {"Alexander the Coppersmith": 1}, copies=1))
    assert outcome.exit_code == 0 and not outcome.deck["notes"]
    assert "t-alexander" in {c["id"] for c in outcome.deck["cards"]}


def test_both_names_are_one_card(check):
    outcome = check(deck("type1", 50, 7, {"Alexander the Coopersmith": 1, "Alexander the Coppersmith": 1}, copies=1))
    (copies,) = outcome.findings("redemption.copy-limit")  # 2.0's Type 1 is singleton
    assert copies["message"].startswith("2 copies of Alexander the Coopersmith")


def test_an_errata_name_another_card_bears_means_both(check):
    outcome = check(deck("type1", 50, 7, {"Sanhedrin": 1}, copies=1))
    (ambiguous,) = outcome.findings("deck.ambiguous-card")
    assert "(t-sanhedrin, t-the-sanhedrin)" in ambiguous["message"] and outcome.exit_code == 0


@pytest.mark.parametrize("suffix", [".yaml", ".txt"])
def test_fmt_writes_the_errata_name(tmp_path, suffix):
    path = tmp_path / f"deck{suffix}"
    text = (
        "game: redemption\nmain:\n  Alexander the Coopersmith: 1\n"
        if suffix == ".yaml"
        else "# game: redemption\n1 Alexander the Coopersmith\n"
    )
    path.write_text(text, encoding="utf-8")
    assert run("fmt", path, "--card-db", DATA / DB).exit_code == 0
    written = path.read_text(encoding="utf-8")
    assert "Alexander the Coppersmith" in written and "Coopersmith" not in written
    assert run("fmt", "--check", path, "--card-db", DATA / DB).exit_code == 0  # written once, stays
    again = run("check", path, "--card-db", DATA / DB, "--output-format", "json")
    assert [c["id"] for c in again.deck["cards"]] == ["t-alexander"]


# --- the real card list -------------------------------------------------------------------------


def test_every_name_erratum_the_real_list_still_prints_is_found_by_its_errata_name(real_database):
    from datetime import date

    from deckcheck.games import game_named

    database = load_databases([real_database[0]])["redemption"]
    renamed = renamings(database, date.fromisoformat(V20))
    # Pharoah renames nothing: the card list already spells every Pharaoh printing so
    listed = {e.name for e in dictionary("7.0.0").name_errata}
    assert {r.printed for r in renamed} == listed - {"Pharoah"}
    names = game_named("redemption").names(database, date.fromisoformat(V20))
    for renaming in renamed:
        assert set(renaming.cards) <= set(names.resolve(renaming.errata).printings), renaming.errata
        for card in renaming.cards:
            assert names.errata_name(card) == renaming.errata
