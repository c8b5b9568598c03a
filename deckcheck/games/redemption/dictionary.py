"""The Official Redemption Dictionary of Identifiers and References (ORDIR), one version a data
file (card_data/formats/redemption/ordir-<version>.yaml, written by scripts/import_ordir.py), and
its titles matched to a card database's printings.

The dictionary names cards as `Title (sets)` in its own spelling and set abbreviations. A title
matches the printings whose title (either half of a two-name card) is the same once case, quotes,
commas and full stops are set aside, or that the data's `spellings` give; its sets narrow the
match to the printings of those sets (`Bear (D)` is not the generic `Bear (CW)`) where any of them
is in the database, and otherwise every printing of the title matches.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import date
from functools import cache, lru_cache
from pathlib import Path
from types import MappingProxyType

from deckcheck.games.redemption.kept import Kept
from deckcheck.games.redemption.rules_version import set_key, versions
from deckcheck.loading import resources
from deckcheck.loading.card_db import CardDatabase
from deckcheck.loading.checked_yaml import checked_data
from deckcheck.loading.names import Renaming, normalise
from deckcheck.model import Card
from deckcheck.records import record

_SET_MARK = re.compile(r"-[A-Za-z0-9]+$")  # EC-1st, P-2019, A-L: the printing within a set


@record
class Listed:
    """A title as the dictionary lists it, with the sets it names."""

    title: str
    sets: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.title} ({', '.join(self.sets)})"


@record
class Erratum:
    """A name the dictionary's errata give the cards of these sets."""

    name: str
    sets: tuple[str, ...]
    errata: str


@record(eq=False)  # hashed by identity: matches are cached per dictionary and database
class Dictionary:
    """The Official Redemption Dictionary as deckcheck reads it: set printings, spellings, the
    Duplicate Card and Generic Character lists, name errata."""

    version: str
    published: str
    source: str
    set_printings: Mapping[str, tuple[str, ...]]
    spellings: Mapping[str, str]
    duplicate_cards: tuple[tuple[Listed, ...], ...]
    generic: tuple[Listed, ...]
    name_errata: tuple[Erratum, ...]
    not_in_card_list: Mapping[str, str]

    @property
    def label(self) -> str:
        return f"Official Redemption Dictionary {self.version}"


def _listed(entry: dict) -> Listed:
    return Listed(entry["title"], tuple(entry["sets"]))


@cache
def dictionary(version: str) -> Dictionary:
    data = checked_data(resources.format_rules_folder("redemption") / f"ordir-{version}.yaml", "dictionary")
    return Dictionary(
        version=data["version"],
        published=data["published"],
        source=data["source"],
        set_printings=MappingProxyType({key: tuple(sets) for key, sets in data["set_printings"].items()}),
        spellings=MappingProxyType(dict(data["spellings"])),
        duplicate_cards=tuple(tuple(_listed(entry) for entry in group) for group in data["duplicate_cards"]),
        generic=tuple(_listed(entry) for kind in data["generic"].values() for entry in kind),
        name_errata=tuple(Erratum(e["name"], tuple(e["sets"]), e["errata"]) for e in data["name_errata"]),
        not_in_card_list=MappingProxyType(dict(data.get("not_in_card_list", {}))),
    )


_MARKS_ASIDE = str.maketrans(dict.fromkeys(",.()[]", " "))


@lru_cache(maxsize=1 << 16)  # a full card list's titles are read again for each list matched to it
def loose(title: str) -> str:
    """A title compared as the dictionary and the card list can both be read: case, quotes,
    commas, full stops and brackets aside (`Abednego (Azariah)`, `Fourth Seal, Death`)."""
    return " ".join(normalise(title).translate(_MARKS_ASIDE).split())


_BRIGADE_BRACKET = re.compile(r"^(?P<title>.*?)\s*\[(?P<colours>[A-Za-z ]+(?:\s*[/,]\s*[A-Za-z ]+)*)\]$")


def brigade_variant(title: str) -> tuple[str, frozenset[str]] | None:
    """`Angry Mob [Black]` -> ("Angry Mob", {"black"}): a title told apart by its brigades; a
    bracket that also names the art (`[Gold, Barrels]`) narrows by its colours alone."""
    found = _BRIGADE_BRACKET.match(title)
    if not found:
        return None
    # (imported here: a check whose card list's identities are kept in the cache reads no such title)
    from deckcheck.importers.lackey_titles import brigades_of

    colours = frozenset(brigades_of(found.group("colours")))
    return (found.group("title"), colours) if colours else None


@record
class Match:
    """The printings one listed title matched, and how (`sets`: within its sets; `title`: its
    sets hold none of them, so every printing of the title)."""

    listed: Listed
    cards: tuple[Card, ...]
    how: str


@record
class Matched:
    """A dictionary read against one card database."""

    groups_of: Mapping[str, tuple[int, ...]]  # card id -> its Duplicate Card groups (a title may be in several)
    generic: frozenset[str]  # card ids the generic lists name
    matches: tuple[Match, ...]
    unmatched: tuple[Listed, ...]


@cache  # read by the Duplicate Card lists and the name errata alike
def _index(database: CardDatabase) -> Mapping[str, list[Card]]:
    """Printings by loose title, and by either name of a two-name card (`Abram/Abraham`)."""
    by_title: dict[str, list[Card]] = {}
    for card in database.cards:
        keys = {loose(card.title), *(loose(half) for half in card.title.split("/"))}
        for key in keys:
            by_title.setdefault(key, []).append(card)
    return by_title


def _spellings(found: Dictionary, listed: Listed) -> list[str]:
    """The title as the card list may write it: the data's spelling, or the name before an erratum."""
    before = _errata_names(found).get(loose(listed.title), [])
    return [found.spellings.get(listed.title, listed.title), *before]


@cache
def _errata_names(found: Dictionary) -> Mapping[str, list[str]]:
    """The names before each erratum, by the erratum's loose title."""
    names: dict[str, list[str]] = {}
    for erratum in found.name_errata:
        names.setdefault(loose(erratum.errata), []).append(erratum.name)
    return names


def _candidates(found: Dictionary, by_title: Mapping[str, list[Card]], listed: Listed) -> list[list[Card]]:
    """The printings of each way the card list may write the title, in the order tried."""
    found_lists = [by_title.get(loose(spelling), []) for spelling in _spellings(found, listed)]
    variant = brigade_variant(listed.title)
    if variant is not None:
        title, colours = variant
        found_lists.append([card for card in by_title.get(loose(title), []) if colours <= set(card.get("brigades") or ())])
    return [printings for printings in found_lists if printings]


def _listed_sets(found: Dictionary, listed: Listed) -> set[str]:
    """The card list's sets of the printings a listed title names (`EC-1st` is a printing of EC)."""
    return {set_key(s) for abbreviation in listed.sets for s in found.set_printings.get(_SET_MARK.sub("", abbreviation), ())}


def _match(found: Dictionary, by_title: Mapping[str, list[Card]], listed: Listed) -> Match | None:
    """The printings of every spelling within the listed sets; else every printing of the first
    spelling that has any (the sets name no printing the card list has)."""
    candidates = _candidates(found, by_title, listed)
    sets = _listed_sets(found, listed)
    within = [card for printings in candidates for card in printings if set_key(card.get("set")) in sets]
    if within:
        return Match(listed, tuple(dict.fromkeys(within)), "sets")
    return Match(listed, tuple(candidates[0]), "title") if candidates else None


@cache
def matched(found: Dictionary, database: CardDatabase) -> Matched:
    by_title = _index(database)
    groups_of: dict[str, tuple[int, ...]] = {}
    generic: set[str] = set()
    matches: list[Match] = []
    unmatched: list[Listed] = []
    listed_titles = [(listed, index) for index, group in enumerate(found.duplicate_cards) for listed in group]
    for listed, group in listed_titles + [(listed, None) for listed in found.generic]:
        match = _match(found, by_title, listed)
        if match is None:
            unmatched.append(listed)
            continue
        matches.append(match)
        if group is None:
            generic.update(card.id for card in match.cards)
        else:
            # `Job's Three Friends` is listed once with each of Bildad, Eliphaz and Zophar's cards
            groups_of.update({card.id: groups_of.get(card.id, ()) + (group,) for card in match.cards})
    return Matched(MappingProxyType(groups_of), frozenset(generic), tuple(matches), tuple(unmatched))


def renamings(database: CardDatabase, as_of: date) -> tuple[Renaming, ...]:
    """The name errata of the dictionary the rules version in force on `as_of` reads, matched to
    the database's printings."""
    dated = [v for v in versions() if (v.effective or date.min) <= as_of] or list(versions()[:1])
    version = dated[-1].dictionary
    return renamed_printings(dictionary(version), database) if version else ()


@cache
def renamed_printings(found: Dictionary, database: CardDatabase) -> tuple[Renaming, ...]:
    """Each erratum with the printings it renames: those of its sets that bear the old name, or,
    where the card list already follows the erratum (`Pharoah`, printed on the A and Original
    Limited printings), those of its sets that bear the new one. Printings of other sets are other
    cards (`Isaiah (PoC)` renames the Prophecies of Christ printing, not Isaiah of Prophets).
    Kept in the cache: matching them indexes every printing of a full list by title."""
    kept_as = Kept("renamings", database, found.version, (Path(__file__),))
    kept = kept_as.load()
    if isinstance(kept, list) and all(i in database.by_id for _, _, ids, _ in kept for i in ids):
        return tuple(Renaming(printed, errata, tuple(database.by_id[i] for i in ids), source) for printed, errata, ids, source in kept)
    renamed = _renamed_printings(found, database)
    kept_as.store([[r.printed, r.errata, [card.id for card in r.cards], r.source] for r in renamed])
    return renamed


def _renamed_printings(found: Dictionary, database: CardDatabase) -> tuple[Renaming, ...]:
    by_title = _index(database)
    renamed = []
    for erratum in found.name_errata:
        sets = _listed_sets(found, Listed(erratum.name, erratum.sets))
        for title in (erratum.name, erratum.errata):
            printings = tuple(card for card in by_title.get(loose(title), ()) if set_key(card.get("set")) in sets)
            if printings:
                renamed.append(Renaming(erratum.name, erratum.errata, printings, f"the name errata of the {found.label}"))
                break
    return tuple(renamed)
