"""Adding a game is a new folder plus one registry line: Tiny Duel (tests/new_game/tiny_duel, a
made-up game of 40 cards, 3 copies and a stable zone of its own) is added here and every command
runs on it, with its own card database file and no bundled data."""

import pytest
from deckcheck import registry
from deckcheck.games import zone_table
from deckcheck.loading.checked_yaml import validator

from conftest import TESTS, run

GAME_FOLDER = TESTS / "new_game"  # not in tests/data: a folder of card data holds known games only
CARDS = GAME_FOLDER / "tiny-duel-cards.yaml"


@pytest.fixture(autouse=True)
def tiny_duel(monkeypatch):
    """The registry line, and the fixture folder importable as a package."""
    monkeypatch.syspath_prepend(str(GAME_FOLDER))
    monkeypatch.setitem(registry.GAME_PACKAGES, "tiny-duel", "tiny_duel")
    zone_table.cache_clear()  # read once per process: the zones and schemas of the games listed
    validator.cache_clear()
    yield
    zone_table.cache_clear()
    validator.cache_clear()


def deck(knights: int = 40, stable: int = 5, copies: int = 3, extra: str = "") -> str:
    lines = ["game: tiny-duel", "main:"]
    number = 0
    while knights > 0:
        number += 1
        lines.append(f"  Knight {number}: {min(copies, knights)}")
        knights -= min(copies, knights)
    lines += ["stable:"] + [f"  Mount {i}: 1" for i in range(1, stable + 1)]
    return "\n".join(lines) + "\n" + extra


def check(tmp_path, text: str, *options: str):
    path = tmp_path / "duel.yaml"
    path.write_text(text)
    return run("check", path, "--card-db", CARDS, "--output-format", "json", *options)


def test_a_legal_deck_of_the_new_game(tmp_path):
    outcome = check(tmp_path, deck())
    assert (outcome.exit_code, outcome.deck["game"], outcome.deck["format"]) == (0, "tiny-duel", "standard")
    assert outcome.deck["counts"] == {"main": 40, "side": 0, "stable": 5}  # cli.md: counts always hold main and side


@pytest.mark.parametrize(
    "text, rule",
    [
        (deck(knights=39), "tiny-duel.deck-size"),
        (deck(knights=41), "tiny-duel.deck-size"),
        (deck(stable=6), "tiny-duel.stable-size"),
        (deck(copies=4), "tiny-duel.copy-limit"),
        (deck(knights=39).replace("main:\n", "main:\n  Spell 1: 1\n"), None),
        (deck(knights=39).replace("main:\n", "main:\n  Mount 6: 1\n"), "deck.wrong-zone"),  # the common rules run too
    ],
)
def test_its_rules_at_their_boundaries(tmp_path, text, rule):
    outcome = check(tmp_path, text)
    assert outcome.errors == ({rule} if rule else set())


def test_its_own_zone_in_a_text_deck(tmp_path):
    path = tmp_path / "duel.txt"
    path.write_text("".join(f"3 Knight {i}\n" for i in range(1, 14)) + "1 Knight 14\nStable:\n2 Mount 1\n")
    outcome = run("check", path, "--card-db", CARDS, "--game", "tiny-duel", "--output-format", "json")
    assert outcome.deck["counts"] == {"main": 40, "side": 0, "stable": 2} and outcome.exit_code == 0


def test_rules_lists_it_and_its_formats():
    outcome = run("rules", "tiny-duel")
    assert outcome.exit_code == 0
    assert "Tiny Duel (game: tiny-duel)" in outcome.stdout and "tiny-duel.stable-size" in outcome.stdout


def test_cards_searches_its_database():
    outcome = run("cards", "--game", "tiny-duel", "--type", "mount", "--card-db", CARDS, "--output-format", "json")
    assert [c["name"] for c in outcome.report["cards"]] == [f"Mount {i}" for i in range(1, 7)]
    # its own field is shown among the facts, as its card schema declares it
    assert "power=2" in run("cards", "Knight 1", "--game", "tiny-duel", "--card-db", CARDS).stdout


def test_fmt_writes_its_zone_under_its_own_label(tmp_path):
    path = tmp_path / "duel.yaml"
    # the stable first and every zone in reverse order: fmt puts zones in the game's order, names sorted
    knights = "".join(f"  Knight {i}: 3\n" for i in range(13, 0, -1)) + "  Knight 14: 1\n"
    path.write_text("game: tiny-duel\nstable:\n  Mount 2: 1\n  Mount 1: 1\nmain:\n" + knights)
    outcome = run("fmt", path, "--card-db", CARDS)
    assert outcome.exit_code == 0
    written = path.read_text()
    assert written.index("main:") < written.index("stable:")
    assert written.index("Mount 1") < written.index("Mount 2") and written.index("Knight 1:") < written.index("Knight 13")
    assert run("fmt", "--check", path, "--card-db", CARDS).exit_code == 0


def test_db_lint_checks_its_database_against_its_own_card_fields(tmp_path):
    assert run("db", "lint", CARDS).exit_code == 0
    broken = tmp_path / "broken.yaml"
    broken.write_text(CARDS.read_text().replace("type: knight, power: 2", "type: knight, power: -2", 1))
    outcome = run("db", "lint", broken)
    assert outcome.exit_code == 1 and "power" in outcome.stdout


def test_goldfish_help_and_a_playtest(tmp_path):
    help_text = run("goldfish", "--help").stdout
    assert "tiny-duel (race: 10 power of knights in play" in help_text
    assert "one knight a turn; spells and mounts do nothing" in help_text
    path = tmp_path / "duel.yaml"
    path.write_text(deck())
    outcome = run("goldfish", path, "--card-db", CARDS, "--games", "200", "--turns", "12", "--output-format", "json")
    assert outcome.exit_code == 0
    assert outcome.report["race"]["goal"] == "10 power of knights in play"
    # 40 knights of power 1-3, one played a turn: 10 power by turn 10 at the latest, by turn 4 at best
    win_turn = outcome.report["race"]["win_turn"]
    assert win_turn["not_won"] == 0 and 4 <= min(map(int, win_turn["histogram"])) and max(map(int, win_turn["histogram"])) <= 10


def test_without_its_card_database_every_name_is_unknown_not_an_internal_error(tmp_path):
    path = tmp_path / "duel.yaml"
    path.write_text(deck())
    outcome = run("check", path, "--output-format", "json")
    assert outcome.exit_code == 1 and outcome.errors == {"deck.unknown-card"}


def test_an_event_sets_the_setting_the_new_game_declares(tmp_path):
    event = tmp_path / "event.yaml"
    event.write_text("name: Big stables\ngame: tiny-duel\nsettings:\n  stable_size: 6\n")
    assert check(tmp_path, deck(stable=6)).errors == {"tiny-duel.stable-size"}
    outcome = check(tmp_path, deck(stable=6), "--event", event)
    assert outcome.exit_code == 0 and outcome.deck["settings"]["stable_size"] == 6


@pytest.mark.parametrize(
    "settings, where",
    [
        ("  stable_size: 13\n", "4:16"),  # past what the game declares
        ("  stable_sise: 6\n", "4:3"),  # a setting the game does not have
        ("  life_points: 6\n", "4:3"),  # another game's
    ],
)
def test_an_event_setting_the_new_game_does_not_declare_is_refused(tmp_path, settings, where):
    event = tmp_path / "event.yaml"
    event.write_text("name: Big stables\ngame: tiny-duel\nsettings:\n" + settings)
    outcome = check(tmp_path, deck(), "--event", event)
    assert outcome.exit_code == 2
    assert f"{event}:{where}: settings" in outcome.stderr


def test_its_rules_are_documented_from_their_declarations_and_their_examples_run():
    """A rule added with only its declaration and doc: listed, explained, in the reference, its examples run."""
    from deckcheck.catalogue import catalogue
    from deckcheck.check.examples import example_reports
    from deckcheck.report.rule_docs import reference

    own = [entry for entry in catalogue() if entry.game is not None and entry.game.name == "tiny-duel"]
    assert [entry.id for entry in own] == ["tiny-duel.deck-size", "tiny-duel.copy-limit", "tiny-duel.stable-size"]
    assert "### `tiny-duel.stable-size`" in reference(catalogue())
    explained = run("rules", "--explain", "tiny-duel.stable-size")
    assert explained.exit_code == 0 and "at most 5 mounts in the stable" in explained.stdout
    assert "tiny-duel.stable-size" in run("rules", "tiny-duel").stdout
    for entry in own:
        fails, passes = example_reports(entry.rule.doc.example)
        assert entry.id in {f.rule for f in fails.findings} and entry.id not in {f.rule for f in passes.findings}
