"""Every `$ deckcheck ...` example in the README and the pages of docs/ prints what the page shows."""

import re
import shlex
import subprocess
import sys

import pytest

from conftest import REPO

BLOCK = re.compile(r"```console\n(.*?)```", re.DOTALL)


PAGES = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]


def examples():
    for page in PAGES:
        for block in BLOCK.findall(page.read_text(encoding="utf-8")):
            command, _, shown = block.partition("\n")
            assert command.startswith("$ deckcheck ")
            yield pytest.param(command[2:], shown, id=f"{page.name}: {command[2:]}")


def test_the_pasting_page_has_its_examples():
    assert sum("docs/pasting/" in command for command, _ in (p.values for p in examples())) == 3


@pytest.mark.parametrize("command, shown", list(examples()))
@pytest.mark.slow
def test_readme_example(command, shown):
    args = shlex.split(command)[1:]
    done = subprocess.run([sys.executable, "-m", "deckcheck", *args], cwd=REPO, capture_output=True, text=True)
    if args[0] == "goldfish":
        # simulated figures depend on numpy's generator; the report's shape and exact values do not
        assert done.returncode == 0
        assert _without_simulated(done.stdout) == _without_simulated(shown)
        return
    assert done.stdout == shown
    judged = args[0] in ("check", "side", "team")
    assert done.returncode == (1 if judged and " 0 illegal" not in shown else 0)


def _without_simulated(text: str) -> list[str]:
    """The report's lines with the simulated numbers (and histogram bars) taken out."""
    import re

    kept = []
    for line in text.splitlines():
        if re.match(r"^\d+\s+0\.\d{4}\s", line):  # a by-turn row: keep its turn and exact value
            fields = line.split()
            line = f"{fields[0]} {fields[-1]}"
        elif "|" in line or line.startswith("Race ("):  # histograms and the race's simulated summary
            line = line.split("|")[0].split(":")[0].strip()
        kept.append(line)
    return kept


PYTHON = re.compile(r"```python\n(.*?)```", re.DOTALL)


LIBRARY_EXAMPLES = [code for page in PAGES for code in PYTHON.findall(page.read_text(encoding="utf-8"))]


def test_the_library_example_is_in_the_manual():
    assert len(LIBRARY_EXAMPLES) == 1


@pytest.mark.parametrize("code", LIBRARY_EXAMPLES)
def test_readme_python_example_runs(code):
    """The library examples run as a user would paste them, from the repository's folder."""
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    from deckcheck import api

    assert "examples/redline-cpm.yaml True []" in done.stdout  # a legal example, as `deckcheck check examples/` says
    assert api.explain("redline.copy-limit").rule.doc.why in done.stdout


def test_the_readme_is_a_front_page_and_every_page_of_the_manual_is_in_its_navigation():
    """The README is what a newcomer reads first (at most 250 lines: install, the two commands, the
    real card list, one example each, links); the rest is docs/, every page of it in mkdocs.yml."""
    import yaml

    assert len((REPO / "README.md").read_text(encoding="utf-8").splitlines()) <= 250

    def pages(nav):
        for item in nav:
            for value in item.values():
                yield from pages(value) if isinstance(value, list) else [value]

    listed = set(pages(yaml.safe_load((REPO / "mkdocs.yml").read_text(encoding="utf-8"))["nav"]))
    assert listed == {page.name for page in (REPO / "docs").glob("*.md")}
