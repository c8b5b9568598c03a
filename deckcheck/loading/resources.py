"""Where the bundled card data and schemas are: inside the installed package, or, in a source
checkout (an editable install, the tests), at the top of the repository."""

from __future__ import annotations

from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent


@cache
def _folder(name: str) -> Path:
    for candidate in (_PACKAGE / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"deckcheck is installed without its {name}/ folder; reinstall it with `pip install .`")


def card_data_path(game: str) -> Path:
    return _folder("card_data") / game


def schema_path(name: str) -> Path:
    return _folder("schemas") / f"{name}.schema.json"


def format_rules_folder(game: str) -> Path:
    """Where a game's tournament rules versions are kept as data."""
    return _folder("card_data") / "formats" / game
