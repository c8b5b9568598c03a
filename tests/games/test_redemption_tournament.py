"""Redemption tournament formats at every boundary the rules set, in each rules version by date:
1.3.0 (from 2026-03-13) and 2.0 (from 2026-08-13)."""

import pytest
from deckcheck.games.redemption.rules_version import versions

from conftest import DATA, markdown_cells, zone_yaml

DB = "redemption-tournament.yaml"
HOPPER = "Lost Soul II Chronicles 28:13 (Hopper)"
V13, V20 = "2026-06-01", "2026-09-01"  # a date under each version


def required(version: str, kind: str, size: int) -> int:
    found = {v.version: v for v in versions()}[version]
    return next(c.build for c in found.categories.values() if c.build.name == kind).required_lost_souls(size)


def deck(fmt: str, size: int, souls: int, extra: dict[str, int] | None = None, side: dict[str, int] | None = None, copies: int = 3) -> str:
    """`souls` plain Lost Souls, the `extra` cards, and good and evil fillers (`copies` of each
    name) to `size`, half good and half evil (with one neutral Double Agent when the rest is odd)."""
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
            while f"{side_name} {number}" in main:
                number += 1
            main[f"{side_name} {number}"] = min(copies, count)
            count -= main[f"{side_name} {number}"]
            number += 1
    text = f"game: redemption\nformat: {fmt}\n" + zone_yaml("main", main)
    return text + (zone_yaml("side", side) if side else "")


@pytest.fixture
def check(check_deck):
    """check(deck text, as_of, **options): the JSON outcome of the deck against the test database on that date."""
    return lambda text, as_of, **options: check_deck(text, DB, as_of=as_of, **options)


@pytest.fixture
def check_command(deck_command):
    """check_command(deck text, as_of, *options): the command line's output of the deck on that date."""
    return lambda text, as_of, *options: deck_command(text, DB, ".yaml", "--as-of", as_of, *options)


# --- versions by date ---------------------------------------------------------------------------------


def test_the_versions_and_the_dates_they_took_effect():
    assert [(v.version, v.effective.isoformat()) for v in versions()] == [("1.3.0", "2026-03-13"), ("2.0", "2026-08-13")]


@pytest.mark.parametrize(
    "version, kind, chart",
    [
        ("1.3.0", "type1", {(50, 56): 7, (57, 63): 8, (99, 105): 14, (141, 147): 20, (148, 154): 21}),
        ("1.3.0", "type2", {(100, 105): 14, (106, 112): 15, (141, 147): 20, (218, 224): 31, (246, 252): 35}),
        ("2.0", "type1", {(50, 56): 7, (57, 63): 8, (64, 70): 9}),
        ("2.0", "type2", {(100, 105): 14, (106, 112): 15, (134, 140): 19}),
    ],
)
def test_the_lost_soul_charts(version, kind, chart):
    for (low, high), souls in chart.items():
        assert {required(version, kind, n) for n in range(low, high + 1)} == {souls}, (version, kind, low)


@pytest.mark.parametrize("as_of, version", [("2026-08-12", "1.3.0"), ("2026-08-13", "2.0"), ("2026-03-13", "1.3.0")])
def test_as_of_picks_the_version_in_force(check, as_of, version):
    outcome = check(deck("type1", 50, 7), as_of)
    assert outcome.deck["rules_version"] == version and outcome.deck["format"] == "type1"
    assert outcome.deck["notes"] == []


def test_without_a_date_the_rules_of_today_apply(check_deck):
    assert check_deck(deck("type1", 50, 7), DB).deck["rules_version"] == "2.0"  # today is after 2026-08-13


def test_a_date_before_the_oldest_version_uses_it_and_says_so(check, check_command):
    outcome = check(deck("type1", 50, 7), "2025-12-25")
    assert outcome.deck["rules_version"] == "1.3.0"
    assert outcome.deck["notes"] == ["2025-12-25 is before the oldest Redemption rules version (1.3.0, from 2026-03-13): 1.3.0 was applied"]
    assert "note: 2025-12-25 is before the oldest" in check_command(deck("type1", 50, 7), "2025-12-25", "--output-format", "text").stdout


@pytest.mark.slow
def test_an_events_date_and_the_configs_pick_the_version(tmp_path, monkeypatch):
    from conftest import run

    (tmp_path / "deck.yaml").write_text(deck("type1", 50, 7, copies=3))
    (tmp_path / "old-event.yaml").write_text("name: Nationals 2026\neffective: 2026-07-20\ngame: redemption\n")
    monkeypatch.chdir(tmp_path)
    database = ("--card-db", DATA / DB, "--output-format", "json")
    by_event = run("check", "deck.yaml", "--event", "old-event.yaml", *database)
    assert by_event.deck["rules_version"] == "1.3.0" and by_event.exit_code == 0
    assert run("check", "deck.yaml", "--event", "old-event.yaml", "--as-of", V20, *database).deck["rules_version"] == "2.0"
    (tmp_path / ".deckcheck.yaml").write_text("as_of: 2026-05-01\n")
    assert run("check", "deck.yaml", *database).deck["rules_version"] == "1.3.0"
    assert run("check", "deck.yaml", "--as-of", V20, *database).deck["rules_version"] == "2.0"


@pytest.mark.parametrize("where, text", [("--as-of", "2026-13-01"), ("--as-of", "yesterday")])
def test_a_bad_date_is_exit_two(deck_command, where, text):
    outcome = deck_command(deck("type1", 50, 7), DB, ".yaml", where, text)
    assert outcome.exit_code == 2 and "--as-of takes a date as YYYY-MM-DD" in outcome.stderr


def test_an_impossible_date_in_the_config_is_exit_two_with_its_line(tmp_path, monkeypatch):
    from conftest import run

    (tmp_path / ".deckcheck.yaml").write_text("game: redemption\nas_of: 2026-02-30\n")
    (tmp_path / "deck.yaml").write_text(deck("type1", 50, 7))
    monkeypatch.chdir(tmp_path)
    outcome = run("check", "deck.yaml")
    assert outcome.exit_code == 2 and ".deckcheck.yaml:2:8: '2026-02-30' is not a date" in outcome.stderr


@pytest.mark.parametrize(
    "alias, name", [("limited", "type1"), ("t1", "type1"), ("unlimited", "type1-unlimited"), ("teams", "type1-teams"), ("t2", "type2")]
)
def test_aliases_name_the_categories(check, alias, name):
    size = 100 if name == "type2" else 50
    outcome = check(deck(alias, size, 14 if size == 100 else 7, copies=1 if name != "type2" else 2), V20)
    assert outcome.deck["format"] == name


# --- the numbers of each version ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "as_of, fmt, size, legal",
    [
        (V13, "type1", 49, False),
        (V13, "type1", 50, True),
        (V13, "type1", 154, True),
        (V13, "type1", 155, False),
        (V13, "type2", 99, False),
        (V13, "type2", 100, True),
        (V13, "type2", 252, True),
        (V13, "type2", 253, False),
        (V20, "type1", 49, False),
        (V20, "type1", 50, True),
        (V20, "type1", 70, True),
        (V20, "type1", 71, False),
        (V20, "type2", 99, False),
        (V20, "type2", 100, True),
        (V20, "type2", 140, True),
        (V20, "type2", 141, False),
    ],
)
def test_deck_size(check, as_of, fmt, size, legal):
    version, kind = ("1.3.0" if as_of == V13 else "2.0"), fmt
    souls = required(version, kind, size)
    copies = 3 if as_of == V13 else (1 if fmt == "type1" else 2)
    outcome = check(deck(fmt, size, souls, copies=copies), as_of)
    assert ("redemption.deck-size" in outcome.errors) is not legal
    if legal:
        assert outcome.errors == set(), outcome.deck["findings"]


@pytest.mark.parametrize(
    "as_of, fmt, size, souls, legal",
    [
        (V13, "type1", 56, 7, True),
        (V13, "type1", 57, 7, False),
        (V13, "type1", 57, 8, True),
        (V13, "type1", 56, 8, False),
        (V13, "type2", 105, 14, True),
        (V13, "type2", 106, 14, False),
        (V13, "type2", 106, 15, True),
        (V20, "type1", 63, 8, True),
        (V20, "type1", 64, 8, False),
        (V20, "type1", 64, 9, True),
    ],
)
def test_lost_soul_charts_in_a_deck(check, as_of, fmt, size, souls, legal):
    copies = 3 if as_of == V13 else 1
    outcome = check(deck(fmt, size, souls, copies=copies), as_of)
    assert ("redemption.lost-soul-count" in outcome.errors) is not legal


def test_a_hopper_does_not_count(check):
    assert "redemption.lost-soul-count" not in check(deck("type1", 50, 7, {HOPPER: 1}), V13).errors
    (finding,) = check(deck("type1", 50, 6, {HOPPER: 1}), V13).findings("redemption.lost-soul-count")
    assert finding["message"] == "50 cards need 7 Lost Souls; this deck has 6 (1 Hopper Lost Soul does not count)"


@pytest.mark.parametrize(
    "as_of, fmt, reserve, legal",
    [
        (V13, "type1", 10, True),
        (V13, "type1", 11, False),
        (V13, "type2", 15, True),
        (V13, "type2", 16, False),
        (V20, "type1", 10, True),
        (V20, "type1", 11, False),
        (V20, "type2", 20, True),
        (V20, "type2", 21, False),
    ],
)
def test_reserve_size(check, as_of, fmt, reserve, legal):
    size = 50 if fmt == "type1" else 100
    # Reserve cards of their own names (30 up), so that no copy limit is reached
    side = {f"Good {i}": 1 for i in range(25, 25 + (reserve + 1) // 2)}
    side.update({f"Evil {i}": 1 for i in range(25, 25 + reserve // 2)})
    copies = 3 if as_of == V13 else (1 if fmt == "type1" else 2)
    version = "1.3.0" if as_of == V13 else "2.0"
    outcome = check(deck(fmt, size, required(version, fmt, size), side=side, copies=copies), as_of)
    assert ("redemption.reserve-size" in outcome.errors) is not legal
    assert outcome.errors <= {"redemption.reserve-size", "redemption.alignment-balance"}


@pytest.mark.parametrize("card", ["Son of God", "Soul 40"])
def test_no_dominant_or_lost_soul_in_the_reserve(check, card):
    outcome = check(deck("type1", 50, 7, side={card: 1}), V13)
    (finding,) = outcome.findings("redemption.reserve-content")
    assert finding["cards"] == [card] and finding["zone"] == "side"


def test_the_deck_and_deck_plus_reserve_are_both_checked(check):
    # 3 copies in the deck are fine under 1.3.0; a fourth in the Reserve breaks deck + Reserve
    outcome = check(deck("type1", 50, 7, {"Good 39": 3}, side={"Good 39": 1}), V13)
    (finding,) = outcome.findings("redemption.copy-limit")
    assert finding["message"] == "4 copies of Good 39 in deck + Reserve; at most 3 allowed"


# --- copies: 1.3.0's tables, 2.0's singleton Type 1 and two-of Type 2 ----------------------------------


@pytest.mark.parametrize("as_of, copies, legal", [(V13, 2, True), (V13, 3, True), (V13, 4, False), (V20, 1, True), (V20, 2, False)])
def test_a_plain_hero_in_type1(check, as_of, copies, legal):
    outcome = check(deck("type1", 50, 7, {"Good 40": copies}, copies=1), as_of)
    assert ("redemption.copy-limit" in outcome.errors) is not legal
    if not legal:
        (finding,) = outcome.findings("redemption.copy-limit")
        allowed = 3 if as_of == V13 else 1
        assert finding["message"].startswith(f"{copies} copies of Good 40; at most {allowed} allowed")


@pytest.mark.parametrize(
    "card, copies, rule",
    [
        ("Good 40", 2, None),
        ("Good 40", 3, "redemption.copy-limit"),
        ("Rainbow Hero", 2, None),
        ("Rainbow Hero", 3, "redemption.copy-limit"),  # brigades no longer matter
        ("Temple Site", 2, None),
        ("Temple Site", 3, "redemption.copy-limit"),
        ("Son of God", 1, None),
        ("Son of God", 2, "redemption.dominant-limit"),
        ("Ability Soul", 1, None),
        ("Ability Soul", 2, "redemption.lost-soul-ability-limit"),
        ("Soul 40", 5, None),  # no limit on a meek Lost Soul
    ],
)
@pytest.mark.slow
def test_type2_under_2_0_takes_two_of_a_card(check, card, copies, rule):
    souls = 14 - (copies if "Soul" in card else 0)
    extra = {card: copies, "Evil 40": copies} if card in ("Good 40", "Rainbow Hero") else {card: copies}
    outcome = check(deck("type2", 100, souls, extra, copies=2), V20)
    errors = outcome.errors - {
        "redemption.alignment-balance",
        "redemption.site-cap",
        "redemption.dominant-cap",
        "redemption.lost-soul-count",
    }
    assert errors == ({rule} if rule else set()), outcome.deck["findings"]


@pytest.mark.parametrize("copies, legal", [(2, True), (3, False)])
def test_two_brigade_cards_in_type2_under_1_3_0(check, copies, legal):
    outcome = check(deck("type2", 100, 14, {"Two Brigade Hero": copies, "Two Brigade Evil": copies}), V13)
    assert ("redemption.multicolor-limit" in outcome.errors) is not legal


def test_two_brigade_cards_in_type1_under_1_3_0_are_one_each(check):
    assert "redemption.multicolor-limit" in check(deck("type1", 50, 7, {"Two Brigade Hero": 2}), V13).errors
    rainbow = check(deck("type2", 100, 14, {"Rainbow Hero": 2, "Evil 40": 2}), V13)
    assert "redemption.multicolor-limit" in rainbow.errors


@pytest.mark.parametrize("good, evil, legal", [(60, 60, True), (60, 59, False)])
def test_type2_good_and_evil_balance(check, good, evil, legal):
    size = good + evil
    souls = required("1.3.0", "type2", size + 3)
    main = {f"Soul {i}": 1 for i in range(1, souls + 1)}
    for side_name, count in (("Good", good), ("Evil", evil)):
        number = 1
        while count:
            main[f"{side_name} {number}"] = min(3, count)
            count -= main[f"{side_name} {number}"]
            number += 1
    main["Double Agent"] = 3  # hero and evil character at once: neutral
    outcome = check("game: redemption\nformat: type2\n" + zone_yaml("main", main), V13)
    assert ("redemption.alignment-balance" in outcome.errors) is not legal
    if not legal:
        assert outcome.findings("redemption.alignment-balance")[0]["message"] == (
            f"the deck has {good} good and {evil} evil cards; Type 2 needs as many of each"
        )


@pytest.mark.parametrize("pair", [("New Jerusalem", "The Second Coming"), ("Son of God", "Chariot of Fire")])
def test_exclusive_pairs(check, pair):
    assert "redemption.exclusive-pair" not in check(deck("type1", 50, 7, {pair[0]: 1}), V13).errors
    (finding,) = check(deck("type1", 50, 7, {pair[0]: 1, pair[1]: 1}), V13).findings("redemption.exclusive-pair")
    assert set(finding["cards"]) == set(pair)


@pytest.mark.parametrize("as_of, copies, legal", [(V13, 5, True), (V13, 6, False), (V20, 5, True), (V20, 6, False)])
def test_locust_from_the_pit_five_per_fifty(check, as_of, copies, legal):
    outcome = check(deck("type1", 50, 7, {"Locust from the Pit": copies}, copies=1 if as_of == V20 else 3), as_of)
    assert ("redemption.special-card-limit" in outcome.errors) is not legal
    # the special rule replaces the normal ones: nothing else reports it
    assert not outcome.errors & {"redemption.special-ability-limit", "redemption.copy-limit"}


@pytest.mark.parametrize(
    "card, size, copies, legal",
    [
        ("Faithful Witness", 50, 4, True),
        ("Faithful Witness", 50, 5, False),
        ("Faithful Witness", 100, 5, False),
        ("Legion", 50, 4, True),
        ("Legion", 50, 5, False),
        ("Legion", 100, 8, True),
        ("Angry Mob (EC)", 50, 4, True),
        ("Angry Mob (EC)", 50, 5, False),
    ],
)
def test_other_special_cards(check, card, size, copies, legal):
    outcome = check(deck("type1", size, required("1.3.0", "type1", size), {card: copies}), V13)
    assert ("redemption.special-card-limit" in outcome.errors) is not legal


@pytest.mark.parametrize("copies, legal", [(1, True), (2, False)])
def test_type1_one_per_fifty_and_lost_souls_with_abilities(check, copies, legal):
    ability = check(deck("type1", 99, 14, {"Ability Hero": copies}), V13)
    assert ("redemption.special-ability-limit" in ability.errors) is not legal
    souls = check(deck("type1", 100, 14 - copies, {"Ability Soul": copies}), V13)
    assert ("redemption.lost-soul-ability-limit" in souls.errors) is not legal


def test_type2_under_1_3_0_allows_two_ability_lost_souls_and_four_plain_characters(check):
    outcome = check(deck("type2", 100, 12, {"Ability Soul": 2, "Good 40": 4, "Evil 40": 4}), V13)
    assert outcome.errors == set(), outcome.deck["findings"]
    over = check(deck("type2", 100, 11, {"Ability Soul": 3, "Good 40": 5, "Evil 40": 5}), V13)
    assert {"redemption.lost-soul-ability-limit", "redemption.copy-limit"} <= over.errors


# --- one problem, one finding ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "as_of, card, rule",
    [
        (V13, "Ability Soul", "redemption.lost-soul-ability-limit"),  # not also the 1-per-50 rule
        (V20, "Ability Soul", "redemption.lost-soul-ability-limit"),  # not also the singleton rule
        (V13, "Son of God", "redemption.dominant-limit"),
        (V20, "Son of God", "redemption.dominant-limit"),
    ],
)
def test_a_card_over_several_limits_is_one_finding(check, as_of, card, rule):
    souls = 5 if "Soul" in card else 7
    outcome = check(deck("type1", 50, souls, {card: 2}, copies=1 if as_of == V20 else 3), as_of)
    limits = [f for f in outcome.deck["findings"] if f["rule"].endswith("-limit")]
    assert [f["rule"] for f in limits] == [rule]


def test_a_card_banned_by_two_lists_is_one_finding(check_command, tmp_path):
    event = tmp_path / "event.yaml"
    event.write_text("name: Regional\ngame: redemption\nbanned: [Ephesian Widow]\n")
    outcome = check_command(deck("type1", 50, 7, {"Ephesian Widow": 1}), V13, "--event", event)
    (finding,) = outcome.findings("banlist.banned")
    assert finding["message"] == (
        "Ephesian Widow is banned in Type 1 Rotation (rules 1.3.0: Ephesian Widow "
        "(Persecuted Church)), by the card list's own Banned mark and by Regional"
    )


# --- ban lists per category and version ---------------------------------------------------------------------

BAN_CASES = {  # card -> the 2.0 categories that ban it
    "Daniel (CoW)": {"type1", "type1-unlimited", "type1-teams", "type2"},
    "Mourn and Weep": {"type1", "type1-teams", "type2"},
    "Harvest Time (GoC)": {"type2"},
    "Burial (GoC)": {"type1-teams"},
    "High Places (LoC)": {"type1-teams"},
    "Ephesian Widow": set(),  # unbanned by 2.0 although the card list still marks it
}


@pytest.mark.parametrize("card", list(BAN_CASES))
@pytest.mark.parametrize("fmt", ["type1", "type1-unlimited", "type1-teams", "type2"])
def test_the_ban_lists_of_2_0(check, card, fmt):
    size, souls, copies = (100, 14, 2) if fmt == "type2" else (50, 7, 1)
    outcome = check(deck(fmt, size, souls, {card: 1}, copies=copies), V20)
    assert ("banlist.banned" in outcome.errors) is (fmt in BAN_CASES[card])


@pytest.mark.parametrize("card", ["Ephesian Widow", "Mourn and Weep", "Daniel (CoW)"])
@pytest.mark.parametrize("fmt", ["type1", "type1-unlimited", "type1-teams"])
def test_the_single_ban_list_of_1_3_0(check, card, fmt):
    assert "banlist.banned" in check(deck(fmt, 50, 7, {card: 1}), V13).errors


def test_the_ban_lists_match_printings_not_titles(check):
    # Harvest Time is banned in Type 2 as the Gospel of Christ printing; a card of the same title
    # from another set is not (names and sets as the card list spells them)
    from deckcheck.games.redemption.rules_version import Ban

    ban = Ban("Harvest Time (GoC)", "GoC", "Harvest Time", ("type2",))
    from types import MappingProxyType

    from deckcheck.model import Card

    other = Card("x", "Harvest Time (Wa)", ("good_dominant",), MappingProxyType({"set": "War", "title": "Harvest Time"}))
    marked = Card("y", "Mourn and Weep", ("evil_enhancement",), MappingProxyType({"set": "PoC [Ban]"}))
    assert not ban.matches(other) and Ban("Mourn and Weep", "PoC", "", ("type1",)).matches(marked)


# --- the Rotation pool -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("fmt, legal", [("type1", False), ("type1-teams", False), ("type1-unlimited", True)])
def test_a_card_outside_the_rotation_pool(check, fmt, legal):
    outcome = check(deck(fmt, 50, 7, {"Old Hero (UL)": 1}, copies=1), V20)
    assert ("redemption.format-sets" in outcome.errors) is not legal
    if not legal:
        (finding,) = outcome.findings("redemption.format-sets")
        assert finding["message"].startswith("Old Hero (UL) is not in the Rotation pool that Type 1")
        assert finding["message"].endswith("type1-unlimited allows it") and finding["cards"] == ["Old Hero (UL)"]


@pytest.mark.slow
def test_the_pool_applies_under_1_3_0_and_to_type2(check):
    assert "redemption.format-sets" in check(deck("type1", 50, 7, {"Old Hero (UL)": 1}), V13).errors
    assert "redemption.format-sets" in check(deck("type2", 100, 14, {"Old Hero (UL)": 1, "Old Evil (UL)": 1}, copies=2), V20).errors


def test_a_card_whose_pool_the_data_does_not_state_is_not_judged(check):
    assert "redemption.format-sets" not in check(deck("type1", 50, 7, copies=1), V20).errors


# --- "same card" ---------------------------------------------------------------------------------------------


def test_ability_lost_souls_with_one_name_are_one_card(check):
    assert "redemption.lost-soul-ability-limit" in check(deck("type1", 50, 6, {"Ability Soul": 1, "Ability Soul Reprint": 1}), V13).errors


def test_two_nicknames_of_one_reference_are_one_lost_soul(check):
    cards = {'Lost Soul "Deck Discard" [Hosea 13:2]': 1, "Lost Soul Hosea 13:2 (Deck Discarder)": 1}
    (finding,) = check(deck("type1", 50, 5, cards, copies=1), V20).findings("redemption.lost-soul-ability-limit")
    assert finding["message"].startswith(
        '2 copies of Lost Soul "Deck Discard" [Hosea 13:2] + Lost Soul Hosea 13:2 (Deck Discarder) (the same card: the same Lost Soul name)'
    )


def test_jeremiah_22_3_foreigner_and_orphans_stay_two(check):
    cards = {'Lost Soul "Foreigner" [Jeremiah 22:3]': 1, 'Lost Soul "Orphans" [Jeremiah 22:3]': 1}
    assert "redemption.lost-soul-ability-limit" not in check(deck("type1", 50, 5, cards, copies=1), V20).errors


def _limit_findings(outcome):
    return [f for f in outcome.deck["findings"] if f["rule"].startswith("redemption.") and f["rule"].endswith("-limit")]


@pytest.mark.parametrize("as_of", [V13, V20])
def test_one_person_under_two_titles_with_the_same_icon_is_one_card(check, as_of):
    same = check(deck("type1", 50, 7, {"Aaron (Pi)": 1, "Aaron, God's Mediator": 1}, copies=1), as_of)
    (finding,) = _limit_findings(same)
    assert set(finding["cards"]) == {"Aaron (Pi)", "Aaron, God's Mediator"}
    assert "the same person (Official Redemption Dictionary 7.0.0, Duplicate Card) with the same icon" in finding["message"]


@pytest.mark.parametrize(
    "first, second",
    [
        ("Aaron (Pi)", "Aaron, Peacemaker"),  # one person, a green icon and a purple one
        ("King Manasseh", "Manasseh"),  # one person (Duplicate Card), brown/pale green and black: two cards
        ("Manasseh", "Manasseh, the Calming (Roots)"),  # another person, another icon
    ],
)
def test_one_person_with_another_icon_is_another_card(check, first, second):
    outcome = check(deck("type1", 50, 7, {first: 1, second: 1}, copies=1), V20)
    assert _limit_findings(outcome) == []


def test_a_character_the_dictionary_lists_as_unique_is_not_generic_whatever_the_card_data_says(check):
    # the card data marks Asher (RoA) generic; the dictionary's Duplicate Card list says he is Asher, the Rich
    outcome = check(deck("type1", 50, 7, {"Asher (RoA)": 1, "Asher, the Rich": 1}, copies=1), V20)
    assert len(_limit_findings(outcome)) == 1


@pytest.mark.parametrize("as_of", [V13, V20])
@pytest.mark.parametrize("reprints, legal", [(1, True), (2, False)])
def test_an_allowance_counts_every_printing_of_the_card(check, as_of, reprints, legal):
    # Faithful Witness (RJ): 4 a deck; an alternate-border reprint is the same art, so the same card
    outcome = check(deck("type1", 50, 7, {"Faithful Witness (RoJ)": 3, "Faithful Witness (RoJ AB)": reprints}, copies=1), as_of)
    assert ("redemption.special-card-limit" not in outcome.errors) is legal


def test_the_icon_is_the_type_and_the_brigade(check):
    # a purple Peter and a red Peter: one title, other icons, other art: different cards
    assert "redemption.special-ability-limit" not in check(deck("type1", 50, 7, {"Peter (I)": 1, "Peter (Ap)": 1}), V13).errors


def test_generic_characters_with_other_art_stay_different(check):
    assert "redemption.special-ability-limit" not in check(deck("type1", 50, 7, {"Crowd 1": 1, "Crowd 2": 1}), V13).errors


def _soul(name, reference, title=None):
    """A special-ability Lost Soul as the importer writes one (its printing marks off the title)."""
    from types import MappingProxyType

    from deckcheck.model import Card

    facts = {"reference": reference, "special_ability": True, **({"title": title} if title else {})}
    return Card(name.lower().replace(" ", "-"), name, ("lost_soul",), MappingProxyType(facts))


@pytest.mark.parametrize(
    "first, second, same",
    [
        # "Lost Souls with the same reference have the same name", whatever their nicknames
        (
            _soul("Lost Soul Luke 15:6 (J)", "Luke 15:6", "Lost Soul Luke 15:6"),
            _soul("Lost Soul Luke 15:6 (Di)", "Luke 15:6", "Lost Soul Luke 15:6"),
            True,
        ),
        (
            _soul('Lost Soul "Deck Discard" [Hosea 13:2 - LR]', "Hosea 13:2", 'Lost Soul "Deck Discard" [Hosea 13:2]'),
            _soul("Lost Soul Hosea 13:2 (Deck Discarder)", "Hosea 13:2"),
            True,
        ),
        # the title's reference wins over the card list's typo (Lawless: Hebrews 12:18 in one row)
        (
            _soul('Lost Soul "Lawless" [Hebrews 12:8]', "Hebrews 12:8"),
            _soul('Lost Soul "Lawless" [Hebrews 12:8] [AB - CoW]', "Hebrews 12:18", 'Lost Soul "Lawless" [Hebrews 12:8]'),
            True,
        ),
        # the listed exception: Jeremiah 22:3's Foreigner and Orphans
        (
            _soul('Lost Soul "Foreigner" [Jeremiah 22:3]', "Jeremiah 22:3"),
            _soul('Lost Soul "Orphans" [Jeremiah 22:3]', "Jeremiah 22:3"),
            False,
        ),
        # the listed same names with different references
        (
            _soul("Lost Soul II Chronicles 28:13 (Hopper)", "II Chronicles 28:13"),
            _soul("Lost Soul Matthew 18:12 (Hopper)", "Matthew 18:12"),
            True,
        ),
        (_soul("Lost Soul John 3:20 (Revealer)", "John 3:20"), _soul("Lost Soul Romans 3:23 (Revealer)", "Romans 3:23"), True),
        (_soul("Lost Souls (Two Liner)", "Proverbs 22:14"), _soul('Lost Soul "Lost Souls" [Proverbs 2:16-17]', "Proverbs 2:16-17"), True),
    ],
)
@pytest.mark.parametrize("version", versions(), ids=lambda v: v.version)
def test_lost_soul_names_as_the_rules_list_them(first, second, same, version):
    from deckcheck.games.redemption.same_card import lost_soul_name

    assert (lost_soul_name(first, version) == lost_soul_name(second, version)) is same


def test_rainbow_cards_with_one_name_and_icon_are_one_card(tmp_path):
    from deckcheck.games.redemption.same_card import tournament_identity
    from deckcheck.loading.card_db import load_databases

    path = tmp_path / "cards.yaml"
    path.write_text(
        "game: redemption\ncards:\n"
        "  - {name: Prism (A), title: Prism, type: good_enhancement, brigades: [multi], generic: true, art: a}\n"
        "  - {name: Prism (B), title: Prism, type: good_enhancement, brigades: [multi], generic: true, art: b}\n"
        "  - {name: Prism Hero, title: Prism, type: hero, brigades: [multi], art: c}\n"
    )
    database = load_databases([path])["redemption"]
    same = tournament_identity(database, versions()[-1])
    a, b, hero = database.cards
    assert same(a) == same(b) and same(hero) != same(a)  # same icon joins; another icon does not


# --- what users read ------------------------------------------------------------------------------------------


def test_rules_list_every_version_and_its_date():
    from conftest import run

    outcome = run("rules", "redemption")
    assert "format type1 (rules 1.3.0, from 2026-03-13) [default]: Type 1 Rotation: 50-154 cards" in outcome.stdout
    assert "format type1 (rules 2.0, from 2026-08-13) [default]: Type 1 - 2 Player Limited: 50-70 cards" in outcome.stdout
    assert "aliases: limited, t1" in outcome.stdout


def test_rules_list_every_tournament_rule_id_of_a_version():
    import json

    from conftest import run

    listing = json.loads(run("rules", "redemption", "--output-format", "json").stdout)
    formats = listing["games"][0]["formats"]
    type2 = next(f for f in formats if f["name"] == "type2" and f["rules_version"] == "1.3.0")
    assert type2["effective"] == "2026-03-13" and type2["aliases"] == ["t2"]
    assert {r["id"] for r in type2["rules"]} >= {
        "redemption.deck-size",
        "redemption.lost-soul-count",
        "redemption.multicolor-limit",
        "redemption.dominant-limit",
        "redemption.lost-soul-ability-limit",
        "redemption.copy-limit",
        "redemption.site-cap",
        "redemption.dominant-cap",
        "redemption.reserve-size",
        "redemption.reserve-content",
        "redemption.alignment-balance",
        "redemption.exclusive-pair",
        "redemption.special-card-limit",
        "redemption.format-sets",
    }
    type1 = next(f for f in formats if f["name"] == "type1" and f["rules_version"] == "2.0")
    assert "redemption.alignment-balance" not in {r["id"] for r in type1["rules"]}
    assert "redemption.multicolor-limit" not in {r["id"] for r in type1["rules"]}


def test_explain_gives_the_versions_own_text_and_says_what_is_provisional(check_command):
    outcome = check_command(deck("type1", 50, 7, {"Good 40": 2}, copies=1), V20, "--output-format", "text", "--explain")
    assert "rule:   1 of every card (singleton)" in outcome.stdout
    assert "[provisional: the only exemption quoted is for meek Lost Souls" in outcome.stdout
    assert "source: Redemption Deck Construction & Format Specific Rules 2.0, Type 1" in outcome.stdout
    old = check_command(deck("type1", 50, 7, {"Good 40": 4}), V13, "--output-format", "text", "--explain")
    assert "rule:   3 of each single-brigade Hero, Evil Character or Enhancement" in old.stdout


def test_every_report_names_the_version(check_command):
    text = check_command(deck("type1", 50, 7, copies=1), V20, "--output-format", "text").stdout
    assert "(redemption/type1, rules 2.0)" in text.splitlines()[0]
    markdown = check_command(deck("type1", 50, 7, copies=1), V20, "--output-format", "markdown").stdout
    assert markdown_cells(markdown)[1][1] == "redemption/type1, rules 2.0"  # as a pull request shows it
    junit = check_command(deck("type1", 50, 7, copies=1), V20, "--output-format", "junit").stdout
    assert '<property name="rules_version" value="2.0" />' in junit


# --- Teams ------------------------------------------------------------------------------------------------


def team(tmp_path, a_cards, b_cards, *options, as_of=V20):
    from conftest import run

    paths = []
    for name, cards in (("a.yaml", a_cards), ("b.yaml", b_cards)):
        path = tmp_path / name
        souls = 7 - sum(n for card, n in cards.items() if "Soul" in card)
        path.write_text(deck("type1", 50, souls, cards, copies=1))
        paths.append(path)
    return run("team", *paths, "--card-db", DATA / DB, "--as-of", as_of, "--output-format", "json", *options)


def test_a_team_that_shares_nothing_is_legal(tmp_path):
    outcome = team(tmp_path, {"Son of God": 1, "Ability Soul": 1}, {"New Jerusalem": 1, 'Lost Soul "Foreigner" [Jeremiah 22:3]': 1})
    assert outcome.exit_code == 0, outcome.stdout
    assert [d["format"] for d in outcome.report["decks"]] == ["type1-teams", "type1-teams"]


def test_a_team_sharing_a_dominant(tmp_path):
    outcome = team(tmp_path, {"Son of God": 1}, {"Son of God": 1})
    assert outcome.exit_code == 1
    a, b = outcome.report["decks"]
    (on_a,) = [f for f in a["findings"] if f["rule"] == "redemption.team-unique"]
    (on_b,) = [f for f in b["findings"] if f["rule"] == "redemption.team-unique"]
    assert on_a["cards"] == on_b["cards"] == ["Son of God"]
    assert f"{tmp_path / 'b.yaml'} line" in on_a["message"] and f"{tmp_path / 'a.yaml'} line" in on_b["message"]
    assert "Dominants are unique per team" in on_a["message"]


def test_a_team_sharing_an_ability_lost_soul_by_its_name(tmp_path):
    outcome = team(tmp_path, {"Ability Soul": 1}, {"Ability Soul Reprint": 1})  # one Lost Soul name
    assert all("redemption.team-unique" in {f["rule"] for f in d["findings"]} for d in outcome.report["decks"])
    meek = team(tmp_path, {"Soul 40": 1}, {"Soul 40": 1})  # no ability: no limit
    assert meek.exit_code == 0


def test_an_exclusive_pair_across_the_team(tmp_path):
    outcome = team(tmp_path, {"Son of God": 1}, {"Chariot of Fire": 1})
    (on_a,) = [f for f in outcome.report["decks"][0]["findings"] if f["rule"] == "redemption.team-unique"]
    assert on_a["message"].startswith("Son of God here and Chariot of Fire in the other deck")
    assert "exclusive pair" in on_a["message"]


def test_a_team_uses_the_teams_ban_list_and_takes_a_format(tmp_path):
    banned = team(tmp_path, {"Burial (GoC)": 1}, {})
    assert "banlist.banned" in {f["rule"] for f in banned.report["decks"][0]["findings"]}
    as_limited = team(tmp_path, {"Burial (GoC)": 1}, {}, "--format", "limited")
    assert as_limited.report["decks"][0]["format"] == "type1" and as_limited.exit_code == 0


def test_a_team_with_an_unreadable_deck(tmp_path):
    from conftest import run

    (tmp_path / "a.yaml").write_text(deck("type1", 50, 7, copies=1))
    (tmp_path / "b.yaml").write_text("game: [\n")
    outcome = run("team", tmp_path / "a.yaml", tmp_path / "b.yaml", "--card-db", DATA / DB, "--output-format", "json")
    a, b = outcome.report["decks"]
    assert outcome.exit_code == 1 and "deck.parse" in {f["rule"] for f in b["findings"]}
    (finding,) = [f for f in a["findings"] if f["rule"] == "redemption.team-unique"]
    assert finding["message"].startswith("the team cannot be checked together")


def test_team_reports_name_the_rule_they_ran(tmp_path):
    import xml.etree.ElementTree as ET

    junit = team(tmp_path, {}, {}, "--output-format", "junit")
    cases = {case.get("name") for case in ET.fromstring(junit.stdout).iter("testcase")}
    assert "redemption.team-unique" in cases and "redemption.copy-limit" in cases


# --- names that match several printings -----------------------------------------------------------------


def test_a_title_of_two_cards_that_give_the_same_verdict_is_a_note(check):
    # "Peter" is the title of Peter (I), purple, and Peter (Ap), red: two cards; one copy of either is fine
    outcome = check(deck("type1", 50, 7, {"Peter": 1}, copies=1), V20)
    assert outcome.deck["legal"] is True and not outcome.deck["findings"]
    (note,) = [n for n in outcome.deck["notes"] if "'Peter'" in n]
    assert "could be 2 different cards ('Peter (I)' (hero, purple), 'Peter (Ap)' (hero, red))" in note


def test_a_title_whose_card_changes_the_verdict_is_an_error_naming_each(check):
    # "Peter" beside "Peter (I)": as Peter (I) it is a second copy (Type 1 is singleton under 2.0); as
    # the red Peter (Ap), another card
    outcome = check(deck("type1", 50, 7, {"Peter": 1, "Peter (I)": 1}, copies=1), V20)
    (finding,) = outcome.findings("deck.ambiguous-card")
    assert finding["severity"] == "error" and outcome.exit_code == 1
    assert finding["message"] == (
        "'Peter' could be 2 different cards and its reading decides the verdict: 'Peter (I)' (hero, purple) gives "
        "redemption.copy-limit; 'Peter (Ap)' (hero, red) gives a legal deck; write the one meant"
    )
    assert "redemption.copy-limit" not in outcome.errors  # not every reading gives it


def test_a_name_the_card_list_gives_two_cards_is_an_error_where_their_verdicts_differ(check_deck, tmp_path):
    # two cards the card list names alike (Potiphera, Priest of On of IR and of Pi): which one is meant decides
    text = (DATA / DB).read_text(encoding="utf-8") + (
        "  - {name: Twin, id: t-twin-a, title: Twin A, type: hero, brigades: [blue], special_ability: false, alignment: good}\n"
        "  - {name: Twin, id: t-twin-b, title: Twin B, type: hero, brigades: [red], special_ability: false, alignment: good,"
        " rotation: false}\n"
    )
    database = tmp_path / "twins.yaml"
    database.write_text(text, encoding="utf-8")
    outcome = check_deck(deck("type1", 50, 7, {"Twin": 1}, copies=1), database, as_of=V20)
    (finding,) = outcome.findings("deck.ambiguous-card")
    assert finding["severity"] == "error" and outcome.exit_code == 1
    assert "'t-twin-a' (hero, blue) gives a legal deck; 't-twin-b' (hero, red) gives redemption.format-sets" in finding["message"]
    unlimited = check_deck(deck("type1-unlimited", 50, 7, {"Twin": 1}, copies=1), database, as_of=V20)
    assert unlimited.exit_code == 0 and not unlimited.deck["findings"]


# --- every format -----------------------------------------------------------------------------------------


def test_all_formats_lists_every_format_with_its_verdict(check):
    outcome = check(deck("type1", 60, 8, {"Old Hero (UL)": 1}, copies=1), V20, all_formats=True)
    formats = {(f["format"], f["rules_version"]): f for f in outcome.deck["formats"]}
    assert set(formats) == {
        ("quickstart", None),
        ("type1", "2.0"),
        ("type1-unlimited", "2.0"),
        ("type1-teams", "2.0"),
        ("type2", "2.0"),
        ("paragon", "paragon 1.2 with 2.0"),
    }
    assert "redemption.paragon" in {e["rule"] for e in formats[("paragon", "paragon 1.2 with 2.0")]["errors"]}
    assert formats[("type1-unlimited", "2.0")]["legal"] is True
    assert [e["rule"] for e in formats[("type1", "2.0")]["errors"]] == ["redemption.format-sets"]
    assert "redemption.deck-size" in {e["rule"] for e in formats[("type2", "2.0")]["errors"]}
    assert formats[("quickstart", None)]["legal"] is True
    older = check(deck("type1", 60, 8, copies=1), V13, all_formats=True).deck["formats"]
    assert {f["rules_version"] for f in older} == {None, "1.3.0", "paragon 1.1 with 1.3.0"}


def test_all_formats_in_text_and_markdown(check_command):
    text = check_command(deck("type1", 50, 7, copies=1), V20, "--all-formats", "--output-format", "text").stdout
    rows = [line.split() for line in text.splitlines()]
    assert ["format", "rules", "verdict", "first", "errors"] in rows
    assert ["type1-unlimited", "2.0", "legal"] in rows
    assert any(r[:3] == ["type2", "2.0", "ILLEGAL"] and r[3].startswith("redemption.deck-size") for r in rows)
    markdown = check_command(deck("type1", 50, 7, copies=1), V20, "--all-formats", "--output-format", "markdown").stdout
    assert ["type1-teams", "2.0", "legal", ""] in markdown_cells(markdown)


# --- reports describe the rules the deck was checked by --------------------------------------------


@pytest.mark.parametrize("fmt, own", [("type1", "redemption.exclusive-pair"), ("type2", "redemption.alignment-balance")])
def test_sarif_and_junit_describe_the_rules_of_the_decks_format_and_version(check_command, fmt, own):
    import json
    import xml.etree.ElementTree as ET
    from datetime import date

    from deckcheck.games import get_game
    from deckcheck.rules.common import rules_checked

    game = get_game("redemption")
    chosen = game.format(fmt, as_of=date.fromisoformat(V13))
    ran = rules_checked(game, chosen)
    quickstart = {r.id: r for r in rules_checked(game, game.format("quickstart"))}
    text = deck(fmt, 100 if fmt == "type2" else 50, 14 if fmt == "type2" else 7, {"Son of God": 2})

    sarif = json.loads(check_command(text, V13, "--output-format", "sarif").stdout)
    (described,) = [r for r in sarif["runs"][0]["tool"]["driver"]["rules"] if r["id"] == "redemption.dominant-limit"]
    version_text = next(r for r in ran if r.id == "redemption.dominant-limit")
    assert described["shortDescription"]["text"] == version_text.summary
    assert version_text.source in described["fullDescription"]["text"]
    assert version_text.summary != quickstart["redemption.dominant-limit"].summary  # the quick-start's words are not these

    suite = ET.fromstring(check_command(text, V13, "--output-format", "junit").stdout.encode()).find("testsuite")
    cases = [case.get("name") for case in suite.findall("testcase")]
    assert cases == [r.id for r in ran]
    assert {"redemption.reserve-size", "redemption.reserve-content", own} <= set(cases)
    failed = {case.get("name") for case in suite.findall("testcase") if case.find("failure") is not None}
    assert "redemption.dominant-limit" in failed
