"""A loaded and judged deck as its report (DeckReport), and the deck under each format of its
game (--all-formats)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace
from datetime import date

from deckcheck.check.ambiguity import judge
from deckcheck.check.loaded import LoadedDeck
from deckcheck.check.options import CheckOptions
from deckcheck.check.reading import context_for
from deckcheck.check.readings import with_printings
from deckcheck.model import Card, CardLine, Deck, DeckReport, Entry, Finding, FormatVerdict, Severity, SheetLayout
from deckcheck.rules import Context
from deckcheck.rules.common import PARSE, UNIGNORABLE, UNKNOWN_CARD, UNKNOWN_GAME
from deckcheck.wording import plural

FIRST_ERRORS = 3  # the errors --all-formats shows per format


def report_of(path: str, loaded: LoadedDeck, ignore: frozenset[str] = frozenset()) -> DeckReport:
    """The report of a loaded deck; `ignore` drops findings, but never those of a deck deckcheck
    could not read (UNIGNORABLE): such a deck is never made legal."""
    findings = [f for f in loaded.findings if f.rule in UNIGNORABLE or f.rule not in ignore]
    raw, deck, context = loaded.raw, loaded.deck, loaded.context
    counts: dict[str, int] = {}
    lines: tuple[CardLine, ...] = ()
    if deck is not None:
        counts = {"main": 0, "side": 0}
        counts.update({zone: deck.size(zone) for zone in deck.zones})
        shown = loaded.shown  # (empty for most decks: then no line looks there)
        if shown:
            lines = tuple(
                _card_line(entry, shown.get((zone, i))) for zone, entries in deck.zones.items() for i, entry in enumerate(entries)
            )
        else:
            lines = tuple(map(_card_line, deck.entries()))
    if context is not None:
        rules = tuple(rule.record for rule in context.rules)
    else:
        rules = (PARSE.record,) + tuple(r.record for r in (UNKNOWN_GAME,) if any(f.rule == r.id for f in findings))
    return DeckReport(
        path=path,
        game=deck.game if deck else (raw.game if raw else None),
        format=deck.format if deck else (raw.format if raw else None),
        name=raw.name if raw else None,
        counts=counts,
        cards=lines,
        sheet=_sheet(with_printings(deck, loaded.shown), context) if deck is not None and context is not None else None,
        findings=tuple(ordered(findings)),
        settings=dict(context.settings) if context else {},
        rules_version=context.format.version if context else None,
        rules=rules,
        notes=tuple(loaded.notes) + _noted(deck, context),
        game_inferred=loaded.game_inferred,
        as_of=loaded.as_of if context else None,
        judged_by=_judged_by(context, loaded.as_of) if context else {},
    )


def _noted(deck: Deck | None, context: Context | None) -> tuple[str, ...]:
    if deck is None or context is None or context.game.noted is None:
        return ()
    return tuple(context.game.noted(deck, context.params))


def every_format(loaded: LoadedDeck, options: CheckOptions) -> Iterator[FormatVerdict]:
    """The deck under each format of its game, in the version in force on the date checked."""
    deck, context = loaded.resolved()
    game, database = context.game, context.database
    for name in game.format_names(database.formats):
        chosen = game.known_format(name, database.formats, loaded.as_of)
        other = LoadedDeck(
            loaded.raw,
            [],
            replace(deck, format=chosen.name),
            context_for(game, chosen, database, context.events, loaded.as_of),
            loaded.ambiguous,
        )
        findings = [f for f in loaded.findings if f.rule == UNKNOWN_CARD.id] + judge(other, options.ignore)
        errors = [f for f in ordered(findings) if f.severity is Severity.ERROR and f.rule not in options.ignore]
        yield FormatVerdict(chosen.name, chosen.version, not errors, tuple(errors[:FIRST_ERRORS]))


def ordered(findings: Iterable[Finding]) -> list[Finding]:
    return sorted(findings, key=lambda f: (f.position.line, f.position.column, f.rule))


def _card_line(entry: Entry, shown: Card | None = None) -> CardLine:
    """An entry as reports list it; one naming several printings keeps the name typed, with the
    type of the printing it is shown as (the sheet groups it there, and totals count it)."""
    card = entry.card
    line = entry.position.line
    if card is None:
        types, title = (tuple(shown.types), shown.title) if shown is not None else ((), None)
        return CardLine(entry.zone, entry.typed, entry.count, line, None, types, title)
    return CardLine(entry.zone, card.name, entry.count, line, card.id, card.types, card.facts.get("title") or card.name)


def _judged_by(context: Context, as_of: date | None) -> dict[str, str]:
    """Everything the verdict was reached by, as reports name it."""
    found = {"date": as_of.isoformat() if as_of else "", "rules": context.format.version or ""}
    found.update(context.params.references())
    found.update(card_list=context.database.described, card_list_sha256=context.database.sha256)
    return {key: value for key, value in found.items() if value}


def _sheet(deck: Deck, context: Context) -> SheetLayout:
    game = context.game
    labels = tuple((zone.name, zone.label) for zone in game.zones)
    # a zone of one card (a general, a Paragon) by its card's name, the others by their size
    sizes = [
        (
            zone.label,
            ", ".join(e.card.name if e.card else e.typed for e in deck.zones[zone.name])
            if zone.single
            else plural(deck.size(zone.name), "card"),
        )
        for zone in game.zones
        if zone.name in deck.zones or zone.name == "main"
    ]
    extra = game.sheet_totals(deck, context.params) if game.sheet_totals else []
    official = game.official_sheet(context.format) if game.official_sheet else None
    return SheetLayout(labels, game.type_order, game.listed_singly, tuple(sizes + extra), official)
