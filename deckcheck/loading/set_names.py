"""How people write a game's sets after a card's title (card_data/formats/<game>/set-names.yaml):
the Official Redemption Dictionary's abbreviations, the sets' names, a store's shorthand. A mark
naming a set finds the title's printings of that set, whatever the card list calls the set."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from deckcheck.loading import resources
from deckcheck.loading.checked_yaml import checked_data


@cache
def set_codes(game: str) -> Mapping[str, frozenset[str]]:
    """Each way of writing a set, case-folded with single spaces, -> the card list's codes of the
    sets it names, case-folded; {} for a game whose sets have no such file."""
    path = resources.format_rules_folder(game) / "set-names.yaml"
    if not path.is_file():
        return {}
    found: dict[str, set[str]] = {}
    for entry in checked_data(path, "set-names")["sets"]:
        codes = {code.casefold() for code in entry["codes"]}
        for written in entry["written"]:
            found.setdefault(" ".join(written.casefold().split()), set()).update(codes)
    return {written: frozenset(codes) for written, codes in found.items()}
