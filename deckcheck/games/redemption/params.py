"""Redemption's parameters: the quick-start rulebook's numbers and the turn both its rules and the
tournament rules play (tournament.py extends them with the rules version and category)."""

from __future__ import annotations

from dataclasses import dataclass

from deckcheck.rules import Params, setting


@dataclass(frozen=True, kw_only=True)
class RedemptionParams(Params):
    """What every Redemption format sets for its rules and goldfish model: the least deck, the opening
    hand, the draws a turn, the Lost Souls a win rescues."""

    minimum_deck: int = 50  # quick-start: "at least 50 cards"; 1 per 50 for abilities
    opening_hand: int = setting(8)
    draws_per_turn: int = setting(3)
    # the rulebook's five: "the first to rescue five (5) Lost Souls" wins; a build's data, an event's
    # settings or goldfish --win-at may say otherwise
    rescues_to_win: int = setting(5, event={"type": "integer", "minimum": 1, "maximum": 50})
    # Lost Souls of a Soul Deck the players share instead of their own (Paragon: 21); 0: each
    # player's deck holds its own
    shared_souls: int = 0


QUICKSTART = RedemptionParams()
