"""deckcheck/tables.py: every table deckcheck draws goes through `tabulated`."""

from deckcheck.tables import tabulated


def test_a_table_of_no_rows_with_column_widths_is_its_headers():
    # `deckcheck cards` finding nothing draws one; tabulate 0.9 fails on widths over no rows
    drawn = tabulated([], ("game", "name"), tablefmt="simple", maxcolwidths=[None, 36])
    assert drawn.split() == ["game", "name", "------", "------"]


def test_column_widths_wrap_a_long_cell():
    drawn = tabulated([("redemption", "a name of many words " * 3)], ("game", "name"), tablefmt="simple", maxcolwidths=[None, 20])
    assert all(len(line.rstrip()) <= len("redemption") + 2 + 20 for line in drawn.splitlines())
    assert len(drawn.splitlines()) > 3  # wrapped onto lines of its own
