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


def test_inputs_are_documented():
    assert set(ACTION["inputs"]) >= {"paths", "format", "card-db", "event", "strict"}
    assert all(spec.get("description") for spec in ACTION["inputs"].values())


def test_no_input_is_spliced_into_a_script():
    for step in STEPS:
        assert "${{" not in step.get("run", ""), step.get("name")
    assert set(CHECK["env"].values()) == {f"${{{{ inputs.{name} }}}}" for name in ("paths", "format", "card-db", "event", "strict")}


@pytest.fixture
def run_check_step(tmp_path):
    bash = shutil.which("bash")
    if bash is None:
        pytest.skip("the action's scripts are bash; this machine has no bash")

    def run_step(**inputs: str) -> subprocess.CompletedProcess:
        env = {
            "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
            "HOME": str(tmp_path),
            "DECKCHECK_PATHS": ".",
            "DECKCHECK_FORMAT": "auto",
            "DECKCHECK_CARD_DB": "",
            "DECKCHECK_EVENT": "",
            "DECKCHECK_STRICT": "false",
            "GITHUB_ACTIONS": "true",
        }
        env.update({f"DECKCHECK_{key.upper()}": value for key, value in inputs.items()})
        return subprocess.run([bash, "-c", CHECK["run"]], cwd=REPO, env=env, capture_output=True, text=True)

    return run_step


def test_check_step_annotates(run_check_step):
    done = run_check_step(paths="examples/redline-cpm.yaml\ntests/decks/redline/mistakes.yaml")
    assert done.returncode == 1
    assert re.search(r"^::error file=tests/decks/redline/mistakes.yaml,line=7,col=3,title=redline.copy-limit::", done.stdout, re.MULTILINE)


@pytest.mark.slow
def test_check_step_passes_card_db_event_and_strict(run_check_step):
    done = run_check_step(
        paths="tests/decks/redline/two-mistakes.yaml", card_db="tests/data/redline-cards.yaml", format="concise", strict="true"
    )
    assert done.returncode == 1 and "warning redline.resource-count" in done.stdout
    legal = run_check_step(paths="examples/promised-land-sunday-school.yaml", strict="true", format="concise")
    assert legal.returncode == 1  # its deck-size warning fails under strict
    banned = run_check_step(paths="examples/promised-land-sunday-school.yaml", event="events/sunday-school-spring.yaml", format="concise")
    assert "banlist.limited" in banned.stdout


def test_a_hostile_path_stays_a_path(run_check_step, tmp_path):
    marker = tmp_path / "pwned"
    done = run_check_step(paths=f"$(touch {marker}) ;touch {marker}")
    assert done.returncode == 2 and "no such file or folder" in done.stderr
    assert not marker.exists()
