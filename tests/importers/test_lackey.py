"""LackeyCCG data: the card-list importer, .dek decks, formats and bans from the data, and the
official deck files of ../shared/data where a checkout has them."""

import json
import shutil

import pytest
import yaml
from deckcheck.loading.card_db import load_databases

from conftest import DATA, REPO, SHARED, run

LACKEY = DATA / "lackey"
REAL = SHARED / "data" / "redemption-lackey"
needs_real = pytest.mark.skipif(not REAL.is_dir(), reason="../shared/data/redemption-lackey is not beside this checkout")


@pytest.fixture(scope="module")
def imported(tmp_path_factory):
    out = tmp_path_factory.mktemp("imported")
    outcome = run("db", "import", "lackey", LACKEY / "carddata.txt", "--formats", LACKEY / "formats.txt", "-o", out)
    assert outcome.exit_code == 0, outcome.stderr
    return out, outcome.stdout


def cards(out):
    return {card.name: card for card in load_databases([out])["redemption"].cards}


def test_import_summary_says_what_came_in_and_what_did_not(imported):
    _, summary = imported
    assert summary.startswith("48 rows read, 45 cards imported, 3 skipped")
    assert "skipped, a row with the wrong number of fields: 1" in summary and "row 7: 9 fields, the header has 16" in summary
    assert "skipped, a token (not a deck card): 1" in summary
    assert "skipped, an unknown type ('Spaceship'): 1" in summary
    assert "3 cards the card list marks banned" in summary
    assert "formats: rotation (16 sets), kings-only (1 set)" in summary


@pytest.mark.parametrize(
    "name, title",
    [
        ("Peter (Ap)", "Peter"),
        ("Peter (I)", "Peter"),
        ("Lost Soul Proverbs 10:1 (I)", "Lost Soul Proverbs 10:1"),
        ("Abednego (Azariah)", "Abednego (Azariah)"),
        ("Lost Soul II Chronicles 28:13 (Hopper)", "Lost Soul II Chronicles 28:13 (Hopper)"),
        ("Christian Martyr (AU)", "Christian Martyr"),
        ("Glory of the Lord (2015 Promo)", "Glory of the Lord"),
        ("Michael (Aw)", "Michael"),
        ("Endless Treasures (Banned)", "Endless Treasures"),
        ("Shapeshifter", "Shapeshifter"),
        # brackets, repeated marks, quoted art names, codes with spaces, first prints, fundraisers
        ("Son of God [K]", "Son of God"),
        ("Son of God (2019) (Promo)", "Son of God"),
        ('Son of God "Manger" (Promo)', "Son of God"),
        ("Son of God [Tomb] [2022 - Seasonal]", "Son of God"),
        ("Son of God ( C)", "Son of God"),
        ("Son of God (1st Print - K)", "Son of God"),
        ("Son of God [Fundraiser - Greek]", "Son of God"),
        ("The Second Coming (CoW AB)", "The Second Coming"),
        ("Storehouse [IR]", "Storehouse"),
        ("Cherubim [Blake] [T2C AB]", "Cherubim [Blake]"),  # a generic character's art makes another card
        ("The Depraved [Black]", "The Depraved [Black]"),  # a brigade variant is another card
        ('Lost Soul "Deck Discard" [Hosea 13:2 - LR]', 'Lost Soul "Deck Discard" [Hosea 13:2]'),
    ],
)
def test_titles(imported, name, title):
    assert cards(imported[0])[name].title == title


@pytest.mark.parametrize(
    "printings",
    [
        [
            "Son of God (I)",
            "Son of God [K]",
            "Son of God (H)",
            'Son of God "Manger" (Promo)',
            "Son of God (2019) (Promo)",
            "Son of God [Tomb] [2022 - Seasonal]",
            "Son of God ( C)",
            "Son of God (1st Print - K)",
            "Son of God [Fundraiser - Greek]",
        ],
        ["The Second Coming", "The Second Coming (CoW AB)", "The Second Coming [Fundraiser]"],
        ["Storehouse [IR]", "Storehouse (Promo)"],
        ["Goliath's Curse [L]", "Goliath\u2019s Curse (LoC)"],
    ],
)
def test_every_printing_of_a_card_has_one_title(imported, printings):
    from deckcheck.loading.names import normalise

    found = cards(imported[0])
    assert len({normalise(found[name].title) for name in printings}) == 1


def test_summary_counts_each_kind_of_mark_with_an_example(imported):
    summary = imported[1]
    for words, count, example in [
        ("a set's suffix", 7, "e.g. Peter (Ap) -> Peter"),
        ("a set named in the mark", 8, "e.g. Michael (Aw) -> Michael"),
        ("a short printing code", 4, "e.g. Christian Martyr (AU) -> Christian Martyr"),
        ("a dated, event or promotional printing", 5, "e.g. Glory of the Lord (2015 Promo) -> Glory of the Lord"),
        ("the art's name of a card that is not generic", 2, 'e.g. Son of God "Manger" (Promo) -> Son of God'),
        ("a first printing", 1, "e.g. Son of God (1st Print - K) -> Son of God"),
        ("a fundraiser printing", 2, "e.g. Son of God [Fundraiser - Greek] -> Son of God"),
        ("a printing code inside a Lost Soul's reference", 1, '[Hosea 13:2 - LR] -> Lost Soul "Deck Discard" [Hosea 13:2]'),
        ("several marks on one name", 3, 'e.g. Son of God "Manger" (Promo) -> Son of God'),
        ("kept: a bracket that names the card", 4, "e.g. The Depraved [Black] -> The Depraved [Black]"),
    ]:
        line = next(line for line in summary.splitlines() if words in line)
        assert line.split()[0] == str(count) and example in line, line
    unmarked = next(line for line in summary.splitlines() if "no parenthesis, bracket or quoted name" in line)
    # Shapeshifter, Mixed Blessing, Crimson Pair, Glad Tidings twice, Chariot of Fire, The Second
    # Coming, Ephesian Widow: the imported names with no mark at all (Broken Row is a skipped row)
    assert unmarked.split()[0] == "8"


def test_the_rotation_pool_is_what_the_card_list_says(imported):
    found = cards(imported[0])
    assert found["Peter (I)"].get("rotation") is True and found["Michael (Aw)"].get("rotation") is False
    assert found["Son of God (H)"].get("rotation") is False
    # a banned printing's set is marked `TPC [Ban]`; its pool is its set's
    assert found["Ephesian Widow"].get("rotation") is True and found["Ephesian Widow"].get("banned") is True


def test_facts(imported):
    found = cards(imported[0])
    assert found["Shapeshifter"].types == ("hero", "evil_character")
    assert found["Shapeshifter"].get("brigades") == ["gold", "red"] and found["Shapeshifter"].get("generic") is True
    assert found["Mixed Blessing"].types == ("good_enhancement", "evil_enhancement")
    assert found["Mixed Blessing"].get("brigades") == ["purple", "teal"] and found["Mixed Blessing"].get("toughness") == -2
    assert found["Crimson Pair"].get("brigades") == ["crimson", "gold"]
    assert found["Fishing Net (Ap)"].get("brigades") == ["red", "purple"]
    assert found["Son of God (I)"].types == ("good_dominant",)
    assert found["Christian Martyr (AU)"].types == ("evil_dominant",)
    peter = found["Peter (I)"]
    assert (peter.get("special_ability"), peter.get("identifiers"), peter.get("set"), peter.get("image"), peter.get("art")) == (
        True,
        ["Disciple", "Prophet"],
        "I",
        "Peter_(I)",
        "Peter_(I)",
    )
    assert found["James (I)"].get("strength") == 8 and found["Andrew (Ap)"].get("special_ability") is False
    assert "ability" not in json.dumps({k: v for c in found.values() for k, v in c.facts.items()}).lower().replace("special_ability", "")


def test_the_same_name_twice_gets_two_ids(imported):
    database = load_databases([imported[0]])["redemption"]
    tidings = [card.id for card in database.cards if card.name == "Glad Tidings"]
    assert sorted(tidings) == ["glad-tidings-i", "glad-tidings-ki"]


def test_the_import_passes_db_lint(imported):
    outcome = run("db", "lint", imported[0])
    assert outcome.exit_code == 0 and outcome.stdout.strip().endswith("no problems")


def test_columns_are_read_by_name(tmp_path):
    lines = (LACKEY / "carddata.txt").read_text().splitlines()
    header = lines[0].split("\t")
    order = list(reversed(range(len(header))))
    shuffled = ["\t".join(row.split("\t")[i] for i in order) for row in [lines[0]] + lines[1:6]]
    (tmp_path / "carddata.txt").write_text("\n".join(shuffled) + "\n")
    assert run("db", "import", "lackey", tmp_path / "carddata.txt", "-o", tmp_path / "out").exit_code == 0
    assert cards(tmp_path / "out")["Peter (Ap)"].get("brigades") == ["red"]


def test_a_missing_column_is_exit_two(tmp_path):
    (tmp_path / "carddata.txt").write_text("Name\tSet\nPeter\tI\n")
    outcome = run("db", "import", "lackey", tmp_path / "carddata.txt", "-o", tmp_path / "out")
    assert outcome.exit_code == 2 and "no column ImageFile" in outcome.stderr


# --- decks -------------------------------------------------------------------------------------

DEK = """<deck version="0.8">
\t<meta><game>Redemption</game></meta>
\t<superzone name="Deck">
{cards}\t</superzone>
\t<superzone name="Reserve">
\t\t<card><name id="Glad_Tidings_(Ki)">Glad Tidings</name><set>Ki</set></card>
\t</superzone>
\t<superzone name="Tokens">
\t\t<card><name id="LS_Token">Lost Soul Token</name><set>Ki</set></card>
\t</superzone>
</deck>
"""


def dek_card(image, name, card_set):
    return f'\t\t<card><name id="{image}">{name}</name><set>{card_set}</set></card>\n'


def test_dek_resolves_by_image_then_set_then_name(tmp_path, imported):
    out = imported[0]
    deck = tmp_path / "deck.dek"
    cards_xml = (
        dek_card("Peter_(I)", "Peter", "I") * 2
        + dek_card("Glad_Tidings_(I)", "Glad Tidings", "I")
        + dek_card("unknown_image", "James (I)", "I")
    )
    deck.write_text(DEK.format(cards=cards_xml))
    outcome = run("check", deck, "--card-db", out, "--format", "quickstart", "--output-format", "json")
    assert outcome.deck["game"] == "redemption" and outcome.deck["counts"] == {"main": 4, "side": 1}
    assert "deck.unknown-card" not in outcome.errors and "deck.ambiguous-card" not in outcome.errors
    # a deck under 50 cards is refused by its size; it still allows one of each ability card
    (limit,) = outcome.findings("redemption.special-ability-limit")
    assert limit["message"].startswith("2 copies of Peter (I); at most 1 allowed") and limit["line"] == 4


@pytest.mark.parametrize(
    "hostile, words",
    [
        (
            '<?xml version="1.0"?>\n<!DOCTYPE deck [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;">]>\n'
            '<deck><superzone name="Deck"><card><name id="x">&b;</name><set>I</set></card></superzone></deck>\n',
            "refused",
        ),
        (
            '<?xml version="1.0"?>\n<!DOCTYPE deck [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n'
            '<deck><superzone name="Deck"><card><name id="x">&x;</name></card></superzone></deck>\n',
            "refused",
        ),
        ('<deck><superzone name="Deck"><card><name id="x">Peter</name></card>\n</deck>\n', "not a valid LackeyCCG .dek file"),
    ],
)
def test_hostile_or_broken_dek_is_deck_parse(tmp_path, hostile, words):
    deck = tmp_path / "deck.dek"
    deck.write_text(hostile)
    outcome = run("check", deck, "--output-format", "json")
    (finding,) = outcome.findings("deck.parse")
    assert words in finding["message"] and finding["line"] is not None
    assert "passwd" not in outcome.stdout and "root:" not in outcome.stdout


def test_the_same_deck_as_dek_lackey_text_and_yaml(tmp_path):
    dek = REPO / "tests" / "decks" / "redemption" / "deck-i.dek"
    text_deck = tmp_path / "deck.txt"
    names = yaml.safe_load((REPO / "examples" / "redemption-deck-i.yaml").read_text())["main"]
    extra = "Peter (I)"  # one copy too many, so that there is a finding to compare
    text_deck.write_text(
        "".join(f"{2 if n == extra else c}\t{n}\n" for n, c in names.items()) + "Reserve:\n1\tJames\nTokens:\n1\tLost Soul Token\n"
    )
    yaml_deck = tmp_path / "deck.yaml"
    yaml_deck.write_text(
        "game: redemption\nmain:\n"
        + "".join(f"  {json.dumps(n)}: {2 if n == extra else c}\n" for n, c in names.items())
        + "side:\n  James: 1\n"
    )
    dek_text = dek.read_text().replace("\t</superzone>", dek_card("Peter_(I)", "Peter (I)", "I") + "\t</superzone>", 1)
    dek_text = dek_text.replace(
        "</deck>", '\t<superzone name="Reserve">\n' + dek_card("James_(I)", "James", "I") + "\t</superzone>\n</deck>"
    )
    (tmp_path / "deck.dek").write_text(dek_text)
    verdicts = []
    for deck in (tmp_path / "deck.dek", text_deck, yaml_deck):
        outcome = run("check", deck, "--game", "redemption", "--output-format", "json")
        verdicts.append(
            (outcome.deck["legal"], outcome.deck["counts"], sorted((f["rule"], f["message"]) for f in outcome.deck["findings"]))
        )
    assert verdicts[0] == verdicts[1] == verdicts[2]
    assert verdicts[0][0] is False and verdicts[0][1] == {"main": 51, "side": 1}


# --- formats and bans from the data ------------------------------------------------------------


def test_a_card_outside_the_formats_sets(tmp_path, imported):
    deck = tmp_path / "deck.yaml"
    deck.write_text("game: redemption\nformat: rotation\nmain:\n  Peter (I): 1\n  Michael (Aw): 1\n")
    outcome = run("check", deck, "--card-db", imported[0], "--output-format", "json")
    (finding,) = outcome.findings("redemption.format-sets")
    assert finding["message"] == "Michael (Aw) is from set AW, which the rotation format does not allow"
    assert finding["line"] == 5


def test_unknown_format_lists_the_datas_formats(tmp_path, imported):
    deck = tmp_path / "deck.yaml"
    deck.write_text("game: redemption\nformat: legacy\nmain:\n  Peter (I): 1\n")
    (finding,) = run("check", deck, "--card-db", imported[0], "--output-format", "json").findings("deck.unknown-game")
    assert finding["message"] == (
        "Redemption has no format 'legacy' (formats: quickstart, type1, type1-unlimited, type1-teams, type2, paragon, rotation, kings-only)"
    )


def test_banned_in_the_data_is_banned_everywhere(tmp_path, imported):
    deck = tmp_path / "deck.yaml"
    deck.write_text("game: redemption\nformat: quickstart\nmain:\n  Endless Treasures: 1\n")
    (finding,) = run("check", deck, "--card-db", imported[0], "--output-format", "json").findings("banlist.banned")
    assert finding["message"] == "Endless Treasures (Banned) is banned by the card list's own Banned mark"


def test_rules_lists_the_new_ids():
    listing = json.loads(run("rules", "redemption", "--output-format", "json").stdout)
    ids = {r["id"] for r in listing["games"][0]["rules"]} | {r["id"] for r in listing["common_rules"]}
    assert {"redemption.format-sets", "banlist.banned"} <= ids


# --- cards --------------------------------------------------------------------------------------


def test_cards_by_fuzzy_name():
    outcome = run("cards", "rabit", "--game", "redline")
    assert outcome.exit_code == 0 and "EF-9 Rabbit" in outcome.stdout


def test_cards_by_facts_in_json():
    data = json.loads(run("cards", "--game", "redemption", "--type", "hero", "--brigade", "purple", "--output-format", "json").stdout)
    assert data["found"] == len(data["cards"]) > 0
    assert all("hero" in c["type"] and "purple" in c["brigades"] for c in data["cards"])
    assert {c["name"] for c in data["cards"]} >= {"Peter (I)", "John (I)", "James"}


def test_cards_by_set_and_faction():
    assert {
        c["name"] for c in json.loads(run("cards", "--game", "redemption", "--set", "Ki", "--output-format", "json").stdout)["cards"]
    } == {"Saph (Ki)"}
    holy = json.loads(run("cards", "--faction", "holy", "--output-format", "json").stdout)["cards"]
    assert {c["game"] for c in holy} == {"demon-rush"} and "Soren" in {c["name"] for c in holy}


def test_cards_nothing_found_is_exit_one():
    assert run("cards", "zzzzqqqq", "--game", "redline").exit_code == 1


# --- db lint ------------------------------------------------------------------------------------

LINT_CASES = {  # cards, the line and the text the problem points at, what it says
    "duplicate id": (
        "  - {name: Crate, type: resource}\n  - {name: Box, id: crate, type: resource}\n",
        4,
        "{",
        "duplicate id 'crate' (also at",
    ),
    "same name": (
        "  - {name: Crate, id: crate-a, type: resource}\n  - {name: Crate, id: crate-b, type: resource}\n",
        4,
        "{",
        "'Crate' has the name of the card at",
    ),
    "foreign field": (
        "  - {name: Crate, type: resource, brigades: [red]}\n",
        3,
        "brigades:",
        "cards/0: ",
    ),
    "out of range": ("  - {name: Titan, type: efreet, damage: 120}\n", 3, "120", "damage 120 is out of range (0 to 99)"),
    "schema": ("  - {name: Crate, type: resource, cost: lots}\n", 3, "lots", "cards/0/cost: "),
}


@pytest.mark.parametrize("case", list(LINT_CASES))
def test_db_lint_finds(tmp_path, case):
    cards_yaml, line, anchor, words = LINT_CASES[case]
    text = "game: redline\ncards:\n" + cards_yaml
    path = tmp_path / "cards.yaml"
    path.write_text(text)
    outcome = run("db", "lint", path)
    assert outcome.exit_code == 1
    column = text.splitlines()[line - 1].index(anchor) + 1
    assert f"{path}:{line}:{column}: {words}" in outcome.stdout, outcome.stdout


def test_db_lint_of_the_bundled_data_and_coverage():
    outcome = run("db", "lint", "--coverage")
    assert outcome.exit_code == 0 and "no problems" in outcome.stdout
    assert "redline: fields missing, per type" in outcome.stdout
    line = next(row for row in outcome.stdout.splitlines() if row.startswith("general "))
    assert "cost 2/2" in line


# --- the cache ------------------------------------------------------------------------------------


def test_cache_entries_are_used_and_bad_ones_ignored(tmp_path, monkeypatch):
    monkeypatch.setenv("DECKCHECK_CACHE_DIR", str(tmp_path / "cache"))
    from deckcheck.loading.card_db import read_file

    source = tmp_path / "cards.yaml"
    shutil.copy(DATA / "redline-cards.yaml", source)
    game, first, _ = read_file(source)
    entries = list((tmp_path / "cache").glob("*.entry"))
    assert game == "redline" and len(entries) == 1
    entries[0].write_text("{not json")
    assert [c.id for c in read_file(source)[1]] == [c.id for c in first]  # a broken entry is read past
    entries[0].write_text(json.dumps({"game": "redline", "cards": [["x"]], "formats": []}))
    assert [c.id for c in read_file(source)[1]] == [c.id for c in first]  # so is one of another shape
    source.write_text(source.read_text().replace("Mars General", "Venus General"))
    assert "Venus General" in {c.name for c in read_file(source)[1]}  # a changed file is a new entry


def test_cache_can_be_turned_off_and_survives_an_unwritable_folder(tmp_path, monkeypatch):
    from deckcheck.loading.card_db import read_file

    monkeypatch.setenv("DECKCHECK_NO_CACHE", "1")
    monkeypatch.setenv("DECKCHECK_CACHE_DIR", str(tmp_path / "off"))
    read_file(DATA / "redline-cards.yaml")
    assert not (tmp_path / "off").exists()
    monkeypatch.delenv("DECKCHECK_NO_CACHE")
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the cache folder should be")
    monkeypatch.setenv("DECKCHECK_CACHE_DIR", str(blocked))
    assert read_file(DATA / "redline-cards.yaml")[0] == "redline"


# --- the real plugin data -------------------------------------------------------------------------


@needs_real
def test_the_readmes_figures_of_the_real_list_are_what_the_import_prints(real_database):
    """Drift: every count the manual quotes for the real list (docs/redemption.md) is the import's own."""
    import re

    _, summary = real_database
    readme = (REPO / "docs" / "redemption.md").read_text(encoding="utf-8")
    paragraph = readme[readme.index("On the real list (5,692 rows):") :].split("\n\n")[0]
    counts = {}
    for line in summary.splitlines():
        found = re.match(r"\s+(\d[\d,]*)\s{2}(.+?)(?:  e\.g\.|$)", line)
        if found:
            counts[found[2]] = int(found[1].replace(",", ""))
    quoted = {
        "no parenthesis, bracket or quoted name": r"([\d,]+) names with no parenthesis",
        "a set's suffix (Peter (I), Aaron (Pa))": r"([\d,]+) titles from a set's\s+suffix",
        "a set named in the mark (Storehouse [IR], Son of God [K], [T2C AB], (I/J+))": r"([\d,]+) from a set named",
        "a dated, event or promotional printing (Son of God (2019) (Promo), [2024 - Winner])": r"([\d,]+) dated, event or promo",
        "a first printing (Son of God (1st Print - K))": r"([\d,]+) first prints",
        'a printing code inside a Lost Soul\'s reference (Lost Soul "Deck Discard" [Hosea 13:2 - LR])': r"([\d,]+) printing codes",
        "a fundraiser printing (Son of God [Fundraiser - Greek])": r"([\d,]+) fundraisers",
        "kept: a parenthesis that names the card (Abednego (Azariah), Lost Soul ... (Hopper), (Gold))": r"([\d,]+) parentheses",
        "kept: a bracket that names the card (The Depraved [Black], Cherubim [Blake] of a generic character)": r"([\d,]+) brackets",
    }
    for label, pattern in quoted.items():
        said = re.search(pattern, paragraph)
        assert said, pattern
        assert int(said[1].replace(",", "")) == counts[label], label
    cards = re.search(r"([\d,]+) cards imported", summary)[1]
    assert f"{cards} cards" in paragraph


@needs_real
@pytest.mark.slow
def test_the_real_card_list_imports_and_lints(real_database):
    out, summary = real_database
    assert summary.startswith("5,692 rows read, 5,680 cards imported, 12 skipped")
    assert "row 5172: 30 fields" in summary and "row 5174: 30 fields" in summary
    assert run("db", "lint", out).exit_code == 0


@needs_real
@pytest.mark.slow
def test_every_printing_of_the_real_list_gets_one_title_per_card(real_database):
    """The issue's cases, on every printing of the real list."""
    import re

    from deckcheck.loading.names import normalise

    database = load_databases([real_database[0]])["redemption"]
    dominants = ("good_dominant", "evil_dominant")
    groups = {
        "Son of God": lambda c: True,
        "The Second Coming": lambda c: True,
        "Star of Bethlehem": lambda c: True,
        "Storehouse": lambda c: True,
        "Goliath's Curse": lambda c: True,
        "New Jerusalem": lambda c: c.is_a(*dominants),
        "Chariot of Fire": lambda c: c.is_a(*dominants),
    }
    for name, which in groups.items():
        pattern = re.compile(re.escape(name).replace("'", "['\u2019]") + r"(?![\w,'])")
        printings = [c for c in database.cards if pattern.match(c.name) and which(c)]
        assert printings, name
        assert {normalise(c.title) for c in printings} == {normalise(name)}, (name, [c.name for c in printings])
    sons = [c for c in database.cards if c.name.startswith("Son of God") and c.is_a(*dominants)]
    assert len(sons) >= 25


@needs_real
def test_the_real_summary_puts_under_no_parenthesis_only_names_without_one(real_database):
    summary = real_database[1]
    unmarked = next(line for line in summary.splitlines() if "no parenthesis, bracket or quoted name" in line)
    rows = (REAL / "carddata.txt").read_text(encoding="utf-8-sig").splitlines()[1:]
    names = [row.split("\t")[0] for row in rows if len(row.split("\t")) == 16 and "Token" not in row.split("\t")[4]]
    assert int(unmarked.split()[0]) == sum(not any(c in n for c in '()[]"') for n in names)
    for kind in (
        "a set named in the mark",
        "a first printing",
        "a fundraiser printing",
        "a dated, event or promotional printing",
        "the art's name of a card that is not generic",
        "a printing code inside a Lost Soul's reference",
        "several marks on one name",
    ):
        assert kind in summary


@needs_real
def test_every_official_deck_gets_the_verdict_its_contents_deserve(real_database):
    outcome = run("check", REAL / "decks", "--card-db", real_database[0], "--format", "quickstart", "--output-format", "json")
    verdicts = {d["path"].rsplit("/", 1)[-1]: sorted({f["rule"] for f in d["findings"]}) for d in outcome.report["decks"]}
    illegal = {name: rules for name, rules in verdicts.items() if rules}
    # the plugin's I and J files list one Lost Soul twice (51 cards, 8 Lost Souls, an ability
    # Lost Soul twice); Unlimited B holds two copies of the dominant Angel of the Lord: each of
    # those is one finding, under the rule with the lowest limit
    assert illegal == {
        "Starter_I.dek": ["redemption.lost-soul-count", "redemption.special-ability-limit"],
        "Starter_J.dek": ["redemption.lost-soul-count", "redemption.special-ability-limit"],
        "Unlimited_B.dek": ["redemption.dominant-limit"],
    }
    assert len(verdicts) == 16


def test_rules_versions_follow_their_schema_and_lint_clean():
    from deckcheck.loading import resources
    from deckcheck.loading.checked_yaml import load_checked

    folder = resources.format_rules_folder("redemption")
    found = {load_checked(path, "rules-version").data["version"] for path in folder.glob("dbr-*.yaml")}
    assert found == {"1.3.0", "2.0"}
    assert run("db", "lint", folder).exit_code == 0


@needs_real
@pytest.mark.parametrize("as_of", ["2026-06-01", "2026-09-01"])
def test_every_official_deck_under_type1_limited(real_database, as_of):
    outcome = run("check", REAL / "decks", "--card-db", real_database[0], "--format", "type1", "--as-of", as_of, "--output-format", "json")
    verdicts = {d["path"].rsplit("/", 1)[-1]: sorted({f["rule"] for f in d["findings"]}) for d in outcome.report["decks"]}
    # the starter decks K and L are Rotation decks and legal; the older ones are outside the
    # Rotation pool; I and J as the plugin lists them (one ability Lost Soul twice) and the
    # dominant twice in Unlimited B stay what they were
    legal = {name for name, rules in verdicts.items() if not rules}
    assert legal == {"Starter_K.dek", "Starter_L.dek"}
    assert verdicts["Starter_I.dek"] == verdicts["Starter_J.dek"] == ["redemption.lost-soul-ability-limit", "redemption.lost-soul-count"]
    assert verdicts["Unlimited_B.dek"] == ["redemption.dominant-limit", "redemption.format-sets"]
    assert all(
        rules == ["redemption.format-sets"]
        for name, rules in verdicts.items()
        if name not in legal | {"Starter_I.dek", "Starter_J.dek", "Unlimited_B.dek"}
    )


@needs_real
@pytest.mark.slow
def test_every_official_deck_in_unlimited_takes_every_card(real_database):
    outcome = run(
        "check", REAL / "decks", "--card-db", real_database[0], "--format", "unlimited", "--as-of", "2026-06-01", "--output-format", "json"
    )
    illegal = {d["path"].rsplit("/", 1)[-1] for d in outcome.report["decks"] if not d["legal"]}
    assert illegal == {"Starter_I.dek", "Starter_J.dek", "Unlimited_B.dek"}


REAL_TITLE_CASES = [  # the pairs that passed while printing marks stayed in titles
    # the Dominant by its id: the bare title is also three artifacts' (a line naming it means any of them)
    (['Son of God "Manger" (Promo)', "chariot-of-fire"], "redemption.exclusive-pair"),
    (["Son of God [K]", "Son of God (H)"], "redemption.dominant-limit"),
    (["Son of God [Fundraiser]", "Son of God (I)"], "redemption.dominant-limit"),
    (["Son of God (2019) (Promo)", "Son of God (I)"], "redemption.dominant-limit"),
    (["Son of God [Tomb] [2022 - Seasonal]", "Son of God ( C)"], "redemption.dominant-limit"),
    (["The Second Coming [Fundraiser]", "The Second Coming (CoW AB)"], "redemption.dominant-limit"),
    (["Storehouse [IR]", "Storehouse (Promo)"], "redemption.copy-limit"),
    (["Goliath's Curse [L]", "Goliath\u2019s Curse (LoC)"], "redemption.copy-limit"),
    (['Lost Soul "Deck Discard" [Hosea 13:2 - LR]', "Lost Soul Hosea 13:2 (Deck Discarder)"], "redemption.lost-soul-ability-limit"),
]


@needs_real
@pytest.mark.parametrize("names, rule", REAL_TITLE_CASES)
@pytest.mark.slow
def test_printings_of_one_card_in_the_real_list_are_one_card(real_database, tmp_path, names, rule):
    lines = "".join(f"1\t{name}\n" for name in names)
    (tmp_path / "deck.txt").write_text("# game: redemption\n" + lines)
    outcome = run(
        "check",
        tmp_path / "deck.txt",
        "--card-db",
        real_database[0],
        "--format",
        "unlimited",
        "--as-of",
        "2026-09-01",
        "--output-format",
        "json",
    )
    (finding,) = outcome.findings(rule)
    assert len(finding["cards"]) == 2, finding


@pytest.mark.parametrize(
    "carddata, formats, words",
    [
        (b"Name\tSet\n\xff\xfe\n", None, "not UTF-8 text"),
        (None, b"<formatdefinitions><format>", "not LackeyCCG format definitions"),
        (None, b'<!DOCTYPE x [<!ENTITY a "b">]><formatdefinitions/>', "not LackeyCCG format definitions"),
    ],
)
def test_import_of_broken_files_is_one_line_and_exit_two(tmp_path, carddata, formats, words):
    cards = tmp_path / "carddata.txt"
    cards.write_bytes(carddata or (LACKEY / "carddata.txt").read_bytes())
    args = ["db", "import", "lackey", cards, "-o", tmp_path / "out"]
    if formats:
        (tmp_path / "formats.txt").write_bytes(formats)
        args += ["--formats", tmp_path / "formats.txt"]
    outcome = run(*args)
    assert outcome.exit_code == 2 and words in outcome.stderr and "Traceback" not in outcome.stderr


# --- raw exports, as a new user checks them -----------------------------------------------------------


def _export(dek_path, out):
    """A .dek as LackeyCCG's text export writes it: `count<TAB>name`, `Reserve:`, no game line."""
    import collections
    import xml.etree.ElementTree as ET

    lines = []
    for zone in ET.parse(dek_path).getroot().iter("superzone"):
        if zone.get("name") not in ("Deck", "Reserve"):
            continue
        if zone.get("name") == "Reserve":
            lines.append("Reserve:")
        names = collections.Counter(card.find("name").text for card in zone.iter("card"))
        lines += [f"{count}\t{name}" for name, count in names.items()]
    out.write_text("\n".join(lines) + "\n")


def test_a_raw_export_with_no_header_is_inferred_as_redemption(tmp_path, imported):
    deck = tmp_path / "export.txt"
    deck.write_text("2\tPeter (I)\n1\tJames (I)\n1\tSon of God (I)\nReserve:\n1\tGlad Tidings\n")
    outcome = run("check", deck, "--card-db", imported[0], "--output-format", "json")
    assert outcome.deck["game"] == "redemption" and outcome.deck["game_inferred"] is True
    # Glad Tidings, a name the card list gives its I and Ki printings alike: one card, not ambiguous
    assert not outcome.findings("deck.ambiguous-card")
    assert any(n.startswith("line 5: 'Glad Tidings' names printings of one card") for n in outcome.deck["notes"])


def test_names_with_a_space_inside_their_brackets_match(tmp_path, imported):
    deck = tmp_path / "deck.txt"
    deck.write_text("# game: redemption\n1\tSon of God (  C)\n1\tChristian Martyr ( AU )\n")
    assert "deck.unknown-card" not in run("check", deck, "--card-db", imported[0], "--output-format", "json").errors


@needs_real
def test_every_official_deck_as_a_raw_export(real_database, tmp_path):
    """The plugin's decks exported as text (no game line, no sets): each is Redemption, inferred
    from its cards, and its names are read as the printings they name: none is ambiguous."""
    for dek in sorted((REAL / "decks").glob("*.dek")):
        _export(dek, tmp_path / f"{dek.stem}.txt")
    outcome = run("check", tmp_path, "--card-db", real_database[0], "--format", "quickstart", "--output-format", "json")
    decks = {d["path"].rsplit("/", 1)[-1]: d for d in outcome.report["decks"]}
    assert len(decks) == 16 and all(d["game"] == "redemption" and d["game_inferred"] for d in decks.values())
    assert not [f for d in decks.values() for f in d["findings"] if f["rule"] == "deck.ambiguous-card"]
    # the decks the .dek files give as legal are legal as exports too, but for names the plugin's
    # deck files spell as no card of its own list does (an older Lost Soul name)
    for name, deck in decks.items():
        unknown = [f for f in deck["findings"] if f["rule"] == "deck.unknown-card"]
        assert deck["legal"] or unknown or name == "Unlimited_B.txt", (name, deck["findings"])


@needs_real
def test_every_ban_entry_of_every_rules_version_names_a_real_printing(real_database):
    """A ban entry that matches no printing would let the card through silently."""
    from deckcheck.games.redemption.rules_version import versions
    from deckcheck.games.redemption.same_card import matches_title

    database = load_databases([real_database[0]])["redemption"]
    for version in versions():
        for ban in version.banned:
            assert any(ban.matches(card) for card in database.cards), (version.version, ban.name, ban.set)
        for spec in version.special_limits:
            assert any(matches_title(card, spec) for card in database.cards), (version.version, spec)


@pytest.mark.slow
def test_the_imported_real_list_reads_alike_in_pure_and_c_yaml(real_database):
    """Every file `db import lackey` writes, read by PyYAML's pure-Python loader and by libyaml."""
    import yaml

    files = sorted(real_database[0].glob("*.yaml"))
    assert files
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert yaml.load(text, Loader=yaml.SafeLoader) == yaml.load(text, Loader=yaml.CSafeLoader), path.name


def test_the_first_check_after_an_import_finds_everything_it_reads_in_the_cache(tmp_path, monkeypatch):
    """A fresh machine (a CI run, a new clone's first hook) imports the list and checks at once:
    the import leaves every compiled form a check reads in the cache, so the first check writes
    none (issue 51 part 2: it took 1.7-2.1 s of CPU against the real list, 0.2 s after it)."""
    cache = tmp_path / "cache"
    monkeypatch.setenv("DECKCHECK_CACHE_DIR", str(cache))
    own = DATA / "lackey"
    assert run("db", "import", "lackey", own / "carddata.txt", "--formats", own / "formats.txt", "-o", tmp_path / "db").exit_code == 0
    before = set(cache.iterdir())
    deck = tmp_path / "deck.txt"
    deck.write_text("# game: redemption\n1 Son of God\n")
    run("check", deck, "--card-db", tmp_path / "db")
    assert set(cache.iterdir()) == before
