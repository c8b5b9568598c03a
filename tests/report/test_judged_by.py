"""Every report names what a verdict was reached by: the date, the rules version, the references
the rules read (Redemption's dictionary) and the card list, with a hash of its files."""

import hashlib

import pytest
from deckcheck.loading.card_db import Databases

from conftest import REPO, run

DECK = REPO / "examples" / "redemption-deck-i.yaml"
OPTIONS = ("--format", "type1", "--as-of", "2026-09-01")


def _bundled_hash() -> str:
    digest = hashlib.sha256()
    for name in Databases().for_game("redemption").files:
        digest.update(open(name, "rb").read())
    return digest.hexdigest()


def test_the_json_report_says_what_the_deck_was_judged_by():
    judged = run("check", DECK, *OPTIONS, "--output-format", "json").deck["judged_by"]
    assert judged["date"] == "2026-09-01" and judged["rules"] == "2.0"
    assert judged["dictionary"] == "Official Redemption Dictionary 7.0.0"  # what dbr-2.0 reads its lists from
    assert judged["card_list"].startswith("bundled, ") and judged["card_list_sha256"] == _bundled_hash()


@pytest.mark.parametrize("output_format", ["sarif", "junit", "markdown", "html"])
def test_every_report_for_machines_and_organisers_names_it_too(output_format):
    text = run("check", DECK, *OPTIONS, "--output-format", output_format).stdout
    for said in ("2026-09-01", "2.0", "7.0.0", _bundled_hash()[:12]):
        assert said in text.replace("\\-", "-").replace("\\.", "."), (output_format, said)


def test_another_card_list_has_another_hash(tmp_path):
    cards = tmp_path / "cards.yaml"
    cards.write_text((REPO / "card_data" / "redline" / "core-set.yaml").read_text() + "\n# one line more\n")
    judged = run("check", REPO / "examples" / "redline-cpm.yaml", "--card-db", cards, "--output-format", "json").deck["judged_by"]
    assert judged["card_list"].startswith("cards.yaml, ") and judged["card_list_sha256"] == hashlib.sha256(cards.read_bytes()).hexdigest()
