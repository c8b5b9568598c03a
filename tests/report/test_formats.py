"""Every output format on the same illegal deck, checked for its exact text or structure.

The deck (tests/decks/redline/two-mistakes.yaml) has a zone warning on `main:` (line 5), a copy
error on line 7 and a faction error on line 8 about a card whose name holds a colon, a comma and
a percent sign.
"""

import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import jsonschema
import pytest
from deckcheck.escaping import for_json

from conftest import DATA, REPO, SHARED, markdown_cells, rendered_markdown, run

DECK = "tests/decks/redline/two-mistakes.yaml"
DB = DATA / "redline-cards.yaml"
FACTION = "Odd: 100%, really is a UNE card; Mars General leads CPM, whose arsenal takes only CPM and neutral cards"


@pytest.fixture(autouse=True)
def in_repo(monkeypatch):
    monkeypatch.chdir(REPO)


def report(fmt, *extra):
    outcome = run("check", DECK, "--card-db", DB, "--output-format", fmt, *extra)
    assert outcome.exit_code == 1
    return outcome.stdout


def test_concise():
    assert report("concise") == (
        f"{DECK}:5:1: warning redline.resource-count 21 resource cards; the rulebook recommends 22-24 for a 60-card arsenal\n"
        f"{DECK}:7:3: error redline.copy-limit 5 copies of Mars Walker 1; at most 4 allowed\n"
        f"{DECK}:8:3: error redline.faction {FACTION}\n"
    )


def test_github_escapes_like_the_toolkit():
    assert report("github") == (
        f"::warning file={DECK},line=5,col=1,title=redline.resource-count::"
        "21 resource cards; the rulebook recommends 22-24 for a 60-card arsenal\n"
        f"::error file={DECK},line=7,col=3,title=redline.copy-limit::5 copies of Mars Walker 1; at most 4 allowed\n"
        f"::error file={DECK},line=8,col=3,title=redline.faction::{FACTION.replace('%', '%25')}\n"
    )


def test_github_escapes_properties():
    from deckcheck.escaping import github_data as escape_data
    from deckcheck.escaping import github_property as escape_property

    assert escape_property("a:b,c%d\ne") == "a%3Ab%2Cc%25d%0Ae"
    assert escape_data("a:b,c%d\r\ne") == "a:b,c%25d%0D%0Ae"


def test_auto_is_github_under_github_actions(monkeypatch, tmp_path):
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    summary = tmp_path / "summary.md"
    summary.write_text("earlier step\n")
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    outcome = run("check", DECK, "--card-db", DB)
    assert outcome.stdout.startswith("::warning file=")
    written = summary.read_text()
    assert written.startswith("earlier step\n# deckcheck report\n")
    assert "| 8:3    | error      | `redline.faction`" in written
    assert run("check", DECK, "--card-db", DB, "--output-format", "auto").stdout == outcome.stdout


def test_auto_is_text_elsewhere():
    assert report("auto").startswith(f"{DECK} (redline/standard): ILLEGAL (2 errors, 1 warning)\n")


def test_markdown():
    """The Markdown report as a pull-request comment shows it (GitHub's renderer)."""
    text = report("markdown")
    assert text.splitlines()[0] == "# deckcheck report"
    rows = markdown_cells(text)
    assert rows[0] == ["deck", "game", "name", "legal", "errors", "warnings"]
    assert rows[1] == [DECK, "redline/standard", "", "no", "2", "1"]
    assert f"<h2>{DECK} (illegal)</h2>" in rendered_markdown(text)
    assert [row for row in rows if row[0] == "8:3"] == [["8:3", "error", "redline.faction", FACTION, "Odd: 100%, really"]]


def test_markdown_escapes_pipes():
    from deckcheck.model import DeckReport, Finding, Position, Severity
    from deckcheck.report import markdown

    finding = Finding("deck.unknown-card", Severity.ERROR, "no card a|b", ("a|b",), "main", Position(2, 3))
    text = markdown.render([DeckReport("x|y.yaml", "redline", "standard", None, {}, (finding,))])
    assert ["2:3", "error", "deck.unknown-card", "no card a|b", "a|b"] in markdown_cells(text)


def test_junit_structure():
    root = ET.fromstring(report("junit").encode())
    assert root.tag == "testsuites"
    (suite,) = root.findall("testsuite")
    assert suite.get("name") == DECK
    cases = {case.get("name"): case for case in suite.findall("testcase")}
    from deckcheck.games import get_game
    from deckcheck.rules.common import rules_checked

    game = get_game("redline")
    assert list(cases) == [rule.id for rule in rules_checked(game, game.formats[0])]  # every rule the deck was checked by
    failures = {name: case.find("failure") for name, case in cases.items() if case.find("failure") is not None}
    assert set(failures) == {"redline.copy-limit", "redline.faction"}
    assert failures["redline.faction"].get("message") == FACTION
    assert failures["redline.faction"].text == f"{DECK}:8:3: {FACTION}"
    assert cases["redline.resource-count"].find("system-out").text.startswith(f"warning {DECK}:5:1: 21 resource")
    assert (suite.get("tests"), suite.get("failures")) == (str(len(cases)), "2")
    assert (root.get("tests"), root.get("failures")) == (str(len(cases)), "2")


def test_junit_for_an_unreadable_deck(tmp_path):
    deck = tmp_path / "broken.yaml"
    deck.write_text("game: [\n")
    root = ET.fromstring(run("check", deck, "--output-format", "junit").stdout.encode())
    (case,) = root.find("testsuite").findall("testcase")
    assert case.get("name") == "deck.parse" and case.find("failure") is not None


def sarif():
    return json.loads(report("sarif"))


def test_sarif_structure():
    document = sarif()
    assert document["version"] == "2.1.0"
    (run_,) = document["runs"]
    rules = run_["tool"]["driver"]["rules"]
    assert [r["id"] for r in rules] == ["redline.copy-limit", "redline.faction", "redline.resource-count"]
    assert rules[2]["defaultConfiguration"] == {"level": "warning"}
    assert rules[1]["shortDescription"]["text"] == "every arsenal card is neutral or of the general's faction"
    results = run_["results"]
    assert [(r["ruleId"], r["level"]) for r in results] == [
        ("redline.resource-count", "warning"),
        ("redline.copy-limit", "error"),
        ("redline.faction", "error"),
    ]
    assert all(rules[r["ruleIndex"]]["id"] == r["ruleId"] for r in results)
    location = results[2]["locations"][0]["physicalLocation"]
    assert location == {"artifactLocation": {"uri": DECK}, "region": {"startLine": 8, "startColumn": 3}}
    assert results[2]["message"]["text"] == FACTION


SARIF_SCHEMA = SHARED / "data" / "sarif" / "sarif-schema-2.1.0.json"


@pytest.mark.skipif(not SARIF_SCHEMA.is_file(), reason="the SARIF 2.1.0 schema in ../shared/data/sarif is not beside this checkout")
def test_sarif_validates_against_the_oasis_schema():
    schema = json.loads(SARIF_SCHEMA.read_text())
    jsonschema.Draft4Validator(schema).validate(sarif())


def test_json_and_text_carry_positions():
    data = json.loads(report("json"))
    positions = [(f["rule"], f["line"], f["column"]) for f in data["decks"][0]["findings"]]
    assert positions == [("redline.resource-count", 5, 1), ("redline.copy-limit", 7, 3), ("redline.faction", 8, 3)]


def test_jobs_give_the_same_output(tmp_path):
    for i in range(6):
        (tmp_path / f"deck{i}.yaml").write_text(Path(REPO / DECK).read_text())
    (tmp_path / "broken.yaml").write_text("game: [\n")
    serial = run("check", tmp_path, "--card-db", DB, "--output-format", "json")
    parallel = run("check", tmp_path, "--card-db", DB, "--output-format", "json", "--jobs", "2")
    assert parallel.stdout == serial.stdout and parallel.exit_code == serial.exit_code == 1


@pytest.mark.slow
def test_jobs_through_the_installed_command(tmp_path):
    import subprocess
    import sys

    for i in range(3):
        (tmp_path / f"deck{i}.yaml").write_text(Path(REPO / DECK).read_text())
    args = [sys.executable, "-m", "deckcheck", "check", str(tmp_path), "--card-db", str(DB), "--output-format", "concise"]
    serial = subprocess.run(args, capture_output=True, text=True, env={**os.environ, "GITHUB_ACTIONS": ""})
    parallel = subprocess.run(args + ["-j", "2"], capture_output=True, text=True, env={**os.environ, "GITHUB_ACTIONS": ""})
    assert parallel.stdout == serial.stdout and serial.stdout.count("\n") == 9


def test_json_holds_the_resolved_deck(tmp_path):
    deck = tmp_path / "deck.yaml"
    deck.write_text("game: redline\ngeneral: Valya Serova\nmain:\n  supply drop: 19\n  Suply Drop: 1\n")
    outcome = run("check", deck, "--output-format", "json")
    (data,) = outcome.report["decks"]
    assert data["cards"] == [
        {
            "zone": "general",
            "name": "Valya Serova",
            "id": "valya-serova",
            "count": 1,
            "type": "general",
            "title": "Valya Serova",
            "line": 2,
        },
        # the name as the card data spells it, not as typed
        {"zone": "main", "name": "Supply Drop", "id": "supply-drop", "count": 19, "type": "resource", "title": "Supply Drop", "line": 4},
        {"zone": "main", "name": "Suply Drop", "id": None, "count": 1, "type": None, "title": None, "line": 5},  # no card matched
    ]
    assert sum(c["count"] for c in data["cards"] if c["zone"] == "main") == data["counts"]["main"]
    jsonschema.Draft202012Validator(json.loads((REPO / "schemas" / "report.schema.json").read_text())).validate(outcome.report)


def test_the_resolved_title_is_what_the_rules_compare(tmp_path):
    deck = tmp_path / "deck.dek"
    deck.write_text(
        '<deck version="0.8"><superzone name="Deck"><card><name id="x">Son of God (I)</name><set>I</set></card></superzone></deck>'
    )
    outcome = run("check", deck, "--card-db", DATA / "redemption-cards.yaml", "--output-format", "json")
    (card,) = outcome.report["decks"][0]["cards"]
    assert (card["name"], card["title"]) == ("Son of God (I)", "Son of God")


def test_the_json_report_is_byte_for_byte_what_the_standard_encoder_writes(tmp_path):
    """The fast encoder writes exactly `json.dumps(indent=2, ensure_ascii=False)`, over every deck
    this repository holds and names no encoder has an easy time with."""
    import json

    from deckcheck.check import CheckOptions, check_paths
    from deckcheck.loading.card_db import Databases
    from deckcheck.report.json_report import render, report_data

    odd = tmp_path / "odd.txt"
    odd.write_text('# game: redline\n# name: tab\there \u2028 \x7f é 李 😀 "quoted" back\\slash\n1 Caf\u00e9 \x1b[31m\n', encoding="utf-8")
    paths = [REPO / "examples", REPO / "tests" / "decks", odd]
    reports = list(check_paths(paths, lambda path: CheckOptions(), Databases()))
    assert len(reports) > 20
    expected = for_json(json.dumps(report_data(reports, explain=True), indent=2, ensure_ascii=False)) + "\n"
    assert render(reports, explain=True) == expected


@pytest.mark.slow
def test_each_decks_report_is_the_same_whatever_was_checked_before_it():
    """Names and copy caps are remembered from deck to deck of a run: a deck's report is byte for
    byte the same whether the decks before it named the same cards or none were checked (the decks
    of the repository, in one order and in the other, each in a fresh process)."""
    decks = sorted([*(REPO / "examples").iterdir(), *(REPO / "tests" / "decks").rglob("*.*")])
    command = [sys.executable, "-m", "deckcheck", "check", "--output-format", "json"]
    forward, backward = (
        json.loads(subprocess.run(command + [str(d) for d in order], capture_output=True, text=True, cwd=REPO).stdout)["decks"]
        for order in (decks, decks[::-1])
    )
    assert len(forward) == len(decks) > 20
    for mine, other in zip(forward, backward[::-1], strict=True):
        assert json.dumps(mine) == json.dumps(other)


@pytest.mark.parametrize("nested", [True, False])  # each deck cut out of a frame of its own, or indented alone
@pytest.mark.parametrize("decks", [0, 1, 3])
def test_the_json_report_written_a_deck_at_a_time_is_the_report_written_whole(decks, nested, monkeypatch):
    """`check` writes JSON in pieces, a deck at a time (3,000 decks took 130 MiB at their peak, the
    text report 55; now 49): byte for byte the document written whole, hostile names and all."""
    from deckcheck.check import CheckOptions, check_file
    from deckcheck.loading.card_db import Databases, load_databases
    from deckcheck.report import json_report

    if not nested:  # as with an orjson that indented otherwise
        monkeypatch.setattr(json_report, "_NESTED_HEAD", b"not what orjson writes")

    databases = Databases(load_databases([DATA / "redemption-cards.yaml"]))
    texts = ["# game: redemption\n2 John (J)\n1 Peter (I)\n", "1 Ali\u2028ce ##[cmd] \u202e\u0085\n", "game: redemption\nmain: {x: 1}\n"]
    reports = [
        check_file(Path(f"deck{i}.txt"), CheckOptions(game="redemption"), databases, t.encode()) for i, t in enumerate(texts[:decks])
    ]
    pieces = list(json_report.chunks(reports))
    assert "".join(pieces) == json_report.indented(json_report.report_data(reports))
    assert len(pieces) == (1 if not decks else decks + 2)
    assert json.loads("".join(pieces))["summary"]["decks"] == decks
