"""Demon Rush construction rules, one by one, at their boundaries."""

import pytest

from conftest import demon_rush_deck

DB = "demon-rush-cards.yaml"


def test_a_legal_deck(check_deck):
    outcome = check_deck(demon_rush_deck({}, {"Holy Spell": 3}, size=45), DB)
    assert outcome.exit_code == 0, outcome.deck["findings"]
    assert outcome.deck["counts"] == {"main": 45, "side": 3, "champion": 1}


@pytest.mark.parametrize("size, legal", [(39, False), (40, True), (60, True), (61, False)])
def test_main_deck_size(check_deck, size, legal):
    outcome = check_deck(demon_rush_deck({}, size=size), DB)
    assert ("demon-rush.deck-size" in outcome.errors) is not legal


def test_deck_size_message(check_deck):
    (finding,) = check_deck(demon_rush_deck({}, size=61), DB).findings("demon-rush.deck-size")
    assert finding["message"] == "the main deck has 61 cards; it may have at most 60"


@pytest.mark.parametrize("side, legal", [(15, True), (16, False)])
def test_side_deck_size(check_deck, side, legal):
    side_deck = {f"Holy Soldier {i}": 3 for i in range(1, 6)}
    side_deck["Holy Soldier 6"] = side - 15 if side > 15 else 0
    side_deck = {k: v for k, v in side_deck.items() if v}
    outcome = check_deck(demon_rush_deck({}, side_deck, size=40), DB)
    assert ("demon-rush.side-deck-size" in outcome.errors) is not legal


@pytest.mark.parametrize("main_copies, side_copies, legal", [(3, 0, True), (2, 1, True), (2, 2, False), (4, 0, False)])
def test_copies_count_main_and_side_together(check_deck, main_copies, side_copies, legal):
    side = {"Holy Soldier 1": side_copies} if side_copies else None
    outcome = check_deck(demon_rush_deck({"Holy Soldier 1": main_copies}, side, size=40), DB)
    assert ("demon-rush.copy-limit" in outcome.errors) is not legal


def test_copy_limit_points_at_the_first_line(check_deck):
    text = demon_rush_deck({"Holy Soldier 1": 2}, {"Holy Soldier 1": 2}, size=40)
    (finding,) = check_deck(text, DB).findings("demon-rush.copy-limit")
    assert finding["message"] == "4 copies of Holy Soldier 1; at most 3 allowed (main and side together)"
    assert (finding["line"], finding["zone"]) == (4, "main")


def test_two_different_greater_beings_are_fine(check_deck):
    outcome = check_deck(demon_rush_deck({"Holy Being A": 1, "Holy Being B": 1}, size=40), DB)
    assert "demon-rush.greater-being-limit" not in outcome.errors


@pytest.mark.parametrize("main, side", [(2, 0), (1, 1)])
def test_two_copies_of_one_greater_being(check_deck, main, side):
    outcome = check_deck(demon_rush_deck({"Holy Being A": main}, {"Holy Being A": side} if side else None, size=40), DB)
    assert "demon-rush.greater-being-limit" in outcome.errors


# The faction lock, for each champion and a card of every faction and kind.
CARDS = [
    "Holy Soldier 20",
    "Evil Soldier 20",
    "Neutral Soldier 20",
    "Holy Being A",
    "Evil Being A",
    "Neutral Being A",
    "Holy Tower",
    "Evil Tower",
    "Neutral Tower",
    "Holy Spell",
    "Evil Spell",
]
ALLOWED = {
    "Holy Champion": {
        "Holy Soldier 20",
        "Neutral Soldier 20",
        "Holy Being A",
        "Neutral Being A",
        "Holy Tower",
        "Neutral Tower",
        "Holy Spell",
    },
    "Evil Champion": {
        "Evil Soldier 20",
        "Neutral Soldier 20",
        "Evil Being A",
        "Neutral Being A",
        "Evil Tower",
        "Neutral Tower",
        "Evil Spell",
    },
    "Neutral Champion": {
        "Holy Soldier 20",
        "Evil Soldier 20",
        "Neutral Soldier 20",
        "Neutral Being A",
        "Neutral Tower",
        "Holy Spell",
        "Evil Spell",
    },
}


@pytest.mark.parametrize("champion", list(ALLOWED))
@pytest.mark.parametrize("card", CARDS)
@pytest.mark.parametrize("zone", ["main", "side"])
def test_faction_lock(check_deck, champion, card, zone):
    main, side = ({card: 1}, None) if zone == "main" else ({}, {card: 1})
    outcome = check_deck(demon_rush_deck(main, side, champion=champion, size=40), DB)
    assert ("demon-rush.faction" in outcome.errors) is (card not in ALLOWED[champion])


def test_faction_message(check_deck):
    (finding,) = check_deck(demon_rush_deck({"Evil Soldier 1": 1}, size=40), DB).findings("demon-rush.faction")
    assert finding["message"] == ("Evil Soldier 1 is Evil; Holy Champion is a Holy champion, whose deck takes only Holy and Neutral cards")


def test_unstated_faction_is_not_judged(check_deck):
    assert check_deck(demon_rush_deck({"Unstated Spell": 1}, size=40), DB).errors == set()


def test_champion_is_required_and_is_a_champion(check_deck):
    assert "demon-rush.champion" in check_deck(demon_rush_deck({}, champion=None, size=40), DB).errors
    assert "demon-rush.champion" in check_deck(demon_rush_deck({}, champion="Holy Soldier 1", size=40), DB).errors


@pytest.mark.parametrize("card", ["Evil Champion", "Soul Token"])
def test_champions_and_tokens_are_not_deck_cards(check_deck, card):
    outcome = check_deck(demon_rush_deck({card: 1}, size=40), DB)
    (finding,) = outcome.findings("deck.wrong-zone")
    assert finding["cards"] == [card]
