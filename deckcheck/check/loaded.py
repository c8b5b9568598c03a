"""A deck file read and resolved against its game's database (LoadedDeck), and the findings
deckcheck itself makes about a deck (finding_of)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from deckcheck.loading.raw_deck import RawDeck
from deckcheck.model import START, Card, Deck, Finding, Position
from deckcheck.rules import Context, Rule

Key = tuple[str, int]  # an entry of a deck: (zone, index in the zone)


@dataclass
class LoadedDeck:
    """A deck file read and resolved against its game's database, or the findings that stopped
    it (unreadable, unknown game or format) with `deck` None."""

    raw: RawDeck | None
    findings: list[Finding]
    deck: Deck | None = None
    context: Context | None = None
    ambiguous: dict[Key, tuple[Card, ...]] = field(default_factory=dict)  # the entries that match several printings
    # the printing each ambiguous entry is shown as on the sheet: the one a legal choice took, else the first tried
    shown: dict[Key, Card] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    game_inferred: bool = False
    as_of: date | None = None

    def resolved(self) -> tuple[Deck, Context]:
        """The deck and what its rules read, for the steps that come only after it was read."""
        if self.deck is None or self.context is None:
            raise ValueError("a deck that could not be read has nothing to judge")
        return self.deck, self.context


def finding_of(rule: Rule, message: str, card: str | None = None, zone: str | None = None, position: Position | None = None) -> Finding:
    return Finding(rule.id, rule.severity, message, (card,) if card else (), zone, position or START)
