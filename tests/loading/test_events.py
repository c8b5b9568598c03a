"""Event / ban-list files: bans and limits, format override, scripture scope, bad names = exit 2."""

import hashlib
import json

import pytest

from conftest import DATA, demon_rush_deck, fill, run, zone_yaml


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def regional(tmp_path):
    return write(
        tmp_path,
        "regional.yaml",
        "name: Spring Regional 2027\neffective: 2027-03-01\ngame: demon-rush\nbanned: [Evil Spell]\nlimited:\n  Holy Soldier 1: 1\n",
    )


def check(tmp_path, deck_text, *events, db="demon-rush-cards.yaml", suffix=".yaml"):
    deck = write(tmp_path, f"deck{suffix}", deck_text)
    args = [a for e in events for a in ("--event", e)]
    return run("check", deck, "--card-db", DATA / db, *args, "--output-format", "json")


def test_an_event_that_bans_and_limits(tmp_path, regional):
    text = demon_rush_deck({"Holy Soldier 1": 2}, {"Evil Spell": 1}, champion="Neutral Champion", size=40)
    outcome = check(tmp_path, text, regional)
    assert outcome.errors == {"banlist.banned", "banlist.limited"}
    (banned,) = outcome.findings("banlist.banned")
    assert banned["message"] == "Evil Spell is banned by Spring Regional 2027" and banned["zone"] == "side"
    (limited,) = outcome.findings("banlist.limited")
    assert limited["message"] == "2 copies of Holy Soldier 1; Spring Regional 2027 allows 1"


def test_limits_count_every_zone(tmp_path, regional):
    text = demon_rush_deck({"Holy Soldier 1": 1}, {"Holy Soldier 1": 1}, size=40)
    assert "banlist.limited" in check(tmp_path, text, regional).errors


def test_within_the_limit(tmp_path, regional):
    assert check(tmp_path, demon_rush_deck({"Holy Soldier 1": 1}, size=40), regional).exit_code == 0


def test_report_names_the_events_applied(tmp_path, regional):
    outcome = check(tmp_path, demon_rush_deck({}, size=40), regional)
    (event,) = outcome.report["events"]
    assert event == {
        "name": "Spring Regional 2027",
        "path": str(regional),
        "effective": "2027-03-01",
        "sha256": hashlib.sha256(regional.read_bytes()).hexdigest()[:12],
    }
    text = run("check", tmp_path / "deck.yaml", "--card-db", DATA / "demon-rush-cards.yaml", "--event", regional)
    assert text.stdout.startswith(f"event: Spring Regional 2027 ({regional}, effective 2027-03-01, sha256 ")


def test_an_event_of_another_game_does_not_apply(tmp_path, regional):
    text = "game: redline\ngeneral: Mars General\nmain:\n  Crate: 60\n"
    deck = write(tmp_path, "arsenal.yaml", text)
    outcome = run("check", deck, "--card-db", DATA, "--event", regional, "--output-format", "json")
    assert not {"banlist.banned", "banlist.limited"} & outcome.errors


def test_unknown_name_in_an_event_is_exit_two_with_close_matches(tmp_path):
    event = write(tmp_path, "typo.yaml", "name: Typo\ngame: demon-rush\nbanned:\n  - Evil Spel\nlimited:\n  Holy Soldr 1: 1\n")
    outcome = check(tmp_path, demon_rush_deck({}, size=40), event)
    assert outcome.exit_code == 2
    database = f"the demon-rush database given by --card-db or card_db ({DATA / 'demon-rush-cards.yaml'})"
    assert f"{event}:4:5: 'Evil Spel' matches no card in {database}; did you mean 'Evil Spell'" in outcome.stderr
    assert f"{event}:6:3: 'Holy Soldr 1' matches no card" in outcome.stderr


def test_event_without_game_matches_names_in_any_game(tmp_path):
    event = write(tmp_path, "any.yaml", "name: Any\nbanned: [Crate]\n")
    outcome = check(tmp_path, "game: redline\ngeneral: Mars General\nmain:\n  Crate: 60\n", event, db="")
    assert "banlist.banned" in outcome.errors


def test_broken_event_file(tmp_path):
    event = write(tmp_path, "bad.yaml", "name: Bad\nlimited:\n  Exodus: lots\nsettings:\n  life_points: 200\n")
    outcome = check(tmp_path, demon_rush_deck({}, size=40), event)
    assert outcome.exit_code == 2
    assert f"{event}:3:11: limited/Exodus: " in outcome.stderr
    assert f"{event}:5:16: settings/life_points: " in outcome.stderr


def test_missing_event_file(tmp_path):
    outcome = check(tmp_path, demon_rush_deck({}, size=40), tmp_path / "nowhere.yaml")
    assert outcome.exit_code == 2 and "no such event file" in outcome.stderr


def pl_deck(cards):
    main = fill(fill(cards, 20 + sum(cards.values()), "Chapter", 3), 60, "Verse", 4)
    return "game: promised-land\n" + zone_yaml("main", main)


def test_old_testament_event_with_a_gospel_card(tmp_path):
    event = write(
        tmp_path,
        "ot.yaml",
        "name: Old Testament Sunday\ngame: promised-land\nformat: sunday-school\n"
        "scripture:\n  testaments: [old]\nsettings:\n  life_points: 11\n",
    )
    outcome = check(tmp_path, pl_deck({"Gospel Quote": 2, "Law Verse": 2, "Old Testament Source": 1}), event, db="promised-land-cards.yaml")
    (finding,) = outcome.findings("promised-land.scripture-scope")
    assert finding["cards"] == ["Gospel Quote"]
    assert finding["message"] == ("Gospel Quote is outside Old Testament Sunday's scripture (testaments: old): it is New Testament")
    assert outcome.deck["format"] == "sunday-school"
    assert outcome.deck["settings"]["life_points"] == 11 and outcome.deck["settings"]["quoting"] == "strict"


@pytest.mark.parametrize(
    "scope, outside",
    [
        ("colors: [white]", {"Gospel Quote", "Psalm Verse", "Acts Army", "History Army"}),
        ("books: [Genesis, psalms]", {"Gospel Quote", "Acts Army"}),
        ("testaments: [new]", {"Law Verse", "Psalm Verse"}),
    ],
)
def test_scripture_by_colour_and_book(tmp_path, scope, outside):
    event = write(tmp_path, "scope.yaml", f"name: Scope\ngame: promised-land\nscripture:\n  {scope}\n")
    cards = {"Gospel Quote": 1, "Law Verse": 1, "Psalm Verse": 1, "Acts Army": 1, "History Army": 1, "Unstated Counter": 1}
    outcome = check(tmp_path, "game: promised-land\n" + zone_yaml("main", cards), event, db="promised-land-cards.yaml")
    assert {f["cards"][0] for f in outcome.findings("promised-land.scripture-scope")} == outside


def test_a_book_that_is_not_in_the_bible(tmp_path):
    event = write(tmp_path, "books.yaml", "name: Books\nscripture:\n  books: [Genisis]\n")
    outcome = check(tmp_path, pl_deck({}), event, db="promised-land-cards.yaml")
    assert outcome.exit_code == 2
    assert "'Genisis' is not a book of the Bible; did you mean 'Genesis'?" in outcome.stderr


def test_event_format_overrides_the_decks(tmp_path):
    event = write(tmp_path, "t.yaml", "name: Cup\ngame: promised-land\nformat: tournament\n")
    outcome = check(
        tmp_path, pl_deck({}).replace("game: promised-land\n", "game: promised-land\nformat: home\n"), event, db="promised-land-cards.yaml"
    )
    assert outcome.deck["format"] == "tournament"


def test_event_format_must_exist(tmp_path):
    event = write(tmp_path, "t.yaml", "name: Cup\ngame: promised-land\nformat: casual\n")
    outcome = check(tmp_path, pl_deck({}), event, db="promised-land-cards.yaml")
    assert outcome.exit_code == 2 and "Promised Land has no format 'casual'" in outcome.stderr


def test_event_schema_is_valid():
    import jsonschema
    from deckcheck.loading import resources

    for name in ("event", "config"):
        jsonschema.Draft202012Validator.check_schema(json.loads(resources.schema_path(name).read_text()))


def test_a_redline_event_sets_the_efreet_limit_its_game_declares(tmp_path):
    from conftest import REPO

    event = write(tmp_path, "limit.yaml", "name: Small skirmish\ngame: redline\nsettings:\n  efreet_limit: 3\n")
    deck = REPO / "examples" / "redline-cpm.yaml"
    checked = run("check", deck, "--event", event, "--output-format", "json")
    assert checked.exit_code == 0 and checked.deck["settings"]["efreet_limit"] == 3
    played = json.loads(run("goldfish", deck, "--event", event, "--games", "200", "--output-format", "json").stdout)
    assert played["settings"]["efreet_limit"] == 3


@pytest.mark.parametrize(
    "settings, where",
    [
        ("game: redline\nsettings:\n  efreet_limit: 0\n", "4:17"),
        ("game: redline\nsettings:\n  efreet_limt: 3\n", "4:3"),
        ("game: redline\nsettings:\n  life_points: 3\n", "4:3"),  # Promised Land's, not REDLINE's
        ("settings:\n  efreet_limits: 3\n", "3:3"),  # an event of no game: a setting of no game
    ],
)
def test_a_setting_its_game_does_not_declare_is_exit_two_at_its_line(tmp_path, settings, where):
    event = write(tmp_path, "bad.yaml", "name: Bad\n" + settings)
    outcome = check(tmp_path, demon_rush_deck({}, size=40), event)
    assert outcome.exit_code == 2
    assert f"{event}:{where}: settings" in outcome.stderr


def test_a_name_missing_from_a_replacing_card_database_names_that_database(tmp_path):
    from conftest import REPO

    pl_cards = DATA / "promised-land-cards.yaml"
    event = write(tmp_path, "class.yaml", "name: Class\ngame: promised-land\nbanned: [Jerusalem]\n")
    deck = REPO / "examples" / "promised-land-sunday-school.yaml"
    outcome = run("check", deck, "--card-db", pl_cards, "--event", event)
    assert outcome.exit_code == 2
    assert f"{event}:3:10: 'Jerusalem' matches no card in the promised-land database given by --card-db or card_db ({pl_cards})" in (
        outcome.stderr
    )


def test_a_field_of_another_games_events_is_refused_at_its_line(tmp_path):
    """scripture is Promised Land's own event field: an event for REDLINE decks may not have it."""
    event = write(tmp_path, "scope.yaml", "name: Scope\ngame: redline\nscripture:\n  testaments: [old]\n")
    outcome = check(tmp_path, demon_rush_deck({}, size=40), event)
    assert outcome.exit_code == 2 and f"{event}:3:1: unknown key 'scripture'" in outcome.stderr
    anyone = write(tmp_path, "any.yaml", "name: Scope\nscripture:\n  testaments: [old]\n")  # an event of no game: any game's
    assert check(tmp_path, demon_rush_deck({}, size=40), anyone).exit_code == 0
