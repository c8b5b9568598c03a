"""Every rule is declared once, with its doc: `deckcheck rules --explain ID` prints it, docs/rules.md
is generated from it, and its example decks are run here, one test over the registry's rules (the
failing deck must raise the rule, the mended one must not)."""

import json

import pytest
from deckcheck.catalogue import catalogue, listed
from deckcheck.check.examples import example_reports
from deckcheck.report.rule_docs import reference

from conftest import REPO, run

RULES = catalogue()
WITH_EXAMPLES = [entry for entry in RULES if entry.rule.doc.example is not None]
REFERENCE = REPO / "docs" / "rules.md"


@pytest.mark.parametrize("entry", WITH_EXAMPLES, ids=lambda entry: entry.id)
def test_the_example_that_breaks_a_rule_raises_it_and_the_mended_one_does_not(entry):
    fails, passes = example_reports(entry.rule.doc.example)
    assert entry.id in {f.rule for f in fails.findings}, [f.message for f in fails.findings]
    assert entry.id not in {f.rule for f in passes.findings}, [f.message for f in passes.findings if f.rule == entry.id]


@pytest.mark.parametrize("entry", RULES, ids=lambda entry: entry.id)
def test_every_rule_says_what_it_checks_why_and_shows_it_or_says_why_not(entry):
    doc = entry.rule.doc
    assert doc.what.strip() and doc.why.strip()
    assert (doc.example is None) is bool(doc.no_example.strip())
    assert all(wording.summary.strip() and wording.source.strip() for wording in entry.wordings)


def test_the_rules_reference_is_generated_from_the_declarations():
    assert REFERENCE.read_text(encoding="utf-8") == reference(RULES), "stale: python -m deckcheck.report.rule_docs > docs/rules.md"


def test_every_rule_is_in_the_reference_once():
    text = REFERENCE.read_text(encoding="utf-8")
    assert all(text.count(f"### `{entry.id}`") == 1 for entry in RULES)


@pytest.mark.parametrize("entry", RULES, ids=lambda entry: entry.id)
def test_explain_prints_a_rules_doc(entry):
    """Every rule's --explain text, made in this process as the command makes it (the command
    line's own part, the id looked up and printed, is the next test's)."""
    from deckcheck.api import explain
    from deckcheck.report.rule_docs import explain_text

    text = explain_text(explain(entry.id))
    assert entry.rule.doc.what in text and entry.rule.doc.why in text
    if entry.rule.doc.example is not None:
        assert entry.rule.doc.example.fails.splitlines()[-1] in text


def test_explain_prints_the_rules_doc_on_the_command_line():
    entry = next(entry for entry in RULES if entry.id == "redemption.lost-soul-count")
    outcome = run("rules", "--explain", entry.id)
    assert outcome.exit_code == 0 and entry.rule.doc.what in outcome.stdout and entry.rule.doc.why in outcome.stdout


def test_explain_as_json_gives_each_formats_words():
    outcome = run("rules", "--explain", "redemption.deck-size", "--output-format", "json")
    data = json.loads(outcome.stdout)
    assert outcome.exit_code == 0 and data["id"] == "redemption.deck-size" and data["game"] == "redemption"
    summaries = {w["summary"] for w in data["wordings"]}
    assert {"at least 50 cards", "50-154 cards", "50-70 cards", "100-252 cards", "100-140 cards"} <= summaries


def test_explain_of_an_unknown_id_suggests_the_close_one():
    outcome = run("rules", "--explain", "redemption.lost-soul-cont")
    assert outcome.exit_code == 2 and "redemption.lost-soul-count" in outcome.stderr


def test_every_formats_rules_are_listed_with_their_words():
    """A format's own rules list with their summary and source, not empty columns."""
    data = json.loads(run("rules", "--output-format", "json").stdout)
    listed_rules = data["common_rules"] + [r for game in data["games"] for f in game["formats"] for r in f.get("rules", [])]
    listed_rules += [r for game in data["games"] for r in game["rules"]]
    assert listed_rules and all(r["summary"] and r["source"] for r in listed_rules)


def test_the_lost_soul_chart_is_one_rule_read_by_every_format():
    """No id has two implementations: every format's lost-soul-count is the same rule, worded by its numbers."""
    from deckcheck.games import game_named

    game = game_named("redemption")
    checks = {rule.check for chosen in game.formats for rule in (chosen.rules or game.rules) if rule.id == "redemption.lost-soul-count"}
    assert len(checks) == 1
    wordings = {w.summary for w in listed("redemption.lost-soul-count").wordings}
    assert any("7 + (n - 50) // 7" in w for w in wordings) and any("14 + (n - 99) // 7" in w for w in wordings)
