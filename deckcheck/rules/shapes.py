"""Rule shapes several games share: a size range, a copy cap with exemptions, counting by type.

Each game's rules.py calls these with its own numbers, so that it reads like the rulebook section
it implements.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from typing import NamedTuple

from deckcheck.loading.names import normalise
from deckcheck.model import Card, Deck, Entry, Finding
from deckcheck.records import record
from deckcheck.rules import Findings
from deckcheck.wording import plural


def same_name(card: Card) -> Hashable:
    """ "Same card" for every game without an identity rule of its own: the normalised name."""
    return normalise(card.name)


def copies(entries: Iterable[Entry], identity: Callable[[Card], Hashable] = same_name) -> list[list[Entry]]:
    """The resolved entries grouped by card identity, in deck order. An identity rule with `linked`
    (Redemption's: a title listed with several people, by its identity) adds a card's entries to
    each other group it counts towards that the deck holds."""
    return list(_joined(_grouped(entries, identity), identity).values())


def _grouped(entries: Iterable[Entry], identity: Callable[[Card], Hashable]) -> dict[Hashable, list[Entry]]:
    # (every rule that counts copies asks this of every line of every deck)
    groups: dict[Hashable, list[Entry]] = {}
    for entry in entries:
        card = entry.card
        if card is not None:
            key = identity(card)
            group = groups.get(key)
            if group is None:
                groups[key] = [entry]
            else:
                group.append(entry)
    return groups


def _joined(groups: dict[Hashable, list[Entry]], identity: Callable[[Card], Hashable]) -> dict[Hashable, list[Entry]]:
    """The groups, each with the entries of the groups that count towards it added (`linked`)."""
    linked: Mapping[Hashable, tuple[Hashable, ...]] | None = getattr(identity, "linked", None)
    if not linked or linked.keys().isdisjoint(groups):  # (as most decks: no title of several people)
        return groups
    joined = dict(groups)
    for key, group in groups.items():
        for other in linked.get(key, ()):
            if other in joined:
                joined[other] = joined[other] + group
    return joined


def _touched(groups: dict[Hashable, list[Entry]], identity: Callable[[Card], Hashable]) -> set[Hashable]:
    """The groups whose entries these add to: their own, and those they count towards."""
    linked: Mapping[Hashable, tuple[Hashable, ...]] = getattr(identity, "linked", None) or {}
    return set(groups).union(*(linked.get(key, ()) for key in groups))


def count(entries: Iterable[Entry], predicate: Callable[[Card], bool] = lambda card: True) -> int:
    return sum(e.count for e in entries if e.card is not None and predicate(e.card))


def size_range(findings: Findings, zone: str, minimum: int | None, maximum: int | None, what: str) -> Iterator[Finding]:
    """One finding when the zone's size is outside [minimum, maximum], with the arithmetic."""
    size = findings.deck.size(zone)
    if minimum is not None and maximum is not None and minimum == maximum and size != minimum:
        yield findings.about_zone(zone, f"{what} has {plural(size, 'card')}; it must have exactly {minimum}")
    elif minimum is not None and size < minimum:
        yield findings.about_zone(zone, f"{what} has {plural(size, 'card')}; it needs at least {minimum}")
    elif maximum is not None and size > maximum:
        yield findings.about_zone(zone, f"{what} has {plural(size, 'card')}; it may have at most {maximum}")


@record
class Cap:
    """One limit on a card: the rule that sets it, the copies it allows, and why (for the message)."""

    rule: str
    copies: int
    why: str = ""


def lowest_caps(
    findings: Findings,
    deck: Deck,
    caps: Callable[[Card, int], Iterable[Cap]],
    scopes: tuple[tuple[str, ...], ...] = (("main",),),
    shared: object = None,
) -> Iterator[Finding]:
    """Copy limits where several rules may cap one card (a Dominant with a special ability, a Lost
    Soul with one, ...): a card's limit is the lowest cap of every rule on every printing of it in
    the deck (the most limited printing sets the limit), and only the rule that sets that cap
    reports it, so one problem is one finding. Each scope of zones is checked in turn (the deck,
    then deck + Reserve), counting `size` over the scope; a card over its limit in one scope is
    not reported again in the next.

    The rules that share `caps` run one after another on a deck: the cards over their limits are
    found once and each rule takes its own (`shared` names what the caps depend on when `caps` is
    made afresh for each rule). A card's caps may not fall as the scope grows (a cap per 50 cards
    grows with it): a card the next scope adds no copy to is not looked at again there."""
    context = findings.context

    def lowest_at(size: int) -> Callable[[Card], Cap | None]:
        # the same card at the same size has the same lowest cap in every deck of the format
        return context.params.facts(("lowest cap", None if shared is not None else caps, size), lambda card: _lowest(caps(card, size)))

    def over_limits() -> list[Over]:
        checked: list[Scope] = []
        before: tuple[str, ...] = ()
        for zones in scopes:
            if len(zones) > 1 and not deck.size(*zones[1:]):
                continue  # no Reserve: deck + Reserve is the deck, already checked
            scope = "" if zones == ("main",) else " in " + " + ".join("Reserve" if z == "side" else "deck" for z in zones)
            extends = bool(checked) and len(zones) > len(before) and zones[: len(before)] == before
            checked.append(Scope(deck.entries(*zones), deck.size(*zones), scope, deck.entries(*zones[len(before) :]) if extends else None))
            before = zones
        return _over_caps(checked, lowest_at, context.identity)

    for each in context.worked_out(deck, ("over caps", scopes), over_limits):
        if each.cap.rule == findings.rule.id:
            yield _over_finding(findings, each)


def copy_cap(
    findings: Findings, entries: Iterable[Entry], limit: Callable[[Card], int | None], why: str = "", scope: str = ""
) -> Iterator[Finding]:
    """A finding for each card (by the game's identity rule) with more copies than `limit(card)`,
    counted over `entries` (`scope` names them in the message when they are not the deck alone);
    None means no limit."""

    made: dict[int, Cap] = {}

    def lowest(card: Card) -> Cap | None:
        cap = limit(card)
        if cap is None:
            return None
        if cap not in made:  # one Cap for each number, not one for each card
            made[cap] = Cap(findings.rule.id, cap, why)
        return made[cap]

    counted = tuple(entries)
    for each in _over_caps([Scope(counted, sum(e.count for e in counted), scope)], lambda size: lowest, findings.context.identity):
        yield _over_finding(findings, each)


class Over(NamedTuple):
    """A card over its lowest cap: that cap, the card's entries, its copies, the scope's words."""

    cap: Cap
    group: list[Entry]
    total: int
    scope: str


class Scope(NamedTuple):
    """Zones whose copies are counted together: their entries, the words a finding names them by,
    and the entries they add to the scope checked before (None where they are not that and more)."""

    entries: tuple[Entry, ...]
    size: int  # their copies
    words: str
    added: tuple[Entry, ...] | None = None


def _over_caps(
    scopes: list[Scope], lowest_at: Callable[[int], Callable[[Card], Cap | None]], identity: Callable[[Card], Hashable]
) -> list[Over]:
    """Each card over its lowest cap (`lowest_at(size)(card)`, in a scope of `size` cards), in the
    first scope where it is. In a scope that adds entries to the one before, only the cards they add
    copies to are looked at (the others' copies are as they were, and their caps no lower)."""
    done: set = set()
    over = []
    grouped: dict[Hashable, list[Entry]] = {}
    for entries, size, words, added in scopes:
        lowest_of = lowest_at(size)
        if added is None:
            grouped, asked = _grouped(entries, identity), None
        else:
            more = _grouped(added, identity)
            grouped = {**grouped, **{key: grouped.get(key, []) + group for key, group in more.items()}}
            asked = _touched(more, identity)
        joined = _joined(grouped, identity)
        for key in joined if asked is None else [key for key in joined if key in asked]:
            if key in done:
                continue
            group = joined[key]
            # (most cards are one line: theirs is read without a generator; this runs for every card of every deck)
            if len(group) == 1:
                total, lowest = group[0].count, lowest_of(group[0].known)
            else:
                total, lowest = sum(e.count for e in group), _lowest(cap for e in group if (cap := lowest_of(e.known)) is not None)
            if lowest is not None and total > lowest.copies:
                done.add(key)
                over.append(Over(lowest, group, total, words))
    return over


def _lowest(caps: Iterable[Cap]) -> Cap | None:
    """The cap allowing the fewest copies, the first of them where several do (min() with a key,
    without a call of the key for each cap)."""
    lowest = None
    for cap in caps:
        if lowest is None or cap.copies < lowest.copies:
            lowest = cap
    return lowest


def _over_finding(findings: Findings, over: Over) -> Finding:
    reason = f" ({over.cap.why})" if over.cap.why else ""
    names = _names(over.group, findings.context.identity)
    return findings.about_entries(
        over.group, f"{plural(over.total, 'copy')} of {names}{over.scope}; at most {over.cap.copies} allowed{reason}"
    )


def _names(group: list[Entry], identity: Callable[[Card], Hashable]) -> str:
    """The printings' names; several are said to be one card, and why where the identity rule can say."""
    names = list(dict.fromkeys(e.known.name for e in group))
    if len(names) == 1:
        return names[0]
    why = getattr(identity, "why", None)
    reason = f": {why([e.card for e in group])}" if why is not None else ""
    return " + ".join(names) + f" (the same card{reason})"


def only_types(findings: Findings, entries: Iterable[Entry], types: tuple[str, ...], what: str) -> Iterator[Finding]:
    """A finding for each card in `entries` that is none of `types` (a zone that holds one kind)."""
    for entry in entries:
        if entry.card is not None and not entry.card.is_a(*types):
            yield findings.about_entries([entry], f"{entry.card.name} is not {what}")


def faction_lock(
    findings: Findings, entries: Iterable[Entry], allowed: Callable[[Card], bool], why: Callable[[Card], str]
) -> Iterator[Finding]:
    """A finding for each card whose faction the deck's leader does not allow. A card whose
    faction the database does not state cannot be judged and is passed over."""
    for entry in entries:
        card = entry.card
        if card is not None and card.get("faction") is not None and not allowed(card):
            yield findings.about_entries([entry], why(card))


def one_leader(findings: Findings, deck: Deck, zone: str, kind: str, missing: str) -> Iterator[Finding]:
    """A deck led by exactly one card of type `kind`, named in `zone` (a general, a champion)."""
    leaders = deck.entries(zone)
    if not leaders:
        yield findings.about_deck(missing)
        return
    if len(leaders) > 1:
        yield findings.about_zone(zone, f"{len(leaders)} {kind}s given; a deck has exactly one")
    yield from only_types(findings, leaders, (kind,), f"a {kind} card")


def leader(deck: Deck, zone: str, kind: str) -> Card | None:
    """The deck's one leader of type `kind` with a stated faction, or None (then one_leader, or the
    database, says what is missing)."""
    leaders = [e.card for e in deck.entries(zone) if e.card is not None and e.card.is_a(kind)]
    if len(leaders) == 1 and leaders[0].get("faction") is not None:
        return leaders[0]
    return None
