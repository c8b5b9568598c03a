"""`deckcheck compare REGISTERED PRESENTED`: the deck on the table against the list registered,
card by card, as the format's rules count cards (tests/data/redemption-cards.yaml: John (J) and
John (H) are one card, Peter (I) and Peter (Ap) two)."""

import json

import jsonschema
import pytest
from deckcheck.cli import app
from typer.testing import CliRunner

from conftest import DATA, REPO, SHARED, TWO_FACES_OF_ONE_CARD, run

CARDS = DATA / "redemption-cards.yaml"
SCHEMA = jsonschema.Draft202012Validator(json.loads((REPO / "schemas" / "compare.schema.json").read_text()))
REGISTERED = "# game: redemption\n2 John (J)\n1 Peter (I)\n3 Soul 1\n1 Site 1\nReserve:\n1 Site 2\n1 Soul 2\n"


def _compare(tmp_path, presented: str, *options: str, registered: str = REGISTERED):
    (tmp_path / "registered.txt").write_text(registered)
    (tmp_path / "presented.txt").write_text(presented)
    outcome = run("compare", tmp_path / "registered.txt", tmp_path / "presented.txt", "--card-db", CARDS, *options)
    return outcome


def _differences(tmp_path, presented: str) -> tuple[int, dict]:
    outcome = _compare(tmp_path, presented, "--output-format", "json")
    document = json.loads(outcome.stdout)
    SCHEMA.validate(document)
    return outcome.exit_code, document


def test_the_same_deck_in_another_order_and_style_is_the_same(tmp_path):
    code, document = _differences(tmp_path, "Reserve (2):\n- 1x Soul 2\n- 1x Site 2\nMain:\n3x Soul 1\n1 Site 1\n1 Peter (I)\n2 John (J)\n")
    assert code == 0 and document["same"] and document["differences"] == []
    assert document["zones"]["side"] == {"label": "Reserve", "registered": 2, "presented": 2}


def test_each_list_is_named_by_the_fingerprint_its_sheet_prints(tmp_path):
    """64 bits each, as the sheets and the organiser's list show them: the same list in another
    layout has the same, a list one card short another (issue 49 part 2)."""
    same = _differences(tmp_path, "Reserve (2):\n- 1x Soul 2\n- 1x Site 2\nMain:\n3x Soul 1\n1 Site 1\n1 Peter (I)\n2 John (J)\n")[1]
    short = _differences(tmp_path, REGISTERED.replace("3 Soul 1", "2 Soul 1"))[1]
    (tmp_path / "sheet.txt").write_text(REGISTERED)
    sheet = run("check", tmp_path / "sheet.txt", "--card-db", CARDS, "--output-format", "json").deck["fingerprint"]
    assert same["fingerprints"] == {"registered": sheet, "presented": sheet} and len(sheet) == 19
    assert short["fingerprints"]["registered"] == sheet != short["fingerprints"]["presented"]
    assert f"registered: {tmp_path / 'registered.txt'} · fingerprint {sheet}" in _compare(tmp_path, REGISTERED).stdout


def test_another_printing_of_the_same_card_is_named_and_is_no_difference(tmp_path):
    code, document = _differences(tmp_path, REGISTERED.replace("2 John (J)", "2 John (H)"))
    assert code == 0 and document["same"]
    (printing,) = document["differences"]
    assert printing["kind"] == "printing" and printing["count"] == 2 and printing["zone"] == "main"
    assert (printing["registered_printing"], printing["presented_printing"]) == ("John (J)", "John (H)")
    assert (printing["registered_line"], printing["presented_line"]) == (2, 2)


def test_a_card_of_the_same_title_that_is_another_card_is_swapped(tmp_path):
    code, document = _differences(tmp_path, REGISTERED.replace("1 Peter (I)", "1 Peter (Ap)"))
    assert code == 1 and not document["same"]
    found = {(d["kind"], d["card"], d["count"], d["zone"]) for d in document["differences"]}
    assert found == {("missing", "Peter (I)", 1, "main"), ("extra", "Peter (Ap)", 1, "main")}
    missing = next(d for d in document["differences"] if d["kind"] == "missing")
    assert missing["registered_line"] == 3 and missing["presented_line"] is None


def test_a_card_moved_from_the_reserve_to_the_main_deck_is_a_move(tmp_path):
    presented = "# game: redemption\n2 John (J)\n1 Peter (I)\n3 Soul 1\n1 Site 1\n1 Site 2\nReserve:\n1 Soul 2\n"
    code, document = _differences(tmp_path, presented)
    assert code == 1
    (moved,) = document["differences"]
    assert (moved["kind"], moved["card"], moved["count"], moved["zone"], moved["to_zone"]) == ("moved", "Site 2", 1, "side", "main")
    assert (moved["registered_line"], moved["presented_line"]) == (7, 6)


@pytest.mark.parametrize(
    "presented, kind, count",
    [
        ("# game: redemption\n2 John (J)\n1 Peter (I)\n3 Soul 1\n1 Site 1\nReserve:\n1 Site 2\n", "missing", 1),
        ("# game: redemption\n2 John (J)\n1 Peter (I)\n3 Soul 1\n1 Site 1\nReserve:\n1 Site 2\n3 Soul 2\n", "extra", 2),
        ("# game: redemption\n1 John (J)\n1 Peter (I)\n3 Soul 1\n1 Site 1\nReserve:\n1 Site 2\n1 Soul 2\n", "missing", 1),
    ],
)
def test_copies_missing_or_extra_are_counted(tmp_path, presented, kind, count):
    code, document = _differences(tmp_path, presented)
    assert code == 1
    (difference,) = document["differences"]
    assert (difference["kind"], difference["count"]) == (kind, count)


def test_text_and_markdown_say_the_verdict_and_each_difference(tmp_path):
    presented = REGISTERED.replace("1 Peter (I)", "1 Peter (Ap)").replace("2 John (J)", "2 John (H)")
    text = _compare(tmp_path, presented)
    assert text.exit_code == 1
    assert "DIFFERENT from the list registered: 1 card missing, 1 card extra; 2 cards in another printing" in text.stdout
    assert "presented as John (H): the same card" in text.stdout
    markdown = _compare(tmp_path, presented, "--output-format", "markdown")
    assert markdown.exit_code == 1 and "| missing " in markdown.stdout and "Peter \\(Ap\\)" in markdown.stdout


def test_a_pasted_presented_deck_is_read_as_the_registered_decks_game(tmp_path):
    (tmp_path / "registered.txt").write_text(REGISTERED)
    pasted = "2x John (J)\n1x Peter (I)\n3x Soul 1\n1x Site 1\n\nReserve:\n1x Site 2\n1x Soul 2\n"
    result = CliRunner().invoke(app, ["compare", str(tmp_path / "registered.txt"), "-", "--card-db", str(CARDS)], input=pasted)
    assert result.exit_code == 0, result.output
    assert "THE SAME DECK as registered" in result.stdout


def test_a_deck_that_cannot_be_read_stops_the_comparison_naming_file_line_and_column(tmp_path):
    _compare(tmp_path, REGISTERED)
    yaml_deck = tmp_path / "presented.yaml"
    yaml_deck.write_text("game: redemption\nmain:\n  John (J): [2\n")
    broken = run("compare", tmp_path / "registered.txt", yaml_deck, "--card-db", CARDS)
    assert broken.exit_code == 2 and "presented.yaml:3:" in broken.stderr and "deck.parse" in broken.stderr


def test_decks_of_two_games_are_not_compared(tmp_path):
    outcome = _compare(tmp_path, "# game: redline\n3 EF-9 Rabbit\n")
    assert outcome.exit_code == 2 and "redemption" in outcome.stderr and "redline" in outcome.stderr


def test_a_missing_file_is_exit_2(tmp_path):
    outcome = run("compare", tmp_path / "nowhere.txt", tmp_path / "also.txt")
    assert outcome.exit_code == 2 and "no such file" in outcome.stderr


NATIONALS = SHARED / "data" / "redemption-nationals-2024" / "decks"


@pytest.mark.slow
@pytest.mark.skipif(not NATIONALS.is_dir(), reason="../shared/data/redemption-nationals-2024 is not beside this checkout")
def test_the_champions_deck_presented_with_a_swap_a_missing_reserve_card_and_another_printing(tmp_path, real_database):
    registered = NATIONALS / "nats2024_1st_tim_estes.txt"
    lines = registered.read_text(encoding="utf-8").splitlines()
    presented = [line.replace("Star of Bethlehem [Fundraiser]", "Star of Bethlehem (GoC)") for line in lines]
    presented[presented.index("1\tTwenty Shekels")] = "1\tGood Seed (GoC)"  # a Reserve card played in the main deck
    del presented[presented.index("Reserve:") + 1]  # Foreign Horses (LoC) left at home
    (tmp_path / "presented.txt").write_text("\n".join(presented) + "\n", encoding="utf-8")
    outcome = run("compare", registered, tmp_path / "presented.txt", "--card-db", real_database[0], "--output-format", "json")
    assert outcome.exit_code == 1
    found = {(d["kind"], d["card"], d["zone"], d["to_zone"]) for d in json.loads(outcome.stdout)["differences"]}
    assert found == {
        ("missing", "Twenty Shekels", "main", None),
        ("extra", "Good Seed (GoC)", "main", None),
        ("missing", "Foreign Horses (LoC)", "side", None),
        ("printing", "Star of Bethlehem [Fundraiser]", "main", None),
    }


def test_one_copy_of_two_in_another_printing_is_named_and_extra_copies_of_a_printing_are_not(tmp_path):
    code, document = _differences(tmp_path, REGISTERED.replace("2 John (J)", "1 John (J)\n1 John (Promo)"))
    assert code == 0
    assert [(d["kind"], d["count"], d["presented_printing"]) for d in document["differences"]] == [("printing", 1, "John (Promo)")]
    code, document = _differences(tmp_path, REGISTERED.replace("2 John (J)", "3 John (J)"))
    assert code == 1 and [(d["kind"], d["count"]) for d in document["differences"]] == [("extra", 1)]


def test_a_card_presented_by_its_title_alone_is_the_registered_card_with_a_note(tmp_path):
    """A judge types what is on the table: `Peter` for the registered `Peter (I)`, though `Peter` is
    also the exact name of another card's printing: no missing and extra pair, a note to look at
    the card's set (issue 48)."""
    cards = tmp_path / "cards.yaml"
    cards.write_text(
        "game: redemption\ncards:\n"
        "  - {name: Peter (I), id: peter-i, title: Peter, type: hero, brigades: [purple], set: I}\n"
        "  - {name: Peter, id: peter-ap, title: Peter, type: hero, brigades: [red], set: Ap}\n"
        "  - {name: Soul 1, id: soul-1, type: lost_soul, brigades: []}\n"
    )
    (tmp_path / "registered.txt").write_text("# game: redemption\n1 Peter (I)\n1 Soul 1\n")
    (tmp_path / "presented.txt").write_text("# game: redemption\n1 Peter\n1 Soul 1\n")
    outcome = run("compare", tmp_path / "registered.txt", tmp_path / "presented.txt", "--card-db", cards, "--output-format", "json")
    document = json.loads(outcome.stdout)
    assert outcome.exit_code == 0 and document["same"]
    (printing,) = document["differences"]
    assert printing["kind"] == "printing" and printing["registered_printing"] == "Peter (I)"
    assert printing["presented_printing"] == "Peter (its title alone: look at the card's set)"


def test_a_line_of_the_presented_list_not_read_as_a_card_is_named_and_the_decks_differ(tmp_path):
    code, document = _differences(tmp_path, REGISTERED + "Thanks for looking, see you at the event!\n")
    assert code == 1 and not document["same"]
    (unread,) = document["differences"]
    assert (unread["kind"], unread["card"], unread["presented_line"]) == ("not read", "Thanks for looking, see you at the event!", 9)
    assert "1 line not read" in _compare(tmp_path, REGISTERED + "Thanks for looking, see you at the event!\n").stdout


NATIONALS = SHARED / "data" / "redemption-nationals-2024" / "decks"


@pytest.mark.slow
@pytest.mark.skipif(not NATIONALS.is_dir(), reason="../shared/data/redemption-nationals-2024 is not beside this checkout")
def test_each_championship_deck_presented_by_titles_alone_has_no_missing_or_extra_card(tmp_path, real_database):
    """Each of the 58 decks against itself with every card but the Lost Souls written by its title
    alone, as a judge types what is on the table: no missing, extra or moved card in any."""
    from deckcheck.loading.card_db import load_databases

    database = load_databases([real_database[0]])["redemption"]
    differing = []
    for path in sorted(NATIONALS.glob("*.txt")):
        lines = []
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip() == "Tokens:":
                break
            count, tab, name = line.partition("\t")
            found = database.names.resolve(name).printings if tab else ()
            if found and not found[0].is_a("lost_soul"):
                name = str(found[0].get("title") or found[0].name)
            lines.append(f"{count}\t{name}" if tab else line)
        presented = tmp_path / path.name
        presented.write_text("\n".join(lines) + "\n", encoding="utf-8")
        outcome = run("compare", path, presented, "--card-db", real_database[0], "--output-format", "json")
        pairs = [d for d in json.loads(outcome.stdout)["differences"] if d["kind"] in ("missing", "extra", "moved")]
        if pairs:
            differing.append((path.stem, pairs))
    assert differing == []


def test_the_same_card_in_a_printing_outside_the_pool_fails_the_comparison_saying_why(tmp_path):
    """`Christian Martyr (A)` presented for the registered `(I)`: one card, but the first edition's
    face is outside Type 1 Limited's pool: a difference (exit 1) naming the error it brings (issue 48)."""
    cards = tmp_path / "cards.yaml"
    cards.write_text(TWO_FACES_OF_ONE_CARD)
    (tmp_path / "registered.txt").write_text("# game: redemption\n# format: type1\n1 Christian Martyr (I)\n1 Soul 1\n")
    (tmp_path / "presented.txt").write_text("# game: redemption\n# format: type1\n1 Christian Martyr (A)\n1 Soul 1\n")
    outcome = run("compare", tmp_path / "registered.txt", tmp_path / "presented.txt", "--card-db", cards, "--output-format", "json")
    document = json.loads(outcome.stdout)
    SCHEMA.validate(document)
    assert outcome.exit_code == 1 and not document["same"]
    (swap,) = document["differences"]
    assert swap["kind"] == "illegal printing" and swap["presented_printing"] == "Christian Martyr (A)"
    assert "redemption.format-sets" in swap["why"]


@pytest.mark.slow
@pytest.mark.skipif(not NATIONALS.is_dir(), reason="../shared/data/redemption-nationals-2024 is not beside this checkout")
def test_each_championship_deck_with_one_printing_outside_the_pool_swapped_in_fails_naming_it(tmp_path, real_database):
    from deckcheck.games.redemption.rules_version import versions
    from deckcheck.games.redemption.same_card import tournament_identity
    from deckcheck.loading.card_db import load_databases

    database = load_databases([real_database[0]])["redemption"]
    same = tournament_identity(database, versions()[-1])
    swapped, passed = 0, []
    for path in sorted(NATIONALS.glob("*.txt")):
        text = path.read_text(encoding="utf-8").splitlines()
        for number, line in enumerate(text):
            count, tab, name = line.partition("\t")
            card = database.names.resolve(name).card if tab else None
            other = (
                next((o for o in database.names.printings_of(card.title) if not o.get("rotation") and same.same(o, card)), None)
                if card
                else None
            )
            if card is not None and card.get("rotation") and other is not None:
                text[number] = f"{count}\t{database.names.written(other)}"
                break
        else:
            continue
        presented = tmp_path / path.name
        presented.write_text("\n".join(text) + "\n", encoding="utf-8")
        outcome = run("compare", path, presented, "--card-db", real_database[0], "--output-format", "json")
        swapped += 1
        named = [
            d for d in json.loads(outcome.stdout)["differences"] if d["kind"] == "illegal printing" and d["presented_line"] == number + 1
        ]
        if outcome.exit_code != 1 or not named:
            passed.append(path.stem)
    assert swapped >= 50 and passed == []


def test_a_card_moved_to_the_reserve_in_another_printing_names_the_printing(tmp_path):
    presented = "# game: redemption\n1 Peter (I)\n3 Soul 1\n1 Site 1\nReserve:\n2 John (H)\n1 Site 2\n1 Soul 2\n"
    code, document = _differences(tmp_path, presented)
    (moved,) = [d for d in document["differences"] if d["kind"] == "moved"]
    assert code == 1 and (moved["card"], moved["count"], moved["zone"], moved["to_zone"]) == ("John (J)", 2, "main", "side")
    assert (moved["registered_printing"], moved["presented_printing"]) == ("John (J)", "John (H)")
    assert "moved between zones, presented as John (H)" in _compare(tmp_path, presented).stdout
