"""Redemption's Paragon format: a deck built to its Paragon's numbers, and each way one is not,
with its own rule id and the numbers in the message; the event settings for the open questions;
the pool against the real card list."""

from __future__ import annotations

import csv
import json

import pytest
import yaml
from deckcheck.games.redemption.paragon import paragon_buildings, paragon_rules

from conftest import SHARED, run

CARD_LIST = SHARED / "data" / "redemption-lackey" / "carddata.txt"
AS_OF = "2026-11-01"
# the sets the Paragon format leaves out, as the web app names them by the card list's OfficialSet column
EXCLUDED_OFFICIAL = {
    "10th Anniversary", "1st Edition", "1st Edition Unlimited", "2nd Edition", "2nd Edition Revised", "3rd Edition",
    "Angel Wars", "Apostles", "Cloud of Witnesses", "Cloud of Witnesses (Alternate Border)", "Disciples", "Early Church",
    "Faith of Our Fathers", "Fall of Man", "Fundraiser", "Gospel of Christ", "Gospel of Christ Token", "Kings",
    "Lineage of Christ", "Main", "Main Unlimited", "Patriarchs", "Persecuted Church", "Priests", "Promo", "Promo Token",
    "Prophecies of Christ", "Prophecies of Christ Token", "Prophets", "Revelation of John",
    "Revelation of John (Alternate Border)", "Rock of Ages", "Thesaurus ex Preteritus", "Warriors", "Women",
}  # fmt: skip


def _cards() -> list[dict]:
    cards = []

    def add(prefix: str, n: int, card_set: str = "RR", **facts: object) -> None:
        for i in range(1, n + 1):
            cards.append({"name": f"{prefix} {i}", "id": f"{prefix.lower().replace(' ', '-')}-{i}", "set": card_set, **facts})

    add("Blue Hero", 12, type="hero", brigades=["blue"], alignment="good", special_ability=False)
    add("Green Hero", 15, type="hero", brigades=["green"], alignment="good", special_ability=False)
    add("Blue Green Hero", 2, type="hero", brigades=["blue", "green"], alignment="good", special_ability=False)
    add("Artifact", 6, type="artifact", brigades=[], alignment="neutral", special_ability=True)
    add("Black Evil", 11, type="evil_character", brigades=["black"], alignment="evil", special_ability=False)
    add("Brown Evil", 11, type="evil_character", brigades=["brown"], alignment="evil", special_ability=False)
    add("Good Dominant", 9, type="good_dominant", brigades=[], alignment="good", special_ability=True)
    add("Soul", 2, type="lost_soul", brigades=[], alignment="neutral", special_ability=False)
    add("Prophet Hero", 1, "Prp", type="hero", brigades=["blue"], alignment="good", special_ability=False)
    return cards


@pytest.fixture
def paragon_deck(tmp_path):
    """Write a Paragon deck (Abraham: 11 Blue good, 14 other good, 5 neutral, 10 Black evil, 10 other evil)
    changed by `change`, check it against a card list built for it, and give the JSON report."""
    database = tmp_path / "cards.yaml"
    database.write_text(json.dumps({"game": "redemption", "cards": _cards()}), encoding="utf-8")  # JSON is YAML, without aliases

    def check(change=lambda main, reserve: None, *options: str, paragon: str | None = "Abraham", suffix: str = ".yaml"):
        main = {f"Blue Hero {i}": 1 for i in range(1, 12)} | {f"Green Hero {i}": 1 for i in range(1, 15)}
        main |= {f"Artifact {i}": 1 for i in range(1, 6)} | {f"Black Evil {i}": 1 for i in range(1, 11)}
        reserve = {f"Brown Evil {i}": 1 for i in range(1, 11)}
        change(main, reserve)
        deck = {"game": "redemption", "format": "paragon"} | ({"paragon": paragon} if paragon else {})
        path = tmp_path / f"deck{suffix}"
        if suffix == ".txt":
            lines = ["# game: redemption", "# format: paragon", f"Paragon: {paragon}", *(f"{n} {name}" for name, n in main.items())]
            lines += ["", "Reserve:", *(f"{n} {name}" for name, n in reserve.items())]
            path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        else:
            path.write_text(yaml.safe_dump(deck | {"main": main, "reserve": reserve}, sort_keys=False), encoding="utf-8")
        return run("check", path, "--card-db", database, "--as-of", AS_OF, "--output-format", "json", *options)

    return check


def test_a_deck_meeting_abrahams_numbers_exactly_is_legal(paragon_deck):
    outcome = paragon_deck()
    assert outcome.exit_code == 0, outcome.deck["findings"]
    assert outcome.deck["format"] == "paragon"


def test_the_same_deck_pasted_as_text_with_a_paragon_line_is_legal(paragon_deck):
    outcome = paragon_deck(suffix=".txt")
    assert outcome.exit_code == 0, outcome.deck["findings"]


def _short_of_blue(main, reserve):
    del main["Blue Hero 11"]
    main["Green Hero 15"] = 1


def test_one_blue_card_short_is_illegal_with_the_arithmetic(paragon_deck):
    outcome = paragon_deck(_short_of_blue)
    messages = [f["message"] for f in outcome.findings("redemption.paragon-numbers")]
    assert outcome.exit_code == 1 and outcome.errors == {"redemption.paragon-numbers"}
    assert messages[0].startswith("Abraham wants 11 Blue good cards; this deck has 10: Blue Hero 1, ")
    assert messages[1].startswith("Abraham wants 14 other good cards; this deck has 15: ")


def test_an_event_choosing_at_least_makes_the_surplus_legal_and_the_shortage_not(paragon_deck, tmp_path):
    event = tmp_path / "event.yaml"
    event.write_text("name: Paragon night\ngame: redemption\nsettings:\n  paragon_numbers: at_least\n", encoding="utf-8")
    messages = [f["message"] for f in paragon_deck(_short_of_blue, "--event", event).findings("redemption.paragon-numbers")]
    assert messages == [m for m in messages if "Blue" in m] and len(messages) == 1
    assert messages[0].startswith("Abraham wants at least 11 Blue good cards; this deck has 10")

    # (a surplus alone cannot be: 40 cards and a Reserve of at most 10 are the 50 the numbers add up to)


def test_a_card_of_the_paragons_brigade_and_another_counts_as_primary_unless_the_event_says_other(paragon_deck, tmp_path):
    def two_brigades(main, reserve):
        del main["Blue Hero 11"]
        main["Blue Green Hero 1"] = 1

    assert paragon_deck(two_brigades).exit_code == 0
    event = tmp_path / "event.yaml"
    event.write_text("name: Strict\ngame: redemption\nsettings:\n  paragon_two_brigades: other\n", encoding="utf-8")
    assert {f["message"].split(";")[0] for f in paragon_deck(two_brigades, "--event", event).findings("redemption.paragon-numbers")} == {
        "Abraham wants 11 Blue good cards",
        "Abraham wants 14 other good cards",
    }


@pytest.mark.parametrize(
    ("change", "rule", "said"),
    [
        (lambda m, r: (m.pop("Artifact 5"), m.update({"Soul 1": 1})), "redemption.no-lost-souls", "1 Lost Soul in a Paragon deck"),
        (lambda m, r: (m.pop("Blue Hero 11"), m.update({"Prophet Hero 1": 1})), "redemption.format-sets", "is from set Prp"),
        (lambda m, r: m.update({"Green Hero 14": 2}), "redemption.copy-limit", "Green Hero 14"),
        (lambda m, r: m.update({"Green Hero 15": 1}), "redemption.deck-size", "the deck has 41 cards; it must have exactly 40"),
    ],
    ids=["a Lost Soul", "a card from Prophets", "two copies", "41 cards"],
)
def test_each_way_a_paragon_deck_is_illegal_has_its_own_rule(paragon_deck, change, rule, said):
    outcome = paragon_deck(change)
    assert outcome.exit_code == 1
    assert rule in outcome.errors
    assert any(said in f["message"] for f in outcome.findings(rule)), outcome.findings(rule)


def test_eight_dominants_are_one_too_many(paragon_deck):
    def dominants(main, reserve):
        for i in range(1, 9):
            main.pop(f"Green Hero {i}")
            main[f"Good Dominant {i}"] = 1

    outcome = paragon_deck(dominants)
    (finding,) = outcome.findings("redemption.dominant-max")
    assert finding["message"].startswith("8 Dominants; a Paragon deck may hold at most 7")
    seven = paragon_deck(lambda m, r: [(m.pop(f"Green Hero {i}"), m.update({f"Good Dominant {i}": 1})) for i in range(1, 8)])
    assert not seven.findings("redemption.dominant-max")


def test_the_paragon_is_named_known_and_one(paragon_deck):
    assert paragon_deck(paragon=None).errors == {"redemption.paragon"}
    typo = paragon_deck(paragon="Abrahm")
    (unknown,) = typo.findings("deck.unknown-card")
    assert unknown["message"].startswith("no Paragon is called 'Abrahm'; did you mean 'Abraham'")


def test_a_deck_of_another_format_names_no_paragon(tmp_path):
    deck = tmp_path / "deck.yaml"
    deck.write_text("game: redemption\nformat: type1\nparagon: Abraham\nmain:\n  Gideon (K): 1\n", encoding="utf-8")
    outcome = run("check", deck, "--output-format", "json")
    (finding,) = outcome.findings("redemption.paragon")
    assert "plays no Paragon" in finding["message"] and finding["line"] == 3


def test_the_paragon_rules_are_dated_and_their_provisional_points_said():
    listed = run("rules", "redemption").stdout
    assert "paragon" in listed and "provisional" in listed
    explained = run("rules", "--explain", "redemption.paragon-numbers").stdout
    assert "provisional" in explained and "at_least" in explained
    before = [v.effective.isoformat() for v in paragon_rules().versions]
    assert before == sorted(before) and before[-1] == "2026-07-01"
    # once for each pairing of a Paragon version and the deck building rules beside it, in date order
    pairs = [(b.paragon.version, b.version.version) for b in paragon_buildings()]
    assert len(pairs) == len(set(pairs)) and [b.effective for b in paragon_buildings()] == sorted(b.effective for b in paragon_buildings())
    assert pairs[-1] == ("1.2", "2.0") and {p for p, _ in pairs} == {v.version for v in paragon_rules().versions}


@pytest.mark.skipif(
    not CARD_LIST.is_file(), reason="the LackeyCCG card list is read from ../shared/data/redemption-lackey beside the checkout"
)
def test_the_excluded_sets_by_set_code_are_the_web_apps_by_official_set_on_every_printing():
    excluded = paragon_rules().excluded_sets
    with CARD_LIST.open(encoding="utf-8", newline="") as file:
        rows = list(csv.DictReader(file, delimiter="\t", quoting=csv.QUOTE_NONE))
    wrong = [
        (row["Name"], row["Set"], row["OfficialSet"])
        for row in rows
        if (row["Set"] in excluded) != (row["OfficialSet"] in EXCLUDED_OFFICIAL)
    ]
    assert not wrong, wrong[:10]
    assert {row["OfficialSet"] for row in rows} >= EXCLUDED_OFFICIAL


def test_reports_name_the_paragon_and_its_five_counts(paragon_deck, tmp_path):
    (note,) = [n for n in paragon_deck(_short_of_blue).deck["notes"] if n.startswith("Paragon ")]
    assert note == (
        "Paragon Abraham (Paragon of Faith): Blue good cards 10 of 11, other good cards 15 of 14, neutral cards 5 of 5, "
        "Black evil cards 10 of 10, other evil cards 10 of 10"
    )
    sheet = paragon_deck(_short_of_blue, "--output-format", "html").stdout
    assert "Paragon Deck Check" in sheet and "10 (Abraham wants 11)" in sheet
    assert sheet.count(">Abraham<") == 1  # in the totals, not in the boxes of the main deck


def test_the_page_shows_the_paragon_and_its_counts(tmp_path):
    pytest.importorskip("starlette", reason='the serve extra (pip install "deckcheck[serve]") is not installed')
    from deckcheck.loading.card_db import Databases, load_databases
    from deckcheck.serve.app import create_app
    from deckcheck.serve.site import Site
    from starlette.testclient import TestClient

    database = tmp_path / "cards.yaml"
    database.write_text(json.dumps({"game": "redemption", "cards": _cards()}), encoding="utf-8")
    main = {f"Blue Hero {i}": 1 for i in range(1, 12)} | {f"Green Hero {i}": 1 for i in range(1, 15)}
    main |= {f"Artifact {i}": 1 for i in range(1, 6)} | {f"Black Evil {i}": 1 for i in range(1, 11)}
    deck = yaml.safe_dump({"game": "redemption", "format": "paragon", "paragon": "Abraham", "main": main}, sort_keys=False)
    site = Site(Databases(load_databases([database])), allowed_hosts=frozenset({"desk.test"}))
    with TestClient(create_app(site), base_url="http://desk.test") as client:
        page = client.post("/check", data={"deck": deck})
    assert page.status_code == 200
    assert "Paragon Abraham (Paragon of Faith)" in page.text and "other evil cards 0 of 10" in page.text


def test_goldfish_rescues_from_the_shared_soul_deck(tmp_path):
    database = tmp_path / "cards.yaml"
    database.write_text(json.dumps({"game": "redemption", "cards": _cards()}), encoding="utf-8")
    main = {f"Blue Hero {i}": 1 for i in range(1, 12)} | {f"Green Hero {i}": 1 for i in range(1, 15)}
    main |= {f"Artifact {i}": 1 for i in range(1, 6)} | {f"Black Evil {i}": 1 for i in range(1, 11)}
    deck = tmp_path / "deck.yaml"
    deck.write_text(yaml.safe_dump({"game": "redemption", "format": "paragon", "paragon": "Abraham", "main": main}), encoding="utf-8")
    outcome = run("goldfish", deck, "--card-db", database, "--games", "300", "--output-format", "json")
    assert outcome.exit_code == 0, outcome.stderr
    # a deck without Lost Souls of its own wins: 25 Heroes in 40 cards, one in each opening hand of this seed, five rescues by turn 5
    assert outcome.report["race"]["win_turn"]["histogram"] == {"5": 300}
    assert any("shared Soul Deck of 21 Lost Souls" in line for line in outcome.report["simplifications"])


@pytest.mark.parametrize("suffix", [".yaml", ".txt"])
def test_fmt_writes_the_paragon_first_and_keeps_the_verdict(paragon_deck, tmp_path, suffix):
    before = paragon_deck(suffix=suffix)
    deck, database = tmp_path / f"deck{suffix}", tmp_path / "cards.yaml"
    assert run("fmt", deck, "--card-db", database).exit_code == 0
    lines = [line for line in deck.read_text(encoding="utf-8").splitlines() if not line.startswith(("#", "game:", "format:"))]
    assert lines[0] in ("paragon: Abraham", "Paragon: Abraham")
    assert run("fmt", "--check", deck, "--card-db", database).exit_code == 0
    after = run("check", deck, "--card-db", database, "--as-of", AS_OF, "--output-format", "json")
    assert (after.exit_code, after.deck["notes"]) == (before.exit_code, before.deck["notes"]) == (0, after.deck["notes"])
