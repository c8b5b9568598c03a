"""What a rule reads and builds: the Context of one deck's check, the Findings a rule makes of it
(each pointing at the line it is about), and run_rules. Apart from the rules' and games' records
(deckcheck/rules/__init__.py), which they name in their annotations only."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from dataclasses import field
from datetime import date
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from deckcheck.model import START, Card, Deck, Entry, Finding, Position
from deckcheck.records import record
from deckcheck.wording import plural

if TYPE_CHECKING:
    from deckcheck.loading.card_db import CardDatabase
    from deckcheck.loading.events import Event
    from deckcheck.rules import Format, Game, Params, Rule

P = TypeVar("P", bound="Params")
T = TypeVar("T")


@record
class Context:
    """What a rule may read besides the deck: the game and format, their parameters with the
    events' settings, the card database and its identity rule, the events applied, and every
    rule the deck is checked by."""

    game: Game
    database: CardDatabase
    identity: Callable[[Card], Hashable]
    rules: tuple[Rule, ...]
    params: Params
    format: Format
    events: tuple[Event, ...] = ()
    as_of: date | None = None  # the date the deck is checked as of (the rules version in force then)
    # what one rule works out about a deck for the others that read it (the cards over their copy
    # limits, which several rules report each their own of): a context is one deck's, so is this
    _worked_out: dict[Hashable, tuple[Deck, Any]] = field(default_factory=dict, init=False, compare=False, repr=False)
    # the words Findings.instead ends a rule's finding about a card with: the same for every line and
    # reading of it (what a rule allows reads the format, not the deck), and a 1 MiB deck repeats cards
    _instead: dict[tuple[str, str, str], str] = field(default_factory=dict, init=False, compare=False, repr=False)

    @property
    def settings(self) -> Mapping[str, Any]:
        return self.params.settings()

    def worked_out(self, deck: Deck, kind: Hashable, work: Callable[[], T]) -> T:
        """`work()` about `deck` (one reading of the deck's names, as each is a Deck of its own),
        worked out once for the rules that share it."""
        found = self._worked_out.get(kind)
        if found is None or found[0] is not deck:
            found = self._worked_out[kind] = (deck, work())
        return found[1]


@record
class Findings(Generic[P]):
    """Builds one rule's findings about one deck, pointing each at the line it is about."""

    rule: Rule[P]
    deck: Deck
    context: Context

    def finding(self, message: str, *, cards: Iterable[str] = (), zone: str | None = None, position: Position | None = None) -> Finding:
        return Finding(self.rule.id, self.rule.severity, message, tuple(cards), zone, position or START)

    def about_zone(self, zone: str, message: str, cards: Iterable[str] = ()) -> Finding:
        return self.finding(message, cards=cards, zone=zone, position=self.deck.zone_position(zone))

    def about_entries(self, entries: list[Entry], message: str) -> Finding:
        first = entries[0]
        names = dict.fromkeys(e.card.name if e.card else e.typed for e in entries)
        return self.finding(message, cards=names, zone=first.zone, position=first.position)

    def about_deck(self, message: str) -> Finding:
        return self.finding(message)

    def instead(self, card: Card, allowed: Callable[[Card], bool], what: str) -> str:
        """Words to end a finding about one printing with, where other printings of its title are
        `allowed`: which (the card's own first, then other cards of the title), and to write the one
        meant ("" where none is). `The Magi` names the Faith of Our Fathers printing; `The Magi
        (GoC)`, another card of that title, may be the one meant."""
        known = self.context._instead
        found = known.get((self.rule.id, card.id, what))
        if found is None:
            found = known[(self.rule.id, card.id, what)] = self._instead(card, allowed, what)
        return found

    def _instead(self, card: Card, allowed: Callable[[Card], bool], what: str) -> str:
        names, identity = self.context.database.names, self.context.identity
        others = [p for p in names.printings_of(card.title) if p is not card and allowed(p)]
        if not others:
            return ""
        others.sort(key=lambda p: identity(p) != identity(card))
        said = [
            f"'{names.written(p)}' ({p.get('set') or 'no set'}, {'the same card' if identity(p) == identity(card) else 'another card'})"
            for p in others[:MOST_INSTEAD]
        ]
        more = f" and {plural(len(others) - MOST_INSTEAD, 'other')}" if len(others) > MOST_INSTEAD else ""
        return f"; of the same title, {what}: {', '.join(said)}{more}: write the one meant"

    @property
    def params(self) -> P:
        """The format's parameters (with the events' settings), as the kind the rule reads."""
        return self.rule.parameters(self.context.params)


MOST_INSTEAD = 3  # other printings a finding names as the one to write


def run_rules(rules: Iterable[Rule], deck: Deck, context: Context, ignore: frozenset[str]) -> Iterator[Finding]:
    for each in rules:
        if each.check is None or each.id in ignore:
            continue
        yield from each.check(deck, Findings(each, deck, context))
