"""Redemption quick-start deck building rules, one by one, at their boundaries."""

from pathlib import Path

import pytest
from deckcheck.games.redemption.building import QUICKSTART

from conftest import DATA, redemption_deck, run

required_lost_souls = QUICKSTART.build.required_lost_souls  # the quick-start chart, as its data gives it

DB = "redemption-cards.yaml"


@pytest.mark.parametrize("size, legal", [(49, False), (50, True)])
def test_deck_size_boundary(check_deck, size, legal):
    outcome = check_deck(redemption_deck(size, 7), DB)
    assert ("redemption.deck-size" in outcome.errors) is not legal
    assert outcome.exit_code == (0 if legal else 1)


def test_deck_size_message_points_at_main(check_deck):
    (finding,) = check_deck(redemption_deck(49, 7), DB).findings("redemption.deck-size")
    assert finding["message"] == "the deck has 49 cards; it needs at least 50"
    assert (finding["line"], finding["column"]) == (3, 1)  # the line of `main:`, after game and format


@pytest.mark.parametrize(
    "size, souls, legal",
    [
        (56, 7, True),
        (56, 8, False),
        (57, 7, False),
        (57, 8, True),
        (63, 8, True),
        (64, 8, False),
        (64, 9, True),
        (99, 13, False),
        (99, 14, True),
        (105, 14, True),
        (106, 15, True),
    ],
)
def test_lost_soul_table(check_deck, size, souls, legal):
    outcome = check_deck(redemption_deck(size, souls), DB)
    assert ("redemption.lost-soul-count" in outcome.errors) is not legal


def test_lost_soul_message_carries_the_arithmetic(check_deck):
    (finding,) = check_deck(redemption_deck(57, 7), DB).findings("redemption.lost-soul-count")
    assert finding["message"] == "57 cards need 8 Lost Souls; this deck has 7"


def test_table_matches_the_rulebook_chart():
    chart = {(50, 56): 7, (57, 63): 8, (64, 70): 9, (71, 77): 10, (78, 84): 11, (85, 91): 12, (92, 98): 13, (99, 105): 14}
    for (low, high), souls in chart.items():
        assert {required_lost_souls(n) for n in range(low, high + 1)} == {souls}


@pytest.mark.parametrize("copies, legal", [(3, True), (4, False)])
def test_copy_limit_single_brigade_without_ability(check_deck, copies, legal):
    outcome = check_deck(redemption_deck(50, 7, {"Plain Enhancement": copies, "Plain Evil": copies}), DB)
    assert ("redemption.copy-limit" in outcome.errors) is not legal
    if not legal:
        assert {f["cards"][0] for f in outcome.findings("redemption.copy-limit")} == {"Plain Enhancement", "Plain Evil"}


def test_lost_souls_without_ability_have_no_copy_limit(check_deck):
    outcome = check_deck(redemption_deck(50, 0, {"Soul 1": 7}), DB)
    assert outcome.errors == set()


@pytest.mark.parametrize(
    "size, copies, legal",
    [
        (56, 1, True),
        (56, 2, False),
        (99, 2, False),
        (100, 2, True),
        (100, 3, False),
        (150, 3, True),
    ],
)
def test_special_ability_one_per_fifty(check_deck, size, copies, legal):
    souls = required_lost_souls(size)
    outcome = check_deck(redemption_deck(size, souls, {"Ability Hero": copies}), DB)
    assert ("redemption.special-ability-limit" in outcome.errors) is not legal


def test_special_ability_message(check_deck):
    (finding,) = check_deck(redemption_deck(99, 14, {"Ability Hero": 2}), DB).findings("redemption.special-ability-limit")
    assert finding["message"] == ("2 copies of Ability Hero; at most 1 allowed (special ability: 1 per 50 cards, 99 cards allow 1)")
    assert finding["line"] > 2 and finding["column"] == 3


def test_lost_soul_with_ability_is_limited(check_deck):
    outcome = check_deck(redemption_deck(56, 6, {"Soul With Ability": 2}), DB)
    assert "redemption.special-ability-limit" in outcome.errors


@pytest.mark.parametrize("card", ["Two Brigade Hero", "Multi Enhancement"])
@pytest.mark.parametrize("copies, legal", [(1, True), (2, False)])
def test_multicolor_limit(check_deck, card, copies, legal):
    outcome = check_deck(redemption_deck(100, 14, {card: copies}), DB)
    assert ("redemption.multicolor-limit" in outcome.errors) is not legal


@pytest.mark.parametrize("copies, legal", [(1, True), (2, False)])
def test_dominant_limit_even_in_a_big_deck(check_deck, copies, legal):
    outcome = check_deck(redemption_deck(100, 14, {"Good Dominant 1": copies}), DB)
    assert ("redemption.dominant-limit" in outcome.errors) is not legal


def test_two_printings_of_one_dominant_are_one_card(check_deck):
    outcome = check_deck(redemption_deck(100, 14, {"Son of God (I)": 1, "Son of God (J)": 1}), DB)
    assert "redemption.dominant-limit" in outcome.errors


@pytest.mark.parametrize("dominants, legal", [(7, True), (8, False)])
def test_dominant_cap(check_deck, dominants, legal):
    extra = {f"Evil Dominant {i}": 1 for i in range(1, dominants + 1)}
    outcome = check_deck(redemption_deck(56, 7, extra), DB)
    assert ("redemption.dominant-cap" in outcome.errors) is not legal
    if not legal:
        assert outcome.findings("redemption.dominant-cap")[0]["message"] == (
            "8 Dominants but 7 Lost Souls; Dominants may not outnumber Lost Souls"
        )


@pytest.mark.parametrize("sites, legal", [(7, True), (8, False)])
def test_site_cap(check_deck, sites, legal):
    extra = {f"Site {i}": 1 for i in range(1, sites + 1)}
    outcome = check_deck(redemption_deck(56, 7, extra), DB)
    assert ("redemption.site-cap" in outcome.errors) is not legal


# "Defining Duplicate Cards", each example of the rulebook


def test_saph_black_and_gray_share_art_so_one_is_allowed(check_deck):
    outcome = check_deck(redemption_deck(56, 7, {"Saph (I)": 1, "Saph (Ki)": 1}), DB)
    (finding,) = outcome.findings("redemption.special-ability-limit")
    assert finding["cards"] == ["Saph (I)", "Saph (Ki)"]
    assert "the same card" in finding["message"]


def test_john_three_purple_printings_are_one_card(check_deck):
    outcome = check_deck(redemption_deck(56, 7, {"John (J)": 1, "John (H)": 1, "John (Promo)": 1}), DB)
    (finding,) = outcome.findings("redemption.special-ability-limit")
    assert finding["message"].startswith("3 copies of John (J) + John (H) + John (Promo)")


@pytest.mark.parametrize(
    "printings, rule",
    [
        ({"Gideon (K)": 3}, None),  # a single-brigade hero: 3 copies
        ({"Gideon (K)": 1, "Gideon (Multi)": 1}, "redemption.multicolor-limit"),  # one printing multi-coloured: 1
        ({"Gideon (Multi)": 1}, None),
    ],
)
def test_the_most_limited_printing_sets_the_limit(check_deck, printings, rule):
    # docs/redemption.md: "Where printings of one card carry different limits, the most limited printing
    # in the deck sets the limit" (and reports it, under its own rule)
    outcome = check_deck(redemption_deck(56, 7, printings), DB)
    assert outcome.errors == ({rule} if rule else set())
    if rule:
        (finding,) = outcome.findings(rule)
        assert (
            finding["message"]
            == "2 copies of Gideon (K) + Gideon (Multi) (the same card: the same title and art); at most 1 allowed (multi-coloured)"
        )


def test_john_once_is_fine(check_deck):
    assert check_deck(redemption_deck(56, 7, {"John (H)": 1}), DB).errors == set()


def test_peter_purple_and_red_are_different_cards(check_deck):
    outcome = check_deck(redemption_deck(56, 7, {"Peter (I)": 1, "Peter (Ap)": 1}), DB)
    assert outcome.errors == set()


def test_four_generic_sadducees_with_different_art(check_deck):
    extra = {f"Sadducees {i}": 1 for i in range(1, 5)}
    assert check_deck(redemption_deck(56, 7, extra), DB).errors == set()


def test_generic_sadducees_with_the_same_art_are_one_card(check_deck):
    outcome = check_deck(redemption_deck(56, 7, {"Sadducees 1": 1, "Sadducees Reprint": 1}), DB)
    assert "redemption.special-ability-limit" in outcome.errors


def test_duplicates_are_transitive(check_deck):
    outcome = check_deck(redemption_deck(56, 7, {"Chain A": 1, "Chain C": 1}), DB)
    assert "redemption.special-ability-limit" in outcome.errors


def test_a_title_of_two_cards_names_both_where_one_would_break_a_limit(check_deck):
    # the quick-start rules: Peter (I) and Peter (Ap) share no brigade, so they are two cards
    outcome = check_deck(redemption_deck(56, 7, {"Peter": 1, "Peter (I)": 1}), DB)
    (finding,) = outcome.findings("deck.ambiguous-card")
    assert "'Peter (I)' (hero, purple) gives redemption.special-ability-limit" in finding["message"]
    assert "'Peter (Ap)' (hero, red) gives a legal deck" in finding["message"]


@pytest.mark.parametrize("order", [("a-99", "b-100"), ("b-99", "a-100")])
def test_one_card_judged_by_each_decks_size_in_one_run(tmp_path, order):
    """The caps of a card are remembered from deck to deck of a folder: a deck's size is part of
    what they depend on, whichever deck is read first."""
    for name, size in zip(order, (99, 100)):
        souls = required_lost_souls(size)
        (tmp_path / f"{name}.yaml").write_text(redemption_deck(size, souls, {"Ability Hero": 2}))
    report = run("check", tmp_path, "--card-db", DATA / DB, "--output-format", "json").report
    over = {Path(d["path"]).stem: any(f["rule"] == "redemption.special-ability-limit" for f in d["findings"]) for d in report["decks"]}
    assert over == {order[0]: True, order[1]: False}
