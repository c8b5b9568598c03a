"""Redemption's Paragons: the cards that lead a deck in the Paragon format, kept apart from the
card lists (no card list holds them), read from card_data/formats/redemption/paragons.yaml."""

from __future__ import annotations

from functools import cache
from types import MappingProxyType

from deckcheck.loading import resources
from deckcheck.loading.card_db import CardDatabase
from deckcheck.loading.checked_yaml import checked_data
from deckcheck.model import Card
from deckcheck.records import record

# the five numbers a Paragon prints, in the order it prints them
KINDS = ("primary_good", "other_good", "neutral", "primary_evil", "other_evil")
PARAGON = "paragon"  # their card type, where they are listed beside the game's cards


@record
class Paragon:
    """One of the 42 Paragons: its title, its good and evil brigades, and the five numbers its deck is
    built to."""

    name: str
    title: str
    good: str  # its good brigade
    evil: str  # its evil brigade
    numbers: MappingProxyType[str, int]  # KINDS -> the cards of that kind a deck must have

    def as_card(self) -> Card:
        facts = {"subtitle": self.title, "brigades": [self.good, self.evil], **self.numbers}
        return Card(f"paragon-{self.name.casefold()}", self.name, (PARAGON,), MappingProxyType(facts))


def _path() -> str:
    return str(resources.format_rules_folder("redemption") / "paragons.yaml")


@cache
def paragons() -> tuple[Paragon, ...]:
    data = checked_data(resources.format_rules_folder("redemption") / "paragons.yaml", "paragons")
    return tuple(
        Paragon(each["name"], each["title"], each["good"], each["evil"], MappingProxyType({k: each["numbers"][k] for k in KINDS}))
        for each in data["paragons"]
    )


@cache
def paragon_cards() -> CardDatabase:
    """The Paragons as cards of type `paragon`, for `deckcheck cards` to list beside the game's."""
    return CardDatabase("redemption", tuple(p.as_card() for p in paragons()), (_path(),), bundled=True)
