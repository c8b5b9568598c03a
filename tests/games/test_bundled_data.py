"""The bundled card data against its sources: the rulebooks, and (where a checkout has it) the
LackeyCCG plugin's card list and deck files in ../shared/data/."""

import csv
import re
import xml.etree.ElementTree as ET

import pytest
import yaml
from deckcheck.loading.card_db import Databases
from deckcheck.loading.names import normalise

from conftest import REPO, SHARED

BUNDLED = Databases()
REDEMPTION = BUNDLED.for_game("redemption")
REDLINE = BUNDLED.for_game("redline")
RULEBOOKS = SHARED / "rulebooks"
LACKEY = SHARED / "data" / "redemption-lackey"

needs_rulebooks = pytest.mark.skipif(not RULEBOOKS.is_dir(), reason="../shared/rulebooks is not beside this checkout")
needs_lackey = pytest.mark.skipif(not LACKEY.is_dir(), reason="../shared/data/redemption-lackey is not beside this checkout")


def example(name):
    return yaml.safe_load((REPO / "examples" / name).read_text())


def text_deck(name):
    cards = {}
    for line in (REPO / "examples" / name).read_text().splitlines():
        match = re.match(r"^(\d+) (.+)$", line)
        if match:
            cards[match[2]] = int(match[1])
    return cards


# --- REDLINE: the two deck lists of the instruction manual


def rulebook_deck_lists():
    text = (RULEBOOKS / "redline.txt").read_text()
    lists = {}
    for faction in ("CPM", "UNE"):
        section = text.split(f"Deck List {faction}", 1)[1].split("Deck List", 1)[0].split("DECK CONSTRUCTION", 1)[0]
        rows = re.findall(r"^(.+?)\t(\d+)$", section, flags=re.MULTILINE)
        lists[faction] = {name.rstrip(" .").strip(): int(count) for name, count in rows}
    return lists


@needs_rulebooks
def test_redline_examples_are_the_manual_lists():
    lists = rulebook_deck_lists()
    cpm = example("redline-cpm.yaml")
    assert {cpm["general"]: 1, **cpm["main"]} == lists["CPM"]
    assert {"Camilla Brand": 1, **text_deck("redline-une.txt")} == lists["UNE"]


@needs_rulebooks
def test_every_card_of_the_manual_lists_is_bundled():
    names = {normalise(card.name) for card in REDLINE.cards}
    listed = {name for deck in rulebook_deck_lists().values() for name in deck}
    assert {normalise(n) for n in listed} == names


def test_redline_facts_the_manual_states():
    cards = {card.name: card for card in REDLINE.cards}
    assert cards["Valya Serova"].is_a("general") and cards["Valya Serova"].get("faction") == "cpm"
    assert cards["Camilla Brand"].is_a("general") and cards["Camilla Brand"].get("faction") == "une"
    assert cards["Supply Drop"].get("basic_resource") is True
    # in both lists -> neutral
    for name in ("Supply Drop", "Efreet Hanger", "Listening Post", "Zuni Rockets", "Heatseekers"):
        assert cards[name].get("faction") == "neutral", name
    assert cards["TRC-5 Tigercat"].get("speed") == 6
    for name in ("Overclocked Laser", "Stuck in the Mud", "Rushed Prototype"):
        assert name in cards  # the manual prints them cut short, with dots


# --- Redemption: decks I and J, and the cards the rulebook names


def test_rulebook_numbers_and_brigades():
    stated = {  # name -> (brigade, strength, toughness), as the rulebook's examples give them
        "Boaz (J)": ("white", 6, 5),
        "Ruth (J)": ("white", 4, 3),
        "Gideon (J)": ("gold", 6, 8),
        "Peter (I)": ("purple", 10, 10),
        "John (I)": ("purple", 5, 5),
        "James": ("purple", 8, 6),
        "Angel at Bethesda": ("silver", 3, 1),
        "Overwhelming Presence": ("silver", 3, 3),
        "Angelic Guidance (I)": ("silver", 1, 6),
        "Fishers of Men (I)": ("purple", 2, 2),
        "Selfish Kinsman": ("brown", 5, 7),
        "Achan (I)": ("brown", 3, 4),
        "Saph (I)": ("black", 9, 11),
        "Ishbibenob (I)": ("black", 8, 12),
        "Foul Spirit (J)": ("orange", 6, 7),
        "Possessing Demon (J)": ("orange", 3, 4),
        "Jephthah (J)": ("gold", 9, 5),
    }
    cards = {card.name: card for card in REDEMPTION.cards}
    for name, (brigade, strength, toughness) in stated.items():
        card = cards[name]
        assert (card.get("brigades"), card.get("strength"), card.get("toughness")) == ([brigade], strength, toughness), name


def test_rulebook_duplicate_examples_are_in_the_data():
    by_title = {}
    for card in REDEMPTION.cards:
        by_title.setdefault(card.title, []).append(card)
    saph = {tuple(c.get("brigades")): c.get("art") for c in by_title["Saph"]}
    assert saph[("black",)] == saph[("gray",)]
    assert {tuple(c.get("brigades")) for c in by_title["Peter"]} == {("purple",), ("red",)}
    assert len(by_title["John"]) == 3
    assert all(c.get("generic") for c in by_title["Sadducees"])


def lackey_deck(name):
    root = ET.parse(LACKEY / "decks" / name).getroot()
    return [card.find("name").get("id") for card in root.iter("card")]


@needs_lackey
@pytest.mark.parametrize("letter", ["I", "J"])
def test_examples_are_the_starter_decks(letter):
    images = lackey_deck(f"Starter_{letter}.dek")
    doubled = [image for image in set(images) if images.count(image) > 1]
    assert len(doubled) == 1 and doubled[0].startswith("Lost_Soul")  # the plugin lists one Lost Soul twice
    by_image = {card.get("image"): card.name for card in REDEMPTION.cards}
    deck = example(f"redemption-deck-{letter.lower()}.yaml")["main"]
    assert deck == {by_image[image]: 1 for image in dict.fromkeys(images)}
    assert sum(deck.values()) == 50


@needs_lackey
def test_facts_match_the_lackey_card_list():
    rows = {}
    with open(LACKEY / "carddata.txt", encoding="utf-8") as handle:
        for row in csv.DictReader(handle, delimiter="\t"):
            rows.setdefault(row["ImageFile"], row)
    for card in REDEMPTION.cards:
        row = rows[card.get("image")]
        brigades = [b.strip().lower() for b in row["Brigade"].split("/") if b.strip()]
        assert card.get("brigades") == brigades, card.name
        assert str(card.get("strength", "")) == row["Strength"], card.name
        assert str(card.get("toughness", "")) == row["Toughness"], card.name
        assert card.get("special_ability") is bool(row["SpecialAbility"].strip()), card.name
        assert card.get("alignment") == row["Alignment"].lower(), card.name
        assert card.get("rotation") is (row["Legality"] == "Rotation"), card.name
