"""What a format works out about one card is worked out once (Params.known, Params.facts), and
what it keeps stays bounded: a page serving strangers' decks of every size for days must not
grow without end."""

from deckcheck import rules
from deckcheck.model import Card
from deckcheck.rules import Params

CARDS = [Card(f"c{i}", f"Card {i}", ("hero",)) for i in range(10)]


def test_a_fact_is_worked_out_once_per_card_and_kind():
    params, asked = Params(), []

    def work(card):
        asked.append(card.id)
        return card.name.upper()

    lowest = params.facts("shout", work)
    assert [lowest(card) for card in CARDS + CARDS] == [card.name.upper() for card in CARDS + CARDS]
    assert params.facts("shout", work)(CARDS[0]) == "CARD 0" and params.known("shout", CARDS[1], lambda: "never") == "CARD 1"
    assert asked == [card.id for card in CARDS]  # the second round, and the other ways of asking, asked nothing again
    assert params.known("whisper", CARDS[0], lambda: "card 0") == "card 0"  # another kind is another fact


def test_facts_kept_stay_bounded_in_cards_and_in_kinds(monkeypatch):
    monkeypatch.setattr(rules, "MAX_KNOWN", 4)
    monkeypatch.setattr(rules, "MAX_KINDS", 3)
    params = Params()
    for size in range(20):  # a kind for each deck size, as the copy caps are
        fact = params.facts(("caps", size), lambda card, size=size: (card.id, size))
        assert [fact(card) for card in CARDS] == [(card.id, size) for card in CARDS]  # right after each clearing
        assert len(params._known) <= 3 and all(len(table) <= 4 for table in params._known.values())
