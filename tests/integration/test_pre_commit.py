"""The pre-commit hook, as a deck repository uses it: `pre-commit try-repo` on a scratch git
repository with a legal and an illegal deck. pre-commit installs deckcheck from this checkout
into its own environment, so this test takes a little while."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        shutil.which("git") is None or not (REPO / ".git").exists(), reason="pre-commit try-repo needs git and a git checkout of deckcheck"
    ),
]


def git(folder: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-C", str(folder), *args],
        check=True,
        capture_output=True,
        env={
            "GIT_AUTHOR_NAME": "t",
            "GIT_AUTHOR_EMAIL": "t@example.invalid",
            "GIT_COMMITTER_NAME": "t",
            "GIT_COMMITTER_EMAIL": "t@example.invalid",
            "HOME": str(folder),
            "PATH": "/usr/bin:/bin",
        },
    )


@pytest.fixture(scope="module")
def deck_repo(tmp_path_factory):
    folder = tmp_path_factory.mktemp("decks")
    git(folder, "init", "-q")
    legal = (REPO / "examples" / "redline-cpm.yaml").read_text()
    (folder / "decks").mkdir()
    (folder / "decks" / "legal.yaml").write_text(legal)
    (folder / "decks" / "illegal.yaml").write_text(legal.replace("Supply Drop: 19", "Supply Drop: 18"))
    (folder / ".pre-commit-config.yaml").write_text("repos: []\n")  # hidden: never taken for a deck
    # a repository's other text and YAML files are not decks: the hook's pattern leaves them out
    (folder / "requirements.txt").write_text("deckcheck>=0.1\n")
    (folder / "mkdocs.yml").write_text("site_name: Our decks\n")
    git(folder, "add", "-A")
    return folder


def try_repo(folder: Path, home: Path, *files: str) -> subprocess.CompletedProcess:
    command = [sys.executable, "-m", "pre_commit", "try-repo", str(REPO), "deckcheck", "--files", *files]
    env = {
        "PRE_COMMIT_HOME": str(home),
        "PATH": f"{Path(sys.executable).parent}:/usr/bin:/bin",
        "HOME": str(home),
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@example.invalid",
    }
    return subprocess.run(command, cwd=folder, capture_output=True, text=True, env=env, timeout=600)


def test_hook_passes_a_legal_deck_and_fails_an_illegal_one(deck_repo, tmp_path_factory):
    home = tmp_path_factory.mktemp("pre-commit-home")
    passed = try_repo(deck_repo, home, "decks/legal.yaml", ".pre-commit-config.yaml", "requirements.txt", "mkdocs.yml")
    assert passed.returncode == 0, passed.stdout + passed.stderr
    assert "deckcheck" in passed.stdout and "Passed" in passed.stdout
    others = try_repo(deck_repo, home, "requirements.txt", "mkdocs.yml")
    assert others.returncode == 0 and "no files to check" in others.stdout, others.stdout
    failed = try_repo(deck_repo, home, "decks/legal.yaml", "decks/illegal.yaml")
    assert failed.returncode == 1, failed.stdout + failed.stderr
    assert "Failed" in failed.stdout
    assert "illegal.yaml" in failed.stdout and "the arsenal has 59 cards; it must have exactly 60" in failed.stdout
