""" "Same Card" of the tournament Deck Building Rules (1.3.0 and 2.0 alike). Two printings are the
same card when they:
- have the same title and the same art;
- are Lost Souls with a special ability and the same Lost Soul name;
- are rainbow (multi-brigade) cards with the same title and the same card icon;
- are neither generic characters nor Lost Souls, with the same title and the same card icon;
- are not generic characters and represent the same person with the same icon.
The relation is made transitive over the whole database. An alternate-border printing (a set's
`(AB)` reprint) has the art of its set's printing: the same title and icon there is the same card,
its title compared by its letters and digits (the card list drops a comma or an apostrophe in some
reprints'), or its image named after the set's printing's (where the reprint's title is misspelt).

The card icon is the icon box: the card's type and its brigade colours ("The icon box ... bears a
background color. This color represents the card's brigade"), so a purple Peter and a red Peter
are different cards.

A Lost Soul is named by its reference ("Lost Souls with the same reference have the same name"):
`Lost Soul "Deck Discard" [Hosea 13:2]` and `Lost Soul Hosea 13:2 (Deck Discarder)` are one
Lost Soul whatever their nicknames. The version's data lists the exceptions: references with
different Lost Souls (Jeremiah 22:3, Foreigner and Orphans) and names shared by several references
(Hopper, Revealer, Lost Souls).

Whom a card represents is not in the card list: the Official Redemption Dictionary's "Duplicate
Card" groups say it (dictionary.py), and its "Generic Character" lists say which characters are
generic (the card data's own mark decides only for a card the dictionary lists nowhere). The
version's data may add people the dictionary does not list, matched by the start of a title.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import date
from functools import cache
from pathlib import Path
from typing import Any

from deckcheck.games.redemption import dictionary as dictionary_module
from deckcheck.games.redemption import newer_cards as newer_cards_module
from deckcheck.games.redemption import reprints as reprints_module
from deckcheck.games.redemption.dictionary import Dictionary, dictionary, loose, matched, renamed_printings
from deckcheck.games.redemption.kept import Kept
from deckcheck.games.redemption.newer_cards import NewerCards
from deckcheck.games.redemption.reprints import border_sets, reprint_keys
from deckcheck.games.redemption.rules_version import RulesVersion, reference_key
from deckcheck.loading import spelling as spelling_module
from deckcheck.loading.card_db import CardDatabase
from deckcheck.loading.names import normalise
from deckcheck.model import Card, Deck
from deckcheck.wording import kind_of

_QUOTED = re.compile(r'"([^"]+)"')
_PARENTHESIS = re.compile(r"\(([^()]+)\)\s*$")
_BRACKET_REFERENCE = re.compile(r"\[([^\[\]]*\d:\d[^\[\]]*)\]")
_NAMED_REFERENCE = re.compile(r"^lost souls?\s+((?:[1-3I]{1,3}\s+)?[A-Za-z][A-Za-z ]*?\s\d+:\d[\d\-,]*)", re.IGNORECASE)


def lost_soul_reference(card: Card) -> str | None:
    """The reference a Lost Soul carries: in its title's brackets, after "Lost Soul" in an older
    title, or in the data's `reference` (the title first: the card list's column has typos)."""
    title = card.title
    found = _BRACKET_REFERENCE.search(title) or _NAMED_REFERENCE.match(title)
    reference = re.sub(r"\s*-\s*[A-Za-z].*$", "", found.group(1)) if found else card.get("reference")
    return reference_key(reference) if reference else None


def nickname(card: Card) -> str | None:
    for text in [card.name, *(card.get("identifiers") or ())]:
        quoted = _QUOTED.search(text)
        if quoted:
            return quoted.group(1)
    parenthesis = _PARENTHESIS.search(card.title)
    return parenthesis.group(1) if parenthesis else None


def lost_soul_name(card: Card, version: RulesVersion | None = None) -> str | None:
    """A Lost Soul's name for the rules: the name its reference carries, with the version's
    exceptions; a Lost Soul the data gives no reference is named by its nickname or title."""
    if not card.is_a("lost_soul"):
        return None
    reference = lost_soul_reference(card)
    if reference is None:
        return nickname(card) or card.title
    if version is not None:
        if reference in version.same_name_references:
            return version.same_name_references[reference]
        if reference in version.different_name_references:
            return f"{reference} ({nickname(card) or card.title})"
    return reference


def icon(card: Card) -> tuple:
    """The icon box: the card's types and brigade colours."""
    return tuple(sorted(card.types)), tuple(sorted(card.get("brigades") or ()))


def matches_title(card: Card, spec: Mapping[str, Any]) -> bool:
    """A card a special-card rule or an exclusive pair names: by title, narrowed by set, type or
    brigade where the rule names a printing."""
    if normalise(card.title) != normalise(spec["title"]):
        return False
    if "sets" in spec and card.get("set") not in spec["sets"]:
        return False
    if "types" in spec and not card.is_a(*spec["types"]):
        return False
    return "brigades" not in spec or bool(set(card.get("brigades") or ()) & set(spec["brigades"]))


def _person(title: str, groups: tuple[tuple[str, ...], ...]) -> int | None:
    """The index of the same-person group a title starts with (a name, then nothing, a comma, a
    parenthesis or a slash: `Saul` is not `Saul of Tarsus`)."""
    key = normalise(title)
    for index, names in enumerate(groups):
        for name in names:
            start = normalise(name)
            if key == start or (key.startswith(start) and key[len(start) : len(start) + 2] in (", ", " (", " /")):
                return index
    return None


_WHY = {
    "art": "the same title and art",
    "border": "the same title and icon in the same set, one with an alternate border (the same art)",
    "border image": "the same image and icon in the same set, one with an alternate border (the same art)",
    "lost soul": "the same Lost Soul name",
    "icon": "the same title and icon",
}


class SameCard:
    """Card -> its "same card" group, for one database under one rules version; `why` says what
    made a group of printings one card, for the findings.

    A title the dictionary lists in several Duplicate Card groups (`Job's Three Friends`, with
    each of Bildad, Eliphaz and Zophar's cards) is the same card as each of their people, who are
    not one another: such a card keeps a group of its own, and `also` names the groups it also
    counts towards (copies of it count as copies of each)."""

    def __init__(self, database: CardDatabase, version: RulesVersion | None):
        self._dictionary = dictionary(version.dictionary) if version is not None and version.dictionary else None
        self._people = _people_not_in(self._dictionary, version.same_person if version is not None else ())
        self._version = version
        self._database = database
        self._keys: dict[str, list[tuple]] = {}
        self._border_sets: dict[str, str] | None = None
        # the groups of a full card list take a fifth of a second to work out: they are kept in the
        # cache (loading/cache.py), keyed by the card list's files, the rules' data and this code
        # (with the characters of newer sets that may be older cards' people, worked out from them)
        found = _kept(database, version).load()
        kept = found if isinstance(found, dict) and self._restored(found) else None
        if kept is None:
            self._work_out(database)
        self._members_by_group: dict[str, list[Card]] | None = None  # made the first time a link is explained
        self.newer = self._newer(database, kept.get("newer") if kept is not None else None)
        if kept is None:
            _kept(database, version).store(self._kept())

    def _newer(self, database: CardDatabase, kept: object) -> NewerCards | None:
        """The characters of sets newer than the dictionary that may be older cards' people:
        restored with the groups, or worked out from them."""
        if self._dictionary is None:
            return None
        published = date.fromisoformat(self._dictionary.published)
        if isinstance(kept, dict):
            return NewerCards.restored(database, published, kept)
        return NewerCards.worked_out(database, published, self.same, self.generic)

    def _work_out(self, database: CardDatabase) -> None:
        """The dictionary's lists matched to the card list, then each printing joined to every
        other it shares a key with (union-find over the whole list)."""
        listed = matched(self._dictionary, database) if self._dictionary is not None else None
        self._groups_of: Mapping[str, tuple[int, ...]] = listed.groups_of if listed is not None else {}
        self._generic: frozenset[str] = listed.generic if listed is not None else frozenset()
        self._errata: dict[str, str] = (
            {card.id: r.errata for r in renamed_printings(self._dictionary, database) for card in r.cards} if self._dictionary else {}
        )
        parent = {card.id: card.id for card in database.cards}

        def root(card_id: str) -> str:
            while parent[card_id] != card_id:
                parent[card_id] = parent[parent[card_id]]
                card_id = parent[card_id]
            return card_id

        first: dict[tuple, str] = {}
        for card in database.cards:
            for key in self._keys_for(card):
                if key in first:
                    parent[root(card.id)] = root(first[key])
                else:
                    first[key] = card.id
        self._groups = {card_id: root(card_id) for card_id in parent}
        self._also = self._links(database)

    def _kept(self) -> dict[str, Any]:
        """What _work_out found, as the cache keeps it (JSON)."""
        return {
            "groups_of": {card_id: list(groups) for card_id, groups in self._groups_of.items()},
            "generic": sorted(self._generic),
            "errata": self._errata,
            "groups": self._groups,
            "also": {group: list(others) for group, others in self._also.items()},
            "newer": self.newer.kept() if self.newer is not None else None,
        }

    def _restored(self, kept: dict[str, Any]) -> bool:
        """Whether the groups were restored from what the cache kept (not if it is of another shape)."""
        try:
            self._groups_of = {card_id: tuple(groups) for card_id, groups in kept["groups_of"].items()}
            self._generic = frozenset(kept["generic"])
            self._errata = dict(kept["errata"])
            self._groups = dict(kept["groups"])
            self._also = {group: tuple(others) for group, others in kept["also"].items()}
        except (KeyError, TypeError, AttributeError):
            return False
        return True

    def _members(self) -> dict[str, list[Card]]:
        """Each group's printings, to explain a link through one."""
        if self._members_by_group is None:
            members: dict[str, list[Card]] = {}  # built whole before it is shared between threads
            for card in self._database.cards:
                members.setdefault(self(card), []).append(card)
            self._members_by_group = members
        return self._members_by_group

    def _keys_for(self, card: Card) -> list[tuple]:
        """The keys a printing shares with the printings it is one card with (worked out on first need)."""
        found = self._keys.get(card.id)
        if found is None:
            if self._border_sets is None:
                self._border_sets = border_sets(self._database)
            found = self._keys[card.id] = self._keys_of(card, self._border_sets)
        return found

    def title(self, card: Card) -> str:
        """The title the rules compare: the name errata gave it (`Ethiopian Treasurer (EC)` is
        The Ethiopian Treasurer, one card with `The Ethiopian Treasurer (Roots)`)."""
        return self._errata.get(card.id) or card.title

    def generic(self, card: Card) -> bool:
        """The dictionary's generic lists decide; the card data's mark where the dictionary lists the card nowhere."""
        if card.id in self._generic:
            return True
        return card.id not in self._groups_of and bool(card.get("generic"))

    def _keys_of(self, card: Card, border_sets: dict[str, str]) -> list[tuple]:
        title = normalise(self.title(card))
        box = icon(card)
        keys: list[tuple] = [("art", title, card.get("art") or card.id)]
        base = border_sets.get(card.get("set") or "")
        if base is not None:
            keys += [(kind, base, *found, box) for kind, *found in reprint_keys(card, self.title(card))]
        if card.is_a("lost_soul") and card.get("special_ability"):
            keys.append(("lost soul", normalise(lost_soul_name(card, self._version) or title)))
        generic = self.generic(card)
        if "multi" in (card.get("brigades") or ()) or not (generic or card.is_a("lost_soul")):
            keys.append(("icon", title, box))
        if not generic:
            groups = self._groups_of.get(card.id, ())
            if len(groups) == 1:
                keys.append(("person", groups[0], box))
            elif groups:  # listed with several people: one card with the titles listed in the same groups
                keys.append(("people", groups, box))
            person = _person(card.title, self._people) if self._people else None
            if person is not None:
                keys.append(("listed person", person, box))
        return keys

    def _links(self, database: CardDatabase) -> dict[str, tuple[str, ...]]:
        """A card listed in several groups -> the groups of the people of each, where the icon agrees."""
        by_group: dict[int, list[Card]] = {}
        for card in database.cards:
            for group in self._groups_of.get(card.id, ()):
                by_group.setdefault(group, []).append(card)
        links: dict[str, tuple[str, ...]] = {}
        for card in database.cards:
            groups = self._groups_of.get(card.id, ())
            if len(groups) < 2 or self.generic(card):
                continue
            people = [
                self(other)
                for group in groups
                for other in by_group[group]
                if self._groups_of[other.id] != groups and not self.generic(other) and icon(other) == icon(card)
            ]
            found = tuple(dict.fromkeys(key for key in people if key != self(card)))
            if found:
                links[self(card)] = found
        return links

    def __call__(self, card: Card) -> str:
        return self._groups.get(card.id, card.id)

    def also(self, card: Card) -> tuple[str, ...]:
        """The groups a card listed with several people also counts towards (none for most cards)."""
        return self._also.get(self(card), ())

    @property
    def linked(self) -> Mapping[str, tuple[str, ...]]:
        """also() by the card's group: each group that counts towards others, with those."""
        return self._also

    def same(self, a: Card, b: Card) -> bool:
        return self(a) == self(b) or self(b) in self.also(a) or self(a) in self.also(b)

    def possibly_same(self, card: Card) -> list[tuple[Card, str]]:
        """The older cards a card of a set newer than the dictionary may be the same person as, and why."""
        if self.newer is None or self._dictionary is None:
            return []
        found = self.newer.possibly(card)
        if not found:
            return []
        why = f"possibly the same person: the dictionary {self._dictionary.version} predates {self.newer.set_of(card).title}"
        return [(other, why) for other in found]

    def notes(self, deck: Deck) -> list[str]:
        """What a judge should know that no rule decides: pairs of the deck that may be one person."""
        if self.newer is None or self._dictionary is None:
            return []
        return self.newer.notes(deck, self._dictionary.label)

    def why(self, cards: list[Card]) -> str:
        """What makes these printings (of one group) one card: the reason two of them share, or
        for two printings that share nothing, the printing between them."""
        for index, a in enumerate(cards):
            for b in cards[index + 1 :]:
                shared = self._shared(a, b)
                if shared:
                    return self._reason(shared[0])
                if self(a) != self(b) and self.same(a, b):
                    several = (a if self.also(a) else b).title
                    source = self._dictionary.label if self._dictionary is not None else "the dictionary"
                    return f"the same person ({source}, Duplicate Card, which lists {several} with each of its people) with the same icon"
        if len(cards) == 2:
            a, b = cards
            for between in self._members().get(self(a), ()):
                first, then = self._shared(a, between), self._shared(between, b)
                if first and then:
                    return f"through {between.name}: {self._reason(first[0])}, then {self._reason(then[0])}"
        return "the same card through other printings of it"

    def not_same(self, card: Card) -> list[tuple[Card, str]]:
        """The printings of titles the dictionary lists as the same person as this card's that are
        not the same card, and why (another icon, or a generic character)."""
        groups = self._groups_of.get(card.id, ())
        if not groups:
            return []
        source = self._dictionary.label if self._dictionary is not None else "the dictionary"
        found = []
        for other in self._members_of_groups(groups):
            if self.same(card, other):
                continue
            why = "a generic character" if self.generic(other) or self.generic(card) else f"another icon ({kind_of(other)})"
            found.append((other, f"the same person ({source}, Duplicate Card), but {why}: another card"))
        return found

    def _members_of_groups(self, groups: tuple[int, ...]) -> list[Card]:
        wanted = set(groups)
        return [other for members in self._members().values() for other in members if wanted & set(self._groups_of.get(other.id, ()))]

    def _shared(self, a: Card, b: Card) -> list[tuple]:
        theirs = self._keys_for(b)
        return [key for key in self._keys_for(a) if key in theirs]

    def _reason(self, key: tuple) -> str:
        if key[0] in ("person", "people"):
            source = self._dictionary.label if self._dictionary is not None else "the dictionary"
            return f"the same person ({source}, Duplicate Card) with the same icon"
        if key[0] == "listed person":
            source = self._version.same_person_source if self._version is not None else "the rules"
            return f"the same person ({source}) with the same icon"
        return _WHY[key[0]]


def _people_not_in(found: Dictionary | None, people: tuple[tuple[str, ...], ...]) -> tuple[tuple[str, ...], ...]:
    """The version's own same-person groups, less those whose people the dictionary lists."""
    if found is None:
        return people
    listed = {loose(entry.title) for group in found.duplicate_cards for entry in group} | {loose(e.title) for e in found.generic}
    return tuple(group for group in people if not any(loose(name) in listed for name in group))


def _kept(database: CardDatabase, version: RulesVersion | None) -> Kept:
    """What a card list's groups depend on: its files, the rules' data (versions, dictionaries)
    and the code that works them out (how titles are compared, spelling.py, among it)."""
    modules = (dictionary_module, newer_cards_module, reprints_module, spelling_module)
    code = (Path(__file__), *(Path(str(module.__file__)) for module in modules))
    return Kept("same-card", database, version.version if version else "", code)


@cache
def tournament_identity(database: CardDatabase, version: RulesVersion | None = None) -> SameCard:
    return SameCard(database, version)
