"""Which rules a Redemption deck is judged by: Type 1 Limited of the date when it names no format,
the quick-start rules when it says so, and a card data's format as a pool under Type 1's rules."""

import json
import re

import pytest
import yaml
from test_redemption_tournament import DB, HOPPER, V13, V20, deck

from conftest import DATA, REPO, run

NO_FORMAT = re.compile(r"^format: .*\n", re.MULTILINE)


def without_format(text: str) -> str:
    return NO_FORMAT.sub("", text)


@pytest.fixture
def check(check_deck):
    return lambda text, as_of, **options: check_deck(text, DB, as_of=as_of, **options)


@pytest.mark.parametrize("as_of, version", [(V13, "1.3.0"), (V20, "2.0")])
def test_a_deck_naming_no_format_is_type1_limited_of_the_date(check, as_of, version):
    outcome = check(without_format(deck("type1", 50, 7, copies=1)), as_of)
    assert (outcome.deck["format"], outcome.deck["rules_version"]) == ("type1", version)
    assert outcome.exit_code == 0


def test_the_hopper_counts_under_quickstart_and_not_by_default(check):
    # 6 Lost Souls and a Hopper: seven Lost Souls to the quick-start rules, six to the tournament's
    souls = deck("type1", 50, 6, {HOPPER: 1}, copies=1)
    by_default = check(without_format(souls), V20)
    assert by_default.exit_code == 1 and "redemption.lost-soul-count" in by_default.errors
    quickstart = check(souls.replace("format: type1", "format: quickstart"), V20)
    assert quickstart.deck["format"] == "quickstart" and quickstart.deck["rules_version"] is None
    assert quickstart.exit_code == 0


def test_the_default_is_type1_in_text_decks_too(check_deck):
    text = "# game: redemption\n" + "".join(f"1 Soul {i}\n" for i in range(1, 8)) + "2 Good 1\n"
    outcome = check_deck(text, DB, ".txt", as_of=V20)
    assert outcome.deck["format"] == "type1"
    (copies,) = outcome.findings("redemption.copy-limit")  # 2.0's Type 1 is singleton
    assert copies["line"] == 9


@pytest.mark.parametrize("path", sorted((REPO / "examples").glob("redemption-*")))
def test_the_bundled_starter_decks_name_the_quick_start_rules(path):
    assert yaml.safe_load(path.read_text(encoding="utf-8"))["format"] == "quickstart"
    outcome = run("check", path, "--output-format", "json")
    assert outcome.deck["format"] == "quickstart" and outcome.exit_code == 0


# --- a card data's format is a pool -------------------------------------------------------------------


@pytest.fixture
def with_rotation(tmp_path):
    """The test database with a format of the card data, as formats.txt gives one."""
    text = (DATA / DB).read_text(encoding="utf-8")
    text = text.replace("cards:\n", "formats:\n  - {name: rotation, label: Rotation, sets: [Promo]}\ncards:\n", 1)
    path = tmp_path / "with-rotation.yaml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("as_of, version", [(V13, "1.3.0"), (V20, "2.0")])
def test_a_card_data_format_takes_type1_rules_of_the_date(with_rotation, tmp_path, as_of, version):
    souls = deck("rotation", 50, 6, {HOPPER: 1}, copies=1)
    path = tmp_path / "deck.yaml"
    path.write_text(souls, encoding="utf-8")
    outcome = run("check", path, "--card-db", with_rotation, "--as-of", as_of, "--output-format", "json")
    assert (outcome.deck["format"], outcome.deck["rules_version"]) == ("rotation", version)
    assert "redemption.lost-soul-count" in outcome.errors  # the Hopper does not count, as in Type 1


def test_a_card_data_format_keeps_its_pool(with_rotation, tmp_path):
    path = tmp_path / "deck.yaml"
    path.write_text(deck("rotation", 50, 7, {"Old Hero (UL)": 1}, copies=1), encoding="utf-8")
    outcome = run("check", path, "--card-db", with_rotation, "--as-of", V20, "--output-format", "json")
    assert set(outcome.errors) == {"redemption.format-sets"}


def test_rules_lists_a_card_data_format_with_the_rules_it_takes(with_rotation):
    text = run("rules", "redemption", "--card-db", with_rotation).stdout
    assert re.search(r"format rotation \(from the card data\): Rotation: type1 [\d.]+ rules, cards of 1 set only", text)


# --- --all-formats ---------------------------------------------------------------------------------


def test_all_formats_leads_with_the_formats_the_deck_is_legal_in(check):
    # a card outside the Rotation pool: legal only where every card is
    outcome = check(without_format(deck("type1", 50, 7, {"Old Hero (UL)": 1}, copies=1)), V20, all_formats=True)
    verdicts = [(v["format"], v["legal"]) for v in outcome.deck["formats"]]
    legal = [name for name, ok in verdicts if ok]
    assert "type1-unlimited" in legal and ("type1", False) in verdicts
    assert verdicts[: len(legal)] == [(name, True) for name in legal]


# --- deckcheck rules ----------------------------------------------------------------------------------


def test_rules_marks_type1_as_redemptions_default():
    listing = json.loads(run("rules", "redemption", "--output-format", "json").stdout)
    defaults = {f["name"] for f in listing["games"][0]["formats"] if f["default"]}
    assert defaults == {"type1"}  # in each rules version
    marked = [line for line in run("rules", "redemption").stdout.splitlines() if "[default]" in line]
    assert marked and all(line.startswith("  format type1 (rules ") for line in marked)


def test_rules_lists_an_ambiguous_name_as_an_error_only():
    """A name whose cards give the deck the same verdict is a note, not a finding: the rule is an error."""
    listing = json.loads(run("rules", "--output-format", "json").stdout)
    (ambiguous,) = [r for r in listing["common_rules"] if r["id"] == "deck.ambiguous-card"]
    assert ambiguous["severity"] == "error" and "milder_severity" not in ambiguous
    (row,) = [line for line in run("rules").stdout.splitlines() if line.startswith("deck.ambiguous-card ")]
    assert row.split()[1:3] == ["error", "a"]
