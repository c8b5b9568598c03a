"""The composite GitHub Action: inputs reach its shell only through the environment, and its
check step runs deckcheck as documented."""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from conftest import REPO

ACTION = yaml.safe_load((REPO / "action.yml").read_text())
STEPS = ACTION["runs"]["steps"]
CHECK = next(step for step in STEPS if step.get("name") == "Check decks")


INPUTS = ("paths", "output-format", "format", "game", "as-of", "card-db", "event", "strict", "output", "upload-sarif")


def test_inputs_are_documented():
    assert set(ACTION["inputs"]) >= set(INPUTS)
    assert all(spec.get("description") for spec in ACTION["inputs"].values())


def test_no_input_is_spliced_into_a_script():
    for step in STEPS:
        assert "${{" not in step.get("run", ""), step.get("name")
    assert set(CHECK["env"].values()) == {f"${{{{ inputs.{name} }}}}" for name in INPUTS}


def test_the_inputs_are_not_deckchecks_own_variables():
    """DECKCHECK_CARD_DB is deckcheck's: an input of that name would be read by deckcheck too."""
    assert not [name for name in CHECK["env"] if name.startswith("DECKCHECK_")]


def _input_variables() -> dict[str, str]:
    """The check step's environment variable of each input (`${{ inputs.game }}` -> game)."""
    return {variable: value[len("${{ inputs.") : -len(" }}")] for variable, value in CHECK["env"].items()}


@pytest.fixture
def run_check_step(tmp_path):
    bash = shutil.which("bash")
    if bash is None:
        pytest.skip("the action's scripts are bash; this machine has no bash")

    def run_step(cwd: Path = REPO, **inputs: str) -> subprocess.CompletedProcess:
        defaults = {name: str(spec.get("default", "")) for name, spec in ACTION["inputs"].items()}
        given = {**defaults, **{key.replace("_", "-"): value for key, value in inputs.items()}}
        env = {
            "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
            "HOME": str(tmp_path),
            "XDG_CONFIG_HOME": str(tmp_path / "config"),
            "GITHUB_ACTIONS": "true",
            "GITHUB_OUTPUT": str(tmp_path / "github-output"),
        }
        env.update({variable: given[name] for variable, name in _input_variables().items()})
        return subprocess.run([bash, "-c", CHECK["run"]], cwd=cwd, env=env, capture_output=True, text=True)

    return run_step


def test_check_step_annotates(run_check_step):
    done = run_check_step(paths="examples/redline-cpm.yaml\ntests/decks/redline/mistakes.yaml")
    assert done.returncode == 1
    assert re.search(r"^::error file=tests/decks/redline/mistakes.yaml,line=7,col=3,title=redline.copy-limit::", done.stdout, re.MULTILINE)


@pytest.mark.slow
def test_check_step_passes_card_db_event_and_strict(run_check_step):
    done = run_check_step(
        paths="tests/decks/redline/two-mistakes.yaml", card_db="tests/data/redline-cards.yaml", output_format="concise", strict="true"
    )
    assert done.returncode == 1 and "warning redline.resource-count" in done.stdout
    legal = run_check_step(paths="examples/promised-land-sunday-school.yaml", strict="true", output_format="concise")
    assert legal.returncode == 1  # its deck-size warning fails under strict
    banned = run_check_step(
        paths="examples/promised-land-sunday-school.yaml", event="events/sunday-school-spring.yaml", output_format="concise"
    )
    assert "banlist.limited" in banned.stdout


def test_a_hostile_path_stays_a_path(run_check_step, tmp_path):
    marker = tmp_path / "pwned"
    done = run_check_step(paths=f"$(touch {marker}) ;touch {marker}")
    assert done.returncode == 2 and "no such file or folder" in done.stderr
    assert not marker.exists()


def test_no_output_format_leaves_the_configs_and_game_as_of_and_output_pass_through(run_check_step, tmp_path):
    project = tmp_path / "project"
    project.mkdir()
    (project / ".deckcheck.yaml").write_text("output_format: json\n")
    shutil.copy(REPO / "examples" / "redline-cpm.yaml", project / "deck.yaml")
    done = run_check_step(cwd=project, paths="deck.yaml")
    assert done.returncode == 0 and done.stdout.lstrip().startswith("{")  # the config's json, not auto's annotations
    written = run_check_step(cwd=project, paths="deck.yaml", game="redline", as_of="2026-01-01", output="report.json")
    assert written.returncode == 0 and (project / "report.json").is_file() and not written.stdout.strip()


def test_upload_sarif_writes_the_sarif_file_the_upload_step_reads(run_check_step, tmp_path):
    import json

    done = run_check_step(paths="tests/decks/redline/mistakes.yaml", upload_sarif="true", output=str(tmp_path / "out.sarif"))
    assert done.returncode == 1  # the deck is illegal: the step fails, and the upload step still runs (always())
    assert json.loads((tmp_path / "out.sarif").read_text())["version"] == "2.1.0"
    assert f"sarif={tmp_path / 'out.sarif'}" in (tmp_path / "github-output").read_text()
    upload = next(step for step in STEPS if step.get("uses", "").startswith("github/codeql-action/upload-sarif"))
    assert "always()" in upload["if"] and upload["with"]["sarif_file"] == "${{ steps.check.outputs.sarif }}"


def test_the_old_format_input_still_chooses_the_report_and_says_it_is_now_output_format(run_check_step):
    done = run_check_step(paths="examples/redline-cpm.yaml", format="concise")
    assert done.returncode == 0 and "::warning title=deckcheck::the format input is now output-format" in done.stdout


def test_the_cache_is_kept_between_runs_keyed_by_the_card_lists(tmp_path):
    """What deckcheck compiled of a card list is kept by actions/cache, keyed by the lists' contents
    (issue 51: a run on a fresh runner took 1.7-2.1 s of CPU against the real Redemption list)."""
    (step,) = [s for s in STEPS if s.get("name") == "Key the cache by the card lists"]
    (cache,) = [s for s in STEPS if str(s.get("uses", "")).startswith("actions/cache@")]
    assert cache["with"]["key"] == "${{ steps.cache-key.outputs.key }}" and cache["with"]["path"].endswith("/deckcheck-cache")
    cards = tmp_path / "cards"
    cards.mkdir()
    (cards / "a.yaml").write_text("game: redemption\ncards: []\n")

    def key() -> tuple[str, str]:
        outputs, environment = tmp_path / "output", tmp_path / "env"
        env = {**os.environ, "ACTION_CARD_DB": str(cards), "GITHUB_OUTPUT": str(outputs), "GITHUB_ENV": str(environment)}
        env.update(RUNNER_OS="Linux", RUNNER_TEMP=str(tmp_path))
        subprocess.run([shutil.which("bash"), "-c", step["run"]], env=env, check=True)
        return outputs.read_text().splitlines()[-1], environment.read_text().splitlines()[-1]

    first, cache_dir = key()
    assert first.startswith("key=deckcheck-Linux-") and key()[0] == first
    assert cache_dir == f"DECKCHECK_CACHE_DIR={tmp_path}/deckcheck-cache"
    (cards / "a.yaml").write_text("game: redemption\ncards: []\n# another list\n")
    assert key()[0] != first
