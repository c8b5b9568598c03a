"""Helpers the tests share: running the CLI in-process, writing decks, building decks by size."""

from __future__ import annotations

import json
import os
import re
import shutil
import tempfile
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from deckcheck.cli import app
from typer.testing import CliRunner

if TYPE_CHECKING:
    from deckcheck.model import DeckReport

TESTS = Path(__file__).parent
DATA = TESTS / "data"
REPO = TESTS.parent
SHARED = REPO.parent / "shared"


@pytest.fixture(autouse=True)
def no_user_settings(tmp_path_factory, monkeypatch):
    """Every test runs as a user with no config of their own and no DECKCHECK_CARD_DB (the
    machine's own must not change what a test sees); the tests of those set them."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path_factory.mktemp("xdg-config")))
    monkeypatch.delenv("DECKCHECK_CARD_DB", raising=False)


@dataclass
class Outcome:
    exit_code: int
    stdout: str
    stderr: str

    @property
    def report(self) -> dict[str, Any]:
        return json.loads(self.stdout)

    @property
    def deck(self) -> dict[str, Any]:
        (deck,) = self.report["decks"]
        return deck

    @property
    def errors(self) -> set[str]:
        return {f["rule"] for f in self.deck["findings"] if f["severity"] == "error"}

    @property
    def warnings(self) -> set[str]:
        return {f["rule"] for f in self.deck["findings"] if f["severity"] == "warning"}

    def findings(self, rule: str) -> list[dict[str, Any]]:
        return [f for f in self.deck["findings"] if f["rule"] == rule]


@pytest.fixture(autouse=True)
def private_cache(tmp_path_factory, monkeypatch):
    """The card database cache of the tests never touches the user's own."""
    monkeypatch.setenv("DECKCHECK_CACHE_DIR", str(tmp_path_factory.getbasetemp() / "cache"))


_OWN = Path(tempfile.mkdtemp(prefix="deckcheck-tests-"))


def pytest_configure(config):
    """The same, and no config of the user's, for what runs before any test's fixtures: the test
    modules' own code at collection (a card list loaded once) and the fixtures made once a session
    or a module (the imported card list, a serving desk and its workers)."""
    os.environ["DECKCHECK_CACHE_DIR"] = str(_OWN / "cache")
    os.environ["XDG_CONFIG_HOME"] = str(_OWN / "config")
    os.environ.pop("DECKCHECK_CARD_DB", None)


def pytest_unconfigure(config):
    shutil.rmtree(_OWN, ignore_errors=True)


def pytest_collection_modifyitems(items):
    """A test that reads the real card list (the real_database fixture, which imports it, or a
    fixture made from it) or drives Chromium (a server, a browser) is slow, as pyproject.toml
    says: the quick loop leaves it out."""
    for item in items:
        if "real_database" in getattr(item, "fixturenames", ()) or item.get_closest_marker("browser"):
            item.add_marker(pytest.mark.slow)


@pytest.fixture(autouse=True)
def not_in_github_actions(monkeypatch):
    """Tests expect the default text report; under GitHub Actions the default is github."""
    monkeypatch.delenv("GITHUB_ACTIONS", raising=False)
    monkeypatch.delenv("GITHUB_STEP_SUMMARY", raising=False)


def run(*args: str | Path) -> Outcome:
    result = CliRunner().invoke(app, [str(a) for a in args])
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return Outcome(result.exit_code, result.stdout, result.stderr)


def checked(text: str, db: str | Path | None = None, suffix: str = ".yaml", **options: Any) -> Outcome:
    """What `deckcheck check deck.yaml --card-db tests/data/DB --output-format json` says of `text`,
    checked in this process by the library the command calls: the rules' tests need the report, and
    the command line is tested once per behaviour of its own. `options` are CheckOptions' fields
    (as_of may be written as the command line takes it, "2026-08-13"); the exit code is the command's
    for one deck, 1 when it is illegal."""
    from deckcheck.report.json_report import render

    report = deck_report(text, db, suffix, **options)
    return Outcome(0 if report.legal else 1, render([report]), "")


def deck_report(text: str, db: str | Path | None = None, suffix: str = ".yaml", **options: Any) -> DeckReport:
    """The report of `text` as a deck file named deck.yaml (or deck + `suffix`), checked in this
    process against tests/data/`db` (or the bundled card data); `options` as for `checked`."""
    from datetime import date

    from deckcheck.check import CheckOptions, check_file
    from deckcheck.loading.card_db import Databases, load_databases

    if isinstance(options.get("as_of"), str):
        options["as_of"] = date.fromisoformat(options["as_of"])
    databases = Databases(load_databases([DATA / db])) if db else Databases()
    return check_file(Path(f"deck{suffix}"), CheckOptions(**options), databases, text.encode("utf-8"))


@pytest.fixture
def check_deck():
    """`checked`, as a fixture: check_deck(text, db, suffix, **options)."""
    return checked


@pytest.fixture
def deck_command(tmp_path):
    """Write `text` as a deck file and run `deckcheck check` on it with the command line's own
    options (a report format, --explain, --event, --strict, a date as typed), against tests/data/`db`."""

    def command(text: str, db: str | Path | None = None, suffix: str = ".yaml", *options: str | Path) -> Outcome:
        path = tmp_path / f"deck{suffix}"
        path.write_text(text, encoding="utf-8")
        database = ("--card-db", DATA / db) if db else ()
        return run("check", path, *database, "--output-format", "json", *options)

    return command


def zone_yaml(zone: str, cards: dict[str, int]) -> str:
    lines = [f"{zone}:"]
    lines += [f"  {json.dumps(name)}: {count}" for name, count in cards.items()]
    return "\n".join(lines) + "\n"


def redemption_deck(size: int, lost_souls: int, extra: dict[str, int] | None = None) -> str:
    """A quick-start deck of `size` cards: `lost_souls` plain Lost Souls, the `extra` cards, and
    plain single-brigade Heroes (3 of each) to fill the rest."""
    cards = {f"Soul {i}": 1 for i in range(1, lost_souls + 1)}
    cards.update(extra or {})
    missing = size - sum(cards.values())
    filler = 1
    while missing > 0:
        cards[f"Filler {filler}"] = min(3, missing)
        missing -= cards[f"Filler {filler}"]
        filler += 1
    assert missing == 0, "the extra cards are more than the deck size"
    return "game: redemption\nformat: quickstart\n" + zone_yaml("main", cards)


def redline_deck(main: dict[str, int], general: str | None = "Mars General", **zones: dict[str, int]) -> str:
    text = "game: redline\n" + (f"general: {general}\n" if general else "") + zone_yaml("main", main)
    for zone, cards in zones.items():
        text += zone_yaml(zone, cards)
    return text


def legal_redline_main(**changes: int) -> dict[str, int]:
    """60 cards for Mars General: 23 resources and 37 CPM efreets, then `changes` applied."""
    main = {"Crate": 23}
    for i in range(1, 11):
        main[f"Mars Walker {i}"] = 4 if i <= 7 else 3
    main.update(changes)
    return {name: count for name, count in main.items() if count}


def fill(cards: dict[str, int], size: int, filler: str, copies: int) -> dict[str, int]:
    """`cards` topped up to `size` cards with `filler 1`, `filler 2`, ... (`copies` of each)."""
    cards = dict(cards)
    number = 1
    while sum(cards.values()) < size:
        if f"{filler} {number}" not in cards:
            cards[f"{filler} {number}"] = min(copies, size - sum(cards.values()))
        number += 1
    return cards


def demon_rush_deck(
    main: dict[str, int], side: dict[str, int] | None = None, champion: str | None = "Holy Champion", size: int | None = None
) -> str:
    """A Demon Rush deck; with `size`, the main deck is topped up with Neutral Soldiers, 3 of each."""
    if size is not None:
        main = fill(main, size, "Neutral Soldier", 3)
    text = "game: demon-rush\n" + (f"champion: {champion}\n" if champion else "") + zone_yaml("main", main)
    return text + (zone_yaml("side", side) if side else "")


@pytest.fixture(scope="session")
def real_database(tmp_path_factory):
    """The real LackeyCCG card list (../shared/data), imported once: (its folder, the import's summary)."""
    real = SHARED / "data" / "redemption-lackey"
    if not real.is_dir():
        pytest.skip("../shared/data/redemption-lackey is not beside this checkout")
    out = tmp_path_factory.mktemp("real")
    outcome = run("db", "import", "lackey", real / "carddata.txt", "--formats", real / "formats.txt", "-o", out)
    assert outcome.exit_code == 0, outcome.stderr
    return out, outcome.stdout


def rendered_markdown(text: str) -> str:
    """Markdown as GitHub renders it (cmark-gfm, its own renderer, with its extensions), as HTML."""
    import cmarkgfm

    return cmarkgfm.github_flavored_markdown_to_html(text)


def markdown_cells(text: str) -> list[list[str]]:
    """The text of each table row's cells as GitHub shows them, row by row, every table in turn."""
    import html
    import re

    rendered = rendered_markdown(text)
    rows = re.findall(r"<tr>(.*?)</tr>", rendered, re.DOTALL)
    return [
        [html.unescape(re.sub(r"<[^>]+>", "", cell)).strip() for cell in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row, re.DOTALL)]
        for row in rows
    ]


# what a terminal or CI log must never receive raw: controls (a line break only as the report's own),
# bidirectional overrides, line separators
_RAW_IN_REPORT = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
_OWN_COMMAND_LINE = re.compile(r"^::(error|warning) file=[^:]*::")


def _every_line_is_safe(output: str, output_format: str) -> None:
    assert not _RAW_IN_REPORT.search(output), output_format
    for line in output.splitlines():
        if output_format == "github" and _OWN_COMMAND_LINE.match(line):
            continue
        assert not line.lstrip().startswith("::"), (output_format, line)
        assert "##[" not in line, (output_format, line)


def _means_only_text(output: str, output_format: str) -> None:
    if output_format == "junit":
        ET.fromstring(output.encode())
    elif output_format in ("json", "sarif"):
        json.loads(output)
    elif output_format == "markdown":
        shown = rendered_markdown(output)
        assert not re.search(r"<(a|img)\b", shown), shown
        assert not re.search(r"@[A-Za-z0-9]", re.sub(r"<[^>]+>", "", shown)), shown  # no mention of anyone
    elif output_format == "html":
        assert not re.search(r"<(script|a|img)\b", output), output  # the page has none of its own


def assert_report_is_safe(output: str, output_format: str) -> None:
    """A report of hostile names is still what its format is, and harmless in a terminal or CI log."""
    _every_line_is_safe(output, output_format)
    _means_only_text(output, output_format)


def rule_problems(rule: str, deck: str, db: str | None = None, suffix: str = ".yaml", **options: Any) -> list[tuple[int, int]]:
    """Where one rule finds problems in a deck fragment, checked in this process by the library the
    CLI calls (as yamllint's RuleTestCase does): the (line, column) of each of its findings.
    `options` are CheckOptions' (game, format, as_of, ...); `db` a database under tests/data."""
    report = deck_report(deck, db, suffix, **options)
    return [(f.position.line, f.position.column) for f in report.findings if f.rule == rule]


def check_rule(rule: str, deck: str, *problems: tuple[int, int], db: str | None = None, **options: Any) -> None:
    """Assert that `rule` finds exactly `problems` (line, column) in `deck`, none for none."""
    assert rule_problems(rule, deck, db, **options) == list(problems)


def exported_lines(path: Path) -> list[tuple[str, int, str]]:
    """(zone, count, name) of each card line of a LackeyCCG text export (the championship decks of
    ../shared), its Tokens left out: what the tests that rewrite those decks start from."""
    zone, found = "main", []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() == "Tokens:":
            break
        if line.strip() == "Reserve:":
            zone = "reserve"
        elif "\t" in line:
            count, name = line.split("\t", 1)
            found.append((zone, int(count), name))
    return found


# Redemption's Christian Martyr in two printings of one card (the same art): the I starter's, in
# Type 1 Limited's pool, and the first edition's (A), outside it; and a Lost Soul
TWO_FACES_OF_ONE_CARD = (
    "game: redemption\ncards:\n"
    "  - {name: Christian Martyr (I), id: cm-i, title: Christian Martyr, type: good_dominant, brigades: [], set: I, art: cm}\n"
    "  - {name: Christian Martyr (A), id: cm-a, title: Christian Martyr, type: good_dominant, brigades: [], set: 1E, art: cm,\n"
    "     rotation: false}\n"
    "  - {name: Soul 1, id: soul-1, type: lost_soul, brigades: [], rotation: true}\n"
)
