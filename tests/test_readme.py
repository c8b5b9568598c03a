"""Every `$ deckcheck ...` example in the README prints what the README shows."""

import re
import shlex
import subprocess
import sys

import pytest

from conftest import REPO

BLOCK = re.compile(r"```console\n(.*?)```", re.DOTALL)


def examples():
    for block in BLOCK.findall((REPO / "README.md").read_text(encoding="utf-8")):
        command, _, shown = block.partition("\n")
        assert command.startswith("$ deckcheck ")
        yield pytest.param(command[2:], shown, id=command[2:])


@pytest.mark.parametrize("command, shown", list(examples()))
def test_readme_example(command, shown):
    args = shlex.split(command)[1:]
    done = subprocess.run([sys.executable, "-m", "deckcheck", *args], cwd=REPO, capture_output=True, text=True)
    assert done.stdout == shown
    assert done.returncode == (0 if " 0 illegal" in shown else 1)
