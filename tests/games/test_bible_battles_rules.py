"""Bible Battles deck rules at their boundaries."""

import pytest

from conftest import fill, zone_yaml

DB = "bible-battles-cards.yaml"


def deck(cards: dict[str, int], size: int = 60) -> str:
    return "game: bible-battles\n" + zone_yaml("main", fill(cards, size, "Spearmen", 3))


def test_a_legal_deck(check_deck):
    outcome = check_deck(deck({"Follower": 24}), DB)
    assert outcome.exit_code == 0 and outcome.deck["findings"] == []


@pytest.mark.parametrize("copies, legal", [(3, True), (4, False)])
def test_three_copies(check_deck, copies, legal):
    outcome = check_deck(deck({"Spearmen 20": copies}), DB)
    assert ("bible-battles.copy-limit" in outcome.errors) is not legal


def test_followers_have_no_limit(check_deck):
    assert check_deck(deck({"Follower": 40}), DB).errors == set()


@pytest.mark.parametrize("card", ["Samson", "Ark of the Covenant"])
@pytest.mark.parametrize("copies, legal", [(1, True), (2, False)])
def test_unique_cards_once(check_deck, card, copies, legal):
    outcome = check_deck(deck({card: copies}), DB)
    assert ("bible-battles.unique-limit" in outcome.errors) is not legal
    assert "bible-battles.copy-limit" not in outcome.errors


def test_two_different_unique_cards(check_deck):
    assert check_deck(deck({"Samson": 1, "Ark of the Covenant": 1}), DB).errors == set()


@pytest.mark.parametrize("size, warned", [(59, True), (60, False), (61, True)])
def test_sixty_is_a_suggestion(check_deck, size, warned):
    outcome = check_deck(deck({"Follower": 20}, size=size), DB)
    assert ("bible-battles.deck-size" in outcome.warnings) is warned
    assert outcome.exit_code == 0
