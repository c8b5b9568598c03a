"""Rule shapes several games share: a size range, a copy cap with exemptions, counting by type.

Each game's rules.py calls these with its own numbers, so that it reads like the rulebook section
it implements.
"""

from __future__ import annotations

from typing import Callable, Hashable, Iterable, Iterator

from deckcheck.loading.names import normalise
from deckcheck.model import Card, Deck, Entry, Finding
from deckcheck.rules import Reporter


def same_name(card: Card) -> Hashable:
    """"Same card" for every game without an identity rule of its own: the normalised name."""
    return normalise(card.name)


def copies(entries: Iterable[Entry], identity: Callable[[Card], Hashable] = same_name) -> list[list[Entry]]:
    """The resolved entries grouped by card identity, in deck order."""
    groups: dict[Hashable, list[Entry]] = {}
    for entry in entries:
        if entry.card is not None:
            groups.setdefault(identity(entry.card), []).append(entry)
    return list(groups.values())


def count(entries: Iterable[Entry], predicate: Callable[[Card], bool] = lambda card: True) -> int:
    return sum(e.count for e in entries if e.card is not None and predicate(e.card))


def size_range(report: Reporter, zone: str, size: int, minimum: int | None, maximum: int | None,
               what: str) -> Iterator[Finding]:
    """One finding when `size` is outside [minimum, maximum], with the arithmetic."""
    if minimum is not None and maximum is not None and minimum == maximum and size != minimum:
        yield report.about_zone(zone, f"{what} has {size} cards; it must have exactly {minimum}")
    elif minimum is not None and size < minimum:
        yield report.about_zone(zone, f"{what} has {size} cards; it needs at least {minimum}")
    elif maximum is not None and size > maximum:
        yield report.about_zone(zone, f"{what} has {size} cards; it may have at most {maximum}")


def copy_cap(report: Reporter, entries: Iterable[Entry], limit: Callable[[Card], int | None],
             why: str = "", scope: str = "") -> Iterator[Finding]:
    """A finding for each card (by the game's identity rule) with more copies than `limit(card)`,
    counted over `entries` (`scope` names them in the message when they are not the deck alone);
    None means no limit."""
    for group in copies(entries, report.context.identity):
        # printings of one card may carry different limits: the most limited one present counts
        caps = [cap for cap in (limit(e.card) for e in group) if cap is not None]
        cap = min(caps) if caps else None
        total = sum(e.count for e in group)
        if cap is not None and total > cap:
            shown = _names(group)
            reason = f" ({why})" if why else ""
            copies_word = "copy" if total == 1 else "copies"
            yield report.about_entries(group, f"{total} {copies_word} of {shown}{scope}; at most {cap} allowed{reason}")


def _names(group: list[Entry]) -> str:
    names = list(dict.fromkeys(e.card.name for e in group))
    if len(names) == 1:
        return names[0]
    return " + ".join(names) + " (the same card)"


def only_types(report: Reporter, entries: Iterable[Entry], types: tuple[str, ...], what: str) -> Iterator[Finding]:
    """A finding for each card in `entries` that is none of `types` (a zone that holds one kind)."""
    for entry in entries:
        if entry.card is not None and not entry.card.is_a(*types):
            yield report.about_entries([entry], f"{entry.card.name} is not {what}")


def faction_lock(report: Reporter, entries: Iterable[Entry], allowed: Callable[[Card], bool],
                 why: Callable[[Card], str]) -> Iterator[Finding]:
    """A finding for each card whose faction the deck's leader does not allow. A card whose
    faction the database does not state cannot be judged and is passed over."""
    for entry in entries:
        card = entry.card
        if card is not None and card.get("faction") is not None and not allowed(card):
            yield report.about_entries([entry], why(card))


def one_leader(report: Reporter, deck: Deck, zone: str, kind: str, missing: str) -> Iterator[Finding]:
    """A deck led by exactly one card of type `kind`, named in `zone` (a general, a champion)."""
    leaders = deck.entries(zone)
    if not leaders:
        yield report.about_deck(missing)
        return
    if len(leaders) > 1:
        yield report.about_zone(zone, f"{len(leaders)} {kind}s given; a deck has exactly one")
    yield from only_types(report, leaders, (kind,), f"a {kind} card")


def leader(deck: Deck, zone: str, kind: str) -> Card | None:
    """The deck's one leader of type `kind` with a stated faction, or None (then one_leader, or the
    database, says what is missing)."""
    leaders = [e.card for e in deck.entries(zone) if e.card is not None and e.card.is_a(kind)]
    if len(leaders) == 1 and leaders[0].get("faction") is not None:
        return leaders[0]
    return None
