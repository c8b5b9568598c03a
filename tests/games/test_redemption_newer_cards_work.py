"""The notes on characters of sets newer than the dictionary cost work in proportion to a deck's
lines (issue 51 part 3): each line's possible same-person cards are looked up, not compared with
every other line. At 4,000 lines the notes asked 16 million of a card's ids (1.3 s of a 3.0 s
check); the bound here is on operations counted, not on time."""

from datetime import date

from deckcheck.games.redemption.newer_cards import NewerCards
from deckcheck.games.redemption.sets import DatedSet
from deckcheck.model import Deck, Entry, Position

LINES = 4000


class CountedCard:
    """A card whose id counts each time it is asked (the notes' one operation per line compared)."""

    asked = 0

    def __init__(self, card_id: str, name: str, card_set: str):
        self._id, self.name, self._set = card_id, name, card_set

    @property
    def id(self) -> str:
        CountedCard.asked += 1
        return self._id

    def get(self, key, default=None):
        return self._set if key == "set" else default


def test_notes_at_four_thousand_lines_ask_a_bounded_number_of_ids():
    older = [CountedCard(f"old-{i}", f"Person {i} (Pa)", "Pa") for i in range(LINES // 2)]
    newer = [CountedCard(f"new-{i}", f"Person {i}, the Newer [RR2]", "RR2") for i in range(LINES // 2)]
    sets = {"RR2": DatedSet("RR2", "Roots 2", date(2026, 7, 25), "the test")}
    cards = NewerCards(sets, {card._id: [old] for card, old in zip(newer, older)})
    entries = tuple(Entry(card.name, 1, "main", Position(line, 1), card) for line, card in enumerate(older + newer, start=1))
    deck = Deck("deck.txt", "redemption", "type1", None, {"main": entries}, {})
    CountedCard.asked = 0
    notes = cards.notes(deck, "the dictionary")
    assert len(notes) == LINES // 2 and "Person 0, the Newer [RR2]" in notes[0] and "Person 0 (Pa)" in notes[0]
    assert CountedCard.asked <= 3 * LINES  # linear: a few ids a line (every pair compared asked LINES**2)
