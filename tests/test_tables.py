"""deckcheck/tables.py: every table deckcheck draws goes through `tabulated`."""

from deckcheck.tables import tabulated
from hypothesis import given, settings
from hypothesis import strategies as st
from tabulate import tabulate


def test_a_table_of_no_rows_with_column_widths_is_its_headers():
    # `deckcheck cards` finding nothing draws one; tabulate 0.9 fails on widths over no rows
    drawn = tabulated([], ("game", "name"), tablefmt="simple", maxcolwidths=[None, 36])
    assert drawn.split() == ["game", "name", "------", "------"]


def test_column_widths_wrap_a_long_cell():
    drawn = tabulated([("redemption", "a name of many words " * 3)], ("game", "name"), tablefmt="simple", maxcolwidths=[None, 20])
    assert all(len(line.rstrip()) <= len("redemption") + 2 + 20 for line in drawn.splitlines())
    assert len(drawn.splitlines()) > 3  # wrapped onto lines of its own


# any text, and sentences of plain words (hyphens, quotes, runs of spaces), which tabulated wraps itself
WORDS = st.lists(st.text(alphabet="abcAB-,.;'\"()", min_size=1, max_size=14), max_size=12)
SENTENCES = st.tuples(WORDS, st.sampled_from([" ", "  ", " - "])).map(lambda words: words[1].join(words[0]))
CELLS = st.one_of(st.text(alphabet=st.characters(codec="utf-8"), max_size=30), SENTENCES).filter(lambda cell: cell not in ("True", "False"))


@settings(max_examples=500, deadline=None)
@given(
    st.lists(st.lists(CELLS, min_size=2, max_size=2), max_size=4),
    st.lists(st.one_of(st.none(), st.integers(min_value=1, max_value=25)), min_size=2, max_size=2),
)
def test_a_table_is_what_tabulate_draws_with_every_width_given(rows, widths):
    # columns of plain text are wrapped by tabulated, the others by tabulate: the table is the same (a
    # cell True or False aside, which tabulate 0.9 fails to wrap: tabulated's own test)
    assert tabulated(rows, ("a", "b"), tablefmt="simple", maxcolwidths=widths, disable_numparse=True) == (
        tabulate(rows, headers=("a", "b"), tablefmt="simple", maxcolwidths=widths, disable_numparse=True)
        if rows
        else tabulate(rows, headers=("a", "b"), tablefmt="simple", disable_numparse=True)
    )
