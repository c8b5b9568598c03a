"""The fuzzer of issue 33: decks written the way players post them (a title line, bold and
underlined headers, `Name (N)`, `Name - N`, headers of their own words, bullets, `1x`, prose),
checked, then formatted. For every deck: no header is counted as a card, every line fmt does not
write as a card is still there, word for word, every comment (`#` or `//`, whole-line or after a
card) is kept, the verdict is the same after fmt, and a second fmt changes nothing.

CI runs 60 examples; `DECKCHECK_FUZZ_EXAMPLES=2000 pytest tests/canonical/test_fmt_forum_styles.py`
runs more.
"""

import os
from collections import Counter
from functools import cache

import pytest
from deckcheck.loading.card_db import Databases, load_databases
from deckcheck.loading.lines import editor_lines
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import DATA, run

EXAMPLES = int(os.environ.get("DECKCHECK_FUZZ_EXAMPLES", "60"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
CARD_DB = DATA / "redemption-cards.yaml"
# the player's own words for a group: none of them names a card, or is near one
OWN_WORDS = ["Offense", "Defense", "Misc", "Heroes and stuff", "Maybe cut for the regional", "Ask the judge about these"]
ZONE_WORDS = ["Reserve", "Sideboard"]
HEADER_STYLES = ["**{w} ({n})**", "__{w}__", "## {w}", "{w} ({n})", "{w}:", "{w} - {n}", "**{w}**", "### {w} ({n})"]
CARD_STYLES = ["{n}x {c}", "- {n}x {c}", "* {n} {c}", "{n} {c}", "{c} x{n}", "- {c} x{n}"]
TITLES = ["My deck for Saturday", "Tim's list - 1st place, regional (Type 1)", "**Sam's T1 deck**"]
PROSE = ["Thanks for looking!", "Feedback welcome, especially on the defense", "(sleeves: red)"]


@cache
def card_names() -> list[str]:
    """Every title of the bundled list, read when a test first asks (not when tests are collected)."""
    return sorted({card.name for card in Databases(load_databases([CARD_DB])).for_game("redemption").cards})


@st.composite
def forum_posts(draw):
    """A post as text, its card lines (1-based) and its plain zone headers."""
    lines: list[str] = []
    card_lines: list[int] = []
    zone_headers: list[int] = []  # `Reserve:`, which fmt may write as the game calls it
    title = draw(st.one_of(st.none(), st.sampled_from(TITLES)))
    if title:
        lines += [title, ""]
    for _ in range(draw(st.integers(1, 4))):
        cards = draw(st.lists(st.sampled_from(card_names()), min_size=0, max_size=5, unique=True))
        counts = [draw(st.integers(1, 3)) for _ in cards]
        said = max(0, sum(counts) + draw(st.sampled_from([0, 0, 1, -1])))  # a header's number may be wrong (never below 0)
        word = draw(st.sampled_from(OWN_WORDS + ZONE_WORDS))
        lines.append(draw(st.sampled_from(HEADER_STYLES)).format(w=word, n=said))
        if lines[-1] == f"{word}:" and word in ZONE_WORDS:
            zone_headers.append(len(lines))
        for card, count in zip(cards, counts, strict=True):
            comment = draw(st.sampled_from(["", "", f"  // note {len(lines)}", f"  # note {len(lines)}"]))
            lines.append(draw(st.sampled_from(CARD_STYLES)).format(n=count, c=card) + comment)
            card_lines.append(len(lines))
        if draw(st.booleans()):
            lines.append(draw(st.sampled_from(["# a comment of mine", "// a comment of mine", "", *PROSE])))
        lines.append("")
    return "\n".join(lines) + "\n", card_lines, zone_headers


def _checked(path):
    return run("check", path, "--game", "redemption", "--card-db", CARD_DB, "--output-format", "json")


def _verdict(outcome) -> tuple:
    deck = outcome.deck
    copies = Counter()
    for card in deck["cards"]:
        copies[(card["zone"], card["id"])] += card["count"]
    return deck["legal"], sorted(copies.items()), sorted((f["rule"], f["severity"]) for f in deck["findings"])


@pytest.mark.slow  # a fuzzer
@FUZZ
@given(post=forum_posts())
def test_a_forum_post_is_read_and_formatted_without_losing_a_line(tmp_path_factory, post):
    text, card_lines, zone_headers = post
    path = tmp_path_factory.mktemp("forum") / "deck.txt"
    path.write_text(text, encoding="utf-8")
    before = _checked(path)
    assert before.exit_code in (0, 1), before.stderr
    assert {card["line"] for card in before.deck["cards"]} <= set(card_lines), "a header or prose was read as a card"

    formatted = run("fmt", path, "--game", "redemption", "--card-db", CARD_DB)
    assert formatted.exit_code == 0, formatted.stderr
    written = path.read_text(encoding="utf-8")
    kept = Counter(
        line for number, line in enumerate(editor_lines(text), start=1) if number not in card_lines + zone_headers and line.strip()
    )
    assert kept - Counter(editor_lines(written)) == Counter(), "fmt lost a line"
    notes = [line[line.index("note") :] for line in editor_lines(text) if " note " in line]
    assert [note for note in notes if note not in written] == [], "fmt lost a card line's comment"
    assert _verdict(_checked(path)) == _verdict(before)
    assert run("fmt", "--check", path, "--game", "redemption", "--card-db", CARD_DB).exit_code == 0


def test_the_forum_fuzzer_sees_a_header_read_as_a_card(tmp_path):
    """The invariant above can fail: a header that names a card is counted as one."""
    path = tmp_path / "deck.txt"
    first, second = card_names()[:2]
    path.write_text(f"{first} (3)\n1x {second}\n", encoding="utf-8")
    assert {card["line"] for card in _checked(path).deck["cards"]} - {2} == {1}
