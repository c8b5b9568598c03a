"""The Rule record, and Findings: what a rule builds its findings with.

A rule is a small generator with an id beside it: it reads a resolved deck and yields findings,
never raises for a bad deck and never prints. `deckcheck rules` and `--explain` read the same
records the checks run from.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Hashable, Iterable, Iterator, Mapping

from deckcheck.model import Card, Deck, Entry, Finding, Position, RuleRecord, Severity

if TYPE_CHECKING:
    from deckcheck.games.game import Format, Game, Params
    from deckcheck.loading.card_db import CardDatabase
    from deckcheck.loading.events import Event

Check = Callable[["Deck", "Findings"], Iterable[Finding]]


@dataclass(frozen=True)
class Rule:
    id: str
    severity: Severity
    summary: str
    source: str
    check: Check | None = None  # None for rules that loading reports (deck.parse, deck.unknown-card, ...)

    @property
    def record(self) -> RuleRecord:
        return RuleRecord(self.id, self.severity, self.summary, self.source)


def rule(rule_id: str, severity: Severity, summary: str, source: str) -> Callable[[Check], Rule]:
    """Decorator turning a check generator into a Rule."""

    def wrap(check: Check) -> Rule:
        return Rule(rule_id, severity, summary, source, check)

    return wrap


@dataclass(frozen=True)
class Context:
    """What a rule may read besides the deck: the game and format, their parameters with the
    events' settings, the card database and its identity rule, the events applied, and every
    rule the deck is checked by."""

    game: "Game"
    database: "CardDatabase"
    identity: Callable[[Card], Hashable]
    rules: tuple[Rule, ...]
    params: "Params"
    events: tuple["Event", ...] = ()
    format: "Format | None" = None

    @property
    def settings(self) -> Mapping[str, Any]:
        return self.params.settings()


@dataclass(frozen=True)
class Findings:
    """Builds one rule's findings about one deck, pointing each at the line it is about."""

    rule: Rule
    deck: Deck
    context: Context

    def finding(self, message: str, *, cards: Iterable[str] = (), zone: str | None = None, position: Position | None = None) -> Finding:
        return Finding(self.rule.id, self.rule.severity, message, tuple(cards), zone, position or Position(1, 1))

    def about_zone(self, zone: str, message: str, cards: Iterable[str] = ()) -> Finding:
        return self.finding(message, cards=cards, zone=zone, position=self.deck.zone_position(zone))

    def about_entries(self, entries: list[Entry], message: str) -> Finding:
        first = entries[0]
        names = dict.fromkeys(e.card.name if e.card else e.typed for e in entries)
        return self.finding(message, cards=names, zone=first.zone, position=first.position)

    def about_deck(self, message: str) -> Finding:
        return self.finding(message)

    @property
    def params(self) -> "Params":
        return self.context.params


def run_rules(rules: Iterable[Rule], deck: Deck, context: Context, ignore: frozenset[str]) -> Iterator[Finding]:
    for each in rules:
        if each.check is None or each.id in ignore:
            continue
        yield from each.check(deck, Findings(each, deck, context))
