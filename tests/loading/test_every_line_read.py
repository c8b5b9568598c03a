"""No line of a pasted deck is lost (deck-format.md, Plain text): every line that is no header, comment
or metadata is a card line, with or without a count; only a line that is evidently no card (a
sentence, an address, a signature) close to no card's name is skipped, as a warning. A misspelt card
never makes a deck legal."""

import csv
from pathlib import Path

import pytest
from deckcheck.check import CheckOptions, check_file
from deckcheck.games import zone_table
from deckcheck.loading.card_db import Databases, load_databases
from deckcheck.loading.pasted import not_a_card
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import DATA, SHARED, exported_lines

REAL_LIST = SHARED / "data" / "redemption-lackey" / "carddata.txt"
NATIONALS = SHARED / "data" / "redemption-nationals-2024" / "decks"
FIXTURE_DB = Databases(load_databases([DATA / "redemption-cards.yaml"]))


def _check(text: str, databases: Databases = FIXTURE_DB, **options):
    return check_file(Path("deck.txt"), CheckOptions(game="redemption", **options), databases, text.encode("utf-8"))


def _read(report) -> list:
    """The findings of reading the deck (deck.*), the game's rules aside."""
    return [f for f in report.findings if f.rule.startswith("deck.")]


def _rules(report) -> list[tuple[str, int]]:
    return [(f.rule, f.position.line) for f in _read(report)]


@pytest.mark.parametrize(
    "line, what",
    [
        ("Maybe cut for the regional", "a sentence"),
        ("Thanks for looking!", "a sentence"),
        ("Let me know what you think.", "a sentence"),
        ("Full list at https://example.org/deck", "a web or mail address"),
        ("www.example.org", "a web or mail address"),
        ("-Tim", "a signature"),
        ("~ Sam", "a signature"),
        ("-- Sam", "a signature"),
    ],
)
def test_a_line_evidently_no_card_is_skipped_as_a_warning_saying_what_it_is(line, what):
    report = _check(f"3 Gideon (K)\n{line}\n1 Soul 1\n")
    (skipped,) = _read(report)
    assert (skipped.rule, skipped.severity.value, skipped.position.line) == ("deck.skipped-line", "warning", 2)
    assert f": {what}, not a card" in skipped.message
    assert sum(report.counts.values()) == 4


@pytest.mark.parametrize("line", ["Gidoen", "Soul One", "Jhn (H)", "Thoughts?", "Qwxz Zzyzx"])
def test_any_other_line_naming_no_card_is_an_unknown_card(line):
    report = _check(f"3 Gideon (K)\n{line}\n1 Soul 1\n")
    assert _rules(report) == [("deck.unknown-card", 2)] and not report.legal


def test_a_sentence_close_to_a_card_is_a_card_line():
    # "the same test did-you-mean uses": a line any name is close to is a card line, whatever its shape
    (finding,) = _read(_check("3 Gideon (K)\nGideon (K) is great.\n"))
    assert finding.rule == "deck.unknown-card" and "did you mean 'Gideon (K)'" in finding.message


def test_an_unknown_line_without_a_count_says_how_to_keep_it_as_a_comment():
    (finding,) = _read(_check("3 Gideon (K)\nQwxz Zzyzx\n"))
    assert finding.message.endswith("if the line is no card, put '# ' before it to keep it as a comment")


def test_a_first_line_naming_no_card_is_the_decks_name_unless_a_card_is_close_to_it():
    assert _check("Sam's deck for Saturday\n3 Gideon (K)\n").name == "Sam's deck for Saturday"
    assert _rules(_check("Gidoen (K)\n3 Gideon (K)\n")) == [("deck.unknown-card", 1)]


@pytest.mark.parametrize("count", ["", "3 "])
def test_a_typo_is_never_dropped_whether_or_not_the_list_has_counts(count):
    assert not _check(f"{count}Gideon (K)\nJohn (H)\nJonh (H)\n").legal


def _real_names() -> list[str]:
    with REAL_LIST.open(encoding="utf-8", newline="") as rows:
        return [row[0] for row in list(csv.reader(rows, delimiter="\t", quoting=csv.QUOTE_NONE))[1:] if row]


@pytest.mark.skipif(not REAL_LIST.is_file(), reason="../shared/data/redemption-lackey is not beside this checkout")
def test_no_printing_of_the_real_card_list_reads_as_prose():
    names = _real_names()
    assert len(names) > 5000
    assert [(name, not_a_card(name)) for name in names if not_a_card(name)] == []


def test_no_card_of_the_bundled_databases_reads_as_prose():
    from deckcheck.games import all_games

    for game in all_games():
        database = Databases().for_game(game.name)
        assert [card.name for card in database.cards if not_a_card(card.name)] == [], game.name


# --- the typo property over the championship decks, written bare --------------------------------------------


@pytest.fixture(scope="module")
def real(real_database):
    return Databases(load_databases([real_database[0]]))


def _written(lines: list[tuple[str, int, str]], style: str) -> str:
    text, zone = ["Championship deck"], "main"
    for where, count, name in lines:
        if where != zone:
            text.append("Reserve:")
            zone = where
        text += [name] * count if style == "bare" else [f"{count} {name}" if count > 1 else name]
    return "\n".join(text) + "\n"


LEGAL = sorted(NATIONALS.glob("*.txt")) if NATIONALS.is_dir() else []


@pytest.mark.slow
@pytest.mark.skipif(not LEGAL, reason="../shared/data/redemption-nationals-2024 is not beside this checkout")
@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_one_misspelt_letter_in_a_legal_deck_written_bare_is_never_legal(real, data):
    path = data.draw(st.sampled_from(LEGAL))
    lines = exported_lines(path)
    style = data.draw(st.sampled_from(["bare", "counts where a card repeats"]))
    if not _check(_written(lines, style), real).legal:
        return  # (a few championship decks are illegal under today's rules: the property is of legal ones)
    index = data.draw(st.integers(0, len(lines) - 1))
    zone, count, name = lines[index]
    letters = [i for i, c in enumerate(name) if c.isalpha()]
    at = data.draw(st.sampled_from(letters))
    other = data.draw(st.sampled_from([c for c in "abcdefghijklmnopqrstuvwxyz" if c != name[at].lower()]))
    typo = name[:at] + other + name[at + 1 :]
    names = real.for_game("redemption").names
    if names.resolve(typo).printings:
        return  # the letter made another card's name: no typo
    lines[index] = (zone, count, typo)
    assert not _check(_written(lines, style), real).legal, typo


# --- the reader's shortcut past the header patterns -----------------------------------------------

_WORDS_OF_HEADERS = sorted(
    {word for zone in zone_table().zones for word in zone.words} | set(zone_table().groups) | {"good cards", "tokens", "reserve deck"}
)


def test_no_zone_or_group_word_holds_a_digit():
    """What lets a line ending in a digit be told no header at once (`Good 3`, `Soul 3 x1`)."""
    assert not [word for word in _WORDS_OF_HEADERS if any(c.isdigit() for c in word)]


@settings(max_examples=250, deadline=None)
@given(
    words=st.sampled_from(_WORDS_OF_HEADERS) | st.text("Good Soul of3 x", min_size=1, max_size=12),
    end=st.sampled_from(
        ["", ":", " -", " (14)", " [3]", " - 14", " -14", "\u00a0-\u00a014", " 3", " x3", " \u0663", " - \u0663", "/Sites"]
    ),
    case=st.sampled_from([str.lower, str.title, str.upper]),
)
def test_a_line_told_no_header_without_the_patterns_is_none_by_them(words, end, case):
    """The reader asks every pasted line whether it heads a group or a zone; most are told at once
    (text_deck._plainly_no_header), and each line so told must be no header by the patterns too."""
    from deckcheck.loading import text_deck

    line = case(words + end).strip()
    if line and text_deck._plainly_no_header(line, zone_table()):
        assert text_deck._header_read(line, zone_table()) is None, line
