"""The fuzzer of the attack pass, kept: decks of every form (YAML, text, LackeyCCG .dek), event
files and configs, generated from card names, hostile fragments and broken counts, then mutated
byte by byte. For every file: the exit code is 0, 1 or 2, nothing is an internal error, every line
a finding names is inside the file, and `fmt` keeps every card, count and comment and is
idempotent.

CI runs 100 examples of each; `DECKCHECK_FUZZ_EXAMPLES=5000 pytest tests/loading/test_fuzz.py`
runs more.
"""

import json
import os
import re
from collections import Counter
from xml.sax.saxutils import escape, quoteattr

import pytest
from deckcheck.games import zone_table
from deckcheck.loading.card_db import Databases, load_databases
from deckcheck.loading.decks import read_deck
from deckcheck.loading.lines import editor_lines
from deckcheck.loading.names import normalise
from deckcheck.loading.raw_deck import DeckParseError
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import DATA, assert_report_is_safe, run

EXAMPLES = int(os.environ.get("DECKCHECK_FUZZ_EXAMPLES", "100"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
DATABASES = Databases(load_databases([DATA]))
CARD_DB = DATA / "redline-cards.yaml"

NAMES = (
    sorted({c.name for c in DATABASES.for_game("redline").cards}) + sorted({c.name for c in DATABASES.for_game("redemption").cards})[:30]
)
HOSTILE = [
    "\x1b[31m",
    "\x07",
    "::add-mask::x",
    "##[error]",
    "\u2028",
    "\u202e",
    "\x7f",
    "\x0c",
    "\x00",
    "No",
    "1984",
    "~",
    "&a",
    "*a",
    "!!python/object:os.system",
    "{",
    "[",
    "]",
    ":",
    " #",
    "//",
    "'",
    '"',
    "\t",
    "\r",
    "A" * 1100,
    "9" * 5000,
    "Séance",
    "Ἀβραάμ",
    "<script>",
    "&amp;",
    "%0A",
    "\\",
    "Reserve:",
    "Tokens:",
    # what issue 32's attacks were made of: links, images and mentions for a PR comment, characters
    # not seen, lines another document would start with
    "[Claim your prize](https://evil.example)",
    "![t](https://evil.example/t.png)",
    "@org/admins",
    "`code`",
    "\u200b",
    "\u00ad",
    "limited: see the judge",
    "cards:",
]
COUNTS = ["1", "2", "3", "4", "0", "-1", "2.5", "three", "true", "999", "1000", "9" * 40, "0x10", ""]

names = st.one_of(
    st.sampled_from(NAMES),
    st.sampled_from(HOSTILE),
    st.builds(lambda a, b: a + b, st.sampled_from(NAMES), st.sampled_from(HOSTILE)),
    st.text(max_size=30),
)
counts = st.sampled_from(COUNTS)
comments = st.one_of(st.none(), st.sampled_from(["# a comment", "# Rabbits!", "#", "# ::add-mask::x", "# game: redline"]))
lines = st.lists(st.tuples(counts, names, comments), max_size=12)


def yaml_deck(game, entries, zone_word) -> str:
    out = [f"game: {game}"] if game else []
    out.append("main:")
    for count, name, comment in entries:
        if comment:
            out.append(f"  {comment}")
        out.append(f"  {json.dumps(name)}: {count or 1}")
    out.append(f"{zone_word}:")
    out += [f"  - {json.dumps(count + ' ' + name)}" for count, name, _ in entries[:3]]
    return "\n".join(out) + "\n"


def text_deck(game, entries, zone_word) -> str:
    out = [f"# game: {game}"] if game else []
    for count, name, comment in entries:
        if comment:
            out.append(comment)
        out.append(f"{count}{'x' if count == '2' else ''}\t{name}" if count else name)
    out.append(f"{zone_word.title()}:")
    out += [f"{count} {name}" for count, name, _ in entries[:3]]
    return "\n".join(out) + "\n"


def dek_deck(game, entries, zone_word) -> str:
    cards = "".join(f"<card><name id={quoteattr(name[:20])}>{escape(name)}</name><set>I</set></card>" for _, name, _ in entries)
    return f'<?xml version="1.0" encoding="UTF-8"?>\n<!-- a comment -->\n<deck><superzone name="Deck">{cards}</superzone></deck>\n'


FORMS = {"yaml": (".yaml", yaml_deck), "text": (".txt", text_deck), "dek": (".dek", dek_deck)}


@st.composite
def deck_files(draw):
    form = draw(st.sampled_from(sorted(FORMS)))
    suffix, write = FORMS[form]
    game = draw(st.sampled_from(["redline", "redemption", "demon-rush", "chess", None]))
    text = write(game, draw(lines), draw(st.sampled_from(["side", "reserve", "missions"])))
    data = text.encode("utf-8", "surrogatepass")
    for _ in range(draw(st.integers(0, 3))):  # mutations: a byte flipped, a hostile fragment put in, a cut
        at = draw(st.integers(0, max(0, len(data) - 1)))
        kind = draw(st.sampled_from(["flip", "insert", "cut"]))
        if kind == "flip" and data:
            data = data[:at] + bytes([data[at] ^ draw(st.integers(1, 255))]) + data[at + 1 :]
        elif kind == "insert":
            data = data[:at] + draw(st.sampled_from(HOSTILE)).encode("utf-8", "surrogatepass") + data[at:]
        else:
            data = data[:at] + data[at + draw(st.integers(1, 20)) :]
    return suffix, data


def _line_count(data: bytes) -> int:
    return max(1, len(editor_lines(data.decode("utf-8", "replace"))))


def _cards(path):
    """(zone, card, count) of a readable deck, each card by its id where the data knows it."""
    raw = read_deck(path, zone_table())
    database = DATABASES.for_game("redline")
    copies = Counter()
    for entry in raw.entries:
        card = database.names.resolve(entry.typed).card
        copies[(entry.zone, card.id if card else normalise(entry.typed))] += entry.count
    return copies, raw


METADATA = re.compile(r"^#\s*(game|format|name)\s*:", re.IGNORECASE)  # a text deck's header, rewritten


def _verdict(outcome) -> tuple:
    """The verdict and the kinds of finding: a card written on two lines is one line after fmt,
    so a finding made for each of those lines is made once."""
    deck = outcome.deck
    return deck["legal"], {(f["rule"], f["severity"]) for f in deck["findings"]}


def _comments(text: str) -> list[str]:
    return [line.strip() for line in editor_lines(text) if line.strip().startswith("#") and not METADATA.match(line.strip())]


@pytest.mark.slow
@FUZZ
@given(deck=deck_files())
def test_any_deck_file(tmp_path_factory, deck):
    suffix, data = deck
    folder = tmp_path_factory.mktemp("fuzz")
    path = folder / f"deck{suffix}"
    path.write_bytes(data)
    outcome = run("check", path, "--card-db", CARD_DB, "--output-format", "json")
    assert outcome.exit_code in (0, 1, 2) and "internal error" not in outcome.stderr
    if outcome.exit_code == 2:
        return
    for output_format in ("markdown", "junit", "github"):  # what CI logs and pull requests show
        assert_report_is_safe(run("check", path, "--card-db", CARD_DB, "--output-format", output_format).stdout, output_format)
    most = _line_count(data)
    for finding in outcome.deck["findings"]:
        assert 1 <= finding["line"] <= most and finding["column"] >= 1, finding

    # fmt keeps every card, count and comment, and a second run changes nothing
    try:
        before, raw = _cards(path)
    except DeckParseError:
        before = None
    as_redline = ("--game", "redline", "--card-db", CARD_DB, "--output-format", "json")
    judged = run("check", path, *as_redline)
    formatted = run("fmt", path, "--game", "redline", "--card-db", CARD_DB)
    assert formatted.exit_code in (0, 1) and "internal error" not in formatted.stderr, formatted.stderr
    if "reformatted" in formatted.stdout:
        after, _ = _cards(path)
        assert after == before
        # the verdict and findings do not change (but for the lines they point at)
        rechecked = run("check", path, *as_redline)
        assert _verdict(rechecked) == _verdict(judged), (data, path.read_bytes())
        text = path.read_text(encoding="utf-8")
        for comment in _comments(data.decode("utf-8")):
            assert comment in text, comment
        again = run("fmt", "--check", path, "--game", "redline", "--card-db", CARD_DB)
        assert again.exit_code == 0, (again.stdout, again.stderr)


event_values = st.one_of(
    st.sampled_from(NAMES + HOSTILE),
    st.integers(-3, 10**6),
    st.none(),
    st.booleans(),
    st.lists(st.sampled_from(NAMES + HOSTILE), max_size=4),
    st.dictionaries(st.sampled_from(NAMES + HOSTILE), st.sampled_from(COUNTS), max_size=3),
)
event_keys = st.sampled_from(
    [
        "name",
        "game",
        "format",
        "banned",
        "limited",
        "effective",
        "scripture",
        "settings",
        "source",
        "junk",
        "as_of",
        "ignore",
        "card_db",
        "events",
        "overrides",
        "strict",
    ]
)


@FUZZ
@given(content=st.dictionaries(event_keys, event_values, max_size=6), as_config=st.booleans(), cut=st.integers(0, 400))
@pytest.mark.slow
def test_any_event_or_config(tmp_path_factory, monkeypatch, content, as_config, cut):
    folder = tmp_path_factory.mktemp("fuzz")
    text = "".join(f"{key}: {json.dumps(value)}\n" for key, value in content.items())
    text = text[:cut] if cut < len(text) else text
    deck = folder / "deck.yaml"
    deck.write_text("game: redline\nmain:\n  Crate: 2\n")
    if as_config:
        (folder / ".deckcheck.yaml").write_text(text)
        monkeypatch.chdir(folder)
        outcome = run("check", deck, "--card-db", CARD_DB)
    else:
        (folder / "event.yaml").write_text(text)
        outcome = run("check", deck, "--card-db", CARD_DB, "--event", folder / "event.yaml")
    assert outcome.exit_code in (0, 1, 2) and "internal error" not in outcome.stderr, outcome.stderr
    for line in outcome.stderr.splitlines()[1:]:  # every problem of a broken file has its line
        if line.startswith(str(folder)) and ": no such" not in line:
            assert line.split(":")[1].isdigit() or "file is empty" in line or "file is larger" in line, line


@pytest.mark.parametrize("suffix", [".yaml", ".txt"])
def test_the_fuzzer_finds_what_it_looks_for(tmp_path, suffix):
    """The invariants above can fail: a deck with a card and a comment loses them when cut."""
    deck = tmp_path / f"deck{suffix}"
    deck.write_text(
        yaml_deck("redline", [("2", "Crate", "# keep me")], "side")
        if suffix == ".yaml"
        else text_deck("redline", [("2", "Crate", "# keep me")], "side")
    )
    before, _ = _cards(deck)
    assert before and _comments(deck.read_text()) == ["# keep me"]
