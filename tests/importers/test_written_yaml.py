"""Every YAML file deckcheck writes (the card databases of `db import lackey`, the decks `fmt`
rewrites) is read alike by the three mainstream parsers: PyYAML's pure-Python loader, PyYAML's
libyaml loader and ruamel.yaml. A file meant to be edited and read by other tools must not depend
on one parser's leniency (`name: Did God Really Say?,` inside a flow mapping is read by libyaml
and refused by the pure-Python loader)."""

import json
import shutil
from pathlib import Path

import pytest
import yaml

from conftest import DATA, REPO, SHARED, run

ruamel_yaml = pytest.importorskip("ruamel.yaml", reason="ruamel.yaml is in the test extra")
REAL = SHARED / "data" / "redemption-lackey"


def read_by_each(text: str) -> list:
    """The document as each parser reads it (a parser that refuses it raises)."""
    pure = yaml.load(text, Loader=yaml.SafeLoader)
    libyaml = yaml.load(text, Loader=yaml.CSafeLoader) if hasattr(yaml, "CSafeLoader") else pure
    ruamel = ruamel_yaml.YAML(typ="safe", pure=True).load(text)
    return [pure, libyaml, ruamel]


def assert_read_alike(paths: list[Path]) -> None:
    assert paths
    for path in paths:
        pure, libyaml, ruamel = read_by_each(path.read_text(encoding="utf-8"))
        assert pure == libyaml == ruamel, path


def imported(source: Path, out: Path) -> list[Path]:
    formats = ("--formats", source / "formats.txt") if (source / "formats.txt").exists() else ()
    outcome = run("db", "import", "lackey", source / "carddata.txt", *formats, "-o", out)
    assert outcome.exit_code == 0, outcome.stderr
    return sorted(out.rglob("*.yaml"))


def test_an_imported_card_list_is_read_alike_by_every_parser(tmp_path):
    assert_read_alike(imported(DATA / "lackey", tmp_path))


@pytest.mark.slow
@pytest.mark.skipif(not REAL.is_dir(), reason="../shared/data/redemption-lackey is not beside this checkout")
def test_the_real_card_list_imported_is_read_alike_by_every_parser(tmp_path):
    written = imported(REAL, tmp_path)
    assert len(written) > 50  # a file a set, and the formats
    assert_read_alike(written)


def test_names_that_end_a_plain_scalar_early_are_quoted(tmp_path):
    """Names with the characters that end or change a plain scalar in a flow mapping or a block."""
    from deckcheck.importers.set_files import card_line

    names = ["Did God Really Say?", "Who? What!", "A, B", "Key: Value", "Hash #1", "[Bracketed]", "{Braced}", "yes", "1.5", "- dash"]
    text = "cards:\n" + "\n".join(card_line({"name": name, "type": ["hero"]}) for name in names) + "\n"
    for document in read_by_each(text):
        assert [card["name"] for card in document["cards"]] == names


def test_decks_fmt_rewrites_are_read_alike_by_every_parser(tmp_path):
    for deck in (REPO / "examples").glob("*.yaml"):
        shutil.copy(deck, tmp_path / deck.name)
    outcome = run("fmt", tmp_path)
    assert outcome.exit_code == 0, outcome.stderr
    assert_read_alike(sorted(tmp_path.glob("*.yaml")))


def test_a_deck_of_awkward_names_rewritten_by_fmt_is_read_alike(tmp_path):
    names = ["Did God Really Say?", "Who? What!", "A, B", "Key: Value", "Hash #1", "yes", "- dash", "[Bracketed]", "~", "1e3"]
    deck = tmp_path / "awkward.yaml"
    deck.write_text("game: redemption\nmain:\n" + "".join(f"  {json.dumps(name)}: 1\n" for name in names), encoding="utf-8")
    assert run("fmt", deck).exit_code == 0
    for document in read_by_each(deck.read_text(encoding="utf-8")):
        assert sorted(document["main"]) == sorted(names)
