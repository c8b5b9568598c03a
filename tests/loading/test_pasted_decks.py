"""Decks as people paste them (deck-format.md, Plain text): every file of tests/decks/pasted/ writes
the same deck in its own style, and each reads as the same cards in the same zones."""

from pathlib import Path

import pytest
from deckcheck.check import CheckOptions, load_deck
from deckcheck.loading.card_db import Databases, load_databases

from conftest import DATA, TESTS, run

PASTED = TESTS / "decks" / "pasted"
STYLES = sorted(p for p in PASTED.glob("*.txt"))


@pytest.fixture(scope="module")
def databases():
    return Databases(load_databases([DATA / "redemption-cards.yaml"]))


def cards_of(path: Path, databases) -> dict[tuple[str, str], int]:
    loaded = load_deck(path, CheckOptions(game="redemption"), databases)
    assert loaded.deck is not None, [f.message for f in loaded.findings]
    counts: dict[tuple[str, str], int] = {}
    for zone, entries in loaded.deck.zones.items():
        for entry in entries:
            key = (zone, entry.card.name if entry.card else f"unknown: {entry.typed}")
            counts[key] = counts.get(key, 0) + entry.count
    return counts


def test_the_corpus_has_every_style():
    assert {p.stem for p in STYLES} == {
        "plain",
        "lackey-export",
        "dashes-and-groups",
        "stars-and-dots",
        "times",
        "counts-after",
        "forum-post",
        "markdown-headings",
        "counts-dashed",
        "counts-in-brackets",
        "forum-bold",
    }


@pytest.mark.parametrize("path", STYLES, ids=lambda p: p.stem)
def test_every_style_reads_as_the_same_cards(path, databases):
    expected = {
        ("main", "Gideon (K)"): 3,
        ("main", "John (H)"): 1,
        ("main", "Saph (I)"): 1,
        ("main", "Soul 1"): 1,
        ("main", "Soul 2"): 2,
        ("side", "Peter (Ap)"): 1,
    }
    assert cards_of(PASTED / "reference.yaml", databases) == expected
    assert cards_of(path, databases) == expected


@pytest.mark.parametrize("path", STYLES, ids=lambda p: p.stem)
def test_no_line_is_skipped_and_a_title_line_is_the_name(path):
    outcome = run("check", path, "--game", "redemption", "--card-db", DATA / "redemption-cards.yaml", "--output-format", "json")
    assert outcome.findings("deck.skipped-line") == []
    if path.stem == "forum-post":  # its first line, no card, is the deck's name (it has none other)
        assert outcome.deck["name"] == "Here is what I am bringing to Nationals, feedback welcome!"
    assert "deck.parse" not in outcome.errors and "deck.unknown-card" not in outcome.errors


@pytest.mark.parametrize(
    "line, typed, count",
    [
        ("1 x John (I)", "John (I)", 1),
        ("3x EF-9 Rabbit", "EF-9 Rabbit", 3),
        ("2 X-Wing", "X-Wing", 2),  # an x that begins a name is the name's
        ("1 Xerxes", "Xerxes", 1),
        ("Andrew (I) x1", "Andrew (I)", 1),
        ("Malachi x 2", "Malachi", 2),
        ("Son of God (x2)", "Son of God", 2),
        ("- 1 James (I)", "James (I)", 1),
        ("* 1 Saph (I)", "Saph (I)", 1),
        ("\u2022 4 Mount 1", "Mount 1", 4),
        ("3 Lost Soul // my favourite", "Lost Soul", 3),
    ],
)
def test_card_lines(line, typed, count):
    from deckcheck.games import zone_table
    from deckcheck.loading import text_deck

    deck = text_deck.read("deck.txt", line + "\n", zone_table())
    assert [(e.typed, e.count) for e in deck.entries] == [(typed, count)] and not deck.skipped and not deck.problems


@pytest.mark.parametrize(
    "line, zone, bare",
    [
        ("Heroes (14):", "main", False),  # a group header: the zone stays
        ("Lost Souls", "main", False),
        ("Evil Characters [7]", "main", False),
        ("Good Cards:", "main", False),
        ("Reserve (10):", "side", False),  # a zone header, with its count
        ("Sideboard", "side", False),
        ("Son of God (2019)", "main", True),  # a name without a count, not a group of 2019
        ("Andrew (I)", "main", True),
        ("Tokens:", None, False),  # Lackey's tokens are not part of the deck
    ],
)
def test_headers_and_lines_without_a_count(line, zone, bare):
    from deckcheck.games import zone_table
    from deckcheck.loading import text_deck

    deck = text_deck.read("deck.txt", line + "\n3 Card\n", zone_table())  # a count beside it: bare lines are still cards
    assert not deck.skipped  # the reader skips nothing: what a line without a count is, the card list says
    assert [(e.zone, e.shape) for e in deck.entries] == ([(zone, "bare")] if bare else []) + ([(zone, "")] if zone else [])


@pytest.mark.parametrize(
    "header", ["Reserve:", "## Reserve", "# Reserve", "Reserve Deck:", "Reserve (10)", "Reserve [1]", "Sideboard:", "RESERVE"]
)
def test_every_reserve_header_starts_the_reserve(header):
    from deckcheck.games import zone_table
    from deckcheck.loading import text_deck

    deck = text_deck.read("deck.txt", f"3 Gideon (K)\n{header}\n1 Peter (Ap)\n", zone_table())
    assert [(e.typed, e.zone) for e in deck.entries] == [("Gideon (K)", "main"), ("Peter (Ap)", "side")]


@pytest.mark.parametrize("line", ["Hero Enhancements", "GE (1)", "Sites/Fortresses", "Dominants -", "EC:", "LS"])
def test_group_headers_as_people_write_them_are_no_cards(line):
    from deckcheck.games import zone_table
    from deckcheck.loading import text_deck

    deck = text_deck.read("deck.txt", f"{line}\n3 Gideon (K)\n", zone_table())
    assert [e.typed for e in deck.entries] == ["Gideon (K)"] and not deck.skipped


def test_a_list_of_bare_names_is_a_singleton_deck(databases):
    text = "# game: redemption\nGideon (K)\nJohn (H)\n\nReserve:\nPeter (Ap)\n"
    loaded = load_deck(Path("deck.txt"), CheckOptions(), databases, text.encode())
    assert [(e.card.name, e.count, e.zone) for e in loaded.deck.entries()] == [
        ("Gideon (K)", 1, "main"),
        ("John (H)", 1, "main"),
        ("Peter (Ap)", 1, "side"),
    ]
    assert not [f for f in loaded.findings if f.rule == "deck.skipped-line"]


def test_bare_names_beside_counted_lines_are_one_copy_each(databases):
    # the natural Type 1 list: counts only where a card repeats
    text = "# game: redemption\n3 Gideon (K)\nJohn (H)\nSoul 2 x2\n"
    loaded = load_deck(Path("deck.txt"), CheckOptions(), databases, text.encode())
    assert [(e.card.name, e.count) for e in loaded.deck.entries()] == [("Gideon (K)", 3), ("John (H)", 1), ("Soul 2", 2)]
    assert not loaded.findings


def test_bare_lines_keep_their_places_among_the_counted_and_leave_a_zone_where_its_header_puts_it():
    """A line naming no count stays where it is written, and a title above a `Main Deck:` header
    does not move the deck's place from the header to the top (where a finding about the deck
    points)."""
    from deckcheck.games import zone_table
    from deckcheck.loading import text_deck

    deck = text_deck.read("deck.txt", "Sam's deck\nMain Deck:\nSon of God\n3 Hope\nReserve:\nFaith\n2 Ark\n", zone_table())
    assert [(e.typed, e.position.line) for e in deck.entries] == [
        ("Sam's deck", 1),
        ("Son of God", 3),
        ("Hope", 4),
        ("Faith", 6),
        ("Ark", 7),
    ]
    assert deck.zone_positions == {"main": (2, 1), "side": (5, 1)}


@pytest.mark.parametrize("typo", ["Jonh (H)", "Jhn", "Qwxz Zzyzx"])
def test_a_bare_line_naming_no_card_beside_counted_lines_is_an_unknown_card(databases, typo):
    text = f"# game: redemption\n3 Gideon (K)\n{typo}\n"
    loaded = load_deck(Path("deck.txt"), CheckOptions(), databases, text.encode())
    assert [(f.rule, f.position.line) for f in loaded.findings] == [("deck.unknown-card", 3)]


# --- headers by their shape, a title line, prose: what the card list says a line is ---------------------------


def check(text: str, *options: str):
    from conftest import run as run_check

    path = Path(__import__("tempfile").mkdtemp()) / "deck.txt"
    path.write_text(text, encoding="utf-8")
    return run_check(
        "check", path, "--game", "redemption", "--card-db", DATA / "redemption-cards.yaml", "--output-format", "json", *options
    )


@pytest.mark.parametrize("header", ["Offense (24)", "Defense (19)", "Misc - 5", "**Lost Souls (2)**", "__Heroes__", "### Good stuff"])
def test_a_header_of_the_players_own_words_is_no_card(header):
    outcome = check(f"3 Gideon (K)\n{header}\n1 Soul 1\n")
    assert not outcome.findings("deck.unknown-card") and outcome.deck["counts"]["main"] == 4


def test_a_header_shaped_line_naming_a_card_is_that_card():
    outcome = check("Gideon (K) (3)\nSoul 1 - 2\n")
    assert {c["name"]: c["count"] for c in outcome.deck["cards"]} == {"Gideon (K)": 3, "Soul 1": 2}


def test_a_header_shaped_line_close_to_a_card_is_a_typo_of_it():
    (unknown,) = check("Gidoen (K) (3)\n1 Soul 1\n").findings("deck.unknown-card")
    assert "did you mean 'Gideon (K)'" in unknown["message"]


def test_a_headers_number_is_a_check_on_the_cards_under_it():
    outcome = check("**Lost Souls (3)**\n1 Soul 1\n1 Soul 2\nHeroes (1)\n3 Gideon (K)\n")
    said = [(f["line"], f["message"]) for f in outcome.findings("deck.header-count")]
    assert said == [(1, "the header 'Lost Souls (3)' says 3; 2 cards follow it"), (4, "the header 'Heroes (1)' says 1; 3 cards follow it")]
    assert all(f["severity"] == "warning" for f in outcome.findings("deck.header-count"))


def test_one_card_under_a_header_follows_it():
    outcome = check("Heroes (2)\n1 Gideon (K)\n")
    assert [f["message"] for f in outcome.findings("deck.header-count")] == ["the header 'Heroes (2)' says 2; 1 card follows it"]


def test_a_title_line_of_a_singleton_list_is_its_name_and_prose_below_is_skipped_saying_how_to_keep_it():
    outcome = check("My deck for Saturday\n1x Gideon (K)\n1x Soul 1\nMaybe cut for the regional\n")
    assert outcome.deck["name"] == "My deck for Saturday" and not outcome.findings("deck.unknown-card")
    (skipped,) = outcome.findings("deck.skipped-line")
    assert skipped["line"] == 4 and skipped["message"].endswith("put '# ' before it to keep it as a comment")


def test_a_bare_typo_in_a_singleton_list_is_an_unknown_card_with_its_suggestion():
    (unknown,) = check("Gidoen (K)\nSoul 1\n").findings("deck.unknown-card")
    assert "did you mean 'Gideon (K)'" in unknown["message"]


def test_a_count_in_front_is_always_a_card_line():
    assert check("3 Qwxz Zzyzx\n1 Soul 1\n").findings("deck.unknown-card")


# --- a group's header that is also a card line: `City (5)`, where City is a card and a card type --------


@pytest.mark.parametrize(
    "lines, copies_of_city, warned",
    [
        ("Goat (2)\nCity (5)\nCattle (1)\n", 5, False),  # the list writes `Name (N)`: City is five Cities
        ("Goat (2)\nCity (1)\nCattle (1)\n", 0, True),  # ... but one card follows it, as it says: both fit
        ("2 Goat\nCity (1)\n1 Cattle\n", 0, False),  # the list writes `N Name`: a header, and it fits
        ("2 Goat\nCity (5)\n1 Cattle\n", 0, False),  # a header whose number is wrong: deck.header-count says so
        ("Goat (2)\nCity:\nCattle (1)\n", 0, False),  # a colon: a header whatever the style
    ],
)
def test_a_header_that_is_also_a_card_is_read_by_the_lists_style_and_what_follows(lines, copies_of_city, warned):
    from conftest import rule_problems

    report = __import__("deckcheck.check", fromlist=["check_file"]).check_file(
        Path("deck.txt"), CheckOptions(game="bible-battles"), Databases(), lines.encode()
    )
    assert sum(line.count for line in report.cards if line.name == "City") == copies_of_city
    said = rule_problems("deck.header-or-card", lines, None, ".txt", game="bible-battles")
    assert said == ([(2, 1)] if warned else [])
    if warned:
        (finding,) = [f for f in report.findings if f.rule == "deck.header-or-card"]
        assert finding.message.endswith("write '1 City'")
    if "City (5)" in lines and not copies_of_city:
        assert [f.rule for f in report.findings if f.rule.startswith("deck.")] == ["deck.header-count"]
