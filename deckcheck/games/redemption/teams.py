"""Redemption Teams: two Type 1 decks checked in together ("Type I Teams Rules", 1.3.0: "Dominants
and Lost Souls with a special ability are unique per Team ... only one deck will be able to contain
one card from each pair"; 2.0: "one Dominant per team"). A team finding is reported on both decks,
each at its own line, naming the other deck."""

from __future__ import annotations

from collections.abc import Iterator

from deckcheck.games.redemption.building import DOMINANTS, DeckBuilding, exclusive_cards
from deckcheck.model import Deck, Entry, Finding, Severity
from deckcheck.rules import Doc, Findings, Rule, shapes

TEAM_UNIQUE = Rule(
    "redemption.team-unique",
    Severity.ERROR,
    "a team's two decks hold no Dominant in both, no Lost Soul with a special ability in both, and at "
    "most one card of each exclusive pair between them",
    lambda building: building.section("teams"),
    Doc(
        what="The two decks of a Teams pair share no Dominant and no Lost Soul with a special ability, and hold "
        "between them cards of at most one side of each exclusive pair (`deckcheck team A B`).",
        why="A team plays as one: what the rules allow a deck once, they allow the team once.",
        no_example="it reads two decks together (`deckcheck team`); the tests check it on teams built for each case",
    ),
    DeckBuilding,
)


def _unique_per_team(entry: Entry) -> str | None:
    card = entry.card
    if card is None:
        return None
    if card.is_a(*DOMINANTS):
        return "Dominants are unique per team"
    if card.is_a("lost_soul") and card.get("special_ability"):
        return "Lost Souls with a special ability are unique per team"
    return None


def _where(deck: Deck, entries: list[Entry]) -> str:
    return f"{deck.path} line {entries[0].position.line}"


def team_findings(mine: Deck, findings: Findings[DeckBuilding], theirs: Deck) -> Iterator[Finding]:
    """What `mine` shares with its teammate `theirs` that a team may hold only once."""
    identity = findings.context.identity
    their_groups = {identity(g[0].known): g for g in shapes.copies(theirs.entries(), identity)}
    shared = set()
    for group in shapes.copies(mine.entries(), identity):
        why = _unique_per_team(group[0])
        other = their_groups.get(identity(group[0].known))
        if why and other:
            shared.add(identity(group[0].known))
            yield findings.about_entries(group, f"{group[0].known.name} is in both decks of the team (also {_where(theirs, other)}): {why}")
    building = findings.params
    theirs_by_pair = exclusive_cards(building, theirs)
    for (first, a, second, b), (_, their_a, _, their_b) in zip(exclusive_cards(building, mine), theirs_by_pair):
        for mine_side, their_side in ((a, their_b), (b, their_a)):
            # a card already in both decks is one problem: taking it out of one deck mends both
            if mine_side and their_side and not {identity(e.known) for e in mine_side} & shared:
                yield findings.about_entries(
                    mine_side,
                    f"{mine_side[0].known.name} here and {their_side[0].known.name} in the other deck "
                    f"({_where(theirs, their_side)}): {first['title']} and {second['title']} are an "
                    "exclusive pair, and only one deck of a team may hold a card of it",
                )
