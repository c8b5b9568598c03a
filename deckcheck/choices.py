"""What a command's options chose (Choices), before and after a config's values are merged in:
a module of its own with nothing heavy to import, since every command builds one at start."""

from __future__ import annotations

from pathlib import Path

from deckcheck.records import record


@record(kw_only=True)  # named at every call: seven fields, several of one type
class Choices:
    """What the command line chose (None or empty where it said nothing), or, merged with a
    config, what a run uses."""

    game: str | None = None
    format: str | None = None
    card_db: tuple[Path, ...] = ()
    events: tuple[Path, ...] = ()
    ignore: tuple[str, ...] = ()
    output_format: str | None = None
    strict: bool = False
