"""A name without its printing means the card: a title that one old printing bears alone is judged
as the title, and either name of a two-name card finds it."""

import pytest
from deckcheck.loading.card_db import load_databases
from deckcheck.loading.names import normalise, two_names
from test_redemption_tournament import DB, V20, deck

from conftest import DATA, run


@pytest.fixture
def check(check_deck):
    return lambda text, as_of, *options: check_deck(text, DB, ".yaml", "--as-of", as_of, *options)


def test_a_title_an_old_printing_bears_alone_is_legal_where_its_reprint_is(check):
    outcome = check(deck("type1", 50, 7, {"Old Magi": 1}, copies=1), V20)
    assert outcome.exit_code == 0 and "redemption.format-sets" not in outcome.errors
    (note,) = outcome.findings("deck.ambiguous-card")
    assert note["severity"] == "warning" and note["line"] == 11
    assert note["message"] == (
        "'Old Magi' matches 2 printings (t-old-magi, t-old-magi-goc); the deck is legal with t-old-magi-goc: write that printing's id"
    )


def test_where_every_printing_gives_the_same_verdict_the_title_is_a_plain_warning(check):
    outcome = check(deck("type1-unlimited", 50, 7, {"Old Magi": 1}, copies=1), V20)
    (note,) = outcome.findings("deck.ambiguous-card")
    assert outcome.exit_code == 0 and "each gives the deck the same verdict and findings" in note["message"]


def test_the_old_printing_by_its_id_is_refused_by_the_pool_naming_its_set(check):
    outcome = check(deck("type1", 50, 7, {"t-old-magi": 1}, copies=1), V20)
    (refused,) = outcome.findings("redemption.format-sets")
    assert refused["message"].startswith("Old Magi (set Old) is not in the Rotation pool")
    assert "deck.ambiguous-card" not in outcome.errors and outcome.exit_code == 1


def test_a_printing_named_with_its_mark_is_that_printing(check):
    outcome = check(deck("type1", 50, 7, {"Old Magi (GoC)": 1}, copies=1), V20)
    assert outcome.exit_code == 0 and not outcome.findings("deck.ambiguous-card")


@pytest.mark.parametrize("typed", ["First Name", "second name", "First Name / Second Name"])
def test_either_name_of_a_two_name_card_finds_it(check, typed):
    outcome = check(deck("type1", 50, 7, {typed: 1}, copies=1), V20)
    assert outcome.exit_code == 0
    assert {c["id"] for c in outcome.deck["cards"]} >= {"t-two-names"}


def test_both_names_of_a_two_name_card_are_two_copies_of_it(check):
    outcome = check(deck("type1", 50, 7, {"First Name": 1, "Second Name": 1}, copies=1), V20)
    (copies,) = outcome.findings("redemption.copy-limit")  # 2.0's Type 1 is singleton
    assert copies["message"].startswith("2 copies of First Name / Second Name (GoC)")


# --- the real card list -------------------------------------------------------------------------


def test_every_title_of_the_real_list_means_all_its_printings(real_database):
    database = load_databases([real_database[0]])["redemption"]
    by_title: dict[str, set[str]] = {}
    for card in database.cards:
        by_title.setdefault(normalise(card.title), set()).add(card.id)
    bare = [card for card in database.cards if normalise(card.name) == normalise(card.title) and len(by_title[normalise(card.title)]) > 1]
    assert len(bare) > 100  # Storehouse, The Magi, Temple Veil, Denarius, ...
    for card in bare:
        found = database.names.resolve(card.name)
        assert {c.id for c in found.candidates} >= by_title[normalise(card.title)], card.name
    two_named = [card for card in database.cards if two_names(card.title)]
    assert two_named  # the LoC and GoC two-name cards
    for card in two_named:
        found_by = []
        for half in two_names(card.title):
            found = database.names.resolve(half)
            printings = (found.card,) if found.card else found.candidates
            # a half that is another card's own title (James, Son of Alphaeus of Di) means that card
            assert printings and (card in printings or all(normalise(c.title) == normalise(half) for c in printings)), half
            found_by += [half] if card in printings else []
        assert found_by, card.name


def test_the_issues_names_are_judged_as_their_titles_in_type1(real_database, tmp_path):
    path = tmp_path / "pasted.txt"
    path.write_text("# game: redemption\n1 The Magi\n1 Storehouse\n1 Temple Veil\n1 Denarius\n1 Mary, Holy Virgin\n", encoding="utf-8")
    outcome = run("check", path, "--card-db", real_database[0], "--format", "type1", "--as-of", V20, "--output-format", "json")
    assert not outcome.findings("redemption.format-sets")  # each has a printing in the Rotation pool
    assert not outcome.findings("deck.unknown-card")
    noted = {f["cards"][0] for f in outcome.findings("deck.ambiguous-card")}
    assert noted == {"The Magi", "Storehouse", "Temple Veil", "Denarius"}


def test_a_title_of_several_printings_is_listed_under_its_type_and_counted_in_the_totals(check, tmp_path):
    outcome = check(deck("type1", 50, 6, {"Twin Soul": 1, "Old Magi": 1}, copies=1), V20)
    assert outcome.exit_code == 0 and "redemption.lost-soul-count" not in outcome.errors
    lines = {c["name"]: c for c in outcome.deck["cards"]}
    assert (lines["Twin Soul"]["type"], lines["Twin Soul"]["id"]) == ("lost_soul", None)  # the name typed, not a printing
    assert lines["Old Magi"]["type"] == "hero"
    path = tmp_path / "twin.yaml"
    path.write_text(deck("type1", 50, 6, {"Twin Soul": 1}, copies=1), encoding="utf-8")
    sheet = run("check", path, "--card-db", DATA / DB, "--as-of", V20, "--output-format", "html")
    assert "Unknown" not in sheet.stdout
    assert "<th>Lost Souls</th><td>7 (7 required for 50 cards)</td>" in sheet.stdout
