"""Redemption's Paragons, kept apart from the card lists: our data against its source, and
`deckcheck cards` listing them beside the game's cards."""

from __future__ import annotations

import csv
import itertools

import pytest
from deckcheck.games.redemption.paragons import KINDS, paragons

from conftest import DATA, SHARED, run

SOURCE = SHARED / "data" / "redemption-paragon" / "paragons.csv"
GOOD = ("blue", "clay", "gold", "green", "purple", "silver", "white")
EVIL = ("black", "brown", "crimson", "gray", "orange", "pale_green")


def test_one_paragon_for_each_pair_of_a_good_and_an_evil_brigade_numbers_adding_up_to_50():
    assert sorted((p.good, p.evil) for p in paragons()) == sorted(itertools.product(GOOD, EVIL))
    assert all(sum(p.numbers[k] for k in KINDS) == 50 for p in paragons())
    assert len({p.name for p in paragons()}) == 42


@pytest.mark.skipif(
    not SOURCE.is_file(), reason="the web app's paragons.csv is read from ../shared/data/redemption-paragon beside the checkout"
)
def test_names_brigades_and_numbers_are_the_sources():
    with SOURCE.open(encoding="utf-8") as file:
        rows = {row["name"]: row for row in csv.DictReader(file)}
    ours = {p.name: p for p in paragons()}
    assert set(ours) == set(rows)
    for name, row in rows.items():
        paragon = ours[name]
        assert (paragon.good, paragon.evil) == (
            row["good_brigade"].lower().replace(" ", "_"),
            row["evil_brigade"].lower().replace(" ", "_"),
        )
        assert {k: paragon.numbers[k] for k in KINDS} == {k: int(row[k]) for k in KINDS}, name


def test_cards_lists_the_paragons_by_type():
    outcome = run("cards", "--game", "redemption", "--type", "paragon", "--limit", "100", "--output-format", "json")
    assert outcome.exit_code == 0
    assert outcome.report["found"] == 42
    assert {c["name"] for c in outcome.report["cards"]} == {p.name for p in paragons()}


def test_a_paragon_is_found_by_name_with_its_numbers_beside_the_cards_of_that_name():
    outcome = run("cards", "abraham", "--game", "redemption", "--type", "paragon", "--output-format", "json")
    (abraham,) = outcome.report["cards"]
    assert abraham["subtitle"] == "Paragon of Faith" and abraham["brigades"] == ["blue", "black"]
    assert [abraham[k] for k in KINDS] == [11, 14, 5, 10, 10]
    text = run("cards", "abraham", "--game", "redemption", "--type", "paragon").stdout
    assert "primary_good=11" in text and "Paragon of Faith" in text


def test_paragons_are_listed_whatever_card_list_is_given():
    outcome = run(
        "cards", "--game", "redemption", "--type", "paragon", "--card-db", DATA / "redemption-cards.yaml", "--output-format", "json"
    )
    assert outcome.exit_code == 0 and outcome.report["found"] == 42
