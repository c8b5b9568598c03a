"""Promised Land deck rules at their boundaries."""

import pytest
from deckcheck.games.promised_land.bible import BOOKS
from deckcheck.games.promised_land.rules import source_range

from conftest import fill, zone_yaml

DB = "promised-land-cards.yaml"


def deck(cards: dict[str, int], size: int = 60, sources: int = 20, fmt: str | None = None) -> str:
    """`cards`, then `sources` common chapter Sources, then green verses to `size`."""
    main = dict(cards)
    main = fill(main, sum(main.values()) + sources, "Chapter", 3)
    main = fill(main, size, "Verse", 4)
    return "game: promised-land\n" + (f"format: {fmt}\n" if fmt else "") + zone_yaml("main", main)


def test_a_legal_deck(check_deck):
    outcome = check_deck(deck({}), DB)
    assert outcome.exit_code == 0 and outcome.deck["findings"] == []
    assert outcome.deck["settings"]["life_points"] == 15


@pytest.mark.parametrize(
    "card, copies, legal",
    [
        ("Chapter 3", 4, True),
        ("Chapter 3", 5, True),
        ("Chapter 3", 12, True),
        ("Rare Chapter 7", 4, True),
        ("Rare Chapter 7", 5, False),
        ("Gospel Quote", 4, True),
        ("Gospel Quote", 5, False),
    ],
)
def test_four_copies_except_common_chapters(check_deck, card, copies, legal):
    outcome = check_deck(deck({card: copies}), DB)
    assert ("promised-land.copy-limit" in outcome.errors) is not legal


@pytest.mark.parametrize("size, warned", [(54, True), (55, False), (70, False), (71, True)])
def test_deck_size_recommendation(check_deck, size, warned):
    outcome = check_deck(deck({}, size=size, sources=size * 35 // 100), DB)
    assert ("promised-land.deck-size" in outcome.warnings) is warned
    assert outcome.exit_code == 0


def test_the_guides_own_example_of_the_source_share():
    assert source_range(55) == (16, 22)


@pytest.mark.parametrize("sources, warned", [(17, True), (18, False), (24, False), (25, True)])
def test_source_share(check_deck, sources, warned):
    outcome = check_deck(deck({}, sources=sources), DB)
    assert ("promised-land.source-ratio" in outcome.warnings) is warned


@pytest.mark.parametrize("fmt, life", [("home", 15), ("sunday-school", 10), ("tournament", 12)])
def test_formats_carry_their_settings(check_deck, fmt, life):
    settings = check_deck(deck({}, fmt=fmt), DB).deck["settings"]
    assert settings["life_points"] == life
    assert settings["quoting"] == ("agreed" if fmt == "home" else "strict")


def test_sixty_six_books():
    assert len(BOOKS) == 66
    assert sum(1 for testament, _ in BOOKS.values() if testament == "old") == 39
