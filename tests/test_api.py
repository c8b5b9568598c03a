"""The library API (deckcheck.api) gives what the command line gives: the same reports of the same
decks, the rules and their docs, and SessionProblem where the command exits 2."""

import json

import pytest
from deckcheck import api

from conftest import REPO, run

EXAMPLES = REPO / "examples"


def _findings(reports):
    return [(r.path, r.legal, [(f.rule, f.position.line, f.position.column) for f in r.findings]) for r in reports]


def test_checking_a_folder_gives_the_reports_the_command_gives():
    reports = api.check([EXAMPLES])
    data = json.loads(run("check", EXAMPLES, "--output-format", "json").stdout)
    by_command = [(d["path"], d["legal"], [(f["rule"], f["line"], f["column"]) for f in d["findings"]]) for d in data["decks"]]
    assert _findings(reports) == by_command and len(reports) == len(list(EXAMPLES.iterdir()))


def test_checking_text_finds_the_rule_at_its_line():
    report = api.check_text("game: redline\ngeneral: Valya Serova\nmain:\n  EF-9 Rabbit: 5\n")
    assert not report.legal
    assert ("redline.copy-limit", 4, 3) in [(f.rule, f.position.line, f.position.column) for f in report.findings]


def test_a_session_opened_once_checks_many_texts():
    session = api.open_run(game="redline")
    reports = [api.check_text(f"main:\n  EF-9 Rabbit: {n}\n", session=session) for n in (4, 5)]
    assert ["redline.copy-limit" in {f.rule for f in r.findings} for r in reports] == [False, True]


def test_rules_and_explain_come_from_the_declarations():
    ids = {entry.id for entry in api.rules("redline")}
    assert "redline.copy-limit" in ids and "deck.parse" in ids and not any(i.startswith("redemption.") for i in ids)
    assert api.explain("redline.copy-limit").rule.doc.what.startswith("At most 4 copies")


@pytest.mark.parametrize(
    "call",
    [
        lambda: api.explain("redline.copy-limt"),
        lambda: api.rules("chess"),
        lambda: api.check([EXAMPLES], session=api.open_run(game="chess")),
    ],
    ids=["unknown rule", "unknown game in rules", "unknown game in check"],
)
def test_what_the_command_refuses_is_a_session_problem(call):
    with pytest.raises(api.SessionProblem):
        call()
