"""Ban lists of the events applied (ids `banlist.*`): banned cards and limited counts, compared by
the game's own identity rule, counted across every zone."""

from __future__ import annotations

from typing import Iterator

from deckcheck.model import Deck, Finding, Severity
from deckcheck.rules import Reporter, rule, shapes
from deckcheck.rules.format_data import format_rules, matches

SOURCE = "events.md, the event files applied"


def _identities(report: Reporter, ids: tuple[str, ...]) -> set:
    database = report.context.database
    return {report.context.identity(database.by_id[i]) for i in ids if i in database.by_id}


@rule("banlist.banned", Severity.ERROR,
      "a card on an applied ban list or the format's, or one the card data marks banned everywhere, is in any zone",
      SOURCE)
def banned(deck: Deck, report: Reporter) -> Iterator[Finding]:
    if any(entry.card is not None and entry.card.get("banned") for entry in deck.entries()):
        for group in shapes.copies(deck.entries(), report.context.identity):
            if any(entry.card.get("banned") for entry in group):
                yield report.about_entries(group, f"{group[0].card.name} is banned in every format (card data)")
    chosen = report.context.format
    for spec in format_rules(chosen).get("banned", []):
        found = [e for e in deck.entries() if e.card is not None and matches(e.card, spec)]
        if found:
            yield report.about_entries(found, f"{found[0].card.name} is banned in {chosen.name} "
                                              f"({spec.get('note', spec['title'])})")
    for event in report.context.events:
        for listed in event.banned:
            wanted = _identities(report, listed.ids.get(deck.game, ()))
            for group in shapes.copies(deck.entries(), report.context.identity):
                if report.context.identity(group[0].card) in wanted:
                    yield report.about_entries(group, f"{group[0].card.name} is banned by {event.name}")


@rule("banlist.limited", Severity.ERROR,
      "a card exceeds the count an applied ban list allows it (all zones together)", SOURCE)
def limited(deck: Deck, report: Reporter) -> Iterator[Finding]:
    for event in report.context.events:
        for listed in event.limited:
            wanted = _identities(report, listed.ids.get(deck.game, ()))
            for group in shapes.copies(deck.entries(), report.context.identity):
                total = sum(e.count for e in group)
                if report.context.identity(group[0].card) in wanted and total > listed.count:
                    yield report.about_entries(
                        group, f"{total} copies of {group[0].card.name}; {event.name} allows {listed.count}")


BANLIST_RULES = (banned, limited)
