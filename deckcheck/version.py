"""What `deckcheck --version` prints, and the flags that ask for it: shared by the installed
command's entry point (deckcheck/command.py, which answers before typer is imported) and the
typer application's own --version (deckcheck/cli/application.py)."""

from deckcheck import __version__

VERSION_FLAGS = ("--version", "-V")


def version_line() -> str:
    return f"deckcheck {__version__}"
