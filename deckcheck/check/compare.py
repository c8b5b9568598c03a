"""`deckcheck compare`: the deck a player presents at the table against the list they registered,
card by card and zone by zone. Cards are compared as the format's rules count them (its identity
rule), so another printing of a registered card is named as such and is no difference; what is
missing, extra or moved between the main deck and the Reserve (or side) is."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable
from dataclasses import dataclass, replace
from pathlib import Path

from deckcheck.check.ambiguity import judge
from deckcheck.check.options import CheckOptions
from deckcheck.check.reading import load_deck
from deckcheck.check.readings import with_printings
from deckcheck.escaping import display_path
from deckcheck.fingerprint import fingerprint
from deckcheck.games import zone_table
from deckcheck.loading.card_db import Databases
from deckcheck.model import Card, Deck, Entry, Finding, Position, Severity, ZoneTable
from deckcheck.records import record
from deckcheck.rules import Context

MISSING, EXTRA, MOVED, PRINTING, UNREAD = "missing", "extra", "moved", "printing", "not read"
ILLEGAL_PRINTING = "illegal printing"  # the same card as registered, in a printing that makes the deck illegal
TITLE_ALONE = " (its title alone: look at the card's set)"  # a presented printing written by its title: a note, whatever it reads as


class CannotCompare(ValueError):
    """A deck that cannot be read, or two decks of different games: nothing to compare."""


@record
class Difference:
    """One way the presented deck is not the registered one. `count` copies of `card`: missing
    from `zone`, extra in `zone`, or moved from `zone` to `to_zone`; a line of the presented list
    not read as a card (`card` its text); or, for a printing, held in `zone` as `presented` where
    the list registered `registered` (the same card, no difference unless that printing brings the
    deck an error: an illegal printing, `why` saying which)."""

    kind: str
    card: str
    count: int
    zone: str
    to_zone: str | None = None
    registered: str | None = None
    presented: str | None = None
    registered_line: int | None = None
    presented_line: int | None = None
    why: str | None = None  # what makes an illegal printing illegal


@record
class Comparison:
    registered: str  # the files as shown
    presented: str
    game: str
    format: str
    zone_labels: dict[str, str]  # zone -> what the game calls it ("Reserve")
    sizes: dict[str, tuple[int, int]]  # zone -> (registered, presented) copies
    differences: tuple[Difference, ...]
    fingerprints: tuple[str | None, str | None] = (None, None)  # (registered, presented), as their sheets print them

    @property
    def differs(self) -> bool:
        """Whether the presented deck is not the one registered (another printing of a card is)."""
        return any(d.kind != PRINTING for d in self.differences)


@dataclass
class _Held:
    """One card (as the rules count it) in one deck: copies by zone, and by printing in each zone."""

    name: str
    zones: Counter[str]
    printings: dict[str, Counter[str]]  # zone -> printing name -> copies
    lines: dict[str, int]  # zone -> the first line naming it


def compare_decks(
    registered: Path,
    presented: Path,
    options_for: Callable[[Path], CheckOptions],
    databases: Databases,
    contents: tuple[bytes | None, bytes | None] = (None, None),
) -> Comparison:
    """The presented deck (at `presented`) against the registered one (at `registered`); either
    may be given as bytes in `contents` (registered's, presented's), its path then naming its
    form. A presented deck that names no game is read as the registered deck's game (a list pasted
    at the table rarely says)."""
    registered_content, presented_content = contents
    first, context, _, registered_errors, registered_print = _loaded(registered, options_for(registered), databases, registered_content)
    options = options_for(presented)
    second, _, unread, presented_errors, presented_print = _loaded(
        presented, replace(options, game=options.game or first.game), databases, presented_content
    )
    if first.game != second.game:
        raise CannotCompare(f"the registered deck is {first.game}, the presented one {second.game}: nothing to compare")
    mine = _held(first, context.identity)
    theirs = _held(second, context.identity, _as_registered(mine, context))
    differences: list[Difference] = []
    for key in [*mine, *(k for k in theirs if k not in mine)]:
        differences += _differences(mine.get(key), theirs.get(key))
    differences = [_illegal_or_not(d, registered_errors, presented_errors) for d in differences]
    # a line of the presented list that check does not read as a card is no card of it: the judge is told
    differences += [Difference(UNREAD, text, 1, "main", presented_line=position.line) for position, text, _ in unread]
    table = zone_table()
    zones = [z.name for z in table.zones if z.name in first.zones or z.name in second.zones]
    return Comparison(
        display_path(registered),
        display_path(presented),
        first.game,
        first.format,
        {zone: _label(context, table, zone) for zone in zones},
        {zone: (first.size(zone), second.size(zone)) for zone in zones},
        tuple(sorted(differences, key=_order(zones))),
        (registered_print, presented_print),
    )


def _loaded(
    path: Path, options: CheckOptions, databases: Databases, content: bytes | None = None
) -> tuple[Deck, Context, list[tuple[Position, str, str]], dict[int, list[Finding]], str | None]:
    """The deck read and judged, its context, the lines check did not read as cards, its errors by
    line, and its fingerprint (a name of several printings as typed, as its sheet has it)."""
    loaded = load_deck(path, options, databases, content)
    if loaded.deck is None or loaded.context is None:
        problem = loaded.findings[0] if loaded.findings else None
        if problem is None:
            raise CannotCompare(f"{display_path(path)}: cannot be read")
        raise CannotCompare(f"{display_path(path)}:{problem.position.line}:{problem.position.column}: {problem.message} ({problem.rule})")
    findings = judge(loaded, options.ignore)  # a name of several printings: the printing a legal reading takes
    errors: dict[int, list[Finding]] = {}
    for finding in findings:
        if finding.severity is Severity.ERROR:
            errors.setdefault(finding.position.line, []).append(finding)
    unread = list(loaded.raw.skipped) if loaded.raw else []
    printed = fingerprint(_Listed(e.zone, e.card.name if e.card else e.typed, e.count) for e in loaded.deck.entries())
    return with_printings(loaded.deck, loaded.shown), loaded.context, unread, errors, printed


@record
class _Listed:
    zone: str
    name: str
    count: int


def _illegal_or_not(difference: Difference, registered: dict[int, list[Finding]], presented: dict[int, list[Finding]]) -> Difference:
    """A printing swapped in that brings the presented deck an error the registered line had not
    (`Christian Martyr (A)`, outside Type 1 Limited's pool, for `(I)`): a difference that fails, saying why."""
    if difference.kind != PRINTING or difference.presented_line is None or (difference.presented or "").endswith(TITLE_ALONE):
        return difference
    had = {f.rule for f in registered.get(difference.registered_line or 0, [])}
    new = [f for f in presented.get(difference.presented_line, []) if f.rule not in had]
    return replace(difference, kind=ILLEGAL_PRINTING, why=f"{new[0].message} ({new[0].rule})") if new else difference


Read = tuple[Hashable, str, str]  # a line's card as the rules count it, its name, the printing it is held in


def _held(
    deck: Deck, identity: Callable[[Card], Hashable], registered: Callable[[Entry], Read | None] = lambda entry: None
) -> dict[Hashable, _Held]:
    held: dict[Hashable, _Held] = {}
    for zone, entries in deck.zones.items():
        for entry in entries:
            key, name, printing = registered(entry) or (*_identified(entry, identity), _printing(entry))
            card = held.setdefault(key, _Held(name, Counter(), {}, {}))
            card.zones[zone] += entry.count
            card.printings.setdefault(zone, Counter())[printing] += entry.count
            card.lines.setdefault(zone, entry.position.line)
    return held


def _as_registered(mine: dict[Hashable, _Held], context: Context) -> Callable[[Entry], Read | None]:
    """How a presented line written by a title alone (`Golgotha`, `The Magi`, `Herod the Great`)
    is read: as the registered card where that card is one reading of the title, even where the
    title is also another printing's own name (a judge typing what is on the table writes titles);
    its printing then stays a note for the judge to look at the card's set. None: read as `check` reads it."""
    names, identity = context.database.names, context.identity

    def registered(entry: Entry) -> Read | None:
        if entry.card is not None and identity(entry.card) in mine:
            return None
        for card in names.printings_of(entry.typed):
            key = identity(card)
            if key in mine:
                return key, mine[key].name, entry.typed.strip() + TITLE_ALONE
        return None

    return registered


def _identified(entry: Entry, identity: Callable[[Card], Hashable]) -> tuple[Hashable, str]:
    if entry.card is None:  # a name no card has: compared as written
        return ("typed", " ".join(entry.typed.casefold().split())), entry.typed
    return identity(entry.card), entry.card.name


def _printing(entry: Entry) -> str:
    return entry.card.name if entry.card is not None else entry.typed


def _differences(mine: _Held | None, theirs: _Held | None) -> list[Difference]:
    """One card's differences: first what moved between zones, then what is missing or extra in
    each, then, where copies stayed, a printing the presented deck holds that was not registered."""
    name = (mine or theirs).name  # type: ignore[union-attr]  # one of them holds the card
    before = mine.zones if mine else Counter()
    after = theirs.zones if theirs else Counter()
    fewer = {zone: before[zone] - after[zone] for zone in before if before[zone] > after[zone]}
    more = {zone: after[zone] - before[zone] for zone in after if after[zone] > before[zone]}
    found: list[Difference] = []
    for source in list(fewer):
        for target in list(more):
            moved = min(fewer[source], more[target])
            if moved:
                was, now = _lines(mine, theirs, source, target)
                registered, presented = _printing_in(mine, source), _printing_in(theirs, target)
                printings = (registered, presented) if registered != presented else (None, None)
                found.append(Difference(MOVED, name, moved, source, target, *printings, registered_line=was, presented_line=now))
                fewer[source] -= moved
                more[target] -= moved
    for kind, counts in ((MISSING, fewer), (EXTRA, more)):
        for zone, n in counts.items():
            if n:
                was, now = _lines(mine, theirs, zone)
                found.append(Difference(kind, name, n, zone, registered_line=was, presented_line=now))
    if mine and theirs:
        found += _printings(name, mine, theirs)
    return found


def _printing_in(held: _Held | None, zone: str) -> str | None:
    """The printing a card is held in most in a zone (a card moved to the Reserve in another printing names it)."""
    printings = held.printings.get(zone) if held else None
    return printings.most_common(1)[0][0] if printings else None


def _printings(name: str, mine: _Held, theirs: _Held) -> list[Difference]:
    """In each zone, copies presented in a printing in place of copies registered in another
    (copies more or fewer in all are told by the counts)."""
    found = []
    for zone, presented in theirs.printings.items():
        registered = mine.printings.get(zone, Counter())
        instead, replaced = presented - registered, registered - presented
        for printing, count in instead.items():
            for was in list(replaced):
                swapped = min(count, replaced[was])
                if swapped <= 0:
                    continue
                found.append(Difference(PRINTING, name, swapped, zone, None, was, printing, mine.lines.get(zone), theirs.lines.get(zone)))
                count -= swapped
                replaced[was] -= swapped
    return found


def _lines(mine: _Held | None, theirs: _Held | None, zone: str, to_zone: str | None = None) -> tuple[int | None, int | None]:
    """The lines naming the card in each deck: the registered one's in `zone`, the presented one's where it is now."""
    return (mine.lines.get(zone) if mine else None, theirs.lines.get(to_zone or zone) if theirs else None)


def _order(zones: list[str]) -> Callable[[Difference], tuple]:
    kinds = (MISSING, EXTRA, MOVED, UNREAD, ILLEGAL_PRINTING, PRINTING)
    return lambda d: (kinds.index(d.kind), zones.index(d.zone) if d.zone in zones else len(zones), d.card.casefold())


def _label(context: Context, table: ZoneTable, zone: str) -> str:
    """What the deck's game calls a zone (Redemption's side deck is its Reserve)."""
    own = context.game.zone(zone) or table.get(zone)
    return own.label if own is not None else zone
