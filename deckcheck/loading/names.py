"""Turning a name a person typed into a card id, once, at loading.

Suggestions come from the standard library's difflib: it only runs for a name that matched
nothing, on at most a few thousand card names, so a compiled matcher would buy nothing a user
could notice and would cost a dependency.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from deckcheck.loading import positions
from deckcheck.loading.marks import CHOICE, QUOTED_AFTER_MARK, TRAILING_MARK, bracket_blind, shortened, two_names, without_marks
from deckcheck.loading.spelling import invisible, normalise, slug, strip_accents
from deckcheck.model import Card
from deckcheck.records import record


@record
class Resolution:
    """What a typed name finds in a card list: the printing, the printings it may mean, or names close
    to it."""

    card: Card | None
    candidates: tuple[Card, ...] = ()  # several printings matched: which card is meant is judged later
    suggestions: tuple[str, ...] = ()  # nothing matched: close names
    renamed: Renaming | None = None  # the name typed is one errata replaced
    how: str = ""  # how the name was found: one of the BY_ words below, "" when it was not
    also: Renaming | None = None  # an errata name that the printing named exactly shares with another card

    @property
    def printings(self) -> tuple[Card, ...]:
        return (self.card,) if self.card else self.candidates

    @property
    def exact(self) -> bool:
        """Named as one printing (or the printings the card list names alike) is named: by id or
        by its whole name. Printings of other cards that share its title were not looked at."""
        return self.how in (BY_ID, BY_NAME)


# how a name found its printings, in the order they are tried (docs/deck-files.md, how a name becomes a card)
BY_ID, BY_NAME, BY_TITLE, BY_HALF, BY_BARE_NAME, BY_SET, BY_ERRATA, BY_ACCENTS = (
    "id",
    "name",
    "title",
    "one of its two names",
    "its name without the printing's mark",
    "its title and the set its mark names",
    "a name the dictionary's errata give",
    "its name without accents",
)


def _resolution(found: Iterable[Card], how: str) -> Resolution:
    printings = tuple(dict.fromkeys(found))
    return Resolution(printings[0], how=how) if len(printings) == 1 else Resolution(None, candidates=printings, how=how)


@record
class Renaming:
    """A card's name as errata corrected it: `Alexander the Coopersmith` is `Alexander the
    Coppersmith`. The card list may keep the printed name; a deck may write either."""

    printed: str
    errata: str
    cards: tuple[Card, ...]  # the printings it renames
    source: str  # where the erratum is published, as a note names it


class RenamedIndex:
    """A NameIndex that also reads the names errata gave cards and the names errata replaced. A
    name the card list gives a printing exactly is that printing, whatever errata say: `Sanhedrin`
    is the Apostles enhancement, though errata call the Early Church character so (its note says
    how to name that one). Otherwise an errata name finds the cards it renames (`The Ethiopian
    Treasurer` finds `Ethiopian Treasurer (EC)`), a replaced name finds the cards that bore it
    (`Pharoah`), and a printing named by the name it bore before its erratum gets a note."""

    def __init__(self, index: NameIndex, renamings: Iterable[Renaming]):
        self.index = index
        self._by_errata: dict[str, list[Renaming]] = {}
        self._by_printed: dict[str, list[Renaming]] = {}
        self._of_card: dict[str, Renaming] = {}
        for renaming in renamings:
            self._by_errata.setdefault(normalise(renaming.errata), []).append(renaming)
            self._by_printed.setdefault(normalise(renaming.printed), []).append(renaming)
            self._of_card.update({card.id: renaming for card in renaming.cards})
        self._resolved: dict[tuple[str, bool], Resolution] = {}  # as NameIndex's: names repeat

    def resolve(self, typed: str, suggest: bool = False) -> Resolution:
        asked = (typed, suggest)
        found = self._resolved.get(asked)
        if found is None:
            if len(self._resolved) >= MAX_REMEMBERED:
                self._resolved.clear()
            found = self._resolved[asked] = self._resolve(typed, suggest)
        return found

    def _resolve(self, typed: str, suggest: bool) -> Resolution:
        key = normalise(typed)
        renamings = [r for r in self._by_errata.get(key, []) + self._by_printed.get(key, []) if r.cards]
        found = self.index.resolve(typed, suggest=suggest and not renamings)
        if found.how == BY_ID:
            return found  # an id names a printing, not a name errata replaced
        if found.exact:
            other = [r for r in self._by_errata.get(key, []) if not set(r.cards) & set(found.printings)]
            also = other[0] if other else None
            return replace(found, renamed=self._renamed(typed, found.printings), also=also)
        if renamings:
            renamed = tuple(card for r in renamings for card in r.cards)
            how = found.how if found.printings else BY_ERRATA
            merged = _resolution(found.printings + renamed, how)
            return replace(merged, renamed=self._renamed(typed, merged.printings))
        return replace(found, renamed=self._renamed(typed, found.printings)) if found.printings else found

    def _renamed(self, typed: str, printings: tuple[Card, ...]) -> Renaming | None:
        """The erratum of the printings a name found, when the name is not the errata name."""
        printed = {self._of_card.get(card.id) for card in printings}
        renaming = printed.pop() if len(printed) == 1 else None
        if renaming is None or normalise(without_marks(typed)) == normalise(renaming.errata):
            return None  # the errata name needs no note
        return renaming

    def errata_name(self, card: Card) -> str | None:
        renaming = self._of_card.get(card.id)
        return renaming.errata if renaming else None

    def printings_of(self, title: str) -> tuple[Card, ...]:
        return self.index.printings_of(title)

    def written(self, card: Card) -> str:
        return self.index.written(card)


class NameIndex:
    """Every way a card of one database may be named: its id, its name, its title, either name of
    a two-name card (`Mary, Holy Virgin` of `Mary, Holy Virgin / Mary, Willing Servant`), its name
    without the printing's mark (`Son of God "Manger"` of `Son of God "Manger" (Promo)`), its title
    with a set's code as the mark (`Chariot of Fire (PoC)`).

    It holds each card's position in the database, not the card, so that the index is kept in the
    cache with the cards (`kept`, and `stored` to build it again) and costs no work to restore: a
    table kept as JSON text is read the first time a name needs it. The tables are by id, by name,
    by title (every printing of a title) and by either name of a two-name card."""

    def __init__(self, cards: Sequence[Card], stored: KeptNames | None = None, set_codes: Callable[[], SetCodes] = dict):
        self._cards = cards
        self._set_codes = set_codes  # how people write the sets (set_names.py), read the first time a mark needs it
        self._tables = positions.Tables(stored if stored is not None else _indexed(cards))
        self._unaccented: dict[str, list[int]] | None = None  # built the first time a name needs it
        self._trigrams: dict[str, list[str]] | None = None  # three-letter run -> the names holding it
        self._resolved: dict[tuple[str, bool], Resolution] = {}  # a folder's decks name the same cards again and again
        self._written: dict[str, str] = {}  # card id -> written(): the cards of a database, bounded as they are

    @property
    def kept(self) -> dict[str, Mapping[str, Any]]:
        """The index as the cache keeps it: NameIndex(cards, stored=kept) is this index again. The
        tables built when first needed are built now, so that none needs every card made again."""
        self._bare()
        self._blind()
        self._spellings()
        return self._tables.kept()

    def _table(self, name: str) -> Mapping[str, Any]:
        return self._tables[name]

    def __contains__(self, card_id: str) -> bool:
        return card_id.casefold() in self._table("id")

    def errata_name(self, card: Card) -> str | None:  # what a RenamedIndex answers: no errata here
        return None

    def printings_of(self, title: str) -> tuple[Card, ...]:
        """Every printing of a title, the card's own printings and other cards' alike."""
        return self._at(self._table("title").get(normalise(title)))

    def written(self, card: Card) -> str:
        """How a deck names this printing and no other, as a player can type it: its name where that
        is so, else its title and its set (`Potiphera, Priest of On (IR)`, the set as the card list
        or people write it), else its id."""
        found = self._written.get(card.id)
        if found is None:
            found = self._written[card.id] = self._spelled(card)
        return found

    def _spelled(self, card: Card) -> str:
        if self.resolve(card.name).card is card:
            return card.name
        title = str(card.get("title") or without_marks(card.name))
        code = str(card.get("set") or "")
        words = sorted((w for w, codes in self._set_codes().items() if codes == {code.casefold()}), key=len)
        for mark in dict.fromkeys([code, *words]) if code else ():
            for spelled in (f"{title} ({mark})", f"{title} [{mark}]"):
                if self.resolve(spelled).card is card:
                    return spelled
        return card.id

    def resolve(self, typed: str, suggest: bool = False) -> Resolution:
        """The printing `typed` names, or the printings it may mean (whose cards are judged with
        the format's "same card" rule), or (with `suggest`) close names. A printing's whole name
        is that printing: `The Magi` is the Faith of Our Fathers printing, not `The Magi (GoC)`;
        a name that is only a title means every printing of it."""
        asked = (typed, suggest)
        found = self._resolved.get(asked)
        if found is None:
            if len(self._resolved) >= MAX_REMEMBERED:  # a page serving strangers' names for days stays bounded
                self._resolved.clear()
            found = self._resolved[asked] = self._resolve(typed, suggest)
        return found

    def _at(self, found: positions.Found | None) -> tuple[Card, ...]:
        return tuple(self._cards[position] for position in positions.each(found))

    def _resolve(self, typed: str, suggest: bool) -> Resolution:
        key = normalise(typed)
        ids = self._table("id")
        position = ids.get(key, ids.get(typed.strip().casefold()))
        by_id = None if position is None else self._cards[position]
        if by_id is not None and by_id.id == typed.strip():  # written as the id, not a name that slugs to it
            return Resolution(by_id, how=BY_ID)
        # the index of names without their marks is built only when a name needs it (most are whole names)
        for how, index in (
            (BY_NAME, lambda: self._table("name")),
            (BY_TITLE, lambda: self._table("title")),
            (BY_HALF, lambda: self._table("half")),
            (BY_BARE_NAME, self._bare),
        ):
            found = index().get(key)
            if found is not None:  # (0: the first card's position)
                return _resolution(self._at(found), how)
        if "(" in key or "[" in key:  # `Lost Soul "Hopper" (II Chronicles 28:13)`, `Storehouse (IR)`: brackets alike
            blind = self._blind().get(bracket_blind(key))
            if blind:
                return _resolution(self._at(blind), BY_NAME)
        in_set = self._in_set(typed)
        if in_set:
            return _resolution(in_set, BY_SET)
        moved = QUOTED_AFTER_MARK.match(key)
        if moved is not None:  # its quoted name where the card list writes it: before its marks
            found_moved = self._resolve(f"{moved['head']} {moved['quoted']} {moved['mark']}{moved['rest']}", suggest=False)
            if found_moved.printings:
                return found_moved
        if by_id is not None:
            return Resolution(by_id, how=BY_ID)
        if self._unaccented is None:
            # built whole before it is shared: the page of `serve` resolves names in several threads
            unaccented_index: dict[str, list[int]] = {}
            for name, found in self._table("name").items():
                unaccented_index.setdefault(strip_accents(name), []).extend(positions.each(found))
            self._unaccented = unaccented_index
        unaccented = self._unaccented.get(strip_accents(key), [])
        if len(unaccented) == 1:
            return Resolution(self._cards[unaccented[0]], how=BY_ACCENTS)
        return Resolution(None, suggestions=self.suggest(typed) if suggest else ())

    def _bare(self) -> Mapping[str, positions.Found]:
        """Printings by each name their own takes off its marks, one at a time from the end (the
        "bare" table, built the first time a name needs it: most names are whole)."""
        if "bare" not in self._tables:
            bare: dict[str, positions.Found] = {}  # built whole before it is shared between threads
            for position in (position for found in self._table("name").values() for position in positions.each(found)):
                for shorter in shortened(self._cards[position].name):
                    positions.add(bare, normalise(shorter), position)
            self._tables.add("bare", bare)
        return self._table("bare")

    def _blind(self) -> Mapping[str, list[int]]:
        """Printings by their names and names less marks with every bracket a parenthesis (the
        "blind" table, built the first time a name needs it, whole before it is shared between
        threads, and kept: most pasted or starter decks write a bracket the card list does not)."""
        if "blind" not in self._tables:
            blinded: dict[str, list[int]] = {}
            for table in (self._table("name"), self._table("title"), self._bare()):
                for key, found in table.items():
                    if "[" in key or "(" in key:
                        blinded.setdefault(bracket_blind(key), []).extend(positions.each(found))
            self._tables.add("blind", {key: list(dict.fromkeys(found)) for key, found in blinded.items()})
        return self._table("blind")

    def _spellings(self) -> Mapping[str, str]:
        """Each normalised name -> the name as the card list spells it (the "spelling" table, for
        suggestions: built the first time a name matches nothing)."""
        if "spelling" not in self._tables:
            names, halves = self._table("name"), self._table("half")
            spelling = {key: self._cards[positions.each(names[key])[0]].name for key in sorted(names)}
            # either name of a card printed with two (`Mary, Holy Virgin`) suggests that card, not another character
            for key in sorted(halves):
                spelling.setdefault(key, self._cards[positions.each(halves[key])[0]].name)
            self._tables.add("spelling", spelling)
        return self._table("spelling")

    def _in_set(self, typed: str) -> list[Card]:
        """`Chariot of Fire (PoC)`: the printings of that title (or name without its mark) in the set
        the typed mark names, where the card list writes that printing another way."""
        found = TRAILING_MARK.search(typed)
        if found is None:
            return []
        codes = self._codes_of(found)
        named = normalise(typed[: found.start()])
        at = positions.each(self._table("title").get(named)) + positions.each(self._bare().get(named))
        at += positions.each(self._table("half").get(named))  # `Mary, Willing Servant (GoC)`: one name of two
        if not at and ("(" in named or "[" in named):  # `Lost Soul "Hormah" (Judges 1:17) (Roots)`
            at = self._blind().get(bracket_blind(named), [])
        printings = self._at(at)
        return list(dict.fromkeys(card for card in printings if str(card.get("set") or "").casefold() in codes))

    def _codes_of(self, mark: re.Match[str]) -> frozenset[str]:
        """The card list's set codes a trailing mark names (`(GC)`: GoC), case-folded, the mark itself
        among them; a store's choice of printings names each (`(I & J+ or Promo)`)."""
        written = " ".join((mark.group(1) or mark.group(2) or "").casefold().split())
        words = self._set_codes()
        if written in words or not CHOICE.search(written):
            return words.get(written, frozenset()) | {written}
        parts = [part.strip() for part in CHOICE.split(written) if part.strip()]
        return frozenset(code for part in parts for code in words.get(part, frozenset()) | {part})

    def _of_sets(self, key: str, codes: frozenset[str]) -> bool:
        """Whether the name (or half name) `key` is a printing of one of the sets `codes`."""
        found = self._table("name").get(key) or self._table("half").get(key)
        return any(str(self._cards[at].get("set") or "").casefold() in codes for at in positions.each(found))

    def suggest(self, typed: str, limit: int = 3) -> tuple[str, ...]:
        """Up to `limit` names close to `typed`, a printing of the set it names first (`Herod the Grate
        (Di)`: `Herod the Great (Di)`). difflib compares it with the few dozen names that share the
        most three-letter runs with it, not with every name of a 5,000-card list."""
        spellings = self._spellings()
        if self._trigrams is None:
            trigrams: dict[str, list[str]] = {}
            for key in spellings:
                for gram in _trigrams(key):
                    trigrams.setdefault(gram, []).append(key)
            self._trigrams = trigrams  # built whole before it is shared between threads
        wanted = normalise(typed)[:MAX_SUGGESTED_LENGTH]
        shared: dict[str, int] = {}
        for gram in _trigrams(wanted):
            for key in self._trigrams.get(gram, ()):
                shared[key] = shared.get(key, 0) + 1
        candidates = sorted(shared, key=lambda key: (-shared[key], key))[:CANDIDATES]
        import difflib  # here: only a name that matched nothing needs it

        close = difflib.get_close_matches(wanted, candidates, n=limit * 3, cutoff=0.6)
        mark = TRAILING_MARK.search(typed)
        if mark is not None and mark.start() > 0:
            codes = self._codes_of(mark)
            of_set = next((key for key in close if self._of_sets(key, codes)), None)
            close = ([of_set] if of_set else []) + [key for key in close if key != of_set]  # then the closest
        return tuple(dict.fromkeys(spellings[c] for c in close))[:limit]


SetCodes = Mapping[str, frozenset[str]]  # a set as people write it -> the card list's codes
KeptNames = Mapping[str, dict[str, Any] | bytes]  # NameIndex.kept, or its tables as JSON text


def _indexed(cards: Sequence[Card]) -> dict[str, dict[str, Any]]:
    by_id: dict[str, int] = {}
    by_name: dict[str, positions.Found] = {}
    by_title: dict[str, positions.Found] = {}
    by_half: dict[str, positions.Found] = {}
    for position, card in enumerate(cards):
        by_id[card.id.casefold()] = position
        positions.add(by_name, normalise(card.name), position)
        title = card.facts.get("title") or card.name
        positions.add(by_title, normalise(title), position)
        for half in two_names(title):
            positions.add(by_half, normalise(half), position)
    return {"id": by_id, "name": by_name, "title": by_title, "half": by_half}


MAX_REMEMBERED = 50_000  # names whose resolution an index keeps
MAX_SUGGESTED_LENGTH = 200  # a longer name is no card's: compare its start
CANDIDATES = 40  # names difflib compares a typed name with


# from the start of a run of spaces only, and possessive: linear in a name of a megabyte of spaces
def _trigrams(key: str) -> set[str]:
    padded = f"  {key} "
    return {padded[i : i + 3] for i in range(len(padded) - 2)}


__all__ = [
    "invisible",
    "NameIndex",
    "RenamedIndex",
    "Renaming",
    "Resolution",
    "normalise",
    "shortened",
    "slug",
    "two_names",
    "without_marks",
]
