"""`deckcheck check PATH...`, alone or with an `--output-format`, runs without typer
(deckcheck/command.py): the same report, messages and exit code as the typer command gives the
same arguments."""

from __future__ import annotations

import inspect
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from deckcheck.cli.check import check
from deckcheck.cli.checking import CheckAsked, plain_check
from deckcheck.registry import GAME_PACKAGES, known_games

from conftest import REPO, run

EXAMPLES = REPO / "examples"


@pytest.mark.parametrize(
    ("arguments", "plain"),
    [
        (["check", "a.yaml"], True),
        (["check", "a.yaml", "decks/"], True),
        (["check"], False),  # typer says what is missing
        (["check", "-"], False),  # standard input
        (["check", "a.yaml", "--game", "redline"], False),
        (["check", "--help"], False),
        (["check", "-h"], False),
        (["check", ""], False),
        (["fmt", "a.yaml"], False),
        (["check", "a.yaml", "--"], False),
        (["check", "a.yaml", "--output-format", "json"], True),
        (["check", "--output-format=sarif", "a.yaml", "b.txt"], True),
        (["check", "a.yaml", "--output-format", "auto"], True),
        (["check", "a.yaml", "--output-format", "nope"], False),  # typer says which there are
        (["check", "a.yaml", "--output-format=JSON"], False),
        (["check", "a.yaml", "--output-format"], False),
        (["check", "--output-format", "json"], False),
        (["check", "a.yaml", "--output-format", "json", "--output-format", "text"], False),
        (["check", "a.yaml", "--output-format", "json", "--strict"], False),
        (["check", "a.yaml", "--output-formats", "json"], False),
    ],
)
def test_only_paths_named_alone_or_with_a_format_skip_typer(arguments, plain):
    asked = plain_check(arguments)
    assert (asked is not None) is plain
    if asked is not None:
        given = next((a.partition("=")[2] or arguments[i + 1] for i, a in enumerate(arguments) if a.startswith("--output-format")), None)
        named = [a for a in arguments[1:] if not a.startswith("--output-format") and a != given]
        assert asked.output_format == given and asked.paths == tuple(map(Path, named))


def test_the_typer_commands_defaults_are_the_plain_checks():
    asked = CheckAsked(paths=())
    for name, parameter in inspect.signature(check).parameters.items():
        if name == "paths":
            continue
        default = parameter.default.default  # typer's Option keeps its default here
        expected = getattr(asked, name)
        if name == "output_format":
            assert default is None and expected is None
            continue
        assert (tuple(default) if isinstance(default, list) else default) == expected, name


def _installed(*arguments: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "NO_COLOR": "1"}
    return subprocess.run(
        [sys.executable, "-m", "deckcheck", "check", *map(str, arguments)], capture_output=True, text=True, cwd=cwd, env=environment
    )


def _cases(tmp_path: Path) -> dict[str, list[Path]]:
    (tmp_path / "broken.yaml").write_text("main:\n  - [unclosed\n", encoding="utf-8")
    (tmp_path / "illegal.yaml").write_text("game: redline\nmain:\n  EF-9 Rabbit: 7\n", encoding="utf-8")
    folder = tmp_path / "decks"
    folder.mkdir()
    (folder / "cards.txt").write_text("Name\tSet\tImageFile\tType\n", encoding="utf-8")  # a Lackey card list: skipped
    (folder / "deck.yaml").write_text((EXAMPLES / "redline-cpm.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    return {
        "a legal deck": [EXAMPLES / "redemption-deck-i.yaml"],
        "two decks": [EXAMPLES / "redline-cpm.yaml", EXAMPLES / "bible-battles.txt"],
        "an illegal deck": [tmp_path / "illegal.yaml"],
        "a deck that does not parse": [tmp_path / "broken.yaml"],
        "a folder with a file that is no deck": [folder],
        "a missing file": [tmp_path / "missing.yaml"],
    }


@pytest.mark.parametrize(
    "case",
    [
        "a legal deck",
        "two decks",
        "an illegal deck",
        "a deck that does not parse",
        "a folder with a file that is no deck",
        "a missing file",
    ],
)
@pytest.mark.parametrize("options", [(), ("--output-format", "json"), ("--output-format=sarif",)])
def test_the_plain_check_says_what_the_typer_command_says(tmp_path, monkeypatch, case, options):
    paths = _cases(tmp_path)[case]
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("NO_COLOR", "1")
    through_typer = run("check", *paths, *options)
    plain = _installed(*paths, *options, cwd=tmp_path)
    assert (plain.returncode, plain.stdout, plain.stderr) == (through_typer.exit_code, through_typer.stdout, through_typer.stderr)
    assert plain.returncode in (0, 1, 2) and plain.stdout + plain.stderr


def test_a_config_beside_the_decks_is_read_by_the_plain_check(tmp_path):
    (tmp_path / ".deckcheck.yaml").write_text("output_format: json\n", encoding="utf-8")
    done = _installed(EXAMPLES / "redline-cpm.yaml", cwd=tmp_path)
    assert done.returncode == 0 and done.stdout.lstrip().startswith("{")


def _imported(deck: Path, modules: tuple[str, ...], cwd: Path | None = None, options: tuple[str, ...] = ()) -> tuple[int, list[str]]:
    """The exit code of a plain check of `deck` in a process of its own (run in `cwd`), and which
    of `modules` it has imported by its end."""
    program = (  # the command ends with os._exit (deckcheck/command.py): what it had loaded is told there
        "import json, os, sys\nfrom deckcheck.command import run\n"
        f"sys.argv = ['deckcheck', 'check', {str(deck)!r}, *{options!r}]\n"
        "end = os._exit\n"
        f"os._exit = lambda code: (print(json.dumps(sorted(m for m in {modules!r} if m in sys.modules)), file=sys.stderr), end(code))\n"
        "run()\n"
    )
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, cwd=cwd)
    return done.returncode, json.loads(done.stderr.strip().splitlines()[-1])


@pytest.mark.parametrize("options", [(), ("--output-format", "json")])
def test_the_plain_check_imports_no_typer(options):
    assert _imported(EXAMPLES / "redline-cpm.yaml", ("typer", "click", "pydantic", "rich"), options=options) == (0, [])


def test_the_plain_check_of_a_legal_deck_loads_only_what_it_uses():
    """No event file, no rule listing, no unknown name, a warm cache, a text report to a pipe: so
    none of the events' module, the rule catalogue, difflib, the cache's writing, CSV, nor
    importlib.metadata (tabulate 0.10's, pyproject.toml says why); no finding, so no table (tabulate);
    no terminal, so no width to ask (shutil)."""
    unused = ("deckcheck.loading.events", "deckcheck.catalogue", "difflib", "tempfile", "csv", "importlib.metadata", "tabulate", "shutil")
    deck = EXAMPLES / "redline-cpm.yaml"
    _imported(deck, unused)  # the cache warmed
    assert _imported(deck, unused) == (0, [])


@pytest.mark.parametrize("deck", ["redline-cpm.yaml", "redemption-deck-i.yaml"])
def test_a_check_in_a_repository_with_a_config_parses_no_yaml(tmp_path, deck):
    """A deck of the plainest shape is read by lines, and a config and the card data the cache
    holds are not read again: the YAML parser, a fifth of such a check, is never imported."""
    (tmp_path / ".deckcheck.yaml").write_text("ignore: [redline.copy-limit]\n", encoding="utf-8")
    shutil.copy(EXAMPLES / deck, tmp_path / "deck.yaml")
    _imported(tmp_path / "deck.yaml", (), cwd=tmp_path)  # the cache warmed
    assert _imported(tmp_path / "deck.yaml", ("yaml", "deckcheck.loading.safe_yaml"), cwd=tmp_path) == (0, [])


def test_the_plain_check_of_a_redemption_deck_loads_no_importer():
    """The dictionary reads a card list's brigades as the importer does, only for titles told apart
    by a bracket of brigades: a check whose identities the cache keeps reads none."""
    deck = EXAMPLES / "redemption-deck-i.yaml"
    _imported(deck, ())  # the cache warmed
    assert _imported(deck, ("deckcheck.importers.lackey_titles", "deckcheck.importers.lackey")) == (0, [])


@pytest.mark.parametrize("named", ["file", "folder"])
@pytest.mark.parametrize("game", known_games())
def test_a_deck_of_one_game_imports_no_other_games_rules(tmp_path, game, named):
    """A reader knows every game's zones from their layout.py, and a folder's check the keys an
    event file may have (which it sniffs files by) too; only the deck's game's rules load."""
    deck = tmp_path / "deck.yaml"
    deck.write_text(f"game: {game}\nmain:\n  Nothing Known: 1\n", encoding="utf-8")
    packages = tuple(f"{package}.rules" for package in GAME_PACKAGES.values())
    checked = deck if named == "file" else tmp_path
    assert _imported(checked, packages) == (1, [f"{GAME_PACKAGES[game]}.rules"])  # 1: a card it does not know


def test_each_games_layout_names_the_event_keys_its_rules_read():
    from deckcheck.games import event_field_names, game_named

    assert event_field_names() == {name for game in known_games() for name in game_named(game).event_fields}
    assert "scripture" in event_field_names()  # Promised Land's


def test_a_closed_pipe_ends_the_plain_check_quietly():
    reading, writing = os.pipe()
    os.close(reading)  # the reader has gone (`| head` that has read its lines)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "deckcheck", "check", str(EXAMPLES / "redline-cpm.yaml")],
            stdout=writing,
            stderr=subprocess.PIPE,
            text=True,
        )
    finally:
        os.close(writing)
    assert done.returncode == 1
    assert "Traceback" not in done.stderr and "internal error" not in done.stderr


@pytest.mark.parametrize(("code", "status", "said"), [(None, 0, ""), (0, 0, ""), (2, 2, ""), ("a message", 1, "a message")])
def test_a_finished_command_ends_as_sys_exit_would(code, status, said):
    """deckcheck/command.py ends the process with os._exit: the exit code sys.exit would give, and
    every line written before it on stdout, even to a pipe, where Python buffers it."""
    program = f"import sys\nfrom deckcheck.command import ended\nprint('written')\nsys.stderr.write('diagnostic\\n')\nended({code!r})\n"
    buffered = {name: value for name, value in os.environ.items() if name != "PYTHONUNBUFFERED"}
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, env=buffered)
    assert (done.returncode, done.stdout, done.stderr.split("\n")[1:-1]) == (status, "written\n", [said] if said else [])
