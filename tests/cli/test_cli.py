"""The command line as a user and a CI job see it: exit codes, reports, help, version."""

import json
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
from deckcheck import __version__
from deckcheck.loading import resources

from conftest import DATA, REPO, legal_redline_main, redline_deck, run

EXAMPLES = REPO / "examples"
REPORT_SCHEMA = json.loads(resources.schema_path("report").read_text())


def test_examples_are_legal_with_the_bundled_data():
    outcome = run("check", EXAMPLES)
    assert outcome.exit_code == 0, outcome.stdout
    # the Promised Land example is below the guide's recommended 55 cards: the guide names too few cards
    assert "7 decks checked: 7 legal, 0 illegal; 0 errors, 1 warning" in outcome.stdout
    assert "promised-land.deck-size" in outcome.stdout


def test_json_report_matches_its_schema_for_legal_illegal_and_unreadable_decks(tmp_path):
    (tmp_path / "legal.yaml").write_text(redline_deck(legal_redline_main()))
    (tmp_path / "illegal.yaml").write_text(redline_deck(legal_redline_main(Crate=21)))
    (tmp_path / "broken.yaml").write_text("game: [\n")
    (tmp_path / "nogame.txt").write_text("3 Card No Game Has\n")
    outcome = run("check", tmp_path, "--card-db", DATA / "redline-cards.yaml", "--output-format", "json")
    report = json.loads(outcome.stdout)
    jsonschema.Draft202012Validator(REPORT_SCHEMA).validate(report)
    # illegal.yaml: 59 cards (error) and 21 resources (warning); broken and nogame: one error each
    assert report["summary"] == {"decks": 4, "legal": 1, "illegal": 3, "errors": 3, "warnings": 1}
    assert [Path(d["path"]).name for d in report["decks"]] == ["broken.yaml", "illegal.yaml", "legal.yaml", "nogame.txt"]
    assert report["tool"] == {"name": "deckcheck", "version": __version__}
    assert outcome.exit_code == 1


def test_report_schema_is_valid_2020_12():
    jsonschema.Draft202012Validator.check_schema(REPORT_SCHEMA)


def test_deck_without_game(tmp_path):
    path = tmp_path / "deck.txt"
    path.write_text("3 Card No Game Has\n")
    outcome = run("check", path, "--output-format", "json")
    (finding,) = outcome.findings("deck.unknown-game")
    assert finding["message"].startswith("the deck does not say which game it is for; add `game:`")
    assert run("check", path, "--game", "redline", "--output-format", "json").errors == {
        "redline.arsenal-size",
        "redline.general",
        "deck.unknown-card",
    }


def test_the_game_is_inferred_from_the_one_database_that_knows_the_names(tmp_path):
    path = tmp_path / "deck.txt"
    path.write_text("19 Supply Drop\n3 EF-9 Rabbit\n1 No Such Card\n")
    outcome = run("check", path, "--output-format", "json")
    assert outcome.deck["game"] == "redline" and outcome.deck["game_inferred"] is True
    assert outcome.deck["notes"] == ["game inferred from its cards: 2 of 3 names are REDLINE cards"]
    assert "note: game inferred from its cards" in run("check", path).stdout
    said = run("check", path, "--game", "redline", "--output-format", "json").deck
    assert said["game_inferred"] is False and said["notes"] == []


@pytest.mark.parametrize(
    "lines, why",
    [
        ("1 Bolt\n1 Nope\n1 Nada\n", "the deck does not say which game it is for"),  # one name of three
        ("2 Crate\n1 Walls\n", "its names are cards of bible-battles and redline alike"),
    ],
)
def test_no_game_or_two_games_is_unknown_game(tmp_path, lines, why):
    (tmp_path / "redline.yaml").write_text(
        "game: redline\ncards:\n  - {name: Crate, type: resource}\n  - {name: Walls, type: resource}\n  - {name: Bolt, type: tactic}\n"
    )
    (tmp_path / "bible.yaml").write_text("game: bible-battles\ncards:\n  - {name: Crate, type: item}\n  - {name: Walls, type: building}\n")
    path = tmp_path / "deck.txt"
    path.write_text(lines)
    outcome = run("check", path, "--card-db", tmp_path / "redline.yaml", "--card-db", tmp_path / "bible.yaml", "--output-format", "json")
    (finding,) = outcome.findings("deck.unknown-game")
    assert finding["message"].startswith(why)


def test_unknown_game_points_at_the_game_line(tmp_path):
    path = tmp_path / "deck.yaml"
    path.write_text("name: x\ngame: chess\nmain:\n  Pawn: 8\n")
    (finding,) = run("check", path, "--output-format", "json").findings("deck.unknown-game")
    assert "unknown game 'chess'" in finding["message"] and finding["line"] == 2


def test_unknown_format(tmp_path):
    path = tmp_path / "deck.yaml"
    path.write_text("game: redline\nformat: legacy\nmain:\n  Supply Drop: 60\n")
    (finding,) = run("check", path, "--output-format", "json").findings("deck.unknown-game")
    assert finding["message"] == "REDLINE has no format 'legacy' (formats: standard)"


@pytest.mark.parametrize(
    "args, words",
    [
        (["check", "does-not-exist.yaml"], "no such file or folder: does-not-exist.yaml"),
        (["check", str(EXAMPLES), "--game", "chess"], "unknown game 'chess'"),
        (["check", str(EXAMPLES), "--output-format", "pdf"], "pdf"),
        (["check"], "PATH"),  # the argument it lacks, by our name for it
    ],
)
def test_cannot_run_is_exit_two(args, words):
    outcome = run(*args)
    assert outcome.exit_code == 2
    assert words in outcome.stderr


def test_ignore_drops_a_rule(tmp_path):
    path = tmp_path / "deck.yaml"
    path.write_text(redline_deck(legal_redline_main(Crate=22)))
    args = ("check", path, "--card-db", DATA / "redline-cards.yaml", "--output-format", "json")
    assert run(*args).exit_code == 1
    ignored = run(*args, "--ignore", "redline.arsenal-size")
    assert ignored.exit_code == 0 and ignored.deck["findings"] == []


def test_ignore_never_makes_an_unreadable_deck_legal(tmp_path):
    path = tmp_path / "deck.yaml"
    path.write_text("game: redline\nmain: [\n")
    assert run("check", path, "--ignore", "deck.parse").exit_code == 2  # refused before any deck is read
    assert run("check", path, "--ignore", "deck.skipped-line").exit_code == 1


def test_report_of_keeps_the_findings_of_an_unreadable_deck_whatever_is_ignored():
    # the library's own guard, behind the command line's refusal
    from deckcheck.check import LoadedDeck, report_of
    from deckcheck.model import Finding, Position, Severity
    from deckcheck.rules.common import UNIGNORABLE

    findings = [Finding(rule, Severity.ERROR, "x", (), None, Position(1, 1)) for rule in sorted(UNIGNORABLE)]
    report = report_of("deck.yaml", LoadedDeck(None, findings), frozenset(UNIGNORABLE))
    assert {f.rule for f in report.findings} == UNIGNORABLE and not report.legal


def test_output_file(tmp_path):
    out = tmp_path / "report.json"
    outcome = run("check", EXAMPLES, "--output-format", "json", "--output", out)
    assert outcome.exit_code == 0 and outcome.stdout == ""
    examples = [p for p in EXAMPLES.iterdir() if p.is_file()]
    assert json.loads(out.read_text())["summary"]["legal"] == len(examples)  # every shipped example is legal


def test_text_report_shows_a_table_and_a_summary(tmp_path):
    path = tmp_path / "deck.yaml"
    path.write_text(redline_deck(legal_redline_main(Crate=22)))
    outcome = run("check", path, "--card-db", DATA / "redline-cards.yaml")
    lines = outcome.stdout.splitlines()
    assert lines[0] == f"{path} (redline/standard): ILLEGAL (1 error, 0 warnings)"
    assert lines[1].split() == ["rule", "severity", "message", "card", "line"]
    assert "redline.arsenal-size" in lines[3] and lines[3].rstrip().endswith("3:1")
    assert lines[-1] == "1 deck checked: 0 legal, 1 illegal; 1 error, 0 warnings"


def test_help_has_examples():
    outcome = run("check", "--help")
    assert outcome.exit_code == 0
    assert "deckcheck check examples/" in outcome.stdout
    assert "Exit codes" in outcome.stdout


def test_version_and_module_entry_point():
    done = subprocess.run([sys.executable, "-m", "deckcheck", "--version"], capture_output=True, text=True)
    assert done.returncode == 0
    assert done.stdout.strip() == f"deckcheck {__version__}"


def test_version_is_answered_before_typer_is_imported():
    # the installed command's entry point: a version needs none of typer's start-up
    program = (  # the command ends with os._exit (deckcheck/command.py): what it had loaded is told there
        "import os, sys\nfrom deckcheck.command import run\nsys.argv = ['deckcheck', '-V']\nend = os._exit\n"
        "os._exit = lambda code: (print(sorted(m for m in ('typer', 'click', 'pydantic') if m in sys.modules), flush=True), end(code))\n"
        "run()\n"
    )
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True)
    assert done.returncode == 0
    assert done.stdout.splitlines() == [f"deckcheck {__version__}", "[]"]


def test_installed_command_runs_without_traceback(tmp_path):
    path = tmp_path / "deck.yaml"
    path.write_bytes(b"\xff\xfe garbage")
    done = subprocess.run([sys.executable, "-m", "deckcheck", "check", str(path)], capture_output=True, text=True)
    assert done.returncode == 1
    assert "Traceback" not in done.stderr + done.stdout


def test_top_level_help_has_examples():
    outcome = run("--help")
    assert outcome.exit_code == 0 and "deckcheck check examples/" in outcome.stdout
