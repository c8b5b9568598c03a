"""REDLINE deck construction rules, one by one, at their boundaries."""

import pytest

from conftest import legal_redline_main, redline_deck

DB = "redline-cards.yaml"


def test_a_legal_arsenal(check_deck):
    outcome = check_deck(redline_deck(legal_redline_main()), DB)
    assert outcome.exit_code == 0
    assert outcome.deck["findings"] == []
    assert outcome.deck["counts"] == {"main": 60, "side": 0, "general": 1}


@pytest.mark.parametrize("crates, legal", [(22, False), (23, True), (24, False)])
def test_arsenal_is_exactly_sixty(check_deck, crates, legal):
    outcome = check_deck(redline_deck(legal_redline_main(Crate=crates)), DB)
    assert ("redline.arsenal-size" in outcome.errors) is not legal


def test_arsenal_size_message(check_deck):
    (finding,) = check_deck(redline_deck(legal_redline_main(Crate=22)), DB).findings("redline.arsenal-size")
    assert finding["message"] == "the arsenal has 59 cards; it must have exactly 60"
    assert finding["line"] == 3  # the `main:` key


def test_general_is_required(check_deck):
    outcome = check_deck(redline_deck(legal_redline_main(), general=None), DB)
    (finding,) = outcome.findings("redline.general")
    assert finding["line"] == 1
    assert outcome.exit_code == 1


def test_general_must_be_a_general_card(check_deck):
    outcome = check_deck(redline_deck(legal_redline_main(), general="Mars Walker 1"), DB)
    assert "redline.general" in outcome.errors


def test_a_general_in_the_arsenal_is_in_the_wrong_zone(check_deck):
    outcome = check_deck(redline_deck(legal_redline_main(Crate=22, **{"Earth General": 1})), DB)
    (finding,) = outcome.findings("deck.wrong-zone")
    assert finding["cards"] == ["Earth General"]


def test_a_mission_in_the_arsenal_is_in_the_wrong_zone(check_deck):
    outcome = check_deck(redline_deck(legal_redline_main(Crate=22, **{"Hill 1": 1})), DB)
    assert "deck.wrong-zone" in outcome.errors


@pytest.mark.parametrize("card, legal", [("Earth Walker", False), ("Depot", True), ("Unstated Tactic", True)])
def test_faction_lock(check_deck, card, legal):
    outcome = check_deck(redline_deck(legal_redline_main(Crate=22, **{card: 1})), DB)
    assert ("redline.faction" in outcome.errors) is not legal


def test_faction_follows_the_general(check_deck):
    main = {"Crate": 23, "Earth Walker": 4, **{f"Mars Walker {i}": 3 for i in range(1, 12)}}
    outcome = check_deck(redline_deck(main, general="Earth General"), DB)
    assert len(outcome.findings("redline.faction")) == 11


@pytest.mark.parametrize("copies, legal", [(4, True), (5, False)])
def test_copy_limit(check_deck, copies, legal):
    main = legal_redline_main(**{"Mars Walker 1": copies, "Mars Walker 10": 3 + 4 - copies})
    outcome = check_deck(redline_deck(main), DB)
    assert ("redline.copy-limit" in outcome.errors) is not legal


def test_heroic_cards_may_have_four(check_deck):
    main = legal_redline_main(**{"Mars Walker 1": 0, "Hero Walker": 4})
    assert check_deck(redline_deck(main), DB).errors == set()


def test_basic_resources_are_exempt_but_other_resources_are_not(check_deck):
    outcome = check_deck(redline_deck(legal_redline_main(Crate=18, Depot=5)), DB)
    (finding,) = outcome.findings("redline.copy-limit")
    assert finding["cards"] == ["Depot"]


def arsenal(resources: int) -> dict[str, int]:
    """60 cards: `resources` Crates, the rest CPM efreets, 4 of each."""
    main, walker = {"Crate": resources}, 1
    while sum(main.values()) < 60:
        main[f"Mars Walker {walker}"] = min(4, 60 - sum(main.values()))
        walker += 1
    return main


@pytest.mark.parametrize("resources, warned", [(21, True), (22, False), (24, False), (25, True)])
def test_resource_recommendation(check_deck, resources, warned):
    main = arsenal(resources)
    outcome = check_deck(redline_deck(main), DB)
    assert ("redline.resource-count" in outcome.warnings) is warned
    assert outcome.exit_code == 0


def test_strict_fails_on_the_resource_warning(deck_command):
    assert deck_command(redline_deck(arsenal(21)), DB, ".yaml", "--strict").exit_code == 1


def missions(total: int, copies_of_first: int = 2) -> dict[str, int]:
    deck = {"Hill 1": copies_of_first}
    hill = 2
    while sum(deck.values()) < total:
        deck[f"Hill {hill}"] = min(2, total - sum(deck.values()))
        hill += 1
    return deck


@pytest.mark.parametrize("total, legal", [(19, False), (20, True)])
def test_mission_deck_size(check_deck, total, legal):
    outcome = check_deck(redline_deck(legal_redline_main(), missions=missions(total)), DB)
    assert ("redline.mission-deck" in outcome.errors) is not legal


@pytest.mark.parametrize("copies, legal", [(3, True), (4, False)])
def test_mission_copies(check_deck, copies, legal):
    outcome = check_deck(redline_deck(legal_redline_main(), missions=missions(22, copies)), DB)
    assert ("redline.mission-deck" in outcome.errors) is not legal


def test_mission_deck_holds_missions_only(check_deck):
    outcome = check_deck(redline_deck(legal_redline_main(), missions={**missions(20), "Crate": 1}), DB)
    assert any("not a mission card" in f["message"] for f in outcome.findings("redline.mission-deck"))


@pytest.mark.parametrize("total, legal", [(14, False), (15, True), (16, False)])
def test_critical_hit_deck_is_exactly_fifteen(check_deck, total, legal):
    critical = {"Glitch": 3, **{f"Fault {i}": 2 for i in range(1, 7)}}  # 15
    critical["Glitch"] += total - 15
    outcome = check_deck(redline_deck(legal_redline_main(), critical_hits=critical), DB)
    assert ("redline.critical-hit-deck" in outcome.errors) is not legal


def test_empty_optional_decks_are_not_given(check_deck):
    text = redline_deck(legal_redline_main()) + "missions: {}\ncritical_hits: {}\n"
    assert check_deck(text, DB).errors == set()


def test_text_deck_with_general_line(check_deck):
    text = "# game: redline\nGeneral: Mars General\n" + "".join(f"{count} {name}\n" for name, count in legal_redline_main().items())
    outcome = check_deck(text, DB, ".txt")
    assert outcome.exit_code == 0, outcome.deck["findings"]


# --- one rule at a time, in this process, each problem at its line and column --------------------------


def test_copy_limit_points_at_the_card_over_it():
    from conftest import check_rule

    check_rule("redline.copy-limit", redline_deck(legal_redline_main()), db=DB)  # 4 copies: none
    over = redline_deck(legal_redline_main(**{"Mars Walker 1": 5, "Crate": 22}))
    line = next(number for number, text in enumerate(over.splitlines(), 1) if "Mars Walker 1" in text)
    check_rule("redline.copy-limit", over, (line, 3), db=DB)


def test_the_general_rule_points_at_line_one_when_there_is_none():
    from conftest import check_rule

    check_rule("redline.general", redline_deck(legal_redline_main(), general=None), (1, 1), db=DB)
