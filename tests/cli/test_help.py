"""Every command's --help, rendered as a user sees it: examples, no placeholders, no stray words."""

import re

import pytest
import typer
from deckcheck.cli import app

from conftest import run


def commands(group, prefix: tuple[str, ...] = ()):
    for name, command in sorted(group.commands.items()):
        yield prefix + (name,)
        if hasattr(command, "commands"):  # a group of commands
            yield from commands(command, prefix + (name,))


ALL = [()] + list(commands(typer.main.get_command(app)))


def test_every_command_is_found():
    assert {" ".join(c) for c in ALL} >= {
        "",
        "check",
        "side",
        "team",
        "fmt",
        "goldfish",
        "cards",
        "rules",
        "db",
        "db lint",
        "db import lackey",
    }


@pytest.mark.parametrize("command", ALL, ids=lambda c: " ".join(c) or "deckcheck")
def test_help_reads_cleanly(command, monkeypatch):
    monkeypatch.setenv("COLUMNS", "120")
    outcome = run(*command, "--help")
    text = outcome.stdout
    assert outcome.exit_code == 0 and text.strip()
    assert "<bool>" not in text and "<list[" not in text  # a flag takes no value; an argument shows its name
    assert not re.search(r"\w \.(\s|$)", text, re.MULTILINE), "a word and a lone full stop: text lost between them"
    assert "Check decks in N processes" not in text or command in (("check",),)
    if command and command not in (("db",), ("db", "import")):
        assert "Example" in text, "every command shows an example"
