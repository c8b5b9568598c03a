"""Every report escapes for its medium (deckcheck/escaping.py): names built from what hostile deck,
card and file names do are fed to every format the registry lists, and each must stay what it is
(XML that parses, JSON that parses, Markdown that renders no link, image or mention, HTML that runs
nothing), with no line of its output starting a GitHub workflow command and no control character
reaching a terminal or CI log."""

import json

import pytest
from deckcheck.model import CardLine, DeckReport, Finding, Position, RuleRecord, Severity
from deckcheck.output_formats import RENDERERS
from deckcheck.report import renderer
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import assert_report_is_safe

HOSTILE = (
    "[Claim your prize](https://evil.example)",
    "![t](https://evil.example/x.png)",
    "@org/admins",
    "`code`",
    "Nope\n::add-mask::x",
    "\r::warning::z",
    "\x1b]0;PWNED\x07\x1b[2J",
    "##[error]x",
    "<script>alert(1)</script>",
    "a|b",
    "x\u202ey\u2066",
    "=1+1",
    "www.evil.example",
    "mail@evil.example",
    "*bold* _it_",
    "&amp;",
    "\ufffe\x00",
    "Crate",
)
NAMES = st.lists(st.sampled_from(HOSTILE), min_size=1, max_size=4).map("".join) | st.text(max_size=30)


def _report(path: str, name: str, typed: str, message: str) -> DeckReport:
    finding = Finding("deck.unknown-card", Severity.ERROR, message, (typed,), "main", Position(3, 3))
    warning = Finding("redline.resource-count", Severity.WARNING, message, (), "main", Position(2, 1))
    rules = (RuleRecord("deck.unknown-card", Severity.ERROR, "a name matches no card", "README"),)
    cards = (CardLine("main", typed, 2, 3), CardLine("main", "Crate", 58, 4, "crate", ("resource",)))
    return DeckReport(path, "redline", name, name, {"main": 60}, (finding, warning), notes=(message,), rules=rules, cards=cards)


@settings(max_examples=60, deadline=None)
@given(path=NAMES, name=NAMES, typed=NAMES, message=NAMES)
def test_every_format_keeps_hostile_names_as_text(path, name, typed, message):
    reports = [_report(path + ".yaml", name, typed, message)]
    for output_format in RENDERERS:
        output = renderer(output_format)(reports)
        assert_report_is_safe(output, output_format)


def test_a_hostile_deck_checked_in_every_format_stays_text(tmp_path):
    """The must-show of issue 32: a deck whose file, name and cards are named to attack each
    report, checked by the command in every format."""
    from conftest import run

    names = ["[Claim your prize](https://evil.example)", "![t](https://evil.example/t.png)", "@org/admins", "Nope\n::add-mask::x"]
    lines = "".join(f"  {json.dumps(name)}: 1\n" for name in names)
    deck = tmp_path / "[Claim](https:evil.example) @org ##[x].yaml"
    deck.write_text(f"game: redline\nformat: {json.dumps('std' + chr(7) + '<x>')}\nname: {json.dumps(names[0])}\nmain:\n{lines}")
    for output_format in RENDERERS:
        outcome = run("check", deck, "--output-format", output_format)
        assert outcome.exit_code == 1, (output_format, outcome.stderr)
        assert_report_is_safe(outcome.stdout, output_format)


@pytest.mark.parametrize("cell", ["=1+1.yaml", "+1 Supply Drop", "-2 Card", "@SUM(A1)", "\tTab", "\rReturn"])
def test_a_cell_a_spreadsheet_would_run_as_a_formula_is_text(cell):
    from deckcheck.escaping import for_spreadsheet, spreadsheet_csv

    assert for_spreadsheet(cell) == "'" + cell
    import csv
    import io

    written = spreadsheet_csv([{"name": cell, "count": 3}], ("name", "count"))
    assert written.startswith("\ufeffname,count\r\n")
    assert list(csv.DictReader(io.StringIO(written.removeprefix("\ufeff"), newline=""))) == [{"name": "'" + cell, "count": "3"}]
    assert for_spreadsheet("Ann") == "Ann" and for_spreadsheet(3) == 3 and for_spreadsheet(-1.5) == -1.5


@pytest.mark.parametrize(
    ("document", "printed"),
    [
        ('{"a": "x\x7fy"}', '{"a": "x\\u007fy"}'),  # DEL: the one such character an ASCII document may hold
        ('{"a": "\u00e9\u2028\u202e"}', '{"a": "\u00e9\\u2028\\u202e"}'),
        ('{"a": "\u00e9 plain ##[x"}', '{"a": "\u00e9 plain #\\u0023[x"}'),
        ('{"a": "plain ##[x"}', '{"a": "plain #\\u0023[x"}'),
    ],
)
def test_a_json_document_is_escaped_for_a_terminal_whatever_characters_it_holds(document, printed):
    from deckcheck.escaping import for_json

    assert for_json(document) == printed and json.loads(for_json(document)) == json.loads(document)


def test_no_character_a_terminal_escapes_is_printable():
    """for_terminal leaves a printable text as it is without searching it (escaping.py): that holds
    only while every character it escapes is one Python calls unprintable."""
    import re

    from deckcheck import escaping

    escaped = re.findall(escaping._UNSAFE, "".join(map(chr, range(0x110000))))
    assert len(escaped) > 60 and not [c for c in escaped if c.isprintable()]


@given(st.text())
def test_a_text_is_shown_alike_whether_or_not_it_is_searched(text):
    import re

    from deckcheck import escaping

    searched = re.compile(escaping._UNSAFE).sub(escaping._shown, text)
    assert escaping._unsafe_shown(text) == searched
