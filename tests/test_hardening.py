"""What a fuzzing and attack pass found, each reproduced first: files that are not regular, too
large or oddly encoded, numbers of any length, names that try to inject into a terminal or a
report, a tampered cache, and unbounded work. Every one is that file's finding (or a clean exit 2
for a file that configures the run), never an internal error, never a hang."""

import html
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import DATA, rendered_markdown, run

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="this system has no named pipes")
NO_HANG = 20  # seconds: a run that waits on a FIFO would never end


def deckcheck(*args, cwd=None, env=None) -> subprocess.CompletedProcess:
    """The command in its own process, so that a hang fails the test instead of stalling it."""
    return subprocess.run(
        [sys.executable, "-m", "deckcheck", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=NO_HANG,
        cwd=cwd,
        env={**os.environ, **(env or {})},
    )


@pytest.fixture
def redline_deck(tmp_path):
    path = tmp_path / "deck.txt"
    path.write_text("# game: redline\n23 Crate\n")
    return path


# --- only regular files, size checked before reading -------------------------------------------------


@needs_fifo
def test_a_fifo_named_as_a_deck_is_that_decks_finding_and_the_run_goes_on(tmp_path, redline_deck):
    os.mkfifo(tmp_path / "pipe.yaml")
    done = deckcheck("check", tmp_path / "pipe.yaml", redline_deck, "--card-db", DATA / "redline-cards.yaml", "--output-format", "concise")
    assert done.returncode == 1
    assert f"{tmp_path / 'pipe.yaml'}:1:1: error deck.parse cannot read: a FIFO (named pipe), not a regular file" in done.stdout
    assert f"{redline_deck}:" in done.stdout  # the other deck was checked


@needs_fifo
@pytest.mark.parametrize("where", ["--card-db", "--event", "lint"])
def test_a_fifo_as_a_configuring_file_is_exit_two(tmp_path, redline_deck, where):
    os.mkfifo(tmp_path / "pipe.yaml")
    args = ["db", "lint", tmp_path / "pipe.yaml"] if where == "lint" else ["check", redline_deck, where, tmp_path / "pipe.yaml"]
    done = deckcheck(*args)
    assert done.returncode == (1 if where == "lint" else 2)
    assert "a FIFO (named pipe), not a regular file" in done.stdout + done.stderr and "Traceback" not in done.stderr


@needs_fifo
@pytest.mark.slow
def test_a_fifo_in_the_cache_is_ignored(tmp_path, redline_deck):
    cache = tmp_path / "cache"
    env = {"DECKCHECK_CACHE_DIR": str(cache)}
    assert deckcheck("check", redline_deck, "--card-db", DATA / "redline-cards.yaml", env=env).returncode == 1
    from deckcheck.loading.cache import key

    entry = cache / f"{key((DATA / 'redline-cards.yaml').read_bytes())}.entry"
    entry.unlink()
    os.mkfifo(entry)
    done = deckcheck("check", redline_deck, "--card-db", DATA / "redline-cards.yaml", env=env)
    assert done.returncode == 1 and "internal error" not in done.stderr


def test_a_device_is_not_read(redline_deck):
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero on this system")
    done = deckcheck("check", redline_deck, "--card-db", "/dev/zero")
    assert done.returncode == 2 and "/dev/zero: cannot read: a character device, not a regular file" in done.stderr


@pytest.mark.parametrize("where", ["--card-db", "--event", "config", "deck"])
def test_a_huge_sparse_file_is_refused_by_its_size_before_it_is_read(tmp_path, redline_deck, where, monkeypatch):
    huge = tmp_path / ("huge.yaml" if where != "config" else ".deckcheck.yaml")
    with huge.open("wb") as handle:
        handle.truncate(1 << 30)  # 1 GiB of nothing: a read would take 1 GiB of memory
    monkeypatch.chdir(tmp_path)
    args = {
        "--card-db": ["check", redline_deck, "--card-db", huge],
        "--event": ["check", redline_deck, "--event", huge],
        "config": ["check", redline_deck],
        "deck": ["check", huge, "--output-format", "json"],
    }[where]
    outcome = run(*args)
    assert "larger than the 1 MiB limit" in outcome.stdout + outcome.stderr
    assert outcome.exit_code == (1 if where == "deck" else 2)


# --- numbers of any length, any declared encoding: that file's finding --------------------------------

LONG = "9" * 5000  # Python refuses to turn more than 4,300 digits into an int


@pytest.mark.parametrize(
    "suffix, text, column",
    [
        (".yaml", f"game: redline\nmain:\n  Crate: {LONG}\n", 10),
        (".yaml", f"game: redline\nmain:\n  Crate: 0x{'f' * 5000}\n", 10),
        (".yaml", f"game: redline\nmain:\n  - {LONG} Crate\n", 5),
        (".txt", f"# game: redline\n{LONG} Crate\n", 1),
        (".txt", f"# game: redline\n-{LONG} Crate\n", 1),
    ],
)
def test_a_count_of_thousands_of_digits_is_deck_parse_and_the_run_goes_on(tmp_path, redline_deck, suffix, text, column):
    deck = tmp_path / f"long{suffix}"
    deck.write_text(text)
    outcome = run("check", deck, redline_deck, "--output-format", "json")
    long, other = outcome.report["decks"]
    (finding,) = [f for f in long["findings"] if f["rule"] == "deck.parse"]
    assert (finding["line"], finding["column"]) == (3 if suffix == ".yaml" else 2, column)
    assert len(finding["message"]) < 200 and other["path"] == str(redline_deck)


@pytest.mark.parametrize(
    "file, text",
    [
        ("event.yaml", f"name: x\nlimited:\n  Crate: {LONG}\n"),
        (".deckcheck.yaml", f"game: redline\nstrict: {LONG}\n"),
        ("cards.yaml", f"game: redline\ncards:\n  - {{name: X, type: resource, cost: {LONG}}}\n"),
    ],
)
def test_a_long_number_in_a_configuring_file_is_exit_two_with_its_position(tmp_path, redline_deck, monkeypatch, file, text):
    (tmp_path / file).write_text(text)
    monkeypatch.chdir(tmp_path)
    option = {"event.yaml": ["--event", file], ".deckcheck.yaml": [], "cards.yaml": ["--card-db", file]}[file]
    outcome = run("check", redline_deck, *option)
    assert outcome.exit_code == 2
    assert f"{file}:" in outcome.stderr and "a number 5,0" in outcome.stderr and "characters long" in outcome.stderr


@pytest.mark.parametrize("encoding", ["UTF-7", "Shift_JIS", "EUC-JP", "GB2312", "Big5", "UTF-32", "no-such-encoding"])
def test_a_dek_declaring_another_encoding_is_refused_cleanly(tmp_path, redline_deck, encoding):
    deck = tmp_path / "deck.dek"
    deck.write_text(
        f'<?xml version="1.0" encoding="{encoding}"?>\n<deck><superzone name="Deck"><card>'
        '<name id="x">Peter</name><set>I</set></card></superzone></deck>\n'
    )
    outcome = run("check", deck, redline_deck, "--output-format", "json")
    (finding,) = outcome.report["decks"][0]["findings"]
    assert finding["rule"] == "deck.parse" and f"declares encoding '{encoding}'" in finding["message"]
    assert (finding["line"], finding["column"]) == (1, 31) and len(outcome.report["decks"]) == 2


# --- positions as editors count lines ------------------------------------------------------------------


def test_a_control_character_in_yaml_is_reported_where_it_is_on_one_line(check_deck):
    outcome = check_deck("game: redline\nmain:\n  Cr\x07ate: 3\n")
    (finding,) = outcome.findings("deck.parse")
    assert (finding["line"], finding["column"]) == (3, 5) and "\n" not in finding["message"]
    assert "U+0007" in finding["message"]


def test_a_yaml_line_separator_is_refused_where_it_is(check_deck):
    (finding,) = check_deck("game: redline\nmain:\n  Crate: 3\n  Bo\u2028lt: 1\n").findings("deck.parse")
    assert (finding["line"], finding["column"]) == (4, 5) and "U+2028" in finding["message"]


def test_text_decks_count_lines_as_editors_do(check_deck):
    # a form feed, a vertical tab and U+2028 end no line: the unknown card is on line 4
    outcome = check_deck("# game: redline\n3 Crate\x0c\n4 Bo\x0blt\u2028x\n2 Nosuch\n", "redline-cards.yaml", ".txt")
    lines = {f["cards"][0]: f["line"] for f in outcome.findings("deck.unknown-card")}
    assert lines["Nosuch"] == 4 and lines["Bo\x0blt\u2028x"] == 3


def test_old_mac_line_breaks_count_too(check_deck):
    outcome = check_deck("# game: redline\r3 Crate\r2 Nosuch\r", "redline-cards.yaml", ".txt")
    (finding,) = outcome.findings("deck.unknown-card")
    assert finding["line"] == 3


@pytest.mark.parametrize("text, where", [("game: redline\ncards: [\x00]\n", "2:9"), ("", "1:1")])
def test_binary_and_empty_configuring_files_have_a_position(tmp_path, redline_deck, text, where):
    (tmp_path / "cards.yaml").write_bytes(text.encode())
    outcome = run("check", redline_deck, "--card-db", tmp_path / "cards.yaml")
    assert outcome.exit_code == 2 and f"cards.yaml:{where}: " in outcome.stderr


# --- an empty config is an empty config -------------------------------------------------------------------


@pytest.mark.parametrize("text", ["", "\n\n", "# only a comment\n", "---\n", "# a\n\n# b\n"])
def test_an_empty_or_comment_only_config_is_no_config(tmp_path, redline_deck, monkeypatch, text):
    (tmp_path / ".deckcheck.yaml").write_text(text)
    monkeypatch.chdir(tmp_path)
    outcome = run("check", redline_deck, "--card-db", DATA / "redline-cards.yaml")
    assert outcome.exit_code == 1 and outcome.stderr == ""


# --- nothing injected: one escaping per output channel --------------------------------------------------

HOSTILE_NAME = "Evil\x1b[31mRed\x1b]0;title\x07 ::add-mask::x ##[error]y"


def _no_terminal_tricks(text: str) -> None:
    assert "\x1b" not in text and "\x07" not in text and "##[" not in text
    assert not any(line.lstrip().startswith("::") for line in text.splitlines()), text


@pytest.fixture
def hostile_deck(tmp_path):
    path = tmp_path / "hostile.yaml"
    path.write_text(
        f'game: redline\nname: "{HOSTILE_NAME.encode("unicode_escape").decode()}"\nmain:\n'
        f'  "{HOSTILE_NAME.encode("unicode_escape").decode()}": 2\n'
    )
    return path


@pytest.mark.parametrize("output_format", ["text", "concise", "markdown"])
def test_terminal_reports_show_control_characters_and_defuse_workflow_commands(hostile_deck, output_format):
    outcome = run("check", hostile_deck, "--output-format", output_format)
    _no_terminal_tricks(outcome.stdout)
    shown = html.unescape(re.sub(r"<[^>]+>", "", rendered_markdown(outcome.stdout))) if output_format == "markdown" else outcome.stdout
    assert "\\x1b[31mRed" in shown


def test_explain_is_escaped_too(hostile_deck):
    _no_terminal_tricks(run("check", hostile_deck, "--explain").stdout)


def test_stderr_shows_event_keys_and_file_names_escaped(tmp_path, redline_deck):
    event = tmp_path / "event.yaml"
    event.write_text('name: x\nbanned: ["Crate\\n::add-mask::secret", "Bolt\\u001b[2J"]\n')
    outcome = run("check", redline_deck, "--event", event)
    assert outcome.exit_code == 2
    _no_terminal_tricks(outcome.stderr)
    assert "'Crate\\x0a::add-mask::secret' matches no card" in outcome.stderr
    named = tmp_path / "cards\x1b[2J.yaml"
    named.write_text("game: redline\ncards: 5\n")
    outcome = run("check", redline_deck, "--card-db", named)
    assert outcome.exit_code == 2 and "cards\\x1b[2J.yaml" in outcome.stderr and "\x1b" not in outcome.stderr


def test_fmt_check_prints_a_file_name_with_a_newline_on_one_line(tmp_path):
    deck = tmp_path / "x\n::add-mask::secret.yaml"
    deck.write_text("game: redline\nmain:\n  Crate: 2\n  Bolt: 1\n")
    outcome = run("fmt", "--check", tmp_path)
    _no_terminal_tricks(outcome.stdout + outcome.stderr)
    assert "would reformat " in outcome.stdout and "x\\x0a::add-mask::secret.yaml" in outcome.stdout


def test_a_file_name_cannot_forge_a_concise_prefix(tmp_path):
    deck = tmp_path / "a.yaml:99:1: warning deck.parse fake.yaml"
    deck.write_text("game: redline\nmain:\n  Crate: 2\n")
    outcome = run("check", deck, "--output-format", "concise")
    lines = outcome.stdout.splitlines()
    assert lines and all(":99:1:" not in line.split(" ", 1)[0] for line in lines)
    assert all(line.startswith(str(tmp_path / "a.yaml\\x3a99\\x3a1")) for line in lines)


def test_junit_stays_well_formed_with_control_characters(hostile_deck):
    import xml.etree.ElementTree as ET

    text = run("check", hostile_deck, "--output-format", "junit").stdout
    root = ET.fromstring(text.encode())
    assert root.tag == "testsuites" and "\\x1b" in text


def test_markdown_escapes_a_carriage_return_and_html(tmp_path):
    deck = tmp_path / "deck\r# Injected heading.yaml"
    deck.write_text('game: redline\nmain:\n  "<script>alert(1)</script>": 1\n')
    text = run("check", deck, "--output-format", "markdown").stdout
    assert not any(line.startswith("# Injected") for line in text.splitlines())
    assert "<script>" not in text and "&lt;script&gt;" in text


def test_sarif_uris_are_percent_encoded(tmp_path):
    import json

    deck = tmp_path / "deck #1 100% ?.yaml"
    deck.write_text("game: redline\nmain:\n  Crate: 2\n")
    sarif = json.loads(run("check", deck, "--output-format", "sarif").stdout)
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in sarif["runs"][0]["results"]}
    assert uris == {(tmp_path / "deck %231 100%25 %3F.yaml").as_posix().replace(" ", "%20")}


@pytest.mark.skipif(sys.platform == "darwin", reason="macOS refuses file names that are not UTF-8")
@pytest.mark.slow
def test_a_file_name_that_is_not_utf8_is_shown_escaped_and_every_output_is_written(tmp_path, monkeypatch):
    folder = os.fsencode(tmp_path)
    with open(folder + b"/bad\xff.txt", "wb") as handle:
        handle.write(b"# game: redline\n2 Crate\n")
    summary = tmp_path / "summary.md"
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    report = tmp_path / "report.json"
    done = deckcheck("check", tmp_path, "--output-format", "github", env={"GITHUB_STEP_SUMMARY": str(summary)})
    assert done.returncode == 1 and "internal error" not in done.stderr and "bad\\xff.txt" in done.stdout
    assert "bad\\xff.txt" in rendered_markdown(summary.read_text())  # as the job summary shows it
    done = deckcheck("check", tmp_path, "--output-format", "json", "--output", report)
    assert done.returncode == 1 and "bad\\\\xff.txt" in report.read_text()


# --- bounded work --------------------------------------------------------------------------------------


@pytest.mark.slow
def test_only_the_first_unknown_names_of_a_deck_get_suggestions(tmp_path):
    """Against a database of 6,000 names (the size of the real Redemption list) only the first
    unknown names of a deck get suggestions, each compared with a few dozen candidates (timed by
    benchmarks/unknown_names.py, not here)."""
    import random
    import string

    cards = tmp_path / "cards.yaml"
    rng = random.Random(7)
    names = sorted(
        {"".join(rng.choice(string.ascii_lowercase + "  ") for _ in range(rng.randint(6, 28))).strip() for _ in range(6000)} - {""}
    )
    cards.write_text("game: redline\ncards:\n" + "".join(f'  - {{name: "{n}", id: c{i}, type: resource}}\n' for i, n in enumerate(names)))
    deck = tmp_path / "deck.txt"
    # (9,999 lines and the game's: a deck of more than 10,000 lines is refused whole)
    deck.write_text("# game: redline\n" + "".join(f"1 Zq{i} {names[i % len(names)][:5]}x\n" for i in range(9999)))
    outcome = run("check", deck, "--card-db", cards, "--output-format", "json")
    unknown = outcome.findings("deck.unknown-card")
    assert len(unknown) == 9999
    suggested = [f for f in unknown if "did you mean" in f["message"]]
    assert 0 < len(suggested) <= 25


def test_suggestions_still_find_a_close_name_in_a_large_list():
    from types import MappingProxyType

    from deckcheck.loading.names import NameIndex
    from deckcheck.model import Card

    cards = [Card(f"c{i}", f"Filler card number {i}", ("resource",), MappingProxyType({})) for i in range(5000)]
    cards.append(Card("rabbit", "EF-9 Rabbit", ("efreet",), MappingProxyType({})))
    index = NameIndex(cards)
    assert index.resolve("EF-9 Rabit", suggest=True).suggestions[0] == "EF-9 Rabbit"
    assert index.resolve("Filler card numbr 4321", suggest=True).suggestions[0] == "Filler card number 4321"


def _titles_of_several_cards(tmp_path, titles: int, types: tuple[str, ...]) -> Path:
    """A Redemption database of `titles` titles, each printed once as each of `types` (different
    cards, counted differently by the rules over the whole deck), beside good and evil fillers."""
    cards = "".join(
        f"  - {{name: Good {i}, type: hero, brigades: [white]}}\n  - {{name: Evil {i}, type: evil_character, brigades: [black]}}\n"
        for i in range(60)
    )
    cards += "".join(f"  - {{name: Soul {i}, type: lost_soul, reference: 'Psalm {i}:1'}}\n" for i in range(25))
    cards += "".join(
        f"  - {{name: Place {i} ({kind}), id: place-{i}-{kind}, title: Place {i}, type: {kind}}}\n" for i in range(titles) for kind in types
    )
    (tmp_path / "cards.yaml").write_text("game: redemption\ncards:\n" + cards)
    return tmp_path / "cards.yaml"


def _deck_of_titles(tmp_path, titles: int, format_name: str = "type1-unlimited") -> Path:
    """A 1.3.0 deck of 140 cards, 19 Lost Souls, naming every title once."""
    lines = [f"1 Soul {i}" for i in range(19)] + [f"1 Place {i}" for i in range(titles)]
    lines += [f"{n} {side} {i}" for i in range(60) for side, n in (("Good", 1), ("Evil", 1))][: 140 - len(lines)]
    deck = tmp_path / "deck.txt"
    deck.write_text(f"# game: redemption\n# format: {format_name}\n" + "\n".join(lines) + "\n")
    return deck


def test_forty_titles_of_four_cards_type1_counts_two_ways_get_every_readings_verdict(tmp_path):
    """A Fortress, a Site, a City, an Artifact: Type 1 counts Sites and Cities against the Lost
    Souls and no more, so forty such titles add up to 41 sums, each tried: the deck's verdict is
    every reading's (40 Sites and Cities outnumber 19 Lost Souls in some), not a bound's."""
    cards = _titles_of_several_cards(tmp_path, 40, ("fortress", "site", "city", "artifact"))
    outcome = run("check", _deck_of_titles(tmp_path, 40), "--card-db", cards, "--as-of", "2026-06-01", "--output-format", "json")
    ambiguous = outcome.findings("deck.ambiguous-card")
    assert ambiguous and outcome.deck["legal"] is False
    assert not any("too many such cards" in f["message"] for f in ambiguous)
    assert all("redemption.site-cap" in f["message"] for f in ambiguous)


@pytest.mark.slow
def test_seventy_titles_of_two_cards_each_are_judged_in_bounded_runs(tmp_path):
    """2**70 readings, never listed: the names are judged by the Sites they may add up to (71 sums),
    and the verdict is every reading's: 70 Sites outnumber 19 Lost Souls."""
    cards = _titles_of_several_cards(tmp_path, 70, ("fortress", "site"))
    outcome = run("check", _deck_of_titles(tmp_path, 70), "--card-db", cards, "--as-of", "2026-06-01", "--output-format", "json")
    assert outcome.deck["counts"]["main"] == 140 and outcome.deck["legal"] is False
    (ambiguous,) = outcome.findings("deck.ambiguous-card")
    assert "redemption.site-cap" in ambiguous["message"] and ambiguous["severity"] == "error"


@pytest.mark.slow
def test_titles_past_every_bound_get_the_verdict_of_every_reading(tmp_path):
    """Forty Type 2 titles of four cards each counted another way (a Lost Soul, a good Dominant, a
    Site, an evil Enhancement: the Lost Souls, the Dominant and Site caps and the good-evil balance
    each read one): 12,341 distinct sums, more than deckcheck tries, judged by the rules' limits.
    Some readings are legal, others not: each name whose reading decides is an error saying what
    each of its cards gives (it was an error asking for the card, saying only that there were too
    many to try)."""
    cards = _titles_of_several_cards(tmp_path, 40, ("lost_soul", "good_dominant", "site", "evil_enhancement"))
    deck = _deck_of_titles(tmp_path, 40, "type2")
    outcome = run("check", deck, "--card-db", cards, "--as-of", "2026-06-01", "--output-format", "json")
    ambiguous = outcome.findings("deck.ambiguous-card")
    assert len(ambiguous) == 40 and outcome.deck["legal"] is False
    assert all("its reading decides the verdict" in f["message"] and "gives a legal deck" in f["message"] for f in ambiguous)
    assert all("redemption.alignment-balance" in f["message"] for f in ambiguous)


# --- the cache trusts only what it wrote -----------------------------------------------------------------

CPM = Path(__file__).parent.parent / "examples" / "redline-cpm.yaml"


def _cache_entries(tmp_path, monkeypatch) -> list[Path]:
    """Check the CPM starter once with a private cache; its entries: the bundled REDLINE data's
    file, the REDLINE list kept whole, and what the stat of its files says (however lately they
    were written: a fresh clone's are)."""
    from deckcheck.loading import kept_lists

    cache = tmp_path / "cache"
    monkeypatch.setenv("DECKCHECK_CACHE_DIR", str(cache))
    monkeypatch.setattr(kept_lists, "SETTLED", 0)
    assert run("check", CPM).exit_code == 0
    entries = sorted(cache.glob("*.entry"))
    assert len(entries) == 3
    return entries


def _shaped(tmp_path, monkeypatch, payload: str) -> list[Path]:
    """Every entry replaced by `payload` with a MAC made as deckcheck makes it but with another key:
    what someone who can write the folder, but not read the user's key, could do."""
    import hashlib
    import hmac

    entries = _cache_entries(tmp_path, monkeypatch)
    body = payload.encode()
    for entry in entries:
        entry.write_bytes(hmac.new(b"x" * 32, body, hashlib.sha256).hexdigest().encode() + b"\n" + body)
    return entries


@pytest.mark.parametrize(
    "payload",
    [
        '{"source": "x", "data": {"game": [], "cards": [], "formats": []}}',
        '{"source": "x", "data": {"game": {"a": 1}, "cards": [], "formats": []}}',
        '{"source": "x", "data": {"game": "redline", "cards": [], "formats": 5}}',
        '{"source": "x", "data": {"game": "redline", "cards": [[1, 2, 3, 4]], "formats": []}}',
        '{"source": "x", "data": [{"game": "redline", "files": [0], "formats": [], "cards": [], "indexes": {}}]}',
        "[" * 100_000 + "]" * 100_000,
        "{not json",
        "",
        "parts\n",
        "(",  # what starts a tuple of the entries deckcheck writes now
    ],
)
def test_a_cache_entry_of_any_shape_is_ignored_and_rewritten(tmp_path, monkeypatch, payload):
    entries = _shaped(tmp_path, monkeypatch, payload)
    outcome = run("check", CPM)
    assert outcome.exit_code == 0 and outcome.stderr == ""
    for entry in entries:  # written again: the payload's MAC was made with another key
        assert _written_by_deckcheck(entry, tmp_path / "cache")


def _written_by_deckcheck(entry: Path, cache: Path) -> bool:
    import hashlib
    import hmac

    mac, _, body = entry.read_bytes().partition(b"\n")
    return hmac.compare_digest(mac, hmac.new((cache / "key").read_bytes(), body, hashlib.sha256).hexdigest().encode())


def test_a_well_shaped_but_wrong_entry_cannot_make_a_legal_deck_illegal(tmp_path, monkeypatch):
    entries = _cache_entries(tmp_path, monkeypatch)
    made_wrong = []
    for entry in entries:
        # every CPM card now UNE, in the file's entry and in the whole list's, lengths unchanged:
        # trusted, it would leave the CPM starter illegal or the card list broken
        mac, _, body = entry.read_bytes().partition(b"\n")
        if b"cpm" in body:  # (not the entry of the files' stat: hashes only)
            entry.write_bytes(mac + b"\n" + body.replace(b"cpm", b"une"))
            made_wrong.append(entry)
    assert len(made_wrong) == 2
    assert run("check", CPM).exit_code == 0
    for entry in made_wrong:  # written again, by deckcheck
        assert _written_by_deckcheck(entry, tmp_path / "cache") and b"cpm" in entry.read_bytes()


def test_an_entry_copied_from_another_file_is_not_used(tmp_path, monkeypatch):
    from deckcheck.loading.cache import key, load, store

    monkeypatch.setenv("DECKCHECK_CACHE_DIR", str(tmp_path / "cache"))
    store(b"one file", {"x": 1})
    (tmp_path / "cache" / f"{key(b'one file')}.entry").rename(tmp_path / "cache" / f"{key(b'another')}.entry")
    assert load(b"another") is None and load(b"one file") is None


def test_entries_are_used_as_json_would_give_them_back(tmp_path, monkeypatch):
    from deckcheck.loading.cache import load, store

    monkeypatch.setenv("DECKCHECK_CACHE_DIR", str(tmp_path / "cache"))
    store(b"content", {"cards": (1, 2), 3: "three"})
    assert load(b"content") == {"cards": [1, 2], "3": "three"}


def test_an_entry_too_large_to_be_read_back_is_not_written(tmp_path, monkeypatch):
    from deckcheck.loading import cache

    monkeypatch.setenv("DECKCHECK_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(cache, "MAX_ENTRY", 1000)
    cache.store_parts(b"small", [b"x" * 100])
    cache.store_parts(b"large", [b"x" * 1000])
    assert cache.load_parts(b"small") == [b"x" * 100] and cache.load_parts(b"large") is None
    assert not (tmp_path / "cache" / f"{cache.key(b'large')}.entry").exists()


def test_entries_of_parts_are_used_as_they_were_kept(tmp_path, monkeypatch):
    from deckcheck.loading.cache import load, load_parts, store, store_parts

    monkeypatch.setenv("DECKCHECK_CACHE_DIR", str(tmp_path / "cache"))
    parts = [b'{"a": 1}', b"", b"line one\nline two\n", "\u00e9".encode()]
    store_parts(b"content", parts)
    assert load_parts(b"content") == parts and load(b"content") is None  # not an entry of data
    store(b"other", {"cards": [1, 2]})
    assert load_parts(b"other") is None  # not an entry of parts


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="no file ownership on this system")
def test_a_key_others_could_write_makes_the_folder_untrusted(tmp_path, monkeypatch):
    from deckcheck.loading.cache import load, store

    monkeypatch.setenv("DECKCHECK_CACHE_DIR", str(tmp_path / "cache"))
    store(b"content", {"x": 1})
    (tmp_path / "cache" / "key").chmod(0o666)
    assert load(b"content") is None


def test_an_entry_of_an_older_deckcheck_is_ignored(tmp_path, monkeypatch):
    from deckcheck.loading.cache import key, load, store

    monkeypatch.setenv("DECKCHECK_CACHE_DIR", str(tmp_path / "cache"))
    store(b"content", {"x": 1})
    (tmp_path / "cache" / f"{key(b'content')}.entry").write_text('{"game": "redemption", "name": "Séance"}')
    assert load(b"content") is None


# --- db import lackey ------------------------------------------------------------------------------------

HEADER = (
    "Name\tSet\tImageFile\tOfficialSet\tType\tBrigade\tStrength\tToughness\tClass\tIdentifier\tSpecialAbility\t"
    "Rarity\tReference\tSound\tAlignment\tLegality\n"
)


def card_row(name, card_set="Ki", strength="5", kind="Hero"):
    return f"{name}\t{card_set}\t{name}_img\t{card_set}\t{kind}\tBlue\t{strength}\t5\t\t\t\tCommon\tJohn 1:1\t\tGood\t\n"


def test_sets_differing_in_case_do_not_overwrite_each_other(tmp_path):
    (tmp_path / "carddata.txt").write_text(HEADER + card_row("Aaron (Pa)", "Pa") + card_row("Abel (PA)", "PA"))
    outcome = run("db", "import", "lackey", tmp_path / "carddata.txt", "-o", tmp_path / "out")
    assert outcome.exit_code == 0, outcome.stderr
    assert "2 cards imported" in outcome.stdout and "2 files written" in outcome.stdout
    lint = run("db", "lint", tmp_path / "out")
    assert lint.exit_code == 0 and "2 cards" in lint.stdout


def test_a_number_no_card_prints_skips_its_row(tmp_path):
    (tmp_path / "carddata.txt").write_text(HEADER + card_row("Giant", strength="9" * 5000) + card_row("Abel"))
    outcome = run("db", "import", "lackey", tmp_path / "carddata.txt", "-o", tmp_path / "out")
    assert outcome.exit_code == 0, outcome.stderr
    assert "skipped, a row with a number no card prints: 1" in outcome.stdout
    assert "row 2: a number of 5,000 digits in Strength" in outcome.stdout


@pytest.mark.parametrize(
    "text, words",
    [
        (HEADER, "no cards in it (a header and 0 rows)"),
        (HEADER + card_row("Token", kind="Lost Soul Token"), "no cards in it (a header and 1 row)"),
    ],
)
def test_a_card_list_with_no_cards_is_exit_two(tmp_path, text, words):
    (tmp_path / "carddata.txt").write_text(text)
    outcome = run("db", "import", "lackey", tmp_path / "carddata.txt", "-o", tmp_path / "out")
    assert outcome.exit_code == 2 and words in outcome.stderr


def test_output_naming_a_file_is_exit_two(tmp_path):
    (tmp_path / "carddata.txt").write_text(HEADER + card_row("Abel"))
    (tmp_path / "taken").write_text("not a folder")
    outcome = run("db", "import", "lackey", tmp_path / "carddata.txt", "-o", tmp_path / "taken")
    assert outcome.exit_code == 2 and "is not a folder" in outcome.stderr
    assert (tmp_path / "taken").read_text() == "not a folder"


def test_a_name_of_greek_letters_gets_an_id(tmp_path):
    (tmp_path / "carddata.txt").write_text(HEADER + card_row("Ἀβραάμ") + card_row("Δαβίδ"))
    outcome = run("db", "import", "lackey", tmp_path / "carddata.txt", "-o", tmp_path / "out")
    assert outcome.exit_code == 0, outcome.stderr
    from deckcheck.loading.card_db import load_databases

    ids = {c.id for c in load_databases([tmp_path / "out"])["redemption"].cards}
    assert len(ids) == 2 and all(i.startswith("x-") for i in ids)


@pytest.mark.slow
def test_a_large_set_is_split_below_the_loaders_limit(tmp_path):
    rows = "".join(card_row(f"Soldier Number {i} of the Big Set", "Big") for i in range(20_000))
    (tmp_path / "carddata.txt").write_text(HEADER + rows)
    outcome = run("db", "import", "lackey", tmp_path / "carddata.txt", "-o", tmp_path / "out")
    assert outcome.exit_code == 0, outcome.stderr
    files = sorted((tmp_path / "out").glob("*.yaml"))
    assert len(files) > 1 and all(f.stat().st_size < 1024 * 1024 for f in files)
    lint = run("db", "lint", tmp_path / "out")
    assert lint.exit_code == 0 and "20,000 cards" in lint.stdout


def test_a_second_import_replaces_the_first(tmp_path):
    (tmp_path / "carddata.txt").write_text(HEADER + card_row("Abel", "Old"))
    run("db", "import", "lackey", tmp_path / "carddata.txt", "-o", tmp_path / "out")
    (tmp_path / "out" / "mine.yaml").write_text("game: redline\ncards: []\n")  # not the import's: kept
    (tmp_path / "carddata.txt").write_text(HEADER + card_row("Abel", "New"))
    assert run("db", "import", "lackey", tmp_path / "carddata.txt", "-o", tmp_path / "out").exit_code == 0
    assert sorted(p.name for p in (tmp_path / "out").glob("*.yaml")) == ["mine.yaml", "new.yaml"]


@needs_fifo
def test_a_fifo_as_the_card_list_is_exit_two(tmp_path):
    os.mkfifo(tmp_path / "carddata.txt")
    done = deckcheck("db", "import", "lackey", tmp_path / "carddata.txt", "-o", tmp_path / "out")
    assert done.returncode == 2 and "not a regular file" in done.stderr


# --- fmt: nothing lost, and the run goes on ---------------------------------------------------------------


def test_fmt_leaves_a_dek_as_lackeyccg_wrote_it(tmp_path):
    from conftest import REPO

    deck = tmp_path / "deck.dek"
    original = (REPO / "tests" / "decks" / "redemption" / "deck-i.dek").read_bytes()
    deck.write_bytes(original)
    for args in (["fmt", deck], ["fmt", "--check", deck]):
        outcome = run(*args)
        assert outcome.exit_code == 0 and "skipped" in outcome.stdout and ".dek file is left as LackeyCCG writes it" in outcome.stdout
    assert deck.read_bytes() == original


@pytest.mark.parametrize(
    "suffix, text, header",
    [
        (".txt", "# game: redemption\n2\tPeter (I)\nReserve:\n1\tJames\n", "Reserve:"),
        (".yaml", "game: redemption\nmain:\n  Peter (I): 2\nreserve:\n  James: 1\n", "reserve:"),
    ],
)
def test_fmt_keeps_the_reserve_its_name(tmp_path, suffix, text, header):
    deck = tmp_path / f"deck{suffix}"
    deck.write_text(text)
    assert run("fmt", deck).exit_code == 0
    written = deck.read_text()
    assert header in written and "Side:" not in written and "side:" not in written
    assert run("check", deck, "--output-format", "json").deck["counts"] == {"main": 2, "side": 1}


def test_a_yaml_deck_may_not_give_side_and_reserve(check_deck):
    (finding,) = check_deck("game: redemption\nmain:\n  James: 1\nside:\n  John: 1\nreserve:\n  Peter: 1\n").findings("deck.parse")
    assert finding["line"] == 6 and "'reserve' is the same zone as the 'side' of line 4" in finding["message"]


def test_fmt_merges_one_card_named_by_name_and_by_id(tmp_path):
    deck = tmp_path / "deck.yaml"
    deck.write_text("game: redline\nmain:\n  # rabbits\n  EF-9 Rabbit: 2  # two\n  ef-9-rabbit: 1  # and one\n")
    assert run("fmt", deck).exit_code == 0
    assert deck.read_text() == "game: redline\nmain:\n  # rabbits\n  # and one\n  EF-9 Rabbit: 3  # two\n"


@pytest.mark.parametrize("name", ["Cr\x7fate", "Bolt\u2028x", "A" * 1100])
def test_fmt_writes_any_name_back_readable(tmp_path, name):
    import json

    deck = tmp_path / "deck.yaml"
    deck.write_text(f"game: redline\nmain:\n  - {json.dumps('2 ' + name)}\n  - 1 Crate\n")

    def said():
        return sorted((f["rule"], f["message"]) for f in run("check", deck, "--output-format", "json").deck["findings"])

    first = said()
    assert any(name in message for _, message in first)
    assert run("fmt", deck).exit_code == 0
    assert said() == first
    assert run("fmt", "--check", deck).exit_code == 0  # and it is idempotent


def test_fmt_keeps_a_text_decks_first_line_comment(tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text("# my deck, from the forum\n3 EF-9 Rabbit\n2 Supply Drop\n")
    assert run("fmt", "--game", "redline", deck).exit_code == 0
    assert deck.read_text().splitlines()[:2] == ["# game: redline", "# my deck, from the forum"]


UNSORTED = "game: redline\nmain:\n  EF-9 Rabbit: 3\n  Supply Drop: 19\n"


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symbolic links on this system")
def test_fmt_writes_a_links_target_and_keeps_the_link(tmp_path):
    target = tmp_path / "real.yaml"
    target.write_text(UNSORTED)
    link = tmp_path / "link.yaml"
    link.symlink_to(target)
    assert run("fmt", link).exit_code == 0
    assert link.is_symlink() and target.read_text().index("Supply Drop") < target.read_text().index("EF-9")


@pytest.mark.skipif(not hasattr(os, "link"), reason="no hard links on this system")
def test_fmt_refuses_a_hard_linked_file_and_goes_on(tmp_path):
    first = tmp_path / "a.yaml"
    first.write_text(UNSORTED)
    os.link(first, tmp_path / "b-link.yaml")
    other = tmp_path / "c.yaml"
    other.write_text(UNSORTED)
    outcome = run("fmt", first, other)
    assert outcome.exit_code == 1 and "has 2 hard links" in outcome.stderr
    assert first.read_text() == UNSORTED and (tmp_path / "b-link.yaml").read_text() == UNSORTED
    assert other.read_text() != UNSORTED  # the run went on


def test_fmt_refuses_a_read_only_file(tmp_path):
    """(os.access says a 0444 file is writable for root; deckcheck asks the file's mode as well.)"""
    deck = tmp_path / "deck.yaml"
    deck.write_text(UNSORTED)
    deck.chmod(0o444)
    outcome = run("fmt", deck)
    assert outcome.exit_code == 1 and "read-only" in outcome.stderr and deck.read_text() == UNSORTED


def test_fmt_in_a_folder_it_cannot_write_goes_on_with_the_others(tmp_path, monkeypatch):
    import tempfile

    locked = tmp_path / "locked"
    locked.mkdir()
    (locked / "deck.yaml").write_text(UNSORTED)
    (tmp_path / "free.yaml").write_text(UNSORTED)
    real_mkstemp = tempfile.mkstemp

    def refusing(*args, dir=None, **kwargs):  # what a folder without write permission answers
        if Path(dir) == locked:
            raise PermissionError(13, "Permission denied")
        return real_mkstemp(*args, dir=dir, **kwargs)

    monkeypatch.setattr(tempfile, "mkstemp", refusing)
    outcome = run("fmt", locked / "deck.yaml", tmp_path / "free.yaml")
    assert outcome.exit_code == 1 and "cannot be rewritten: Permission denied" in outcome.stderr
    assert (locked / "deck.yaml").read_text() == UNSORTED and (tmp_path / "free.yaml").read_text() != UNSORTED


def test_fmt_writes_a_deck_with_the_longest_file_name(tmp_path):
    deck = tmp_path / ("d" * 240 + ".yaml")
    deck.write_text(UNSORTED)
    outcome = run("fmt", deck)
    assert outcome.exit_code == 0, outcome.stderr
    assert deck.read_text() != UNSORTED


@pytest.mark.parametrize(
    "file, text, where, said",
    [
        ("event.yaml", "name: x\nfoo: 2\n", "2:1", "unknown key 'foo'"),
        (".deckcheck.yaml", "game: redline\n\njunk: 1\n", "3:1", "unknown key 'junk'"),
        (".deckcheck.yaml", "game: redline\nignor: [redline.copy-limit]\n", "2:1", "unknown key 'ignor'; did you mean 'ignore'?"),
        ("event.yaml", "name: x\nsettings:\n  life_points: 10\n  colour: red\n", "4:3", "unknown key 'colour'"),
    ],
)
def test_an_unknown_key_in_an_event_or_config_is_reported_at_its_line(tmp_path, redline_deck, monkeypatch, file, text, where, said):
    (tmp_path / file).write_text(text)
    monkeypatch.chdir(tmp_path)
    outcome = run("check", redline_deck, *(["--event", file] if file == "event.yaml" else []))
    assert outcome.exit_code == 2 and f"{file}:{where}: " in outcome.stderr and said in outcome.stderr


def test_a_name_met_without_suggestions_gets_them_in_the_next_deck(tmp_path):
    """A deck's unknown names past the first 25 get no "did you mean"; the same name early in the
    next deck of the run does (names are remembered from deck to deck with what was asked)."""
    first = "game: redline\nmain:\n" + "".join(f"  Nothing {i}: 1\n" for i in range(30)) + "  Crat: 1\n"
    (tmp_path / "a.yaml").write_text(first)
    (tmp_path / "b.yaml").write_text("game: redline\nmain:\n  Crat: 1\n")
    report = run("check", tmp_path, "--card-db", DATA / "redline-cards.yaml", "--output-format", "json").report
    said = {Path(d["path"]).name: [f["message"] for f in d["findings"] if "'Crat'" in f["message"]] for d in report["decks"]}
    assert "did you mean" not in said["a.yaml"][0]
    assert "did you mean 'Crate'" in said["b.yaml"][0]


# --- no deck hidden from CI -------------------------------------------------------------------------


@pytest.mark.parametrize("suffix", [".txt", ".yaml"])
def test_a_line_of_another_documents_shape_does_not_hide_a_deck(tmp_path, suffix):
    """An illegal deck with `limited: see the judge` as its last line is checked as a deck, and fails."""
    folder = tmp_path / "decks"
    folder.mkdir()
    cpm = CPM.read_text(encoding="utf-8").replace("EF-9 Rabbit: 3", "EF-9 Rabbit: 9")
    text = cpm if suffix == ".yaml" else "# game: redline\n1 Crate\n"
    (folder / f"sneaky{suffix}").write_text(text + "limited: see the judge\n", encoding="utf-8")
    outcome = run("check", folder, "--output-format", "json")
    assert outcome.exit_code == 1 and outcome.report["summary"]["decks"] == 1 and outcome.deck["checked"]


@pytest.mark.parametrize(
    "output_format, said",
    [
        ("github", "::warning file={path},line=1,col=1,title=deck.skipped-file::"),
        ("junit", 'name="deck.skipped-file"'),
        ("sarif", '"ruleId": "deck.skipped-file"'),
        ("markdown", "left out"),
        ("text", "1 file left out as not decks"),
    ],
)
def test_a_file_left_out_says_so_in_every_format_and_strict_fails_on_it(tmp_path, output_format, said):
    folder = tmp_path / "decks"
    folder.mkdir()
    (folder / "cpm.yaml").write_text(CPM.read_text(encoding="utf-8"), encoding="utf-8")
    (folder / "ban.yaml").write_text("name: Regional\nbanned: [Crate]\n", encoding="utf-8")
    outcome = run("check", folder, "--output-format", output_format)
    assert outcome.exit_code == 0 and said.format(path=folder / "ban.yaml") in outcome.stdout
    assert run("check", folder, "--output-format", output_format, "--strict").exit_code == 1


# --- no secret in a log -------------------------------------------------------------------------------

SECRET = "https://x-access-token:ghs_" + "A1b2C3d4" * 5 + "@github.com"


@pytest.mark.parametrize("key", ["events", "card_db"])
@pytest.mark.parametrize("content", [SECRET + "\n", f"- {SECRET}\n", f"name: x\nbanned: {SECRET}\ncards: {SECRET}\n"])
def test_a_config_path_to_another_file_never_prints_what_it_holds(tmp_path, monkeypatch, key, content):
    """A pull request may point the config at any file (`.git-credentials`): the error names the
    file and what it should be, and quotes at most a short excerpt of it."""
    (tmp_path / "credentials").write_text(content, encoding="utf-8")
    (tmp_path / ".deckcheck.yaml").write_text(f"{key}: [credentials]\n", encoding="utf-8")
    (tmp_path / "cpm.yaml").write_text(CPM.read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    outcome = run("check", "cpm.yaml")
    assert outcome.exit_code == 2 and ("credentials:1:1:" in outcome.stderr or "credentials:2:" in outcome.stderr)
    assert "ghs_A1b2C3d4A1b2" not in outcome.stderr + outcome.stdout
    if not content.startswith("name"):
        assert "is it the file meant?" in outcome.stderr


@pytest.mark.parametrize("folder", ["/proc", "empty"])
def test_a_card_database_folder_with_none_in_it_is_said_in_one_line(tmp_path, folder):
    (tmp_path / "empty").mkdir()
    path = tmp_path / folder if folder == "empty" else Path(folder)
    outcome = run("check", CPM, "--card-db", path)
    assert outcome.exit_code == 2 and "a folder with no card database in it" in outcome.stderr and "internal error" not in outcome.stderr
