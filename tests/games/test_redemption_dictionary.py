"""The Official Redemption Dictionary as data: read from its text by scripts/import_ordir.py, its
titles matched to the real LackeyCCG card list, and "same card" by it on every printing."""

from itertools import combinations

import pytest
import yaml
from deckcheck.games.redemption.dictionary import brigade_variant, dictionary, loose, matched
from deckcheck.games.redemption.rules_version import versions
from deckcheck.games.redemption.same_card import icon, tournament_identity
from deckcheck.importers.ordir import Title, parse, titles_in
from deckcheck.loading.card_db import load_databases
from deckcheck.loading.names import normalise

from conftest import REPO, SHARED, run

TEXT = SHARED / "rulebooks" / "redemption-ordir-7.0.0.txt"
DATA = REPO / "card_data" / "formats" / "redemption" / "ordir-7.0.0.yaml"
needs_text = pytest.mark.skipif(not TEXT.is_file(), reason="../shared/rulebooks/redemption-ordir-7.0.0.txt is not beside this checkout")


# --- reading the text ---------------------------------------------------------------------------------


def test_a_title_may_hold_parentheses_of_its_own_and_sets_may_carry_a_printing():
    listed = titles_in("Abednego (Azariah) (FF) or Abed-nego (Azariah) (PoC, T2C) or Pharaoh (A-L, Or-L)")
    assert listed == [Title("Abednego (Azariah)", ("FF",)), Title("Abed-nego (Azariah)", ("PoC", "T2C")), Title("Pharaoh", ("A-L", "Or-L"))]


def test_an_item_broken_by_a_page_continues_on_the_next_page():
    # our own small text in the layout pdftotext gives: a heading, bullets, a page number and a form feed
    text = (
        "Name Errata\n  Card Name (Sets)      Errata\n  Old Name (Ki)      New Name\n\nReference Errata\n"
        "  Card Name (Sets)      New Reference\n  Some Card (P)      John 1:1\n\nIdentifier Errata\n"
        "  Card Name (Sets)     Incorrect Identifier(s)     Correct Identifier(s)\n"
        "  Some Card (P)        Unique                      None (Removed)\nGlossary of Terms\n"
        "Duplicate Card\n•   Ann (Pr) or Ann, the Widow (GC) or Ann,\n\n      30\n\f    the Prophetess (LC)\n"
        "•   Bob (K) or King Bob (Ki)\n\n                E\n"
        "Generic Character\n  The following Redemption® Heroes are considered generic:\n  •   Crowd (Pa) and Mob [Black] (EC)\n"
        "Genesis Card\n"
    )
    found = parse(text)
    assert [[t.title for t in group] for group in found.duplicate_cards] == [
        ["Ann", "Ann, the Widow", "Ann, the Prophetess"],
        ["Bob", "King Bob"],
    ]
    assert found.generic == {"heroes": [Title("Crowd", ("Pa",)), Title("Mob [Black]", ("EC",))]}
    assert found.name_errata == [{"name": "Old Name", "sets": ["Ki"], "errata": "New Name"}]
    assert found.identifier_errata == [{"name": "Some Card", "sets": ["P"], "incorrect": ["Unique"], "correct": []}]


@needs_text
def test_the_data_holds_every_group_and_list_of_the_dictionary():
    """The dictionary's own count (242 Duplicate Card groups of 593 titles), and the data file is what the
    script writes from the text today."""
    found = parse(TEXT.read_text(encoding="utf-8"))
    assert (len(found.duplicate_cards), sum(len(g) for g in found.duplicate_cards)) == (242, 593)
    data = yaml.safe_load(DATA.read_text(encoding="utf-8"))
    assert data["duplicate_cards"] == [[t.as_data() for t in group] for group in found.duplicate_cards]
    assert data["generic"] == {kind: [t.as_data() for t in titles] for kind, titles in found.generic.items()}
    assert data["name_errata"] == found.name_errata
    assert {"name": "Pharoah", "sets": ["A-L", "Or-L"], "errata": "Pharaoh"} in data["name_errata"]


def test_every_rules_version_names_a_dictionary_that_is_shipped():
    for version in versions():
        assert version.dictionary is not None and dictionary(version.dictionary).version == version.dictionary


@pytest.mark.parametrize(
    "title, expected",
    [
        ("Angry Mob [Black]", ("Angry Mob", {"black"})),
        ("Aliens [Black/Pale Green]", ("Aliens", {"black", "pale_green"})),
        ("Obsidian Minion [Gold, Barrels]", ("Obsidian Minion", {"gold"})),
        ("Sadducees [Ear Scratch]", None),
    ],
)
def test_a_bracket_of_colours_names_a_brigade_variant(title, expected):
    found = brigade_variant(title)
    assert (found and (found[0], set(found[1]))) == expected


def test_titles_are_compared_without_case_quotes_commas_or_brackets():
    assert loose("Balaam, Son of Beor") == loose("Balaam Son of Beor")
    assert loose("Aaron, God’s Mediator") == loose("Aaron, God's Mediator")
    assert loose("Fourth Seal (Death)") == loose("Fourth Seal, Death")


# --- the real card list -----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def real(real_database):
    out, _ = real_database
    return out, load_databases([out])["redemption"]


@pytest.mark.slow
def test_every_listed_title_matches_a_printing_of_the_real_list_or_is_listed_with_its_reason(real):
    _, real = real
    found = dictionary("7.0.0")
    listed = matched(found, real)
    titles = sum(len(group) for group in found.duplicate_cards) + len(found.generic)
    assert len(listed.matches) + len(listed.unmatched) == titles == 1035
    assert sorted({u.title for u in listed.unmatched}) == sorted(found.not_in_card_list)
    assert len(listed.matches) == 1017  # the 18 others are art variants the card list names otherwise
    assert all(reason for reason in found.not_in_card_list.values())


def test_the_dictionary_s_sets_tell_printings_of_one_title_apart(real):
    _, real = real
    listed = matched(dictionary("7.0.0"), real)
    bears = {card.get("set"): card.id for card in real.cards if card.title == "Bear"}
    assert bears["2E"] in listed.groups_of  # Bear (D): one person with The Bear
    assert bears["CoW"] in listed.generic and bears["CoW"] not in listed.groups_of  # Bear (CW): generic


def test_a_title_listed_in_several_groups_belongs_to_each(real):
    _, real = real
    listed = matched(dictionary("7.0.0"), real)
    (friends,) = [card for card in real.cards if card.title == "Job's Three Friends"]
    assert len(listed.groups_of[friends.id]) == 3  # with Bildad, with Eliphaz, with Zophar


def _groups(database, version):
    """The version's same-card rule, and each Duplicate Card group's printings that are not generic."""
    same = tournament_identity(database, version)
    listed = matched(dictionary(version.dictionary), database)
    by_group: dict[int, list] = {}
    for card in database.cards:
        for group in listed.groups_of.get(card.id, ()) if not same.generic(card) else ():
            by_group.setdefault(group, []).append(card)
    return same, by_group


@pytest.mark.parametrize("version", [v for v in versions()], ids=lambda v: v.version)
def test_same_card_by_the_dictionary_holds_on_every_printing_of_the_real_list(real, version):
    """Two printings of one Duplicate Card group, neither generic, are one card exactly when their
    icons agree (or their art is one: the card list's shared images)."""
    _, real = real
    same, by_group = _groups(real, version)
    joined = apart = 0
    for cards in by_group.values():
        for a, b in combinations(cards, 2):
            if icon(a) == icon(b):
                assert same.same(a, b), (a.name, b.name)
                joined += 1
            elif not same.same(a, b):
                apart += 1
    assert joined > 500 and apart > 500


@pytest.mark.slow
def test_a_deck_of_two_titles_of_one_person_is_illegal_and_says_why(real, tmp_path):
    out, _ = real
    deck = tmp_path / "deck.txt"
    lines = ["# game: redemption", "# format: type1", "1 Ahab ( C)", "1 King Ahab"]
    deck.write_text("\n".join(lines) + "\n")
    outcome = run("check", deck, "--card-db", out, "--output-format", "json")
    messages = [f["message"] for f in outcome.deck["findings"] if f["rule"].endswith("-limit")]
    assert any("Official Redemption Dictionary 7.0.0, Duplicate Card" in m for m in messages), outcome.deck["findings"]


def _spelt(title: str) -> str:
    return "".join(char for char in normalise(title) if char.isalnum())


@pytest.mark.parametrize("as_of", ["2026-06-01", "2026-09-01"], ids=["1.3.0", "2.0"])
@pytest.mark.slow
def test_every_group_makes_a_deck_of_two_of_its_titles_illegal_where_their_icons_agree(real, tmp_path, as_of):
    """For each Duplicate Card group: a deck holding two of its titles (other titles, neither
    generic) with one icon is told they are one card, by the dictionary; with two icons, two cards."""
    out, database = real
    version = next(v for v in reversed(versions()) if v.effective.isoformat() <= as_of)
    _, by_group = _groups(database, version)
    pairs = {}
    for group, cards in by_group.items():
        for agree in (True, False):
            # other titles, not one title spelt two ways (`John the Revelator (RoJ AB)`, the alternate-border
            # reprint of `John, the Revelator (RoJ)`: one card by its border, before any dictionary)
            others = ((a, b) for a, b in combinations(cards, 2) if _spelt(a.title) != _spelt(b.title))
            pair = next(((a, b) for a, b in others if (icon(a) == icon(b)) is agree), None)
            if pair is not None:
                name = f"group-{group}-{'one' if agree else 'two'}.txt"
                pairs[name] = pair
                # two of each: over every limit as one card (1.3.0 allows 3 of a plain Hero), within it as two
                deck = f"# game: redemption\n# format: type1\n2 {pair[0].id}\n2 {pair[1].id}\n"
                (tmp_path / name).write_text(deck, encoding="utf-8")
    outcome = run("check", tmp_path, "--card-db", out, "--as-of", as_of, "--output-format", "json")
    checked = {d["path"].rsplit("/", 1)[-1]: d for d in outcome.report["decks"]}
    assert len(checked) == len(pairs) and {name.rsplit("-", 1)[-1] for name in pairs} == {"one.txt", "two.txt"}
    for name, (a, b) in pairs.items():
        joined = [f for f in checked[name]["findings"] if {a.name, b.name} <= set(f["cards"])]
        if name.endswith("-one.txt"):
            assert any(f"{dictionary(version.dictionary).label}, Duplicate Card" in f["message"] for f in joined), (a.name, b.name)
            assert not checked[name]["legal"]
        else:
            assert not joined, (a.name, b.name, joined)
