"""Redemption Type 1 and Type 2 (Deck Building Rules 1.3.0), at every boundary the rules set."""

import pytest
from deckcheck.games.redemption.same_card import lost_soul_name
from deckcheck.games.redemption.tournament import required_lost_souls

from conftest import zone_yaml

DB = "redemption-tournament.yaml"
HOPPER = "Lost Soul II Chronicles 28:13 (Hopper)"


def deck(fmt: str, size: int, souls: int, extra: dict[str, int] | None = None, side: dict[str, int] | None = None) -> str:
    """`souls` plain Lost Souls, the `extra` cards, and good and evil fillers (3 of each name) to
    `size`, half good and half evil (with one neutral Double Agent when the rest is odd)."""
    main = {f"Soul {i}": 1 for i in range(1, souls + 1)}
    main.update(extra or {})
    rest = size - sum(main.values())
    assert rest >= 0
    if rest % 2:
        main["Double Agent"] = main.get("Double Agent", 0) + 1
        rest -= 1
    for side_name, count in (("Good", rest // 2), ("Evil", rest // 2)):
        number = 1
        while count > 0:
            main[f"{side_name} {number}"] = min(3, count)
            count -= main[f"{side_name} {number}"]
            number += 1
    text = f"game: redemption\nformat: {fmt}\n" + zone_yaml("main", main)
    return text + (zone_yaml("side", side) if side else "")


def test_the_tables_match_the_rules_charts():
    type1 = {(50, 56): 7, (57, 63): 8, (99, 105): 14, (141, 147): 20, (148, 154): 21}
    type2 = {(100, 105): 14, (106, 112): 15, (141, 147): 20, (218, 224): 31, (246, 252): 35}
    for fmt, chart in (("type1", type1), ("type2", type2)):
        for (low, high), souls in chart.items():
            assert {required_lost_souls(fmt, n) for n in range(low, high + 1)} == {souls}, (fmt, low)


@pytest.mark.parametrize("fmt, size, legal", [
    ("type1", 49, False), ("type1", 50, True), ("type1", 154, True), ("type1", 155, False),
    ("type2", 99, False), ("type2", 100, True), ("type2", 252, True), ("type2", 253, False),
])
def test_deck_size(check_deck, fmt, size, legal):
    outcome = check_deck(deck(fmt, size, required_lost_souls(fmt, size)), DB)
    assert ("redemption.deck-size" in outcome.errors) is not legal
    if legal:
        assert outcome.errors == set(), outcome.deck["findings"]


@pytest.mark.parametrize("fmt, size, souls, legal", [
    ("type1", 56, 7, True), ("type1", 57, 7, False), ("type1", 57, 8, True), ("type1", 56, 8, False),
    ("type2", 105, 14, True), ("type2", 106, 14, False), ("type2", 106, 15, True), ("type2", 105, 15, False),
])
def test_lost_soul_tables(check_deck, fmt, size, souls, legal):
    outcome = check_deck(deck(fmt, size, souls), DB)
    assert ("redemption.lost-soul-count" in outcome.errors) is not legal


def test_a_hopper_does_not_count(check_deck):
    legal = check_deck(deck("type1", 50, 7, {HOPPER: 1}), DB)
    assert "redemption.lost-soul-count" not in legal.errors
    short = check_deck(deck("type1", 50, 6, {HOPPER: 1}), DB)
    (finding,) = short.findings("redemption.lost-soul-count")
    assert finding["message"] == "50 cards need 7 Lost Souls; this deck has 6 (1 Hopper Lost Soul does not count)"


@pytest.mark.parametrize("fmt, reserve, legal", [("type1", 10, True), ("type1", 11, False),
                                                  ("type2", 15, True), ("type2", 16, False)])
def test_reserve_size(check_deck, fmt, reserve, legal):
    size = 50 if fmt == "type1" else 100
    side = {f"Good {i}": 1 for i in range(30, 30 + (reserve + 1) // 2)}
    side.update({f"Evil {i}": 1 for i in range(30, 30 + reserve // 2)})
    outcome = check_deck(deck(fmt, size, required_lost_souls(fmt, size), side=side), DB)
    assert ("redemption.reserve-size" in outcome.errors) is not legal


@pytest.mark.parametrize("card", ["Son of God", "Soul 40"])
def test_no_dominant_or_lost_soul_in_the_reserve(check_deck, card):
    outcome = check_deck(deck("type1", 50, 7, side={card: 1}), DB)
    (finding,) = outcome.findings("redemption.reserve-content")
    assert finding["cards"] == [card] and finding["zone"] == "side"


def test_the_deck_and_deck_plus_reserve_are_both_checked(check_deck):
    # 3 copies in the deck are fine; a fourth in the Reserve breaks deck + Reserve
    outcome = check_deck(deck("type1", 50, 7, {"Good 39": 3}, side={"Good 39": 1}), DB)
    (finding,) = outcome.findings("redemption.copy-limit")
    assert finding["message"] == "4 copies of Good 39 in deck + Reserve; at most 3 allowed"


@pytest.mark.parametrize("copies, legal", [(2, True), (3, False)])
def test_two_brigade_cards_in_type2(check_deck, copies, legal):
    extra = {"Two Brigade Hero": copies, "Two Brigade Evil": copies}
    outcome = check_deck(deck("type2", 100, 14, extra), DB)
    assert ("redemption.multicolor-limit" in outcome.errors) is not legal


def test_two_brigade_cards_in_type1_are_one_each(check_deck):
    outcome = check_deck(deck("type1", 50, 7, {"Two Brigade Hero": 2}), DB)
    assert "redemption.multicolor-limit" in outcome.errors
    rainbow = check_deck(deck("type2", 100, 14, {"Rainbow Hero": 2, "Evil 40": 2}), DB)
    assert "redemption.multicolor-limit" in rainbow.errors


@pytest.mark.parametrize("good, evil, legal", [(60, 60, True), (60, 59, False)])
def test_type2_good_and_evil_balance(check_deck, good, evil, legal):
    size = good + evil
    souls = required_lost_souls("type2", size + 3)
    main = {f"Soul {i}": 1 for i in range(1, souls + 1)}
    for side_name, count in (("Good", good), ("Evil", evil)):
        number = 1
        while count:
            main[f"{side_name} {number}"] = min(3, count)
            count -= main[f"{side_name} {number}"]
            number += 1
    main["Double Agent"] = 3  # hero and evil character at once: neutral
    outcome = check_deck("game: redemption\nformat: type2\n" + zone_yaml("main", main), DB)
    assert ("redemption.alignment-balance" in outcome.errors) is not legal
    if not legal:
        assert outcome.findings("redemption.alignment-balance")[0]["message"] == (
            f"the deck has {good} good and {evil} evil cards; Type 2 needs as many of each")


@pytest.mark.parametrize("pair", [("New Jerusalem", "The Second Coming"), ("Son of God", "Chariot of Fire")])
def test_exclusive_pairs(check_deck, pair):
    one = check_deck(deck("type1", 50, 7, {pair[0]: 1}), DB)
    assert "redemption.exclusive-pair" not in one.errors
    both = check_deck(deck("type1", 50, 7, {pair[0]: 1, pair[1]: 1}), DB)
    (finding,) = both.findings("redemption.exclusive-pair")
    assert set(finding["cards"]) == set(pair)


@pytest.mark.parametrize("copies, legal", [(5, True), (6, False)])
def test_locust_from_the_pit_five_per_fifty(check_deck, copies, legal):
    outcome = check_deck(deck("type1", 50, 7, {"Locust from the Pit": copies}), DB)
    assert ("redemption.special-card-limit" in outcome.errors) is not legal
    assert "redemption.special-ability-limit" not in outcome.errors   # the special rule replaces the normal one


@pytest.mark.parametrize("card, size, copies, legal", [
    ("Faithful Witness", 50, 4, True), ("Faithful Witness", 50, 5, False), ("Faithful Witness", 100, 5, False),
    ("Legion", 50, 4, True), ("Legion", 50, 5, False), ("Legion", 100, 8, True),
    ("Angry Mob (EC)", 50, 4, True), ("Angry Mob (EC)", 50, 5, False),
])
def test_other_special_cards(check_deck, card, size, copies, legal):
    outcome = check_deck(deck("type1", size, required_lost_souls("type1", size), {card: copies}), DB)
    assert ("redemption.special-card-limit" in outcome.errors) is not legal


def test_the_formats_banned_list(check_deck):
    outcome = check_deck(deck("type1", 50, 7, {"Mourn and Weep (PoC)": 1}), DB)
    (finding,) = outcome.findings("banlist.banned")
    assert finding["message"] == "Mourn and Weep (PoC) is banned in type1 (Mourn and Weep (Prophecies of Christ))"
    assert "banlist.banned" not in check_deck(deck("quickstart", 50, 7, {"Mourn and Weep (PoC)": 1}), DB).errors


@pytest.mark.parametrize("copies, legal", [(1, True), (2, False)])
def test_type1_one_per_fifty_and_lost_souls_with_abilities(check_deck, copies, legal):
    ability = check_deck(deck("type1", 99, 14, {"Ability Hero": copies}), DB)
    assert ("redemption.special-ability-limit" in ability.errors) is not legal
    souls = check_deck(deck("type1", 100, 14 - copies, {"Ability Soul": copies}), DB)
    assert ("redemption.lost-soul-ability-limit" in souls.errors) is not legal


def test_type2_allows_two_ability_lost_souls_and_four_plain_characters(check_deck):
    outcome = check_deck(deck("type2", 100, 12, {"Ability Soul": 2, "Good 40": 4, "Evil 40": 4}), DB)
    assert outcome.errors == set(), outcome.deck["findings"]
    over = check_deck(deck("type2", 100, 11, {"Ability Soul": 3, "Good 40": 5, "Evil 40": 5}), DB)
    assert {"redemption.lost-soul-ability-limit", "redemption.copy-limit"} <= over.errors


# "Same card", case by case from the rules' own section


def test_ability_lost_souls_with_one_name_are_one_card(check_deck):
    outcome = check_deck(deck("type1", 50, 6, {"Ability Soul": 1, "Ability Soul Reprint": 1}), DB)
    assert "redemption.lost-soul-ability-limit" in outcome.errors


def test_the_two_hoppers_share_their_name():
    from deckcheck.loading.card_db import load_databases

    from conftest import DATA

    cards = {c.name: c for c in load_databases([DATA / DB])["redemption"].cards}
    assert lost_soul_name(cards[HOPPER]) == lost_soul_name(cards["Lost Soul Matthew 18:12 (Hopper)"]) == "Hopper"
    assert lost_soul_name(cards["Ability Soul"]) == "Luke 15:6"


def test_same_name_same_icon_is_one_card_whatever_the_art_and_brigade(check_deck):
    # quick-start: purple and red Peters with other art are different cards; 1.3.0: the same card
    assert "redemption.special-ability-limit" in check_deck(
        deck("type1", 50, 7, {"Peter (I)": 1, "Peter (Ap)": 1}), DB).errors


def test_generic_characters_with_other_art_stay_different(check_deck):
    assert "redemption.special-ability-limit" not in check_deck(
        deck("type1", 50, 7, {"Crowd 1": 1, "Crowd 2": 1}), DB).errors


def test_rules_list_the_tournament_formats():
    from conftest import run

    outcome = run("rules", "redemption")
    assert "format type1: Type 1 (Type I) tournament decks: 50-154 cards" in outcome.stdout
    assert "format type2" in outcome.stdout


def test_rules_list_every_tournament_rule_id():
    import json

    from conftest import run

    listing = json.loads(run("rules", "redemption", "--output-format", "json").stdout)
    type2 = next(f for f in listing["games"][0]["formats"] if f["name"] == "type2")
    assert {r["id"] for r in type2["rules"]} >= {
        "redemption.deck-size", "redemption.lost-soul-count", "redemption.multicolor-limit", "redemption.dominant-limit",
        "redemption.lost-soul-ability-limit", "redemption.copy-limit", "redemption.site-cap", "redemption.dominant-cap",
        "redemption.reserve-size", "redemption.reserve-content", "redemption.alignment-balance",
        "redemption.exclusive-pair", "redemption.special-card-limit"}


def test_explain_gives_the_formats_own_rule_text():
    from conftest import REPO, run

    outcome = run("check", REPO / "tests/decks/redemption/type1-export.txt", "--format", "type1", "--explain")
    assert "rule:   no Dominants and no Lost Souls in the Reserve" in outcome.stdout
    assert "the data cannot tell 'the same person'" in outcome.stdout


def _soul(name, reference, title=None):
    """A special-ability Lost Soul as the importer writes one (its printing suffix off the title)."""
    from types import MappingProxyType

    from deckcheck.model import Card

    facts = {"reference": reference, "special_ability": True, **({"title": title} if title else {})}
    return Card(name.lower().replace(" ", "-"), name, ("lost_soul",), MappingProxyType(facts))


@pytest.mark.parametrize("first, second, same", [
    # "Lost Souls with the same reference have the same name"
    (_soul("Lost Soul Luke 15:6 (J)", "Luke 15:6", "Lost Soul Luke 15:6"),
     _soul("Lost Soul Luke 15:6 (Di)", "Luke 15:6", "Lost Soul Luke 15:6"), True),
    # the listed exception: Jeremiah 22:3's Foreigner and Orphans
    (_soul('Lost Soul "Foreigner" [Jeremiah 22:3]', "Jeremiah 22:3"),
     _soul('Lost Soul "Orphans" [Jeremiah 22:3]', "Jeremiah 22:3"), False),
    # the listed same names with different references
    (_soul("Lost Soul II Chronicles 28:13 (Hopper)", "II Chronicles 28:13"),
     _soul("Lost Soul Matthew 18:12 (Hopper)", "Matthew 18:12"), True),
    (_soul("Lost Soul John 3:20 (Revealer)", "John 3:20"), _soul("Lost Soul Romans 3:23 (Revealer)", "Romans 3:23"), True),
    (_soul("Lost Souls (Two Liner)", "Proverbs 2:16-17"), _soul("Lost Souls (Three Liner)", "Proverbs 22:14"), True),
])
def test_lost_soul_names_as_the_rules_list_them(first, second, same):
    assert (lost_soul_name(first) == lost_soul_name(second)) is same


def test_rainbow_cards_with_one_name_and_icon_are_one_card(tmp_path):
    from deckcheck.games.redemption.same_card import tournament_identity
    from deckcheck.loading.card_db import load_databases

    path = tmp_path / "cards.yaml"
    path.write_text("game: redemption\ncards:\n"
                    "  - {name: Prism (A), title: Prism, type: good_enhancement, brigades: [multi], generic: true, art: a}\n"
                    "  - {name: Prism (B), title: Prism, type: good_enhancement, brigades: [multi], generic: true, art: b}\n"
                    "  - {name: Prism Hero, title: Prism, type: hero, brigades: [multi], art: c}\n")
    database = load_databases([path])["redemption"]
    same = tournament_identity(database)
    a, b, hero = database.cards
    assert same(a) == same(b) and same(hero) != same(a)   # same icon joins; another icon does not
