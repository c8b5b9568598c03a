"""Redemption sets by the date they became tournament-legal (card_data/formats/redemption/sets.yaml):
what a check dated before a set's release is told, and which sets are newer than a dictionary."""

from __future__ import annotations

from datetime import date
from functools import cache

from deckcheck.loading import resources
from deckcheck.loading.checked_yaml import checked_data
from deckcheck.model import Card
from deckcheck.records import record


@record
class DatedSet:
    """A set and the day its cards became tournament legal."""

    code: str
    title: str
    legal_from: date
    source: str


@cache
def dated_sets() -> dict[str, DatedSet]:
    """The sets whose date deckcheck knows, by their code in the card list."""
    data = checked_data(resources.format_rules_folder("redemption") / "sets.yaml", "redemption-sets")
    return {
        each["code"]: DatedSet(each["code"], each["title"], date.fromisoformat(each["legal_from"]), " ".join(each["source"].split()))
        for each in data["sets"]
    }


@cache
def last_legal_from() -> date:
    """The day the newest set deckcheck knows became tournament legal: from then on, every set was."""
    return max(each.legal_from for each in dated_sets().values())


def not_yet_legal(card: Card, as_of: date) -> DatedSet | None:
    """The set of a printing that was not yet tournament-legal on `as_of`, or None."""
    found = dated_sets().get(str(card.get("set") or ""))
    return found if found is not None and as_of < found.legal_from else None


def newer_than(published: date) -> dict[str, DatedSet]:
    """The sets that became legal after `published` (a dictionary's date), by code."""
    return {code: each for code, each in dated_sets().items() if each.legal_from > published}
