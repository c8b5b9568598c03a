"""Whatever text or YAML a stranger sends, the readers only ever return a deck or a deck.parse
finding: no other exception escapes."""

from pathlib import Path

import pytest
import yaml
from deckcheck.check import CheckOptions, check_file
from deckcheck.games import zone_table
from deckcheck.loading.card_db import Databases, load_databases
from deckcheck.loading.decks import read_deck
from deckcheck.loading.raw_deck import DeckParseError
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import DATA

DATABASES = Databases(load_databases([DATA]))
FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])

yaml_scalars = st.one_of(st.none(), st.booleans(), st.integers(-5, 2000), st.floats(allow_nan=False), st.text(max_size=20))
yaml_values = st.recursive(
    yaml_scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=5), st.dictionaries(st.text(max_size=15), inner, max_size=5)),
    max_leaves=25,
)
deck_like = st.fixed_dictionaries(
    {"game": st.sampled_from(["redline", "redemption", "chess", ""])},
    optional={
        "main": yaml_values,
        "side": yaml_values,
        "general": yaml_values,
        "name": yaml_values,
        "missions": yaml_values,
        "critical_hits": yaml_values,
        "format": yaml_values,
    },
)


def check_text(tmp_path: Path, name: str, content: bytes):
    path = tmp_path / name
    path.write_bytes(content)
    try:
        read_deck(path, zone_table())
    except DeckParseError:
        pass
    report = check_file(path, CheckOptions(), DATABASES)
    assert all(f.rule.startswith("deck.") or f.rule.split(".")[0] in ("redline", "redemption") for f in report.findings)
    return report


@FUZZ
@given(text=st.text(max_size=400))
def test_any_text_as_yaml(tmp_path, text):
    check_text(tmp_path, "deck.yaml", text.encode("utf-8", "surrogatepass"))


@FUZZ
@given(text=st.text(max_size=400))
def test_any_text_as_a_text_deck(tmp_path, text):
    check_text(tmp_path, "deck.txt", text.encode("utf-8", "surrogatepass"))


@FUZZ
@given(content=st.binary(max_size=300))
def test_any_bytes(tmp_path, content):
    check_text(tmp_path, "deck.yaml", content)


@FUZZ
@given(deck=deck_like)
@pytest.mark.slow
def test_any_yaml_shaped_like_a_deck(tmp_path, deck):
    check_text(tmp_path, "deck.yaml", yaml.safe_dump(deck, allow_unicode=True).encode())


@FUZZ
@given(value=yaml_values)
@pytest.mark.slow
def test_any_yaml_document(tmp_path, value):
    check_text(tmp_path, "deck.yml", yaml.safe_dump(value, allow_unicode=True).encode())


@FUZZ
@given(text=st.text(max_size=300), cards=st.lists(st.tuples(st.text(max_size=20), st.text(max_size=8)), max_size=5))
def test_any_lackey_dek(tmp_path, text, cards):
    from xml.sax.saxutils import escape, quoteattr

    body = "".join(f"<card><name id={quoteattr(image)}>{escape(name)}</name><set>I</set></card>" for name, image in cards)
    check_text(tmp_path, "deck.dek", f'<deck><superzone name="Deck">{body}</superzone>{text}</deck>'.encode("utf-8", "surrogatepass"))
    check_text(tmp_path, "deck.dek", ("<" + text).encode("utf-8", "surrogatepass"))
