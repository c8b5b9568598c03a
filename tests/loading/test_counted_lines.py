"""Card lines of a count and a name (`3 Son of God`, `- 3x Son of God`, a LackeyCCG export's
`1<TAB>Son of God`) are read at once, past the general way that reads every pasted style
(loading/text_deck.py): whatever such a line holds, the deck read is the one the general way reads."""

from dataclasses import asdict
from unittest.mock import patch

from deckcheck.games import zone_table
from deckcheck.loading import text_deck
from hypothesis import given, settings
from hypothesis import strategies as st

COUNTS = st.one_of(st.integers(0, 1200).map(str), st.sampled_from(["01", "000", "1 ", "١", "9" * 5000]))
NAMES = st.one_of(
    st.text(alphabet=st.characters(codec="utf-8", exclude_characters="\n\r"), max_size=12),
    st.sampled_from(["x Son of God", "X-Wing", "\u00d7 2", " Son of God ", "Son # of God", "Son // God", "Lost: Soul", "a\tb"]),
)
SEPARATORS = st.sampled_from(["\t", " ", "x ", "X\t", " x ", "  ", "\u00d7 ", " \t ", "x", "", "\u00a0", " (", ": "])
BULLETS = st.sampled_from(["", "", "- ", "* ", "\u2022 ", "-", "\u2013 ", "## ", "**"])
COUNTED_LINES = st.lists(st.builds("{}{}{}{}".format, BULLETS, COUNTS, SEPARATORS, NAMES), min_size=1, max_size=6)


def _read(text: str, at_once: bool = True) -> dict:
    """The deck read, or the error that stopped it."""
    try:
        with patch.object(text_deck, "_counted", text_deck._counted if at_once else lambda *line: False):
            deck = text_deck.read("deck.txt", text, zone_table())
    except text_deck.DeckParseError as problem:
        return {"problem": (problem.message, problem.position)}
    return asdict(deck) | {"problems": [(problem.message, problem.position) for problem in deck.problems]}


@settings(max_examples=300, deadline=None)
@given(COUNTED_LINES, st.sampled_from(["", "Reserve:\n", "# game: redemption\n", "Tokens:\n"]))
def test_a_counted_line_reads_as_the_general_way_reads_it(lines, header):
    text = header + "\n".join(lines) + "\n"
    assert _read(text) == _read(text, at_once=False)


def test_most_counted_lines_are_read_at_once(monkeypatch):
    # the general way is kept for what it must read (a name that may start with a sign for times, a count that is none)
    read = []
    general = text_deck._read_line
    monkeypatch.setattr(text_deck, "_read_line", lambda deck, line, *rest: read.append(line) or general(deck, line, *rest))
    text = '1\tSon of God\n3\tLost Soul "Hopper"\n1\tx Marks the Spot\n2\tFaith # mine\n3x Ark\n- 2 Hope\n0 Nothing\n'
    deck = text_deck.read("deck.txt", text, zone_table())
    assert [(e.typed, e.count) for e in deck.entries] == [
        ("Son of God", 1), ('Lost Soul "Hopper"', 3), ("Marks the Spot", 1), ("Faith", 2), ("Ark", 3), ("Hope", 2)
    ]  # fmt: skip
    assert read == ["1 x Marks the Spot", "0 Nothing"]
