"""Reports for people on a terminal: colour by severity (off for NO_COLOR, --color never and
anything that is not a terminal), tables wrapped to the terminal's width, names still escaped."""

import pytest
from deckcheck.model import DeckReport, Finding, Position, Severity
from deckcheck.report import Terminal, text

from conftest import DATA, REPO, run

MISTAKES = REPO / "tests" / "decks" / "redline" / "mistakes.yaml"
RED, YELLOW = "\x1b[1;31m", "\x1b[1;33m"


def test_no_colour_in_a_pipe_or_a_file():
    outcome = run("check", MISTAKES)
    assert "\x1b" not in outcome.stdout


@pytest.mark.parametrize("output_format", ["text", "concise"])
def test_colour_always_paints_severities(output_format):
    outcome = run("check", MISTAKES, "--color", "always", "--output-format", output_format)
    assert f"{RED}error\x1b[0m" in outcome.stdout and f"{YELLOW}warning\x1b[0m" in outcome.stdout
    if output_format == "text":
        assert f"{RED}ILLEGAL\x1b[0m" in outcome.stdout


def test_colour_never_and_machine_formats_have_none():
    assert "\x1b" not in run("check", MISTAKES, "--color", "never").stdout
    assert "\x1b" not in run("check", MISTAKES, "--color", "always", "--output-format", "json").stdout


def test_no_color_turns_auto_off_on_a_terminal(monkeypatch):
    import sys

    from deckcheck.cli.output import ColorChoice, terminal_for

    monkeypatch.setattr(sys.stdout, "isatty", lambda: True, raising=False)
    assert terminal_for(ColorChoice.auto, None).colour
    monkeypatch.setenv("NO_COLOR", "1")
    assert not terminal_for(ColorChoice.auto, None).colour
    assert terminal_for(ColorChoice.always, None).colour  # the command line decides over the environment
    assert not terminal_for(ColorChoice.auto, REPO / "report.txt").colour  # --output: a file


def test_names_are_escaped_before_the_colour(tmp_path):
    deck = tmp_path / "deck.yaml"
    deck.write_text('game: redline\ngeneral: Mars General\nmain:\n  "Evil \\e[2J Card": 1\n')
    outcome = run("check", deck, "--card-db", DATA / "redline-cards.yaml", "--color", "always")
    assert "\x1b[2J" not in outcome.stdout and "\\x1b[2J" in outcome.stdout.replace("\n", "")


@pytest.mark.parametrize("width", [72, 80, 100, 160])
def test_tables_wrap_to_the_terminal(width):
    long = "a message long enough to need wrapping on any terminal, " * 3
    findings = (
        Finding("redline.resource-count", Severity.WARNING, long, ("EF-9 Rabbit",), "main", Position(5, 1)),
        Finding("deck.unknown-card", Severity.ERROR, "no card is called 'Suply Drop'", ("Suply Drop",), "main", Position(10, 3)),
    )
    report = DeckReport("deck.yaml", "redline", "standard", None, {}, findings)
    table = text.render([report], terminal=Terminal(colour=False, width=width)).splitlines()[1:-2]
    assert max(len(line) for line in table) < width


def test_a_pipe_gets_the_same_table_whatever_the_terminal_size(monkeypatch):
    monkeypatch.setenv("COLUMNS", "40")
    narrow = run("check", MISTAKES).stdout
    monkeypatch.setenv("COLUMNS", "250")
    assert run("check", MISTAKES).stdout == narrow


def test_a_card_named_by_digits_lines_up_as_a_name(tmp_path):
    """A name like `1984` is text: its column reads from the left like any other name's, not set
    to the right as a column of numbers."""
    deck = tmp_path / "deck.yaml"
    deck.write_text('game: redline\ngeneral: Valya Serova\nmain:\n  "1984": 1\n')
    lines = run("check", deck).stdout.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("rule "))
    header, dashes = lines[at], lines[at + 1]
    row = next(line for line in lines if line.startswith("deck.unknown-card"))
    starts = [i for i, c in enumerate(dashes) if c == "-" and (i == 0 or dashes[i - 1] == " ")]
    card_column = starts[3]
    assert header.index("card") == card_column
    assert row.rindex("1984") == card_column  # (the message names it first)


@pytest.mark.parametrize("color", ["never", "always"])
def test_cards_named_true_and_false_are_listed_as_named(tmp_path, color):
    """tabulate 0.9 read such a cell as a boolean when it wrapped the column, and the check ended
    in an internal error (exit 2); the words are text, in the table as typed."""
    deck = tmp_path / "deck.yaml"
    deck.write_text('game: redline\nmain:\n  "True": 1\n  "False": 2\n', encoding="utf-8")
    outcome = run("check", deck, "--color", color)
    assert outcome.exit_code == 1
    rows = [line.split() for line in outcome.stdout.splitlines() if line.startswith("deck.unknown-card")]
    assert [(row[-2], row[-1]) for row in rows] == [("True", "3:3"), ("False", "4:3")]


def test_a_message_of_one_boolean_word_is_laid_out_as_text():
    finding = Finding("deck.parse", Severity.ERROR, "True", ("False",), "main", Position(2, 3))
    report = DeckReport("deck.yaml", "redline", None, None, {}, (finding,))
    assert ["deck.parse", "error", "True", "False", "2:3"] in [line.split() for line in text.render([report]).splitlines()]


@pytest.mark.parametrize("explain", [False, True])
def test_a_deck_of_many_findings_of_one_rule_shows_the_first_hundred_and_counts_the_rest(explain):
    """A file of thousands of lines naming no card is told in a glance, and in time: the table shows
    the first MOST_SHOWN findings of each rule and a line for the rest; the tally counts them all."""
    unknown = [Finding("deck.unknown-card", Severity.ERROR, f"no card is called 'x{i}'", position=Position(i + 1, 1)) for i in range(130)]
    size = Finding("redline.arsenal-size", Severity.ERROR, "the arsenal has 0 cards", position=Position(1, 1))
    report = DeckReport("deck.txt", "redline", "standard", None, {}, (size, *unknown))
    shown = text.render([report], explain=explain)
    assert "x99'" in shown and "x100'" not in shown and "the arsenal has 0 cards" in shown
    assert "... and 30 more deck.unknown-card findings (--output-format json lists every one)" in shown
    assert "131 errors" in shown.splitlines()[0]
