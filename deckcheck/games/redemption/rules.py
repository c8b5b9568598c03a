"""Redemption: the game, its zones, its formats (formats.py) and what its deck-check sheet totals.

Every limit counts copies of "the same card" as the format defines it (duplicate_cards.py for the
quick-start rules, same_card.py for the tournament rules).
"""

from __future__ import annotations

from deckcheck.games.redemption import layout
from deckcheck.games.redemption.building import QUICKSTART, DeckBuilding, lost_souls
from deckcheck.games.redemption.counted import counted
from deckcheck.games.redemption.dictionary import renamings
from deckcheck.games.redemption.duplicate_cards import quickstart_identity
from deckcheck.games.redemption.formats import QUICKSTART_FORMAT, rules_of, tournament_formats
from deckcheck.games.redemption.paragon import noted, tallies
from deckcheck.games.redemption.paragons import paragon_cards
from deckcheck.games.redemption.pools import pool_of
from deckcheck.games.redemption.sheet import official_sheet
from deckcheck.games.redemption.sum_limits import sum_limits
from deckcheck.games.redemption.teams import TEAM_UNIQUE, team_findings
from deckcheck.model import Deck
from deckcheck.rules import Game, TeamRule
from deckcheck.wording import plural


def sheet_totals(deck: Deck, building: DeckBuilding) -> list[tuple[str, str]]:
    """The Lost Souls a deck-check sheet totals: those the deck counts, and those its size needs;
    a Paragon deck's Paragon and its five numbers instead."""
    paragon = tallies(deck, building)
    if paragon is not None:
        leader, rows = paragon
        return [(what.capitalize(), f"{have} ({leader.name} wants {wanted})") for what, have, wanted in rows]
    size = deck.size("main")
    needed = building.build.required_lost_souls(size)
    return [("Lost Souls", f"{lost_souls(building, deck)} ({needed} required for {plural(size, 'card')})")]


GAME = Game(
    name="redemption",
    title="Redemption",
    source="Redemption quick-start rulebook",
    formats=(QUICKSTART_FORMAT, *tournament_formats()),
    rules=rules_of(QUICKSTART),  # the quick-start format's (it has none of its own)
    zones=layout.ZONES,
    goldfish="deckcheck.games.redemption.goldfish",
    type_order=layout.TYPE_ORDER,
    identity=quickstart_identity,
    team=TeamRule("type1-teams", TEAM_UNIQUE, team_findings),
    listed_singly=("lost_soul", "good_dominant", "evil_dominant"),
    sheet_totals=sheet_totals,
    official_sheet=official_sheet,
    renamings=renamings,
    counted=counted,
    sum_limits=sum_limits,
    kept_apart=paragon_cards,
    pool=pool_of,
    noted=noted,
    default="type1",  # the format of every sanctioned event; the quick-start rules are asked for by name
    group_names=layout.GROUP_NAMES,
    full_card_list=(
        "import the full card list from LackeyCCG (the Redemption plugin's folder under LackeyCCG/plugins/ holds "
        "sets/carddata.txt and formats.txt) with `deckcheck db import lackey carddata.txt --formats formats.txt "
        "-o cards/redemption`, then check with --card-db cards/redemption"
    ),
)
