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
    return lambda text, **options: check_deck(text, DB, as_of=V20, **options)


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


def test_an_errata_name_another_printing_bears_exactly_is_that_printing_with_a_note(check):
    # `Sanhedrin` is the Apostles enhancement's own name; errata call the Early Church character so too
    outcome = check(deck("type1", 50, 7, {"Sanhedrin": 1}, copies=1))
    assert outcome.exit_code == 0 and not outcome.findings("deck.ambiguous-card")
    assert "t-sanhedrin" in {c["id"] for c in outcome.deck["cards"]}
    (note,) = [n for n in outcome.deck["notes"] if "'Sanhedrin'" in n]
    assert note.endswith("also give that name to 'The Sanhedrin': write that if it is the one meant")


def test_the_other_card_by_its_printed_name_or_its_id_is_that_card_with_the_errata_note(check):
    for typed in ("The Sanhedrin", "t-the-sanhedrin"):
        outcome = check(deck("type1", 50, 7, {typed: 1}, copies=1))
        assert outcome.exit_code == 0 and not outcome.findings("deck.ambiguous-card"), typed
        assert "t-the-sanhedrin" in {c["id"] for c in outcome.deck["cards"]}
    noted = check(deck("type1", 50, 7, {"The Sanhedrin": 1}, copies=1)).deck["notes"]
    assert any("'The Sanhedrin' is Sanhedrin by the name errata" in n for n in noted)


def test_a_name_errata_replaced_finds_the_printings_that_bore_it(check):
    # Pharoah (A-L, Or-L): the card list already spells those printings Pharaoh
    outcome = check(deck("type1-unlimited", 50, 7, {"Pharoah": 1}, copies=1))
    assert outcome.exit_code == 0 and not outcome.findings("deck.unknown-card")
    assert any("'Pharoah' is Pharaoh by the name errata" in n for n in outcome.deck["notes"])


def test_an_errata_name_joins_the_printings_it_renames_to_its_card(check):
    # Ethiopian Treasurer (EC), clay, is The Ethiopian Treasurer: one card with the clay Roots printing
    pair = {"Ethiopian Treasurer (EC)": 1, "The Ethiopian Treasurer (Roots)": 1}
    (copies,) = check(deck("type1", 50, 7, pair, copies=1)).findings("redemption.copy-limit")
    assert copies["message"].startswith("2 copies of Ethiopian Treasurer (EC) + The Ethiopian Treasurer (Roots) (the same card")
    # the purple Apostles printing has another icon: another card
    other = check(deck("type1-unlimited", 50, 7, {"Ethiopian Treasurer (Ap)": 1, "The Ethiopian Treasurer (Roots)": 1}, copies=1))
    assert other.exit_code == 0


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


def test_every_name_erratum_renames_printings_of_the_real_list_and_each_name_finds_them(real_database):
    from datetime import date

    from deckcheck.games import game_named

    database = load_databases([real_database[0]])["redemption"]
    renamed = renamings(database, date.fromisoformat(V20))
    # Pharoah too: the card list already spells its printings Pharaoh, and a deck may still write Pharoah
    assert {r.printed for r in renamed} == {e.name for e in dictionary("7.0.0").name_errata}
    names = game_named("redemption").names(database, date.fromisoformat(V20))
    for renaming in renamed:
        by_errata = names.resolve(renaming.errata)
        if by_errata.exact:  # Sanhedrin: another printing's own name, which says whom else errata call so
            assert by_errata.also is renaming, renaming.errata
        else:
            assert set(renaming.cards) <= set(by_errata.printings), renaming.errata
        by_printed = names.resolve(renaming.printed)
        assert set(renaming.cards) <= set(by_printed.printings), renaming.printed
        assert by_printed.renamed is renaming, renaming.printed  # the deck gets a note naming the erratum
        for card in renaming.cards:
            assert names.errata_name(card) == renaming.errata
    pharoah = names.resolve("Pharoah")
    assert {c.get("set") for c in pharoah.printings} == {"Main", "Main UL"} and pharoah.renamed is not None
    isaiah = names.resolve("Isaiah")  # the Prophecies of Christ printing, Isaiah, Prince of Prophets by errata
    assert isaiah.card is not None and isaiah.card.get("set") == "PoC" and isaiah.renamed is not None
