"""Redemption's builds name their rules by id in their data files (schemas/build.schema.json), checked
when the data loads: every id shipped is a rule's, a misspelt one is a load error at its line (exit 2),
and a new format that reuses the rules with new numbers is one data file, no Python."""

import shutil
import subprocess
import sys

import pytest
from deckcheck.games import game_named
from deckcheck.games.redemption.building import DeckBuilding, building_for
from deckcheck.games.redemption.formats import RULES, rules_of
from deckcheck.games.redemption.paragon import paragon_rules
from deckcheck.games.redemption.rules_version import quickstart, version_from, versions
from deckcheck.loading import resources
from deckcheck.loading.checked_yaml import FileProblems

from conftest import DATA, SHARED, zone_yaml

SHIPPED = resources.format_rules_folder("redemption")
MISSPELT, MEANT = "redemption.lost-soul-abilty-limit", "redemption.lost-soul-ability-limit"

# deckcheck run with the Redemption format files of the folder given first: what a source checkout
# does with a file added to card_data/formats/redemption/
WITH_FORMATS_FROM = (
    "import sys\n"
    "from pathlib import Path\n"
    "from deckcheck.loading import resources\n"
    "formats = Path(sys.argv.pop(1))\n"
    "resources.format_rules_folder = lambda game: formats\n"
    "from deckcheck.command import run\n"
    "run()\n"
)


def _deckcheck_with_formats(folder, *arguments) -> subprocess.CompletedProcess:
    command = [sys.executable, "-c", WITH_FORMATS_FROM, str(folder), *map(str, arguments)]
    return subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)


def test_every_shipped_build_names_rules_deckcheck_has_and_every_limit_a_rule_it_runs():
    builds = [c.build for v in (*versions(), quickstart()) for c in v.categories.values()] + [paragon_rules().build]
    assert len(builds) >= 9 and all(set(build.rules) <= set(RULES) for build in builds)
    assert all(limit.rule in build.rules for build in builds for limit in build.limits)
    named = {rule.id for f in game_named("redemption").formats for rule in f.rules or ()}
    assert named == set(RULES)  # and every rule is run by some format


def _misspelt_copy(tmp_path):
    """dbr-2.0.yaml with one id of Type 2's rules misspelt, and where the misspelling and that rule's limit row are."""
    text = (SHIPPED / "dbr-2.0.yaml").read_text(encoding="utf-8")
    rules_line = text.index("    rules:", text.index("\n  type2:\n", text.index("\nkinds:\n")))
    at = text.index(MEANT, rules_line)
    text = text[:at] + MISSPELT + text[at + len(MEANT) :]
    path = tmp_path / "dbr-2.0.yaml"
    path.write_text(text, encoding="utf-8")
    row = text.index(f"rule: {MEANT}", text.index("limits:", rules_line)) + len("rule: ")
    return path, _line_and_column(text, at), _line_and_column(text, row)


def _line_and_column(text: str, offset: int) -> tuple[int, int]:
    before = text[:offset]
    return before.count("\n") + 1, offset - before.rfind("\n")


def test_a_misspelt_rule_id_is_a_load_error_at_its_line_and_says_which_id_was_meant(tmp_path):
    path, (line, column), (row_line, row_column) = _misspelt_copy(tmp_path)
    version = version_from(path)
    with pytest.raises(FileProblems) as raised:
        rules_of(DeckBuilding(version=version, category=version.categories["type2"]))
    misspelt, limit = raised.value.problems
    assert misspelt.startswith(f"{path}:{line}:{column}: no rule has the id '{MISSPELT}'; did you mean '{MEANT}'")  # the closest first
    assert limit == f"{path}:{row_line}:{row_column}: a copy limit of '{MEANT}', a rule this build does not run (its rules: name it there)"


def test_a_misspelt_rule_id_in_a_copy_limit_is_a_load_error_too(tmp_path):
    """The limit row misspelt, the rules list right: that rule would run with nothing to cap."""
    text = (SHIPPED / "dbr-2.0.yaml").read_text(encoding="utf-8")
    row = text.index(f"rule: {MEANT}", text.index("\n  type2:\n", text.index("\nkinds:\n"))) + len("rule: ")
    path = tmp_path / "dbr-2.0.yaml"
    path.write_text(text[:row] + MISSPELT + text[row + len(MEANT) :], encoding="utf-8")
    version = version_from(path)
    with pytest.raises(FileProblems) as raised:
        rules_of(DeckBuilding(version=version, category=version.categories["type2"]))
    line, column = _line_and_column(text, row)
    assert [problem.split(": ", 1)[0] for problem in raised.value.problems][0] == f"{path}:{line}:{column}"
    assert f"a copy limit of '{MISSPELT}', a rule this build does not run" in raised.value.problems[0]
    assert f"'{MEANT}' caps nothing: the build has no copy limit of it" in raised.value.problems[1]


@pytest.mark.slow
def test_a_misspelt_rule_id_in_a_format_file_stops_every_command_with_exit_2(tmp_path):
    folder = tmp_path / "formats"
    shutil.copytree(SHIPPED, folder)
    path, (line, column), _ = _misspelt_copy(tmp_path)
    shutil.copy(path, folder / "dbr-2.0.yaml")
    outcome = _deckcheck_with_formats(folder, "rules")
    assert outcome.returncode == 2 and "Traceback" not in outcome.stderr and "internal error" not in outcome.stderr
    assert f"dbr-2.0.yaml:{line}:{column}: no rule has the id '{MISSPELT}'" in outcome.stderr


@pytest.mark.slow
def test_a_new_format_reusing_the_rules_with_new_numbers_is_one_data_file(tmp_path):
    folder = tmp_path / "formats"
    shutil.copytree(SHIPPED, folder)
    text = (SHIPPED / "dbr-2.0.yaml").read_text(encoding="utf-8")
    text = text.replace('version: "2.0"', 'version: "9.0"').replace('effective: "2026-08-13"', 'effective: "2027-01-01"')
    text = text.replace("    deck: [50, 70]\n", "    deck: [60, 80]\n", 1)  # Type 1 decks of 60 to 80 cards
    (folder / "dbr-9.0.yaml").write_text(text, encoding="utf-8")
    deck = tmp_path / "deck.yaml"
    main = {f"Soul {i}": 1 for i in range(1, 8)} | {f"Good {i}": 1 for i in range(1, 22)} | {f"Evil {i}": 1 for i in range(1, 23)}
    deck.write_text("game: redemption\nformat: type1-unlimited\n" + zone_yaml("main", main), encoding="utf-8")  # 50 cards
    checked = {}
    for as_of in ("2026-12-01", "2027-02-01"):
        outcome = _deckcheck_with_formats(folder, "check", deck, "--card-db", DATA / "redemption-tournament.yaml", "--as-of", as_of)
        checked[as_of] = (outcome.returncode, "redemption.deck-size" in outcome.stdout, "9.0" in outcome.stdout)
    assert checked == {"2026-12-01": (0, False, False), "2027-02-01": (1, True, True)}, outcome.stdout + outcome.stderr


def test_a_tournament_build_may_run_paragons_dominant_maximum_by_naming_it_with_its_number(tmp_path):
    text = (SHIPPED / "dbr-2.0.yaml").read_text(encoding="utf-8")
    kinds = text.index("\nkinds:\n")
    named = text[:kinds] + text[kinds:].replace("redemption.dominant-cap,", "redemption.dominant-cap, redemption.dominant-max,", 1)
    path = tmp_path / "dbr-2.0.yaml"
    path.write_text(named, encoding="utf-8")
    version = version_from(path)
    with pytest.raises(FileProblems) as raised:
        rules_of(DeckBuilding(version=version, category=version.categories["type1"]))
    assert "'redemption.dominant-max' reads the build's dominants:, which it does not set" in raised.value.problems[0]
    path.write_text(named.replace("    deck: [50, 70]\n", "    deck: [50, 70]\n    dominants: 5\n", 1), encoding="utf-8")
    version = version_from(path)
    building = DeckBuilding(version=version, category=version.categories["type1"])
    assert "redemption.dominant-max" in [rule.id for rule in rules_of(building)] and building.build.dominants == 5


def test_a_build_sets_the_rescues_that_win_and_the_goldfish_plays_to_them(tmp_path):
    text = (SHIPPED / "dbr-2.0.yaml").read_text(encoding="utf-8")
    path = tmp_path / "dbr-2.0.yaml"
    path.write_text(text.replace("    rescues_to_win: 5", "    rescues_to_win: 7", 1), encoding="utf-8")  # Type 1's build
    version = version_from(path)
    type1, type2 = (building_for(version, version.categories[name]) for name in ("type1", "type2"))
    assert (type1.rescues_to_win, type2.rescues_to_win) == (7, 5)
    assert type1.settings()["rescues_to_win"] == 7  # what goldfish reports and plays to


def test_every_shipped_build_wins_at_the_rulebooks_five_rescues():
    """The rulebook: "A player wins the game by being the first to rescue five (5) Lost Souls";
    deck building rules 1.3.0, Teams: "Each team vies to collectively rescue 5 lost souls"."""
    builds = [category.build for version in (quickstart(), *versions()) for category in version.categories.values()]
    assert {build.rescues_to_win for build in [*builds, paragon_rules().build]} == {5}
    rulebook = SHARED / "rulebooks" / "redemption.txt"
    if not rulebook.exists():
        pytest.skip(f"the rulebook ({rulebook}) is not beside the project: the numbers above are ours alone")
    assert "first to rescue five (5) Lost Souls" in " ".join(rulebook.read_text(encoding="utf-8").split())


def test_every_note_a_build_marks_provisional_is_in_its_rules_words():
    """A note in the data is said wherever the rule is (deckcheck rules, --explain, every report):
    the size of a Paragon deck, Sites in Type 2 and the special cards in 2.0 were noted and never said."""
    for chosen in game_named("redemption").formats:
        building = chosen.params
        for rule in chosen.rules or ():
            for note in building.provisional(rule.id):
                assert note in rule.worded(building).summary, (chosen.name, chosen.version, rule.id)
