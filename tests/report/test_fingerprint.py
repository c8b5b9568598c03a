"""A registered list's fingerprint (JSON `fingerprint`, the sheet, the organiser's page): the same
for the same cards and counts by zone however the list is written, another for any other list."""

import re

import pytest

from conftest import DATA, run

CARDS = DATA / "redemption-cards.yaml"
LIST = "# game: redemption\n2 John (J)\n1 Peter (I)\n3 Soul 1\nReserve:\n1 Site 2\n"


def _fingerprint(tmp_path, text, suffix=".txt", *options):
    deck = tmp_path / f"deck{suffix}"
    deck.write_text(text)
    return run("check", deck, "--card-db", CARDS, "--output-format", "json", *options).deck["fingerprint"]


def test_a_list_written_otherwise_has_the_same_fingerprint(tmp_path):
    first = _fingerprint(tmp_path, LIST)
    # 64 bits, four hex digits at a time for reading aloud: 32 let a legal and an illegal list share one
    assert first is not None and re.fullmatch(r"[0-9a-f]{4}(-[0-9a-f]{4}){3}", first)
    assert (
        _fingerprint(
            tmp_path, "# game: redemption\n# my list\n3x soul 1\n1x PETER (I)\n1 John (J)\n1 John (J)\n\nReserve (1):\n- 1x Site 2\n"
        )
        == first
    )
    yaml_list = "game: redemption\nmain:\n  Soul 1: 3\n  John (J): 2\n  Peter (I): 1\nreserve:\n  Site 2: 1\n"
    assert _fingerprint(tmp_path, yaml_list, ".yaml") == first


@pytest.mark.parametrize(
    "changed",
    [
        LIST.replace("3 Soul 1", "2 Soul 1"),  # a count
        LIST.replace("1 Peter (I)", "1 Peter (Ap)"),  # another card
        LIST.replace("2 John (J)", "2 John (H)"),  # another printing of the same card: another submission
        "# game: redemption\n2 John (J)\n1 Peter (I)\n3 Soul 1\n1 Site 2\n",  # a card moved out of the Reserve
    ],
)
def test_any_other_list_has_another_fingerprint(tmp_path, changed):
    original = _fingerprint(tmp_path, LIST)
    assert _fingerprint(tmp_path, changed) != original


def test_the_report_says_the_date_whose_rules_applied(tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text(LIST)
    report = run("check", deck, "--card-db", CARDS, "--output-format", "json", "--as-of", "2026-07-01").deck
    assert report["as_of"] == "2026-07-01"
