"""The `deckcheck` command: each module parses one command group's options and calls the library.

`app` and `run`, which runs it, live in cli/application.py (the installed command starts in
deckcheck/command.py, which answers --version, and checks deck files named alone, before
anything typer is imported); the first use of `app` or `run` imports every command's module,
which registers it, in the order `deckcheck --help` lists them. Until then importing a module of
this package (cli/checking.py, cli/speak.py) imports no typer.

The modules that declare commands do without `from __future__ import annotations`: typer reads
every command's signature at each run of the command line, and an annotation kept as a string is
compiled and evaluated there each time (building the command took 8.8 ms with them, 5.3 without).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from deckcheck.cli.application import app, run

__all__ = ["app", "run"]


def __getattr__(name: str) -> Any:
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from deckcheck.cli import application

    # isort: off
    # each registers its commands, in the order --help lists them
    from deckcheck.cli import check, compare, goldfish, db, cards, serve, deck_checks, registrations  # noqa: F401
    # isort: on

    application.examples_as_written(application.app)
    globals().update(app=application.app, run=application.run)  # found at once from now on
    return globals()[name]
