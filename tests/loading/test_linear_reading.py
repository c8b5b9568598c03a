"""Every pattern the text reader and the name index use runs in time linear in its line: a paste of
one long line of spaces, tabs, brackets or digits is read at once (a header pattern that backtracked
took 15-19 s of CPU on 1,256 bytes of spaces, and over 120 s on 3 KB).

The lines here are 20,000 characters long: read linearly, each takes milliseconds; one quadratic
pattern takes seconds and one cubic pattern hours. The bound is CPU time of this process only
(ITIMER_PROF), a hundred times what a linear reading takes, so a busy machine does not fail it."""

import signal
from contextlib import contextmanager

import pytest
from deckcheck.games import zone_table
from deckcheck.loading import text_deck
from deckcheck.loading.card_db import Databases, load_databases
from deckcheck.loading.pasted import not_a_card
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import DATA

LENGTH = 20_000
CPU_BOUND = 2.0  # seconds of this process's CPU for one line read every way: linear takes under 0.02
NAMES = Databases(load_databases([DATA / "redemption-cards.yaml"])).for_game("redemption").names
PIECES = [" ", "\t", "(", ")", "[", "]", "1", "x", "-", ":", "*", "#", "/", "a", "Son of God", "\u00a0"]


class TooSlow(Exception):
    pass


@contextmanager
def cpu_bound(seconds: float):
    def stop(signum, frame):
        raise TooSlow(f"over {seconds} s of CPU: a pattern is not linear in the line")

    previous = signal.signal(signal.SIGPROF, stop)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


PREFIXES = ["", "3 ", "a", "**", "## ", "# name: "]
SUFFIXES = ["", "b", "!", ":", " x3", ")"]


def _read_every_way(line: str) -> None:
    deck = text_deck.read("deck.txt", line + "\n", zone_table())
    for entry in deck.entries:
        NAMES.resolve(entry.typed, suggest=True)
        not_a_card(entry.typed)


@pytest.mark.parametrize("piece", PIECES, ids=repr)
def test_a_line_of_one_long_run_is_read_in_time_linear_in_its_length(piece):
    run = piece * (LENGTH // len(piece))
    with cpu_bound(CPU_BOUND * 5):  # 36 lines
        for prefix in PREFIXES:
            for suffix in SUFFIXES:
                _read_every_way(prefix + run + suffix)


@st.composite
def long_lines(draw):
    """A line of a few long runs (each of one piece repeated), with a word or a count around them."""
    runs = draw(st.lists(st.tuples(st.sampled_from(PIECES), st.integers(1, LENGTH)), min_size=1, max_size=4))
    body = "".join(piece * (count // len(piece) or 1) for piece, count in runs)[:LENGTH]
    return draw(st.sampled_from(PREFIXES)) + body + draw(st.sampled_from(SUFFIXES))


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(line=long_lines())
def test_a_long_line_of_runs_is_read_in_time_linear_in_its_length(line):
    with cpu_bound(CPU_BOUND):
        _read_every_way(line)


def test_the_bound_catches_a_pattern_that_backtracks():
    """The test above can fail: a nested pattern on 30 characters takes far over its bound."""
    import re

    backtracking = re.compile(r"^(a|a)*b$")
    try:
        with cpu_bound(0.2):
            backtracking.match("a" * 40)
    except TooSlow:
        return
    raise AssertionError("the CPU bound did not stop a backtracking pattern")


# --- a file of more lines than any deck ------------------------------------------------------------------


def test_a_deck_of_the_most_lines_is_read_and_one_more_is_refused_where_it_starts():
    """A deck may hold MOST_LINES lines that are not blank (blank ones are not counted); the next
    is a deck.parse error at that line, and nothing is read as the deck: a 1 MiB file of 524,288
    one-letter lines took 7 s of CPU to check line by line, and could hold no deck."""
    most = text_deck.MOST_LINES
    lines = ["1 Son of God", ""] * most
    deck = text_deck.read("deck.txt", "\n".join(lines) + "\n", zone_table())
    assert sum(e.count for e in deck.entries) == most
    with pytest.raises(text_deck.DeckParseError) as refused:
        text_deck.read("deck.txt", "\n".join([*lines, "x"]) + "\n", zone_table())
    assert refused.value.position == (2 * most + 1, 1) and f"more than {most:,} lines" in refused.value.message


def test_a_mebibyte_of_one_letter_lines_is_one_error_read_at_once():
    from pathlib import Path

    from deckcheck.check import CheckOptions, check_file
    from deckcheck.report import renderer

    content = b"a\n" * (1 << 19)
    with cpu_bound(CPU_BOUND):
        databases = Databases(load_databases([DATA / "redemption-cards.yaml"]))
        report = check_file(Path("deck.txt"), CheckOptions(game="redemption"), databases, content)
        renderer("text")([report])
    ((rule, line),) = [(f.rule, f.position.line) for f in report.findings]
    assert rule == "deck.parse" and line == text_deck.MOST_LINES + 1 and not report.legal
