"""What a new user meets first: pointers to real data, options checked up front, standard input."""

import re
from pathlib import Path

import pytest

from conftest import DATA, run

IMPORT_HINT = "deckcheck db import lackey carddata.txt --formats formats.txt -o cards/redemption"


def write(tmp_path, name: str, text: str):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "unknown, known, hinted",
    [(6, 4, True), (5, 5, False)],  # more than half of the names unknown: the hint; half: not
)
def test_a_redemption_deck_the_bundled_cards_do_not_know_points_at_the_import(tmp_path, unknown, known, hinted):
    from deckcheck.loading.card_db import Databases

    bundled = [card.name for card in Databases().for_game("redemption").cards[:known]]
    lines = [f"1 Card Only Lackey Knows {i}" for i in range(unknown)] + [f"1 {name}" for name in bundled]
    deck = write(tmp_path, "deck.txt", "# game: redemption\n" + "\n".join(lines) + "\n")
    outcome = run("check", deck, "--output-format", "json")
    notes = outcome.deck["notes"]
    assert any(IMPORT_HINT in note and "LackeyCCG/plugins/" in note for note in notes) is hinted
    if hinted:
        assert any(note.startswith(f"{unknown} names of {unknown + known} are not among the") for note in notes)


def test_no_import_hint_with_a_card_database_of_ones_own(tmp_path):
    deck = write(tmp_path, "deck.txt", "# game: redemption\n1 Nobody 1\n1 Nobody 2\n")
    outcome = run("check", deck, "--card-db", DATA / "redemption-cards.yaml", "--output-format", "json")
    assert outcome.deck["notes"] == [] and "deck.unknown-card" in outcome.errors


# --- options checked up front -------------------------------------------------------------------


EXAMPLES = DATA.parent.parent / "examples"


@pytest.mark.parametrize(
    "ignored, words",
    [
        ("no.such-rule", "--ignore: unknown rule 'no.such-rule' (deckcheck rules lists every rule id)"),
        ("redline.copy-limt", "--ignore: unknown rule 'redline.copy-limt'; did you mean 'redline.copy-limit'"),
        ("deck.unknown-card", "--ignore: deck.unknown-card cannot be ignored: a deck deckcheck cannot read is never legal"),
        ("deck.parse", "deck.parse cannot be ignored"),
    ],
)
def test_ignore_takes_only_rules_that_exist_and_may_be_ignored(ignored, words):
    outcome = run("check", EXAMPLES, "--ignore", ignored)
    assert outcome.exit_code == 2 and words in outcome.stderr and outcome.stdout == ""


@pytest.mark.slow
def test_every_listed_rule_may_be_ignored_but_the_reading_ones():
    import json

    listing = json.loads(run("rules", "--output-format", "json").stdout)
    ids = [r["id"] for r in listing["common_rules"]] + [r["id"] for g in listing["games"] for r in g["rules"]]
    ids += [r["id"] for g in listing["games"] for f in g["formats"] for r in f.get("rules", [])]
    reading = {"deck.parse", "deck.unknown-game", "deck.unknown-card"}
    assert reading < set(ids)
    for rule_id in sorted(set(ids) - reading):
        assert run("check", EXAMPLES / "redline-cpm.yaml", "--ignore", rule_id).exit_code == 0, rule_id


def test_the_configs_ignore_list_is_checked_too(tmp_path, monkeypatch):
    (tmp_path / ".deckcheck.yaml").write_text("overrides:\n  - paths: ['casual/**']\n    ignore: [redline.copylimit]\n")
    monkeypatch.chdir(tmp_path)
    outcome = run("check", EXAMPLES)
    assert outcome.exit_code == 2
    assert ".deckcheck.yaml:3:14: overrides (casual/**): ignore: unknown rule 'redline.copylimit'; did you mean" in outcome.stderr


def test_a_format_no_game_has_is_exit_two_with_close_matches():
    outcome = run("check", EXAMPLES, "--format", "typ1")
    assert outcome.exit_code == 2
    assert "--format: no game has a format 'typ1'; did you mean 'type1'" in outcome.stderr


def test_a_format_applies_to_the_decks_of_the_games_that_have_it(tmp_path):
    deck = tmp_path / "type1.yaml"
    deck.write_text("game: redemption\nmain:\n  Son of God: 1\n")
    outcome = run("check", EXAMPLES / "redline-cpm.yaml", deck, "--format", "limited", "--output-format", "json")
    by_game = {d["game"]: d for d in outcome.report["decks"]}
    assert by_game["redemption"]["format"] == "type1"
    assert by_game["redline"]["format"] == "standard" and by_game["redline"]["legal"]
    (note,) = by_game["redline"]["notes"]
    assert note == "format 'limited' does not apply: REDLINE has no format 'limited' (formats: standard); standard was used"
    assert by_game["redemption"]["notes"] == [] or all("does not apply" not in n for n in by_game["redemption"]["notes"])


def test_a_format_of_the_game_given_is_checked_against_it():
    outcome = run("check", EXAMPLES / "redline-cpm.yaml", "--game", "redline", "--format", "standrad")
    assert outcome.exit_code == 2 and "--format: REDLINE has no format 'standrad'; did you mean 'standard'?" in outcome.stderr


# --- standard input -----------------------------------------------------------------------------


def run_with_input(text: str, *args):
    from deckcheck.cli import app
    from deckcheck.loading import decks
    from typer.testing import CliRunner

    decks._standard_input.cache_clear()  # read once per process
    result = CliRunner().invoke(app, [str(a) for a in args], input=text.encode())
    decks._standard_input.cache_clear()
    return result


@pytest.mark.parametrize(
    "example, extra",
    [("redline-une.txt", []), ("redline-cpm.yaml", []), ("bible-battles.txt", ["--game", "bible-battles"])],
)
def test_a_deck_on_standard_input(example, extra):
    import json

    text = (EXAMPLES / example).read_text()
    result = run_with_input(text, "check", "-", *extra, "--output-format", "json")
    (deck,) = json.loads(result.stdout)["decks"]
    from_file = json.loads(run("check", EXAMPLES / example, *extra, "--output-format", "json").stdout)["decks"][0]
    assert result.exit_code == 0 and deck["path"] == "-"
    assert (deck["game"], deck["counts"], deck["legal"]) == (from_file["game"], from_file["counts"], from_file["legal"])


def test_standard_input_names_its_lines():
    result = run_with_input("# game: redline\nGeneral: Mars General\n3 Crate\n3 No Such Card\n", "check", "-", "--output-format", "concise")
    assert result.exit_code == 1
    assert "-:4:1: error deck.unknown-card no redline card is called 'No Such Card'" in result.stdout


# --- side ---------------------------------------------------------------------------------------


def test_side_on_a_game_without_side_decking_says_which_games_have_it():
    outcome = run("side", EXAMPLES / "redemption-deck-i.yaml", EXAMPLES / "redemption-deck-j.yaml")
    assert outcome.exit_code == 2
    assert outcome.stderr == "deckcheck: Redemption has no side-decking between games (games that have: demon-rush)\n"


def test_side_takes_the_options_the_readme_lists():
    outcome = run(
        "side",
        EXAMPLES / "demon-rush-holy.yaml",
        DATA.parent / "decks" / "demon-rush" / "game-two.yaml",
        "--format",
        "standard",
        "--jobs",
        "2",
        "--output-format",
        "json",
    )
    assert outcome.exit_code == 1 and outcome.errors == {"demon-rush.side-swap"}


# --- messages agree in number -------------------------------------------------------------------


def test_counted_words_agree_with_one(tmp_path):
    one_card = write(tmp_path, "one.yaml", "game: bible-battles\nmain:\n  Abraham: 1\n")
    outcome = run("check", one_card, "--output-format", "json")
    (size,) = outcome.findings("bible-battles.deck-size")
    assert size["message"].startswith("the deck has 1 card;")

    database = write(tmp_path, "cards.yaml", "game: redline\nsource: test\ncards:\n  - {name: Lone Crate, type: resource}\n")
    assert run("db", "lint", database).stdout.endswith("1 file, 1 card: no problems\n")
    assert run("cards", "lone", "--game", "redline", "--card-db", database).stdout.endswith("\n1 card\n")


def test_redemption_caps_agree_with_one_lost_soul(tmp_path):
    text = "game: redemption\nformat: quickstart\nmain:\n  Soul 1: 1\n  Good Dominant 1: 1\n  Evil Dominant 1: 1\n"
    deck = write(tmp_path, "deck.yaml", text)
    outcome = run("check", deck, "--card-db", DATA / "redemption-cards.yaml", "--output-format", "json")
    (cap,) = outcome.findings("redemption.dominant-cap")
    assert cap["message"] == "2 Dominants but 1 Lost Soul; Dominants may not outnumber Lost Souls"


# --- cards and rules ----------------------------------------------------------------------------


@pytest.fixture
def little_list(tmp_path):
    return write(
        tmp_path,
        "cards.yaml",
        "game: redemption\nsource: test\n"
        "formats:\n  - {name: rotation, label: Rotation, sets: [I]}\n"
        "cards:\n"
        "  - {name: Son of God (I), type: good_dominant, set: I}\n"
        "  - {name: Prison of Asa, type: fortress, set: J}\n"
        "  - {name: Head of Gold, type: evil_enhancement, brigades: [pale_green], set: J}\n"
        "  - {name: The Son of God's Mercy, type: good_enhancement, brigades: [white], set: I}\n"
        "  - {name: Evil Dominant, type: evil_dominant, set: J}\n",
    )


def _names(outcome) -> list[str]:
    return [card["name"] for card in outcome.report["cards"]]


def test_search_ranks_names_with_the_querys_words_and_leaves_out_mere_look_alikes(little_list):
    outcome = run("cards", "son of god", "--game", "redemption", "--card-db", little_list, "--output-format", "json")
    assert _names(outcome) == ["Son of God (I)", "The Son of God's Mercy"]
    misspelt = run("cards", "sonn of godd", "--game", "redemption", "--card-db", little_list, "--output-format", "json")
    assert _names(misspelt)[0] == "Son of God (I)" and "Prison of Asa" not in _names(misspelt)


@pytest.mark.parametrize(
    "option, value, names",
    [
        ("--type", "dominant", ["Evil Dominant", "Son of God (I)"]),  # a type's last word
        ("--type", "good-dominant", ["Son of God (I)"]),
        ("--brigade", "pale-green", ["Head of Gold"]),
        ("--brigade", "Pale Green", ["Head of Gold"]),
    ],
)
def test_filters_take_a_value_as_people_write_it(little_list, option, value, names):
    outcome = run("cards", "--game", "redemption", option, value, "--card-db", little_list, "--output-format", "json")
    assert _names(outcome) == names


@pytest.mark.parametrize(
    "option, value, words",
    [
        ("--type", "foo", "--type: no card has type 'foo' (type values: evil_dominant, evil_enhancement, fortress, good_dominant"),
        (
            "--brigade",
            "pale-gren",
            "--brigade: no card has brigade 'pale-gren'; did you mean 'pale_green'? (brigade values: pale_green, white)",
        ),
        ("--set", "Z", "--set: no card has set 'Z' (set values: I, J)"),
    ],
)
def test_a_filter_no_card_matches_lists_the_values_there_are(little_list, option, value, words):
    outcome = run("cards", "--game", "redemption", option, value, "--card-db", little_list)
    assert outcome.exit_code == 2 and words in outcome.stderr


def test_rules_shows_the_formats_a_card_database_defines(little_list):
    import json

    text = run("rules", "redemption", "--card-db", little_list).stdout
    # a card data's format is a pool under the rules a deck naming no format gets: Type 1 of the date
    assert re.search(r"  format rotation \(from the card data\): Rotation: type1 [\d.]+ rules, cards of 1 set only", text)
    listing = json.loads(run("rules", "redemption", "--card-db", little_list, "--output-format", "json").stdout)
    (rotation,) = [f for f in listing["games"][0]["formats"] if f.get("from_card_data")]
    assert (rotation["name"], rotation["sets"]) == ("rotation", ["I"])
    assert "(from the card data)" not in run("rules", "redemption").stdout


# --- folders ------------------------------------------------------------------------------------


@pytest.fixture
def repository(tmp_path):
    """A deck repository as people keep one: decks, drafts, the card list beside them."""
    legal = (EXAMPLES / "redline-une.txt").read_text()
    for name in ("decks/une.txt", "decks/drafts/idea.txt", "decks/notes.txt", "cards/carddata.txt", "cards/formats.txt"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
    (tmp_path / "decks" / "une.txt").write_text(legal)
    (tmp_path / "decks" / "drafts" / "idea.txt").write_text("3 Half an idea\n")
    (tmp_path / "decks" / "notes.txt").write_text("bring sleeves\n")
    (tmp_path / "cards" / "carddata.txt").write_text("Name\tSet\tImageFile\tOfficialSet\tType\n" + "x\t" * 4 + "x\n")
    (tmp_path / "cards" / "formats.txt").write_text("<formatdefinitions>\n<format><label>Rotation</label></format>\n")
    (tmp_path / "cards" / "redline.yaml").write_text((DATA / "redline-cards.yaml").read_text())
    (tmp_path / "decks" / "ban.yaml").write_text("name: Local bans\nbanned: [Crate]\n")
    return tmp_path


def _checked(outcome) -> list[str]:
    from pathlib import Path

    return sorted(Path(d["path"]).name for d in outcome.report["decks"] if d["checked"])


def test_a_folder_run_skips_files_that_are_plainly_not_decks_with_a_note(repository):
    outcome = run("check", repository, "--exclude", "**/drafts/**", "--exclude", "notes.txt", "--output-format", "json")
    assert _checked(outcome) == ["une.txt"] and outcome.exit_code == 0
    left_out = {Path(d["path"]).name: d["findings"] for d in outcome.report["decks"] if not d["checked"]}
    said = {name: finding["message"] for name, (finding,) in left_out.items()}
    assert said["carddata.txt"].endswith("the file is a LackeyCCG card list (import it with deckcheck db import lackey)")
    assert said["formats.txt"].endswith("LackeyCCG format definitions (give them to deckcheck db import lackey --formats)")
    assert said["redline.yaml"].endswith("a card database (give it to --card-db)")
    assert said["ban.yaml"].endswith("an event file (give it to --event)")
    assert {f["rule"] for findings in left_out.values() for f in findings} == {"deck.skipped-file"}
    assert outcome.report["summary"]["left_out"] == 4 and outcome.report["summary"]["decks"] == 1
    strict = run("check", repository, "--exclude", "**/drafts/**", "--exclude", "notes.txt", "--strict")
    assert strict.exit_code == 1 and "4 files left out as not decks" in strict.stdout


def test_exclude_globs_take_a_name_or_a_path_below_the_folder(repository):
    everything = run("check", repository / "decks", "--output-format", "json")
    assert _checked(everything) == ["idea.txt", "notes.txt", "une.txt"]
    assert _checked(run("check", repository / "decks", "--exclude", "drafts/*", "--output-format", "json")) == ["notes.txt", "une.txt"]
    assert _checked(run("check", repository / "decks", "--exclude", "*.txt", "--output-format", "json")) == []


def test_the_configs_exclude_is_relative_to_it(repository, monkeypatch):
    (repository / ".deckcheck.yaml").write_text("exclude: ['decks/drafts/**', '**/notes.txt']\n")
    monkeypatch.chdir(repository / "decks")
    assert _checked(run("check", ".", "--output-format", "json")) == ["une.txt"]


def test_a_file_named_on_the_command_line_is_checked_whatever_it_holds(repository):
    outcome = run("check", repository / "decks" / "notes.txt", "--game", "redline", "--output-format", "json")
    assert _checked(outcome) == ["notes.txt"] and outcome.exit_code == 1


def test_the_package_says_it_is_typed():
    # PEP 561: a program that calls deckcheck's library gets its types checked against deckcheck's own
    from importlib.resources import files

    assert files("deckcheck").joinpath("py.typed").is_file()
