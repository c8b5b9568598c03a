"""The name forms people paste (issue 47, part 2): text copied from web pages (characters that show
nothing, no-break spaces, curly quotes, dashes, extra tab-separated columns), marks in parentheses
or square brackets alike, nicknames in doubled apostrophes. Each resolves to the card a judge
reading the list would take, and what was read past is said."""

import csv
import re
from pathlib import Path

import pytest
from deckcheck.check import CheckOptions, check_file
from deckcheck.loading.card_db import Databases, load_databases
from deckcheck.loading.names import NameIndex, invisible, normalise

from conftest import SHARED

REAL_LIST = SHARED / "data" / "redemption-lackey" / "carddata.txt"
CARDS = """game: redemption
cards:
  - {name: 'Lost Soul "Hormah" [Judges 1:17]', id: hormah, type: lost_soul, brigades: [], special_ability: false, set: RR}
  - {name: 'Lost Soul "Lost Souls" [Proverbs 2:16-17]', id: lost-souls, type: lost_soul, brigades: [], special_ability: false, set: GoC}
  - {name: Golgotha (GoC), id: golgotha, type: site, brigades: [], special_ability: false, set: GoC}
  - {name: Son of God, id: son-of-god, type: good_enhancement, brigades: [multi], special_ability: false, set: I}
  - {name: 'Storehouse [IR]', id: storehouse, type: artifact, brigades: [], special_ability: false, set: IR}
  - {name: "Mary, Holy Virgin / Mary, Willing Servant (GoC)", id: mary, type: hero, brigades: [white], set: GoC,
     title: "Mary, Holy Virgin / Mary, Willing Servant"}
  - {name: Mary Magdalene, id: magdalene, type: hero, brigades: [white], special_ability: true, set: GoC}
  - {name: Herod the Great (GoC), id: herod-goc, title: Herod the Great, type: evil_character, brigades: [crimson], set: GoC}
  - {name: Herod the Great (Di), id: herod-di, title: Herod the Great, type: evil_character, brigades: [crimson], set: Di}
  - {name: Herod the Great (Ap), id: herod-ap, title: Herod the Great, type: evil_character, brigades: [crimson], set: Ap}
  - {name: 'Lost Soul "O.T. Only" [Psalm 78:22]', id: ot-only, type: lost_soul, brigades: [], special_ability: true, set: FoM}
  - {name: Denarius, id: denarius, title: Denarius, type: artifact, brigades: [], set: Di}
  - {name: Denarius (I/J+), id: denarius-ij, title: Denarius, type: artifact, brigades: [], set: I/J+}
  - {name: "Potiphera, Priest of On", id: potiphera-ir, type: evil_character, brigades: [pale_green], set: IR}
  - {name: "Potiphera, Priest of On", id: potiphera-pri, type: evil_character, brigades: [gold], set: Pri}
  - {name: Daniel (CoW), id: daniel, type: hero, brigades: [blue], special_ability: true, set: CoW}
  - {name: The Second Coming, id: second-coming, type: good_dominant, brigades: [], special_ability: true, set: CoW}
  - {name: The Second Coming (CoW AB), id: second-coming-ab, type: good_dominant, brigades: [], special_ability: true, set: CoW (AB)}
"""


@pytest.fixture(scope="module")
def databases(tmp_path_factory):
    path = tmp_path_factory.mktemp("cards") / "cards.yaml"
    path.write_text(CARDS, encoding="utf-8")
    return Databases(load_databases([path]))


def _cards(text: str, databases) -> tuple[list[tuple[str | None, int]], list[str], tuple[str, ...]]:
    """(card id and count of each line, the reading's findings, the notes) of a pasted deck."""
    report = check_file(Path("deck.txt"), CheckOptions(game="redemption"), databases, text.encode("utf-8"))
    return (
        [(line.id, line.count) for line in report.cards],
        [f.rule for f in report.findings if f.rule.startswith("deck.")],
        report.notes,
    )


@pytest.mark.parametrize(
    "line, card",
    [
        ("1 Son of\u200b God", "son-of-god"),  # a zero-width space inside
        ("\u200b1 Golgotha (GoC)", "golgotha"),  # ... before the count
        ("1 Golgotha\u200d (GoC)\u2060", "golgotha"),  # a joiner, a word joiner
        ("1 Gol\u00adgotha (GoC)", "golgotha"),  # a soft hyphen
        ("1\u00a0Son\u00a0of\u00a0God", "son-of-god"),  # no-break spaces
        ("1 Lost Soul \u201cHormah\u201d [Judges 1:17]", "hormah"),  # curly quotes
        ("1 Lost Soul ''Hormah'' [Judges 1:17]", "hormah"),  # a store's doubled apostrophes
        ("1 Lost Soul \u2018\u2018Hormah\u2019\u2019 [Judges 1:17]", "hormah"),
        ('1 Lost Soul "Hormah" (Judges 1:17)', "hormah"),  # the reference in parentheses
        ('1 Lost Soul "Hormah" (Judges 1:17) (RR)', "hormah"),  # ... and its set after it
        ('1 Lost Soul "Lost Souls" (Proverbs 2:16\u201317)', "lost-souls"),  # an en dash in the range
        ('1 Lost Soul "Lost Souls" [Proverbs 2:16\u201417]', "lost-souls"),  # an em dash
        ("1 Golgotha [GoC]", "golgotha"),  # a set in brackets
        ("1 Storehouse (IR)", "storehouse"),  # a bracket of the card list's in parentheses
        ("1 Golgotha (GC)", "golgotha"),  # the Official Redemption Dictionary's abbreviation of the set
        ("1 Daniel (CW)", "daniel"),
        ("1 The Second Coming [CW]", "second-coming"),
        ("1 The Second Coming (Cloud of Witnesses)", "second-coming"),  # the set's name
        ("1 The Second Coming (CW AB)", "second-coming-ab"),  # its alternate-border printing
        ('1 Lost Soul "Hormah" [Judges 1:17] [Roots]', "hormah"),
        ("1 Lost Soul ''Hormah'' (Judges 1:17) (Roots)", "hormah"),  # as the store's product page writes it
        ("1 Lost Soul (Psalm 78:22) \u201cO.T. Only\u201d (FoM)", "ot-only"),  # the store's: its nickname after its reference
        ("1 Denarius (I & J+ or Promo)", "denarius-ij"),  # the store's choice of printings
        ("1 Denarius (J+, Promo)", "denarius-ij"),
        ("1\tGolgotha (GoC)\tGoC\tSite", "golgotha"),  # a spreadsheet's row: the other columns left
        ("Golgotha (GoC)\t1\tGoC", "golgotha"),  # name first, then the count
        ("1\tSon of God\t\t", "son-of-god"),  # trailing tabs
    ],
)
def test_a_name_as_pasted_from_a_web_page_is_its_card(databases, line, card):
    cards, problems, _ = _cards(f"{line}\n", databases)
    assert (cards, problems) == ([(card, 1)], [])


def test_what_was_read_past_is_said_with_its_code_point(databases):
    _, _, notes = _cards("1 Son of\u200b God\n1 Golgotha (GoC)\u2060\u200b\n", databases)
    assert [n for n in notes if "read past" in n] == [
        "line 1: read past U+200B, a character that shows nothing",
        "line 2: read past U+2060 U+200B, characters that show nothing",
    ]


def test_a_header_with_a_no_break_space_is_a_header(databases):
    cards, problems, _ = _cards("Sites\u00a0(1):\n1 Golgotha (GoC)\nReserve:\u00a0\n1 Son of God\n", databases)
    assert (cards, problems) == ([("golgotha", 1), ("son-of-god", 1)], [])


def _real_names() -> list[str]:
    with REAL_LIST.open(encoding="utf-8", newline="") as rows:
        return [row[0] for row in list(csv.reader(rows, delimiter="\t", quoting=csv.QUOTE_NONE))[1:] if row]


@pytest.mark.slow
@pytest.mark.skipif(not REAL_LIST.is_file(), reason="../shared/data/redemption-lackey is not beside this checkout")
def test_every_printing_of_the_real_list_written_with_its_brackets_swapped_finds_its_card(real_database):
    """Every name of the real card list with a bracket or parenthesis, written with each kind as the
    other (`Lost Soul "Hopper" (II Chronicles 28:13)`), finds that printing among what it names,
    unless it is another printing's own name (`Miriam (L)` beside `Miriam [L]`: that printing)."""
    database = load_databases([real_database[0]])["redemption"]
    index: NameIndex = database.names
    swapped = str.maketrans("()[]", "[]()")
    own_names = {normalise(card.name) for card in database.cards}
    missed = []
    for card in database.cards:
        written = card.name.translate(swapped)
        if written == card.name or normalise(written) in own_names:
            continue
        if card not in index.resolve(written).printings:
            missed.append((card.name, written))
    assert missed == []


@pytest.mark.skipif(not REAL_LIST.is_file(), reason="../shared/data/redemption-lackey is not beside this checkout")
def test_no_name_of_the_real_list_holds_what_normalising_takes_away():
    """What normalising drops or makes a hyphen or a quote (characters that show nothing, dashes,
    doubled apostrophes) is in no name of the real card list: no card is read as another for it."""
    names = _real_names()
    assert len(names) > 5000
    dashes = "\u2010\u2011\u2012\u2013\u2014\u2212"
    assert [n for n in names if invisible().search(n) or any(dash in n for dash in dashes) or "''" in n] == []


ORDIR = SHARED / "rulebooks" / "redemption-ordir-7.0.0.txt"


def _set_names():
    import yaml

    from conftest import REPO

    return yaml.safe_load((REPO / "card_data" / "formats" / "redemption" / "set-names.yaml").read_text(encoding="utf-8"))["sets"]


@pytest.mark.skipif(not ORDIR.is_file(), reason="../shared/rulebooks is not beside this checkout")
def test_every_set_abbreviation_of_the_dictionary_is_written_for_a_set():
    """The dictionary's "Set Abbreviations" table (its Set column's codes, less the starter decks
    the card list has no set for) are all among the ways set-names.yaml writes a set."""
    text = ORDIR.read_text(encoding="utf-8")
    table = text[text.index("These are the set abbreviations:") : text.index("Some sets that have multiple releases")]
    listed = set()
    for line in table.splitlines()[2:]:
        for code in re.findall(r"(?:^|\s{2,})([A-Z][A-Za-z0-9+]{0,3})(?=\s{2,})", " " + line):
            listed.add(code)
    written = {w.casefold() for entry in _set_names() for w in entry["written"]}
    # the table's own heading; the A-H starter decks, whose cards the card list files under their
    # editions' codes; Legacy Rare, which the card list writes inside a printing's name (`- LR`)
    not_sets = {"Set", "A", "B", "C", "D", "E", "F", "G", "H", "LR"}
    assert len(listed) > 30
    assert sorted(code for code in listed - not_sets if code.casefold() not in written) == []


@pytest.mark.skipif(not REAL_LIST.is_file(), reason="../shared/data/redemption-lackey is not beside this checkout")
def test_every_set_code_of_set_names_is_one_the_real_card_list_has():
    with REAL_LIST.open(encoding="utf-8", newline="") as rows:
        codes = {row[1] for row in list(csv.reader(rows, delimiter="\t", quoting=csv.QUOTE_NONE))[1:] if len(row) > 1}
    assert sorted(code for entry in _set_names() for code in entry["codes"] if code not in codes) == []


@pytest.mark.parametrize(
    "typed, first",
    [
        ("Mary, Holy Virgn", "Mary, Holy Virgin / Mary, Willing Servant (GoC)"),  # either name of a card printed with two
        ("Mary, Wiling Servant", "Mary, Holy Virgin / Mary, Willing Servant (GoC)"),
        ("Herod the Grate (Di)", "Herod the Great (Di)"),  # the printing of the set written first
        ("Herod the Grate (Ap)", "Herod the Great (Ap)"),
        ("Herod the Grate [Disciples]", "Herod the Great (Di)"),
    ],
)
def test_did_you_mean_offers_first_the_card_and_printing_meant(databases, typed, first):
    (finding,) = [
        f
        for f in check_file(Path("deck.txt"), CheckOptions(game="redemption"), databases, f"1 {typed}\n".encode()).findings
        if f.rule == "deck.unknown-card"
    ]
    assert f"did you mean '{first}'" in finding.message


def test_either_name_of_a_card_printed_with_two_finds_it(databases):
    cards, problems, _ = _cards("1 Mary, Holy Virgin\n1 Mary, Willing Servant (GoC)\n", databases)
    assert (cards, problems) == ([("mary", 1), ("mary", 1)], [])


def test_a_store_product_pages_sections_are_headers(databases):
    text = "Dominants\nDual-Alignment\n1 Son of God\nArtifacts/Covenants/Curses\n1 Storehouse [IR]\n"
    cards, problems, _ = _cards(text, databases)
    assert (cards, problems) == ([("son-of-god", 1), ("storehouse", 1)], [])


def test_a_name_two_cards_share_is_offered_as_each_spelling_a_player_can_type(databases):
    """Issue 48: the 28th-place deck's `Potiphera, Priest of On`, a name the card list gives two
    cards: the message names `Potiphera, Priest of On (IR)` and `(Pri)`, not deckcheck's ids, and
    each finds its card alone."""
    names = databases.for_game("redemption").names
    spelled = {names.written(card) for card in databases.for_game("redemption").cards if card.id.startswith("potiphera")}
    assert spelled == {"Potiphera, Priest of On (IR)", "Potiphera, Priest of On (Pri)"}
    assert {names.resolve(each).card.id for each in spelled} == {"potiphera-ir", "potiphera-pri"}


@pytest.mark.slow
@pytest.mark.skipif(not REAL_LIST.is_file(), reason="../shared/data/redemption-lackey is not beside this checkout")
def test_every_printing_of_the_real_list_has_a_spelling_a_player_can_type_that_finds_it_alone(real_database):
    database = load_databases([real_database[0]])["redemption"]
    names = database.names
    by_id = [card.name for card in database.cards if names.written(card) == card.id]
    astray = [card.name for card in database.cards if names.resolve(names.written(card)).card is not card]
    assert (by_id, astray) == ([], [])
