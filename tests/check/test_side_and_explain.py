"""`deckcheck side` for Demon Rush swaps; `--explain`; `deckcheck rules`."""

import json

import pytest
from deckcheck.registry import known_games

from conftest import DATA, demon_rush_deck, run

DB = DATA / "demon-rush-cards.yaml"
REGISTERED = {"Holy Soldier 1": 3, "Holy Soldier 2": 3}
SIDE = {"Holy Spell": 3, "Holy Soldier 3": 2}


def swap(tmp_path, main, side, registered_main=REGISTERED, registered_side=SIDE):
    registered = tmp_path / "registered.yaml"
    registered.write_text(demon_rush_deck(registered_main, registered_side, size=40))
    sided = tmp_path / "sided.yaml"
    sided.write_text(demon_rush_deck(main, side, size=None))
    return run("side", registered, sided, "--card-db", DB, "--output-format", "json")


def registered_main_with(**changes):
    from conftest import fill

    main = fill(REGISTERED, 40, "Neutral Soldier", 3)
    main.update(changes)
    return {k: v for k, v in main.items() if v}


def test_a_legal_swap(tmp_path):
    # two Holy Spells in, one Holy Soldier 1 and one Neutral Soldier 1 out
    main = registered_main_with(**{"Holy Spell": 2, "Holy Soldier 1": 2, "Neutral Soldier 1": 2})
    outcome = swap(tmp_path, main, {"Holy Spell": 1, "Holy Soldier 3": 2, "Holy Soldier 1": 1, "Neutral Soldier 1": 1})
    assert outcome.exit_code == 0, outcome.deck["findings"]
    assert outcome.deck["path"].endswith("sided.yaml")


def test_a_card_from_outside_the_registration(tmp_path):
    main = registered_main_with(**{"Holy Spell": 0, "Holy Soldier 20": 1, "Neutral Soldier 1": 2})
    outcome = swap(tmp_path, main, SIDE)
    messages = [f["message"] for f in outcome.findings("demon-rush.side-swap")]
    assert "Holy Soldier 20 is not in the registered deck (main or side)" in messages
    assert outcome.exit_code == 1


def test_totals_must_not_change(tmp_path):
    main = registered_main_with(**{"Holy Spell": 1})
    outcome = swap(tmp_path, {**main, "Neutral Soldier 1": 2}, SIDE)
    messages = [f["message"] for f in outcome.findings("demon-rush.side-swap")]
    assert "4 copies of Holy Spell over main and side; 3 were registered" in messages
    assert "Neutral Soldier 1 (3 registered) is missing from the sided deck" not in messages


def test_main_deck_keeps_its_size(tmp_path):
    main = registered_main_with(**{"Holy Spell": 3})
    outcome = swap(tmp_path, main, {"Holy Soldier 3": 2})
    messages = [f["message"] for f in outcome.findings("demon-rush.side-swap")]
    assert "the main deck has 43 cards; it was registered with 40" in messages


@pytest.mark.slow
def test_a_card_left_out_altogether(tmp_path):
    outcome = swap(tmp_path, registered_main_with(), {"Holy Spell": 3})
    messages = [f["message"] for f in outcome.findings("demon-rush.side-swap")]
    assert messages == ["Holy Soldier 3 (2 registered) is missing from the sided deck"]


def test_side_needs_both_files(tmp_path):
    outcome = run("side", tmp_path / "a.yaml", tmp_path / "b.yaml")
    assert outcome.exit_code == 2 and "no such file" in outcome.stderr


def test_explain_in_text(tmp_path):
    deck = tmp_path / "deck.yaml"
    deck.write_text(demon_rush_deck({"Holy Soldier 1": 4}, size=40))
    outcome = run("check", deck, "--card-db", DB, "--explain")
    assert "  4:3 error demon-rush.copy-limit: 4 copies of Holy Soldier 1; at most 3 allowed" in outcome.stdout
    assert "      rule:   at most 3 of each card, main and side together" in outcome.stdout
    assert "      source: Demon Rush rules, Basics" in outcome.stdout


def test_explain_in_json(tmp_path):
    deck = tmp_path / "deck.yaml"
    deck.write_text(demon_rush_deck({"Holy Soldier 1": 4}, size=40))
    outcome = run("check", deck, "--card-db", DB, "--explain", "--output-format", "json")
    (finding,) = outcome.findings("demon-rush.copy-limit")
    assert finding["explanation"] == {"summary": "at most 3 of each card, main and side together", "source": "Demon Rush rules, Basics"}


def test_rules_lists_every_game_and_rule():
    outcome = run("rules", "--output-format", "json")
    listing = json.loads(outcome.stdout)
    assert [g["game"] for g in listing["games"]] == list(known_games())  # every game, in the registry's order
    ids = {r["id"] for g in listing["games"] for r in g["rules"]} | {r["id"] for r in listing["common_rules"]}
    assert {
        "deck.parse",
        "banlist.limited",
        "demon-rush.side-swap",
        "promised-land.scripture-scope",
        "redemption.lost-soul-count",
        "redline.resource-count",
        "bible-battles.unique-limit",
    } <= ids
    promised = next(g for g in listing["games"] if g["game"] == "promised-land")
    assert [f["name"] for f in promised["formats"]] == ["home", "sunday-school", "tournament"]


def test_rules_for_one_game_in_text():
    outcome = run("rules", "bible-battles")
    assert outcome.exit_code == 0
    assert "Bible Battles (game: bible-battles)" in outcome.stdout
    assert "bible-battles.copy-limit" in outcome.stdout and "redline." not in outcome.stdout


def test_rules_unknown_game():
    outcome = run("rules", "chess")
    assert outcome.exit_code == 2 and "unknown game 'chess'" in outcome.stderr


@pytest.mark.parametrize("command", ["check", "side", "rules"])
def test_every_command_has_help_with_an_example(command):
    outcome = run(command, "--help")
    assert outcome.exit_code == 0 and "deckcheck " + command in outcome.stdout


def test_team_is_for_a_game_that_has_teams():
    from conftest import REPO

    outcome = run("team", REPO / "examples" / "redline-cpm.yaml", REPO / "examples" / "redline-une.txt")
    assert outcome.exit_code == 2 and "REDLINE has no teams (games that have: Redemption)" in outcome.stderr


def test_a_team_with_one_deck_of_a_game_without_teams_is_refused():
    from conftest import REPO

    outcome = run("team", REPO / "examples" / "redemption-deck-i.yaml", REPO / "examples" / "redline-cpm.yaml")
    assert outcome.exit_code == 2  # the REDLINE deck's game has no teams
