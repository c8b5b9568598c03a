"""A YAML deck of the plainest shape is read from the parser's events (yaml_deck._read_plain), any
other from its node graph (_read_composed): whichever way, the same deck, problems and errors."""

from pathlib import Path

import pytest
from deckcheck.games import zone_table
from deckcheck.loading import safe_yaml, yaml_deck, yaml_nodes
from deckcheck.loading.raw_deck import DeckParseError
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
ZONES = zone_table()

# pieces of YAML as written, plain and otherwise: the reader's every branch is a choice among them
words = st.sampled_from(
    ["game", "format", "name", "main", "Main", "deck", "side", "reserve", "sideboard", "general", "paragon", "missions", "notes", "'main'"]
)
scalars = st.sampled_from(
    ["redline", "", "~", "null", "Null", "3", "0", "1", "999", "1000", "007", "0003", "-1", "+2", "2.5", "0x10", "true",
     "'3'", '"x"', "!!str 3", "&a 3", "*a", "1" * 31, "a: b", "[1]", "{}", "Crate ", "  ", "|\n    text"]
)  # fmt: skip
names = st.sampled_from(
    ["Crate", "crate", "CRATE", "Crate ", "'Crate'", '"Crate"', "EF-9 Rabbit", "Son of God", "''", "'  '", "Ça", "? complex",
     "[a, b]", "!!str Tagged", "&x Anchored", "Cornelius ( C)", "Cornelius (C)", "3", "- item"]
)  # fmt: skip
zone_lines = st.lists(st.tuples(names, scalars), max_size=6)
items = st.lists(st.tuples(words, st.one_of(scalars, zone_lines)), max_size=6)
# and decks of the plainest shape, each key once (a name may be given twice, in two ways)
plain_names = st.sampled_from(
    ["Crate", "crate", "' Crate'", "EF-9 Rabbit", "Son of God", "'Crate'", "Cornelius ( C)", "Cornelius (C)", "Ça"]
)
plain_counts = st.one_of(st.integers(1, 999).map(str), st.just("007"))
plain_items = st.lists(
    st.one_of(
        st.tuples(st.sampled_from(["game", "format", "name"]), st.sampled_from(["redline", "", "~", "Crate ", "3"])),
        st.tuples(
            st.sampled_from(["main", "reserve", "missions", "critical hits"]), st.lists(st.tuples(plain_names, plain_counts), max_size=5)
        ),
        st.tuples(st.sampled_from(["side", "general"]), st.sampled_from(["", "~", "Crate"])),
    ),
    max_size=5,
    unique_by=lambda item: item[0],
)


def _text(document: list, indent: str = "  ") -> str:
    lines = []
    for word, value in document:
        if isinstance(value, list):
            lines.append(f"{word}:" + ("" if value else " {}"))
            lines += [f"{indent}{name}: {count}" for name, count in value]
        else:
            lines.append(f"{word}: {value}")
    return "\n".join(lines) + "\n"


def _outcome(read, text: str):
    """What a reader makes of `text`: the deck, each problem as its message and position, or the error."""
    try:
        deck = read("deck.yaml", text, ZONES)
    except DeckParseError as error:
        return ("error", error.message, error.position)
    return (
        deck.game,
        deck.format,
        deck.name,
        deck.game_position,
        deck.entries,
        deck.zone_positions,
        deck.zone_words,
        [(problem.message, problem.position) for problem in deck.problems],
    )


@pytest.mark.slow  # a fuzzer
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    document=st.one_of(items, plain_items), tail=st.sampled_from(["", "---\nmain: {}\n", "...\n", "main: [\n", "# a comment\n", "\u2028"])
)
def test_a_deck_read_from_events_is_the_deck_read_from_nodes(document, tail):
    text = _text(document) + tail
    assert _outcome(yaml_deck.read, text) == _outcome(yaml_nodes.read_composed, text)


def test_the_example_decks_are_read_from_events():
    """So that the comparison above compares something: the plain way takes real decks."""
    decks = sorted(EXAMPLES.glob("*.yaml"))
    assert decks
    for path in decks:
        text = path.read_text(encoding="utf-8")
        plain = safe_yaml.plain_document(text)
        assert plain is not None and yaml_deck._read_plain(str(path), plain, ZONES) is not None, path.name
        assert _outcome(yaml_deck.read, text) == _outcome(yaml_nodes.read_composed, text)


@pytest.mark.parametrize(
    "text",
    [
        "main:\n  Crate: 3\n  Crate: 2\n",  # a name twice
        "main:\n  Crate: 0\n",
        "main:\n  Crate: '3'\n",
        "main:\n  Crate: !!int 3\n",
        "main:\n  Crate: &a 3\nside:\n  Box: *a\n",
        "main:\n  Crate: 3\nmain:\n  Box: 1\n",
        "main:\n  Crate: 3\ndeck:\n  Box: 1\n",
        "game: redline\ngame: redemption\n",
        "shoes:\n  Crate: 3\n",
        "general:\n  Crate: 1\n",
        "name:\n  Crate: 1\n",
        "main:\n  Crate: 3\n---\nmain: {}\n",
        "main:\n  Crate: 3\n  Box: [\n",
    ],
)
def test_what_is_not_plain_is_said_as_the_nodes_say_it(text):
    assert _outcome(yaml_deck.read, text) == _outcome(yaml_nodes.read_composed, text)
    plain = safe_yaml.plain_document(text)
    assert plain is None or yaml_deck._read_plain("deck.yaml", plain, ZONES) is None


def test_a_name_given_twice_in_two_ways_is_a_problem_either_way():
    text = "main:\n  Crate: 3\n  crate: 2\n"
    plain = safe_yaml.plain_document(text)
    assert plain is not None and yaml_deck._read_plain("deck.yaml", plain, ZONES) is not None
    outcome = _outcome(yaml_deck.read, text)
    assert outcome == _outcome(yaml_nodes.read_composed, text)
    assert [problem for problem, _ in outcome[-1]] == [
        "'crate' is listed twice in main (first at line 2); give one line with the total count"
    ]
