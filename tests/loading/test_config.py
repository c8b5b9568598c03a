"""`.deckcheck.yaml`: found in the working folder or a parent, validated, overridden by options."""

import os

import pytest

from conftest import DATA, legal_redline_main, redline_deck, run


@pytest.fixture
def repo(tmp_path, monkeypatch):
    """A deck repository: a config at its top, decks below, the test run from a sub-folder."""
    (tmp_path / "decks" / "casual").mkdir(parents=True)
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "redline.yaml").write_text((DATA / "redline-cards.yaml").read_text())
    short = redline_deck(legal_redline_main(Crate=22)).replace("game: redline\n", "")
    (tmp_path / "decks" / "short.yaml").write_text(short)
    (tmp_path / "decks" / "casual" / "short.yaml").write_text(short)
    monkeypatch.chdir(tmp_path / "decks")
    return tmp_path


def config(repo, text):
    (repo / ".deckcheck.yaml").write_text(text)


@pytest.mark.slow
def test_config_sets_game_card_db_and_output(repo):
    config(repo, "game: redline\ncard_db: [cards/]\noutput_format: json\n")
    outcome = run("check", ".")
    assert outcome.exit_code == 1
    assert {d["game"] for d in outcome.report["decks"]} == {"redline"}
    assert all(f["rule"] == "redline.arsenal-size" for d in outcome.report["decks"] for f in d["findings"])


def test_ignore_and_overrides_by_glob(repo):
    config(
        repo,
        "game: redline\ncard_db: [cards/]\noutput_format: json\n"
        "overrides:\n  - paths: ['decks/casual/**']\n    ignore: [redline.arsenal-size]\n",
    )
    outcome = run("check", ".")
    verdicts = {os.path.normpath(d["path"]): d["legal"] for d in outcome.report["decks"]}
    assert verdicts == {os.path.join("casual", "short.yaml"): True, "short.yaml": False}


def test_command_line_wins(repo):
    config(repo, "game: redline\ncard_db: [cards/]\noutput_format: json\n")
    assert run("check", ".", "--output-format", "text").stdout.startswith("casual/short.yaml (redline/standard)")
    assert run("check", ".", "--ignore", "redline.arsenal-size").exit_code == 0


def _games(outcome) -> dict[str, str]:
    return {os.path.normpath(d["path"]): d["game"] for d in outcome.report["decks"]}


CASUAL, TOP = os.path.join("casual", "short.yaml"), "short.yaml"


def test_game_on_the_command_line_beats_the_configs(repo):
    # docs/configuration.md: "An option on the command line replaces the config's value"
    config(repo, "game: demon-rush\ncard_db: [cards/]\noutput_format: json\n")
    assert _games(run("check", ".")) == {CASUAL: "demon-rush", TOP: "demon-rush"}
    assert _games(run("check", ".", "--game", "redline")) == {CASUAL: "redline", TOP: "redline"}


def test_an_override_beats_the_configs_game_and_the_command_line_beats_both(repo):
    config(
        repo,
        "game: demon-rush\ncard_db: [cards/]\noutput_format: json\n"
        "overrides:\n  - paths: ['decks/casual/**']\n    game: promised-land\n  - paths: ['**/casual/*']\n    game: redline\n",
    )
    assert _games(run("check", ".")) == {CASUAL: "redline", TOP: "demon-rush"}  # the last matching override
    assert _games(run("check", ".", "--game", "bible-battles")) == {CASUAL: "bible-battles", TOP: "bible-battles"}


def test_ignore_lists_add_up_from_command_line_config_and_override(repo):
    from deckcheck.loading.config import Choices, load_config

    config(repo, "ignore: [a.one]\noverrides:\n  - paths: ['decks/casual/**']\n    ignore: [b.two]\n")
    loaded = load_config(repo / ".deckcheck.yaml")
    given = Choices(ignore=("c.three",))
    assert loaded.for_deck(repo / "decks" / "casual" / "short.yaml", given).ignore == {"a.one", "b.two", "c.three"}
    assert loaded.for_deck(repo / "decks" / "short.yaml", given).ignore == {"a.one", "c.three"}
    assert loaded.merged(given).ignore == ("c.three", "a.one")


def test_broken_config_is_exit_two_with_its_line(repo):
    config(repo, "game: redline\nignore: redline.arsenal-size\n")
    outcome = run("check", ".")
    assert outcome.exit_code == 2
    assert f"{repo / '.deckcheck.yaml'}:2:9: ignore: " in outcome.stderr


def test_config_yaml_errors_are_exit_two(repo):
    config(repo, "game: [redline\n")
    outcome = run("check", ".")
    assert outcome.exit_code == 2 and "broken config" in outcome.stderr


def test_no_config_anywhere(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "deck.yaml").write_text("game: redline\nmain:\n  Supply Drop: 60\n")
    assert run("check", "deck.yaml", "--output-format", "json").errors == {"redline.general"}


def test_a_config_value_that_is_no_choice_gets_did_you_mean(repo):
    config(repo, "game: redline\ncard_db: [cards/]\noutput_format: jsn\n")
    outcome = run("check", ".")
    assert outcome.exit_code == 2
    assert ".deckcheck.yaml:3:16: output_format: 'jsn' is not a choice; did you mean 'json'?" in outcome.stderr


def test_a_users_own_config_sets_what_the_repository_config_does_not(repo, monkeypatch, tmp_path_factory):
    home = tmp_path_factory.mktemp("home")
    (home / "deckcheck").mkdir()
    (home / "deckcheck" / "cards").mkdir()
    (home / "deckcheck" / "cards" / "redline.yaml").write_text((DATA / "redline-cards.yaml").read_text())
    (home / "deckcheck" / "config.yaml").write_text(
        "game: redline\ncard_db: [cards/]\noutput_format: json\nignore: [redline.resource-count]\n"
    )
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home))
    outcome = run("check", "short.yaml")  # no repository config: the user's alone
    assert outcome.report["decks"][0]["game"] == "redline"
    assert "redline.resource-count" not in {f["rule"] for d in outcome.report["decks"] for f in d["findings"]}
    config(repo, "output_format: concise\n")  # the repository's wins where it says
    assert not run("check", "short.yaml").stdout.lstrip().startswith("{")


def test_deckcheck_card_db_stands_in_for_card_db(repo, monkeypatch):
    (repo / "cards" / "extra.yaml").write_text("game: redline\ncards:\n  - {name: Zork Efreet, type: efreet, faction: cpm}\n")
    (repo / "decks" / "zork.yaml").write_text("game: redline\nmain:\n  Zork Efreet: 1\n")
    unknown = run("check", "zork.yaml", "--output-format", "json")
    assert "deck.unknown-card" in unknown.errors
    monkeypatch.setenv("DECKCHECK_CARD_DB", str(repo / "cards"))
    known = run("check", "zork.yaml", "--output-format", "json")
    assert "deck.unknown-card" not in known.errors
    monkeypatch.setenv("DECKCHECK_CARD_DB", str(repo / "no-such-folder"))
    assert run("check", "zork.yaml").exit_code == 2  # a path that does not exist is said


def test_the_configs_own_card_databases_and_events_are_no_decks_to_skip(repo, monkeypatch):
    (repo / "events").mkdir()
    (repo / "events" / "local.yaml").write_text("name: Local\ngame: redline\nbanned: [Crate]\n")
    (repo / "notes.yaml").write_text("cards:\n  - not a deck\n")
    config(repo, "game: redline\ncard_db: [cards/]\nevents: [events/local.yaml]\n")
    monkeypatch.chdir(repo)
    outcome = run("check", ".", "--output-format", "json")
    left_out = {d["path"]: d["findings"][0]["message"] for d in outcome.report["decks"] if not d["checked"]}
    assert left_out == {"notes.yaml": "left out, not checked: the file is a card database (give it to --card-db)"}  # not one it uses


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symbolic links on this system")
def test_a_link_in_the_folder_to_the_configs_own_card_database_is_no_deck_to_skip(repo, monkeypatch):
    # a file that is a link is where it leads; every other file is where its folder is
    (repo / "decks" / "cards.yaml").symlink_to(repo / "cards" / "redline.yaml")
    (repo / "decks" / "notes.yaml").write_text("cards:\n  - not a deck\n")
    config(repo, "game: redline\ncard_db: [cards/]\n")
    outcome = run("check", ".", "--output-format", "json")
    left_out = {d["path"]: d["findings"][0]["message"] for d in outcome.report["decks"] if not d["checked"]}
    assert left_out == {"notes.yaml": "left out, not checked: the file is a card database (give it to --card-db)"}


def test_an_unknown_rule_in_the_users_config_names_the_users_file(repo, monkeypatch, tmp_path_factory):
    home = tmp_path_factory.mktemp("home")
    (home / "deckcheck").mkdir()
    (home / "deckcheck" / "config.yaml").write_text("ignore: [redline.copy-limt]\n")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home))
    config(repo, "game: redline\ncard_db: [cards/]\n")
    outcome = run("check", "short.yaml")
    assert outcome.exit_code == 2
    assert f"{home / 'deckcheck' / 'config.yaml'}:1:10: ignore: unknown rule 'redline.copy-limt'" in outcome.stderr  # its line too


@pytest.mark.parametrize(
    "text, said",
    [
        ("card_db: [nowhere/]\n", ":1:11: card_db: no such file or folder:"),
        ("events: [a.yaml, nowhere.yaml]\n", ":1:18: events: no such file or folder:"),
        ("game: redline\nformat: nope\n", ":2:9: format: REDLINE has no format 'nope'"),
        ("game: chess\n", ":1:7: game:"),
        ("overrides:\n  - paths: ['x']\n    ignore: [nope.nope]\n", ":3:14: overrides (x): ignore: unknown rule 'nope.nope'"),
    ],
)
def test_every_config_error_names_its_line_and_column(repo, text, said):
    (repo / "a.yaml").write_text("name: A\nbanned: [Crate]\n")
    config(repo, text)
    outcome = run("check", "short.yaml")
    assert outcome.exit_code == 2 and f".deckcheck.yaml{said}" in outcome.stderr, outcome.stderr


def test_a_config_checked_before_is_not_checked_again_and_jsonschema_is_not_imported(tmp_path):
    """Its validity is kept in the cache by its content: a repository's every run with a config
    imported jsonschema (46 ms a run) to find again what the first run found (issue 51 part 1)."""
    import subprocess
    import sys

    config = tmp_path / ".deckcheck.yaml"
    config.write_text("game: redline\nignore: [redline.copy-limit]\n")
    probe = (
        "import sys; from pathlib import Path; from deckcheck.loading.config import load_config; "
        f"load_config(Path({str(config)!r})); print('jsonschema' in sys.modules)"
    )
    env = {**__import__("os").environ, "DECKCHECK_CACHE_DIR": str(tmp_path / "cache")}
    runs = [subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env).stdout.strip() for _ in range(2)]
    assert runs == ["True", "False"]
    config.write_text("game: redline\nignore: [redline.copy-limit]\nstrict: maybe\n")  # other content: checked, and refused
    refused = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env)
    assert refused.returncode != 0 and "strict" in refused.stderr


def test_a_config_read_before_is_read_from_the_cache_with_its_places(tmp_path, monkeypatch):
    """The cache keeps a valid config's data and where its values are written: the second read
    parses no YAML and says a problem at the same line and column as the first."""
    from deckcheck.loading import safe_yaml
    from deckcheck.loading.checked_yaml import FileProblems
    from deckcheck.loading.config import load_config

    monkeypatch.setenv("DECKCHECK_CACHE_DIR", str(tmp_path / "cache"))
    (tmp_path / "cards").mkdir()
    path = tmp_path / ".deckcheck.yaml"
    path.write_text("game: redline\nas_of: 2026-01-02\ncard_db:\n  - cards/\n  - gone/\nignore: [redline.copy-limit]\n")
    said = []
    for _ in range(2):
        with pytest.raises(FileProblems) as raised:
            load_config(path)
        said.append(raised.value.problems)
        monkeypatch.setattr(safe_yaml, "compose", lambda text: pytest.fail("the config was parsed again"))
    assert said[0] == said[1] and ".deckcheck.yaml:5:5: card_db: no such file or folder: " in said[0][0], said
    (tmp_path / "gone").mkdir()
    kept = load_config(path)
    assert kept.as_of.isoformat() == "2026-01-02" and kept.places[("ignore", 0)] == (6, 10) and kept.places[("card_db", 1)] == (5, 5)
