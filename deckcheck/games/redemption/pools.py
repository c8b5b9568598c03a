"""A Redemption format's card pool (`redemption.format-sets`): the Rotation pool that Type 1
Limited, Teams and Type 2 are played with, as the card data records it, or the sets of a format
the card data defines (LackeyCCG's formats.txt: rotation, christ-block, ...)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from deckcheck.games.redemption.building import DeckBuilding
from deckcheck.games.redemption.sets import last_legal_from, not_yet_legal
from deckcheck.model import Card, Deck, Finding, Severity
from deckcheck.rules import Doc, Example, Findings, Format, rule


def _summary(building: DeckBuilding) -> str:
    if building.category.excluded_sets:
        sets = sorted(building.category.excluded_sets, key=str.casefold)
        return f"every set but {len(sets)}: {', '.join(sets)} (the card list's Set column)"
    if building.pool == "rotation":
        pool = f"every card is in the Rotation pool {building.category.label} is played with (the card data's Legality)"
    else:
        pool = "any card ever released"
    return pool + "; a format the card data defines takes cards of its sets; no card of a set not yet tournament-legal on the date checked"


@rule(
    "redemption.format-sets",
    Severity.ERROR,
    _summary,
    "the card data (LackeyCCG Legality, formats.txt); the sets' release dates (card_data/formats/redemption/sets.yaml)",
    doc=Doc(
        what="Every card is in the format's card pool: the Rotation pool for Type 1 Limited, Teams and Type 2 (the "
        "card list's Legality), the sets of a format the card list defines (rotation, christ-block, ...), and under "
        "tournament rules no card of a set that was not yet tournament-legal on the date checked.",
        why="Rotation keeps the game open to new players: a Rotation event is played with the recent sets only.",
        example=Example(
            "game: redemption\nformat: type1\nmain:\n  Peter (Ap): 1\n", "game: redemption\nformat: type1\nmain:\n  Peter (I): 1\n"
        ),
    ),
    reads=DeckBuilding,
    per_card=True,
)
def format_sets(deck: Deck, findings: Findings[DeckBuilding]) -> Iterator[Finding]:
    yield from _pool(deck, findings)
    yield from _released(deck, findings)


def _released(deck: Deck, findings: Findings[DeckBuilding]) -> Iterator[Finding]:
    """Under tournament rules, a card of a set that was not yet tournament-legal on the date checked."""
    as_of = findings.context.as_of
    if as_of is None or findings.context.format.effective is None or as_of >= last_legal_from():
        return  # (a check dated after the newest set's release, as most are, looks at no card)
    for entry in deck.entries():
        dated = not_yet_legal(entry.card, as_of) if entry.card is not None else None
        if dated is not None:
            yield findings.about_entries(
                [entry],
                f"{entry.known.name} is from {dated.title}, tournament-legal from {dated.legal_from.isoformat()} "
                f"({dated.source}): on {as_of.isoformat()} it was not yet",
            )


def pool_of(chosen: Format[DeckBuilding]) -> Callable[[Card], bool]:
    """Whether a printing is in a format's pool, as format-sets judges it: a card data format's
    sets, or the Rotation pool, without the sets the category leaves out (a printing whose pool the
    data does not state is not refused)."""
    category = chosen.params.category
    allowed = set(chosen.sets) if chosen.sets is not None else None

    def holds(card: Card) -> bool:
        if card.get("set") in category.excluded_sets:
            return False
        if allowed is not None:
            return card.get("set") in allowed
        return category.pool != "rotation" or card.get("rotation") is not False

    return holds


def _pool(deck: Deck, findings: Findings[DeckBuilding]) -> Iterator[Finding]:
    chosen = findings.context.format
    category = findings.params.category
    holds = pool_of(chosen)  # the other printings a finding offers: those the pool holds
    yield from _excluded(deck, findings, holds)
    if chosen.sets is not None:
        allowed = set(chosen.sets)
        for entry in deck.entries():
            card_set = entry.card.get("set") if entry.card else None
            if card_set is not None and card_set not in allowed:
                instead = findings.instead(entry.known, holds, f"in the {chosen.name} format")
                yield findings.about_entries(
                    [entry], f"{entry.known.name} is from set {card_set}, which the {chosen.name} format does not allow{instead}"
                )
    elif category.pool == "rotation":
        label = category.label
        for entry in deck.entries():
            # a card whose pool the data does not state is not judged: only a known fact refuses a card
            if entry.card is not None and entry.card.get("rotation") is False:
                instead = findings.instead(entry.card, holds, "in the pool")
                yield findings.about_entries(
                    [entry],
                    f"{_printing(entry.card)} is not in the Rotation pool that {label} is played with; type1-unlimited allows it{instead}",
                )


def _excluded(deck: Deck, findings: Findings[DeckBuilding], holds: Callable[[Card], bool]) -> Iterator[Finding]:
    """A card of a set the category's pool leaves out (Paragon's 35 sets)."""
    category = findings.params.category
    if not category.excluded_sets:
        return
    for entry in deck.entries("main", "side"):
        card_set = entry.card.get("set") if entry.card is not None else None
        if card_set in category.excluded_sets:
            instead = findings.instead(entry.known, holds, "in the pool")
            yield findings.about_entries([entry], f"{entry.known.name} is from set {card_set}, which {category.label} leaves out{instead}")


def _printing(card: Card) -> str:
    """The printing a pool refuses, by its set: `The Magi` is also the title of a GoC printing."""
    card_set = card.get("set")
    return f"{card.name} (set {card_set})" if card_set and card.name == card.title else card.name
