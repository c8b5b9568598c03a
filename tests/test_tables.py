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


CELLS = st.text(alphabet=st.characters(codec="utf-8"), max_size=30).filter(lambda cell: cell not in ("True", "False"))


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.lists(CELLS, min_size=2, max_size=2), max_size=4),
    st.lists(st.one_of(st.none(), st.integers(min_value=1, max_value=25)), min_size=2, max_size=2),
)
def test_a_table_is_what_tabulate_draws_with_every_width_given(rows, widths):
    # the columns whose every cell fits are not given to tabulate to wrap: the table is the same (a cell
    # True or False aside, which tabulate 0.9 fails to wrap: tabulated's own test)
    assert tabulated(rows, ("a", "b"), tablefmt="simple", maxcolwidths=widths, disable_numparse=True) == (
        tabulate(rows, headers=("a", "b"), tablefmt="simple", maxcolwidths=widths, disable_numparse=True)
        if rows
        else tabulate(rows, headers=("a", "b"), tablefmt="simple", disable_numparse=True)
    )
