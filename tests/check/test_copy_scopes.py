"""Copy limits over nested scopes (the deck, then deck + Reserve): the second scope looks again
only at the cards its added zone gives copies to, and finds what looking at every card finds,
where caps never fall as a scope grows (rules/shapes.py)."""

from deckcheck.model import Card, Entry, Position
from deckcheck.rules.shapes import Cap, Scope, _over_caps
from hypothesis import given, settings
from hypothesis import strategies as st

CARDS = [Card(f"c{i}", f"Card {i}", ("hero",)) for i in range(6)]


class Identity:
    """Cards by the group drawn for each, some groups counting towards others (`linked`)."""

    def __init__(self, groups: list[int], linked: dict[int, tuple[int, ...]]):
        self.groups, self.linked = groups, linked

    def __call__(self, card: Card) -> int:
        return self.groups[int(card.id[1:])]


lines = st.lists(st.tuples(st.integers(0, 5), st.integers(1, 4)), max_size=8)


@settings(max_examples=400, deadline=None)
@given(
    lines,
    lines,
    st.lists(st.integers(0, 2), min_size=6, max_size=6),
    st.dictionaries(st.integers(0, 2), st.lists(st.integers(0, 2), min_size=1, max_size=2).map(tuple), min_size=1, max_size=3),
    st.lists(st.integers(1, 3), min_size=6, max_size=6),
)
def test_a_scope_that_adds_a_zone_finds_what_every_card_looked_at_again_finds(main, side, groups, linked, base):
    identity = Identity(groups, linked)
    main_entries = tuple(Entry(f"Card {c}", n, "main", Position(i + 1, 1), CARDS[c]) for i, (c, n) in enumerate(main))
    side_entries = tuple(Entry(f"Card {c}", n, "side", Position(20 + i, 1), CARDS[c]) for i, (c, n) in enumerate(side))

    def lowest_at(size: int):  # a cap per card that grows with the scope's size, as a cap per 50 cards does
        return lambda card: Cap("test.cap", base[int(card.id[1:])] + size // 10)

    def found(added: bool) -> list[tuple[str, int, str, tuple[int, ...]]]:
        both = main_entries + side_entries
        scopes = [
            Scope(main_entries, sum(e.count for e in main_entries), ""),
            Scope(both, sum(e.count for e in both), " in deck + Reserve", side_entries if added else None),
        ]
        return [(o.cap.why, o.total, o.scope, tuple(e.position.line for e in o.group)) for o in _over_caps(scopes, lowest_at, identity)]

    assert found(added=True) == found(added=False)
