"""A deck of the plainest shape is read line by line (yaml_lines), past the YAML parser: where the
line reader takes a document, it gives the items the parser's events give (safe_yaml.plain_document),
texts, lines, columns and indexes alike; anything it does not know it leaves to the parser."""

from pathlib import Path

import pytest
from deckcheck.games import zone_table
from deckcheck.loading import safe_yaml, yaml_deck, yaml_lines
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
ZONES = zone_table()

# pieces of YAML, each as plain as the reader takes, and tricky: what it must refuse or read as the
# parser does (a document draws how often it takes a tricky piece, from never to often)
KEYS = (
    ["game", "format", "name", "main", "critical hits", "3", "é", "日本", "a:b", "x#y"],
    ["a: b", "x #y", "-", "---", "...", "? x", "'main'", '"main"', "main ", "Main:", "~", "&a x", "!t x", "[a]", "{a}"],
)
VALUES = (
    ["redline", "3", "true", "~", "a b", "a#b", "x ", "Ça", "a, b", "a [b]", "0x10", "x:", "x::y", "Bob's", "null", "2.5"],
    ["a: b", "a #b", "'q'", '"q"', "[1]", "{}", "|", ">", "&a x", "*a", "!!str x", "a\u00a0b", "a\u2028b", "x\ty", "%x", "@x",
     "`x", "-1", "a\x7fb", "\ufeffx", "'q' x", ""],
)  # fmt: skip
NAMES = (
    ["Crate", "EF-9 Rabbit", "Lost Soul [Psalm 30:3]", '"Lost Soul 10:1 (I)"', "'Sol's'", '"a\\"b\\\\"', '""', "''", "Foo:", "Foo::",
     "a#b", "é", "(I) x", "Ça (I)", "日本", "x'y", 'x"y', "A" * 40],
    ["'Solomon''s Temple'", '"x" y', "a: b", "a #b", "-x", "? x", "trail ", "[a]", "a\u0085b", "'q' ", '"a\\tb"', '"a\\\\"b"',
     "&a x", "!t x", "*a", "a\rb"],
)  # fmt: skip
COUNTS = (["3", "03", "1", "999", "3 ", "3  # c", "0", "1000", "1" * 40], ["3 #c", "3#c", " 3", "3x", "-1", "'3'", "", "3 3", "3: 4"])
INDENTS = (["  ", "    "], [" ", ""])
SEPARATORS = ([": "], [":", ":  ", " : ", ":\t"])
COMMENTS = (["", "  # a note", " #"], ["# x", "\t# x", " #\u2028"])
EXTRAS = (["", "   ", "# c", "  # c"], ["---", "...", "%YAML 1.2", "\t", "  x", "- x"])
ENDINGS = (["\n", "", "\n\n"], ["\r\n", "\n\t"])


@st.composite
def documents(draw) -> str:
    tricky = draw(st.sampled_from([0, 1, 5]))  # pieces in twenty

    def piece(pieces: tuple[list[str], list[str]]) -> str:
        return draw(st.sampled_from(pieces[draw(st.integers(0, 19)) < tricky]))

    lines = []
    for _ in range(draw(st.integers(1, 4))):
        if draw(st.booleans()):
            lines.append(f"{piece(KEYS)}{piece(SEPARATORS)}{piece(VALUES)}{piece(COMMENTS)}")
        else:
            lines.append(f"{piece(KEYS)}:{piece(COMMENTS)}")
            indent = piece(INDENTS)
            for _ in range(draw(st.integers(0, 4))):
                lines.append(f"{indent if draw(st.integers(0, 9)) else piece(INDENTS)}{piece(NAMES)}{piece(SEPARATORS)}{piece(COUNTS)}")
        if draw(st.integers(0, 5)) == 0:
            lines.insert(draw(st.integers(0, len(lines))), piece(EXTRAS))
    ending = piece(ENDINGS)
    return ending.join(lines) + ending


def _mark(mark) -> tuple[int, int, int]:
    return mark.line, mark.column, mark.index


def _items(items):
    """The items as plain values: texts, positions and whether a scalar is plain."""
    if items is None:
        return None
    seen = []
    for key, value in items:
        if isinstance(value, list):
            value = [(name, digits, bool(style), line, column) for name, digits, style, line, column in value]
        else:
            value = (value.value, _mark(value.start_mark), _mark(value.end_mark), bool(value.style), value.tag, value.anchor)
        seen.append((key.value, _mark(key.start_mark), bool(key.style), key.tag, key.anchor, value))
    return seen


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=documents())
def test_what_the_line_reader_takes_it_reads_as_the_parser_does(text):
    mine = yaml_lines.document(text)
    assert mine is None or _items(mine) == _items(safe_yaml.plain_document(text))


@pytest.mark.parametrize(
    "text",
    [
        "game: redline\nmain:\n  Crate: 3\n",
        "main:  # the deck\n  Crate: 3  # three\n\n  # a note\n  Box: 1\nname: Mine\n",
        "main:\n  \"Lost Soul Proverbs 10:1 (I)\": 1\n  'Solomon Temple': 2\n  Lost Soul [Psalm 30:3]: 1\n",
        "name: Ça ira\nmain:\n  Ça (I): 2\n",
    ],
)
def test_the_plainest_decks_are_read_by_lines(text):
    """So that the comparison above compares something: these are what most deck files look like."""
    assert yaml_lines.document(text) is not None
    assert _items(yaml_lines.document(text)) == _items(safe_yaml.plain_document(text))


@pytest.mark.parametrize(
    "text",
    [
        "main:\n",  # a zone of no lines is a null to the parser
        "main:\nname: x\n",
        "name: x\n  y\n",  # a plain scalar that goes on
        "main:\n  Crate: 3\n    Box: 1\n",
        "main:\n  Crate: 3\n Box: 1\n",
        "main:\n\tCrate: 3\n",
        "main:\r\n  Crate: 3\r\n",
        '  main:\n    "a\\"b": 1\n',
        "---\nmain:\n  Crate: 3\n",
        "main:\n  Crate: 3\n...\n",
        "name: a\u00a0b\n",
        "name: x\x7f\n",
        "main:\n  'It''s': 1\n",
        "name: x:\n",  # a colon at the end of a line begins a mapping
        "name : x\n",  # (a space before the colon, which the parser leaves out: the parser reads it)
        "main:\n  Crate : 3\n",
        "main:\n  Cr\rate: 3\n",  # a line break to YAML
    ],
)
def test_anything_else_is_left_to_the_parser(text):
    assert yaml_lines.document(text) is None


def test_the_example_decks_are_read_by_lines():
    decks = sorted(EXAMPLES.glob("*.yaml"))
    assert decks
    for path in decks:
        text = path.read_text(encoding="utf-8")
        assert _items(yaml_lines.document(text)) == _items(safe_yaml.plain_document(text)), path.name
        assert yaml_deck._read_plain(str(path), yaml_lines.document(text), ZONES) is not None
