"""Turning a name a person typed into a card id, once, at loading.

Suggestions come from the standard library's difflib: it only runs for a name that matched
nothing, on at most a few thousand card names, so a compiled matcher would buy nothing a user
could notice and would cost a dependency.
"""

from __future__ import annotations

import difflib
import hashlib
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from deckcheck.model import Card

_QUOTES = str.maketrans(
    {
        "\u2018": "'",
        "\u2019": "'",
        "\u201a": "'",
        "\u201b": "'",
        "\u2032": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u201e": '"',
        "\u201f": '"',
        "\u2033": '"',
        "`": "'",
        "\u00b4": "'",
    }
)
_SPACE = re.compile(r"\s+")
_INSIDE_BRACKETS = re.compile(r"([(\[]) +| +(?=[)\]])")


@lru_cache(maxsize=1 << 16)  # the same names recur in every deck of a folder
def normalise(name: str) -> str:
    """NFKC, straight quotes, one space between words, none just inside brackets, case-folded:
    a deck file's `Cornelius ( C)` is the card list's `Cornelius (C)`."""
    if name.isascii() and "`" not in name:  # most names: NFKC and the quote table change nothing
        text = " ".join(name.split()).lower()
    else:
        text = _SPACE.sub(" ", unicodedata.normalize("NFKC", name).translate(_QUOTES)).strip().casefold()
    return _INSIDE_BRACKETS.sub(r"\1", text) if ("( " in text or " )" in text or "[ " in text or " ]" in text) else text


def strip_accents(key: str) -> str:
    decomposed = unicodedata.normalize("NFKD", key)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def slug(name: str) -> str:
    """A name as an id: lower-case Latin letters, digits and dashes. A name with none of those (a
    Greek or Hebrew printing) gets one from its hash, the same every time."""
    made = re.sub(r"[^a-z0-9]+", "-", strip_accents(normalise(name))).strip("-")
    if made or not name.strip():
        return made
    return "x-" + hashlib.sha256(normalise(name).encode()).hexdigest()[:10]


@dataclass(frozen=True)
class Resolution:
    card: Card | None
    candidates: tuple[Card, ...] = ()  # several printings matched: the user must pick an id
    suggestions: tuple[str, ...] = ()  # nothing matched: close names
    renamed: Renaming | None = None  # the name typed is one errata replaced

    @property
    def printings(self) -> tuple[Card, ...]:
        return (self.card,) if self.card else self.candidates


def _resolution(found: Iterable[Card]) -> Resolution:
    printings = tuple(dict.fromkeys(found))
    return Resolution(printings[0]) if len(printings) == 1 else Resolution(None, candidates=printings)


@dataclass(frozen=True)
class Renaming:
    """A card's name as errata corrected it: `Alexander the Coopersmith` is `Alexander the
    Coppersmith`. The card list may keep the printed name; a deck may write either."""

    printed: str
    errata: str
    cards: tuple[Card, ...]  # the printings it renames
    source: str  # where the erratum is published, as a note names it


class RenamedIndex:
    """A NameIndex that also reads the names errata gave cards: an errata name finds the cards it
    renames (with any printing that bears it), and a printed name is found with its erratum."""

    def __init__(self, index: NameIndex, renamings: Iterable[Renaming]):
        self.index = index
        self._by_errata: dict[str, list[Renaming]] = {}
        self._of_card: dict[str, Renaming] = {}
        for renaming in renamings:
            self._by_errata.setdefault(normalise(renaming.errata), []).append(renaming)
            self._of_card.update({card.id: renaming for card in renaming.cards})

    def resolve(self, typed: str, suggest: bool = False) -> Resolution:
        renamings = self._by_errata.get(normalise(typed))
        found = self.index.resolve(typed, suggest=suggest and not renamings)
        if renamings:
            return _resolution(found.printings + tuple(card for r in renamings for card in r.cards))
        printed = {self._of_card.get(card.id) for card in found.printings}
        renaming = printed.pop() if len(printed) == 1 else None
        if renaming is not None and normalise(renaming.errata) not in normalise(typed):
            return Resolution(found.card, found.candidates, found.suggestions, renaming)
        return found

    def errata_name(self, card: Card) -> str | None:
        renaming = self._of_card.get(card.id)
        return renaming.errata if renaming else None


def one_title(printings: Iterable[Card]) -> bool:
    return len({normalise(card.title) for card in printings}) == 1


class NameIndex:
    """Every way a card of one database may be named: its id, its name, its title, either name of
    a two-name card (`Mary, Holy Virgin` of `Mary, Holy Virgin / Mary, Willing Servant`)."""

    def __init__(self, cards: Iterable[Card]):
        self._by_id: dict[str, Card] = {}
        self._by_name: dict[str, list[Card]] = {}
        self._by_title: dict[str, list[Card]] = {}  # every printing of a title
        self._by_half: dict[str, list[Card]] = {}
        self._unaccented: dict[str, list[Card]] | None = None  # built the first time a name needs it
        self._spellings: dict[str, str] | None = None  # normalised name -> name, for suggestions
        self._trigrams: dict[str, list[str]] = {}  # three-letter run -> the names holding it
        self._resolved: dict[tuple[str, bool], Resolution] = {}  # a folder's decks name the same cards again and again
        for card in cards:
            self._by_id[card.id.casefold()] = card
            self._by_name.setdefault(normalise(card.name), []).append(card)
            title = card.facts.get("title") or card.name
            self._by_title.setdefault(normalise(title), []).append(card)
            for half in two_names(title):
                self._by_half.setdefault(normalise(half), []).append(card)

    def __contains__(self, card_id: str) -> bool:
        return card_id.casefold() in self._by_id

    def errata_name(self, card: Card) -> str | None:  # what a RenamedIndex answers: no errata here
        return None

    def resolve(self, typed: str, suggest: bool = False) -> Resolution:
        """The card `typed` names, or the printings it may mean, or (with `suggest`) close names.
        A name that is a title means every printing of it, though one printing bears that name
        alone (`The Magi` of FoOF and `The Magi (GoC)`): the deck line names the card."""
        asked = (typed, suggest)
        found = self._resolved.get(asked)
        if found is None:
            if len(self._resolved) >= MAX_REMEMBERED:  # a page serving strangers' names for days stays bounded
                self._resolved.clear()
            found = self._resolved[asked] = self._resolve(typed, suggest)
        return found

    def _resolve(self, typed: str, suggest: bool) -> Resolution:
        key = normalise(typed)
        by_id = self._by_id.get(key) or self._by_id.get(typed.strip().casefold())
        if by_id is not None and by_id.id == typed.strip():  # written as the id, not a name that slugs to it
            return Resolution(by_id)
        named = self._by_name.get(key, [])
        # the printings that bear the title under another name (most names are their own title)
        reprints = [card for card in self._by_title.get(key, ()) if card not in named]
        for found in (named + reprints if reprints else named, self._by_half.get(key, [])):
            if found:
                return _resolution(found)
        if by_id is not None:
            return Resolution(by_id)
        if self._unaccented is None:
            # built whole before it is shared: the page of `serve` resolves names in several threads
            unaccented_index: dict[str, list[Card]] = {}
            for name, found in self._by_name.items():
                unaccented_index.setdefault(strip_accents(name), []).extend(found)
            self._unaccented = unaccented_index
        unaccented = self._unaccented.get(strip_accents(key), [])
        if len(unaccented) == 1:
            return Resolution(unaccented[0])
        return Resolution(None, suggestions=self.suggest(typed) if suggest else ())

    def suggest(self, typed: str, limit: int = 3) -> tuple[str, ...]:
        """Up to `limit` names close to `typed`. difflib compares it with the few dozen names that
        share the most three-letter runs with it, not with every name of a 5,000-card list."""
        if self._spellings is None:
            spellings = {key: cards[0].name for key, cards in sorted(self._by_name.items())}
            trigrams: dict[str, list[str]] = {}
            for key in spellings:
                for gram in _trigrams(key):
                    trigrams.setdefault(gram, []).append(key)
            self._trigrams = trigrams  # both built whole before either is shared between threads
            self._spellings = spellings
        wanted = normalise(typed)[:MAX_SUGGESTED_LENGTH]
        shared: dict[str, int] = {}
        for gram in _trigrams(wanted):
            for key in self._trigrams.get(gram, ()):
                shared[key] = shared.get(key, 0) + 1
        candidates = sorted(shared, key=lambda key: (-shared[key], key))[:CANDIDATES]
        close = difflib.get_close_matches(wanted, candidates, n=limit, cutoff=0.6)
        return tuple(self._spellings[c] for c in close)


MAX_REMEMBERED = 50_000  # names whose resolution an index keeps
MAX_SUGGESTED_LENGTH = 200  # a longer name is no card's: compare its start
CANDIDATES = 40  # names difflib compares a typed name with


def two_names(title: str) -> tuple[str, ...]:
    """The names of a card printed with two (`Abihud, the Progeny / Abihud, the Exilarch`), or none."""
    if " / " not in title:
        return ()
    return tuple(half.strip() for half in title.split(" / ") if half.strip())


def _trigrams(key: str) -> set[str]:
    padded = f"  {key} "
    return {padded[i : i + 3] for i in range(len(padded) - 2)}
