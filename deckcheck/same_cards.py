"""`deckcheck cards NAME --same-card`: every printing a format's rules count as the same card as
the card a name finds, each with the reason, so that a player can ask "can I play these two
together?" before building the deck. The reasons are the identity rule's own (`why`), the same
text the copy-limit findings give."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable

from deckcheck.loading.card_db import CardDatabase
from deckcheck.model import Card
from deckcheck.records import record
from deckcheck.rules import Format, Game
from deckcheck.rules.shapes import same_name

NAMED = "the printing named"


@record
class Printing:
    card: Card
    why: str


@record
class OneCard:
    """The printings one card has under a format, the one a name found first; and, where the
    identity rule can say, printings that may be the same card (a judge decides) and printings of
    the same person that are other cards, each with why."""

    named: Card
    printings: tuple[Printing, ...]
    possibly: tuple[Printing, ...] = ()
    not_same: tuple[Printing, ...] = ()


def identity_under(game: Game, chosen: Format, database: CardDatabase) -> Callable[[Card], Hashable]:
    """The format's "same card" over the database (the game's, else the card's name)."""
    identity = chosen.identity or game.identity
    return identity(database) if identity else same_name


def same_cards(game: Game, chosen: Format, database: CardDatabase, named: Iterable[Card]) -> list[OneCard]:
    """For each card among the printings a name found (printings of one card listed once)."""
    same = identity_under(game, chosen, database)
    explain = getattr(same, "why", None)
    found: list[OneCard] = []
    seen: set[Hashable] = set()
    for card in named:
        key = same(card)
        if key in seen:
            continue
        seen.add(key)
        also = getattr(same, "also", lambda card: ())
        members = [other for other in database.cards if same(other) == key or same(other) in also(card) or key in also(other)]
        printings = [Printing(card, NAMED)]
        for other in members:
            if other.id != card.id:
                printings.append(Printing(other, explain([card, other]) if explain else "the same name"))
        possibly = tuple(Printing(other, why) for other, why in getattr(same, "possibly_same", lambda card: [])(card))
        not_same = tuple(Printing(other, why) for other, why in getattr(same, "not_same", lambda card: [])(card))
        found.append(OneCard(card, tuple(printings), possibly, not_same))
    return found
