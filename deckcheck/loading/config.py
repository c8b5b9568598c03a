"""The repository config, `.deckcheck.yaml`, found in the working folder or its nearest parent.

It sets defaults for a deck repository; paths in it are relative to the file. An option given on
the command line replaces the config's value, except `--ignore`, which adds to the config's list.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from fnmatch import fnmatchcase
from pathlib import Path

from deckcheck.loading.checked_yaml import load_checked, parse_date

CONFIG_NAME = ".deckcheck.yaml"


@dataclass(frozen=True)
class Override:
    paths: tuple[str, ...]
    game: str | None = None
    format: str | None = None
    ignore: tuple[str, ...] = ()


@dataclass(frozen=True)
class Config:
    path: Path | None = None
    game: str | None = None
    format: str | None = None
    card_db: tuple[Path, ...] = ()
    events: tuple[Path, ...] = ()
    ignore: tuple[str, ...] = ()
    output_format: str | None = None
    strict: bool = False
    as_of: date | None = None
    overrides: tuple[Override, ...] = field(default=())

    def overrides_for(self, deck: Path) -> list[Override]:
        """The overrides whose globs match a deck path, in the order the file gives them."""
        if self.path is None:
            return []
        try:
            relative = deck.resolve().relative_to(self.path.parent.resolve()).as_posix()
        except ValueError:
            return []
        return [o for o in self.overrides if any(_matches(relative, glob) for glob in o.paths)]


def _matches(relative: str, glob: str) -> bool:
    # fnmatch's * also crosses folders, so "casual/**" is every file below casual/; a leading
    # "**/" may also match nothing, as in git.
    return fnmatchcase(relative, glob) or (glob.startswith("**/") and fnmatchcase(relative, glob[3:]))


def find_config(start: Path) -> Path | None:
    for folder in (start, *start.parents):
        candidate = folder / CONFIG_NAME
        if candidate.is_file():
            return candidate
    return None


def load_config(path: Path | None) -> Config:
    """The config at `path` (FileProblems when it is broken), or the empty config for None."""
    if path is None:
        return Config()
    document = load_checked(path, "config", empty_ok=True)  # an empty config is an empty config
    data = document.data or {}
    base = path.parent
    as_of = parse_date(data.get("as_of"), path, document.position(("as_of",)))
    return Config(
        path=path,
        game=data.get("game"),
        format=data.get("format"),
        card_db=tuple(base / p for p in data.get("card_db", [])),
        events=tuple(base / p for p in data.get("events", [])),
        ignore=tuple(data.get("ignore", [])),
        output_format=data.get("output_format"),
        strict=bool(data.get("strict", False)),
        as_of=as_of,
        overrides=tuple(
            Override(tuple(o["paths"]), o.get("game"), o.get("format"), tuple(o.get("ignore", []))) for o in data.get("overrides", [])
        ),
    )
