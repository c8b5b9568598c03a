"""`deckcheck goldfish --sweep`: "how many should I run?" The deck played at each count of one card
(`"EF-9 Rabbit=0..4"`) or of one type (`"type:resource=20..26"`), every count on the same shuffles.

The deck keeps its size: each copy the swept cards gain is taken from the fillers, each copy they
lose is given to them. The fillers are `--fill`'s cards (`CARD`, `A, B, C`, or `type:T`), or else
the cards of the deck's most common type other than the swept ones; a copy is taken from (or given
to) the filler with the most copies, the first of them in `--fill`'s order (else the deck's) on a
tie, so a singleton deck gives one copy of each filler in turn. A type's swept copies are likewise
taken from (or given to) its card with the most copies. Each count names the cards it puts in and
takes out against the deck as given (`Sweep.changes`).
Copy limits are not enforced: a sweep asks what a count would do, not whether it is legal.

Each copy a count gains is put in place of the copy it costs (`Sweep.replaces`): in the goldfish
it takes that copy's place in the shuffle, so two counts play the same games but where the
swapped copies lie, and the differences between counts are the counts' own, not the shuffle's.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import replace

from deckcheck.loading.card_db import CardDatabase
from deckcheck.model import START, Card, Deck, Entry
from deckcheck.records import record

_SWEEP = re.compile(r"^(?P<what>.+?)\s*=\s*(?P<low>\d+)\s*\.\.\s*(?P<high>\d+)$")
MAX_COUNTS = 21


class SweepError(ValueError):
    """A sweep that cannot be built from the deck; the message says why."""


@record
class Sweep:
    label: str  # what is swept, as typed
    counts: tuple[int, ...]
    fill: str  # how the deck keeps its size, in words
    decks: tuple[Deck, ...]  # the deck at each count
    # per count, each copy gained (`id#n`, as the goldfish numbers copies) -> the copy of the deck
    # as given that it replaces
    replaces: tuple[dict[str, str], ...]
    union: Deck  # each card at the most copies the deck as given or a count holds
    # per count, each card whose copies differ from the deck as given -> by how many (+ in, - out)
    changes: tuple[tuple[tuple[str, int], ...], ...] = ()


def build_sweep(text: str, deck: Deck, database: CardDatabase, fill: str | None = None) -> Sweep:
    match = _SWEEP.match(text.strip())
    if not match:
        raise SweepError(f"--sweep takes CARD=LOW..HIGH or type:T=LOW..HIGH, not {text!r}")
    low, high = int(match["low"]), int(match["high"])
    if high < low or high - low + 1 > MAX_COUNTS:
        raise SweepError(f"--sweep: {low}..{high} is not a range of 1 to {MAX_COUNTS} counts")
    what = match["what"].strip()
    main = list(deck.entries("main"))
    swept, new_card = _swept(what, main, database)
    filler = _filler(fill, main, swept, database)
    built = [_at(deck, swept, new_card, filler, count) for count in range(low, high + 1)]
    described = f"--fill {fill}" if fill else "the cards of the deck's most common type besides the swept ones"
    decks = tuple(variant for variant, _ in built)
    return Sweep(
        what,
        tuple(range(low, high + 1)),
        f"the deck keeps its size: copies come from and go to {described}",
        decks,
        tuple(_replaced(main, swaps) for _, swaps in built),
        _union(deck, decks),
        tuple(_changes(swaps) for _, swaps in built),
    )


def _changes(swaps: list[tuple[Card, Card]]) -> tuple[tuple[str, int], ...]:
    """The cards a count puts in (+) and takes out (-), by name, the ones put in first."""
    delta: Counter = Counter()
    for added, taken in swaps:
        delta[added.name] += 1
        delta[taken.name] -= 1
    return tuple(sorted(((name, n) for name, n in delta.items() if n), key=lambda item: (-item[1], item[0])))


def _union(deck: Deck, variants: tuple[Deck, ...]) -> Deck:
    """The deck with each card of its main deck at the most copies it or a variant holds."""
    most: dict[str, Entry] = {}
    for each in (deck, *variants):
        held: Counter[str] = Counter()
        first: dict[str, Entry] = {}
        for entry in each.entries("main"):
            if entry.card is not None:
                held[entry.card.id] += entry.count
                first.setdefault(entry.card.id, entry)
        for card, count in held.items():
            if card not in most or count > most[card].count:
                most[card] = replace(first[card], count=count)
    return replace(deck, zones={**deck.zones, "main": tuple(most.values())})


def _card_named(name: str, database: CardDatabase) -> Card:
    resolution = database.names.resolve(name, suggest=True)
    if resolution.card:
        return resolution.card
    if resolution.candidates:
        raise SweepError(f"'{name}' names several printings: use one of the ids {', '.join(c.id for c in resolution.candidates)}")
    hint = f"; did you mean {', '.join(repr(s) for s in resolution.suggestions)}?" if resolution.suggestions else ""
    raise SweepError(f"'{name}' is no {database.game} card{hint}")


def _swept(what: str, main: list[Entry], database: CardDatabase) -> tuple[Callable[[Card], bool], Card | None]:
    """Which cards the sweep counts, and the card to add copies of when the deck has none."""
    key, colon, value = what.partition(":")
    if colon and key.strip().lower() == "type":
        wanted = value.strip().lower().replace(" ", "_").replace("-", "_")
        if not any(card.is_a(wanted) for card in database.cards):
            raise SweepError(f"--sweep: no {database.game} card has type '{value.strip()}'")
        if not any(e.card is not None and e.card.is_a(wanted) for e in main):
            raise SweepError(f"--sweep: the deck has no {value.strip()} card to sweep the count of")
        return (lambda card: card.is_a(wanted)), None
    card = _card_named(what, database)
    return (lambda other: other.id == card.id), card


def _filler(
    fill: str | None, main: list[Entry], swept: Callable[[Card], bool], database: CardDatabase
) -> Callable[[Card], bool] | list[Card]:
    """The fillers: `--fill`'s cards in its order, or which cards fill (`type:T`, or by default
    the deck's most common type besides the swept cards)."""
    if fill:
        key, colon, value = fill.partition(":")
        if colon and key.strip().lower() == "type":
            wanted = value.strip().lower().replace(" ", "_").replace("-", "_")
            if not any(e.card is not None and e.card.is_a(wanted) and not swept(e.card) for e in main):
                raise SweepError(f"--fill {fill}: the deck has no {value.strip()} card besides the swept ones")
            return lambda card: card.is_a(wanted) and not swept(card)
        cards = [_card_named(name.strip(), database) for name in fill.split(",") if name.strip()]
        for card in cards:
            if swept(card):
                raise SweepError(f"--fill {fill}: the filler cannot be one of the swept cards")
        return cards
    types: Counter[str] = Counter()
    for entry in main:
        if entry.card is not None and not swept(entry.card):
            types[entry.card.types[0]] += entry.count
    if not types:
        raise SweepError("--sweep: the deck has no other card to keep its size with; name one with --fill")
    common = types.most_common(1)[0][0]
    return lambda card: card.is_a(common) and not swept(card)


def _at(
    deck: Deck, swept: Callable[[Card], bool], new_card: Card | None, filler: Callable[[Card], bool] | list[Card], count: int
) -> tuple[Deck, list[tuple[Card, Card]]]:
    """The deck with `count` swept cards, its size kept by the fillers, and its swaps: (the card
    a copy was added of, the card a copy was taken from), in the order made."""
    entries = [replace(e) for e in deck.entries("main")]
    have = sum(e.count for e in entries if e.card is not None and swept(e.card))
    if have == 0 and count > 0 and new_card is not None:
        entries.append(Entry(new_card.name, 0, "main", entries[0].position if entries else START, new_card))
    named = filler if isinstance(filler, list) else []
    for card in named:  # a named filler the deck lacks can still take copies
        if not any(e.card is not None and e.card.id == card.id for e in entries):
            entries.append(Entry(card.name, 0, "main", entries[0].position if entries else START, card))
    order = {card.id: i for i, card in enumerate(named)}

    def is_filler(card: Card) -> bool:
        return card.id in order if isinstance(filler, list) else filler(card)

    swaps = []
    for _ in range(abs(count - have)):
        gaining = count > have
        moved = _move(entries, swept, +1 if gaining else -1)
        filled = _move(entries, is_filler, -1 if gaining else +1, order)
        if moved is None:  # (the swept card is in the deck, or added above, whenever a count differs)
            raise SweepError(f"--sweep: no copy of the swept cards can be moved to reach {count}")
        if filled is None:
            raise SweepError(f"--sweep: the fillers run out before {count}; name another with --fill")
        swaps.append((moved, filled) if gaining else (filled, moved))
    kept = tuple(e for e in entries if e.count > 0)
    return replace(deck, zones={**deck.zones, "main": kept}), swaps


def _move(entries: list[Entry], which: Callable[[Card], bool], step: int, order: dict[str, int] | None = None) -> Card | None:
    """One copy more (or fewer) of the entry of `which` with the most copies, the first in
    `order` (else the deck's) on a tie: its card, or None when none can."""
    able = [i for i, e in enumerate(entries) if e.card is not None and which(e.card) and (step > 0 or e.count > 0)]
    if not able:
        return None
    rank = order or {}
    most = min(able, key=lambda i: (-entries[i].count, rank.get(entries[i].known.id, 0), i))
    entries[most] = replace(entries[most], count=entries[most].count + step)
    return entries[most].card


def _replaced(main: list[Entry], swaps: list[tuple[Card, Card]]) -> dict[str, str]:
    """Each copy the swaps added -> the copy it replaced: a card gains copies after its last and
    loses its last copies first, so the copies both decks hold keep their numbers."""
    copies: Counter[str] = Counter()
    for entry in main:
        if entry.card is not None:
            copies[entry.card.id] += entry.count
    replaces = {}
    for added, taken in swaps:
        copies[added.id] += 1
        replaces[f"{added.id}#{copies[added.id]}"] = f"{taken.id}#{copies[taken.id]}"
        copies[taken.id] -= 1
    return replaces
