"""The `deckcheck` command: each module parses one command group's options and calls the library.

`app` and `run`, which runs it, live in cli/app.py (the installed command starts in
deckcheck/command.py, which answers --version before anything here is imported); importing a
command's module registers it, in the order `deckcheck --help` lists them.
"""

from deckcheck.cli.app import app, examples_as_written, run

# isort: off
# each registers its commands, in the order --help lists them
from deckcheck.cli import check, compare, goldfish, db, cards, serve, deck_checks  # noqa: F401
# isort: on

examples_as_written(app)

__all__ = ["app", "run"]
