"""`check --compare-as-of DATE`: the findings a rules change brings and takes away, per deck; here
Redemption's 2.0 rules (2026-08-13), which cut Type 1 from 50-154 cards to 50-70."""

import json

import jsonschema
import pytest
from test_redemption_tournament import DB, deck

from conftest import DATA, REPO, SHARED, run

SCHEMA = jsonschema.Draft202012Validator(json.loads((REPO / "schemas" / "report.schema.json").read_text()))
BEFORE, AFTER = "2026-08-12", "2026-09-01"
EIGHTY = deck("type1", 78, 11, copies=1)  # legal under 1.3.0 (11 Lost Souls for 78-84 cards), over 2.0's 70


def _checked(tmp_path, text, *options):
    (tmp_path / "deck.yaml").write_text(text)
    return run("check", tmp_path / "deck.yaml", "--card-db", DATA / DB, "--output-format", "json", *options)


def test_a_deck_the_change_makes_illegal_lists_what_appeared(tmp_path):
    outcome = _checked(tmp_path, EIGHTY, "--as-of", AFTER, "--compare-as-of", BEFORE)
    SCHEMA.validate(outcome.report)
    report = outcome.deck
    change = report["compared_as_of"]
    assert outcome.exit_code == 1 and not report["legal"]  # the verdict and exit code are today's, as ever
    assert change["as_of"] == BEFORE and change["rules_version"] == "1.3.0" and change["legal"]
    assert "redemption.deck-size" in {f["rule"] for f in change["appeared"]} and change["disappeared"] == []


def test_the_other_way_round_it_disappears(tmp_path):
    outcome = _checked(tmp_path, EIGHTY, "--as-of", BEFORE, "--compare-as-of", AFTER)
    change = outcome.deck["compared_as_of"]
    assert outcome.exit_code == 0 and not change["legal"] and change["appeared"] == []
    assert "redemption.deck-size" in {f["rule"] for f in change["disappeared"]}


def test_a_deck_both_rules_take_has_no_change(tmp_path):
    outcome = _checked(tmp_path, deck("type1", 50, 7, copies=1), "--as-of", AFTER, "--compare-as-of", BEFORE)
    change = outcome.deck["compared_as_of"]
    assert outcome.exit_code == 0 and change["legal"] and change["appeared"] == change["disappeared"] == []


def test_the_text_report_marks_each_change_and_counts_the_decks_it_flips(tmp_path):
    (tmp_path / "eighty.yaml").write_text(EIGHTY)
    (tmp_path / "fifty.yaml").write_text(deck("type1", 50, 7, copies=1))
    text = run("check", tmp_path, "--card-db", DATA / DB, "--as-of", AFTER, "--compare-as-of", BEFORE).stdout
    assert f"since the rules in force on {BEFORE}, rules 1.3.0: legal then, ILLEGAL now" in text
    assert "  + " in text and "redemption.deck-size" in text.split("  + ", 1)[1]
    assert f"against the rules in force on {BEFORE}: 1 deck changed verdict, 1 deck changed findings" in text
    markdown = run("check", tmp_path, "--card-db", DATA / DB, "--as-of", AFTER, "--compare-as-of", BEFORE, "--output-format", "markdown")
    assert "- \\+ " in markdown.stdout or "- + " in markdown.stdout


def test_a_date_that_is_no_date_is_exit_2(tmp_path):
    outcome = _checked(tmp_path, EIGHTY, "--compare-as-of", "last summer")
    assert outcome.exit_code == 2 and "--compare-as-of" in outcome.stderr and outcome.stdout == ""  # before any check


def test_standard_input_cannot_be_read_twice_so_it_is_refused():
    outcome = run("check", "-", "--compare-as-of", BEFORE)
    assert outcome.exit_code == 2 and "standard input" in outcome.stderr


NATIONALS = SHARED / "data" / "redemption-nationals-2024" / "decks"


@pytest.mark.slow
@pytest.mark.skipif(not NATIONALS.is_dir(), reason="../shared/data/redemption-nationals-2024 is not beside this checkout")
def test_the_championship_decks_under_2_0_against_1_3_0(real_database):
    outcome = run("check", NATIONALS, "--card-db", real_database[0], "--as-of", AFTER, "--compare-as-of", BEFORE, "--output-format", "json")
    decks = outcome.report["decks"]
    assert len(decks) == 58 and all(d["compared_as_of"]["rules_version"] == "1.3.0" for d in decks)
    flipped = [d for d in decks if d["compared_as_of"]["legal"] and not d["legal"]]
    assert flipped  # 2.0 bans cards 1.3.0 allowed
    for each in flipped:
        assert any(f["severity"] == "error" for f in each["compared_as_of"]["appeared"]), each["path"]
    assert not [d for d in decks if not d["compared_as_of"]["legal"] and d["legal"]]  # 2.0 made no championship deck legal
