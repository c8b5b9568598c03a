"""The zones most games share, for a game to pick from (a game with a zone of its own defines it
in its own folder). Their order here is the order decks are written and reported."""

from __future__ import annotations

from dataclasses import replace

from deckcheck.model import Zone, ZoneTable

GENERAL = Zone("general", ("general",), "General", single=True)
CHAMPION = Zone("champion", ("champion",), "Champion", single=True)
MAIN = Zone("main", ("main", "deck", "main deck"), "Main", headed=False)
SIDE = Zone("side", ("side", "sideboard", "side deck"), "Side")
MISSIONS = Zone("missions", ("missions", "mission deck"), "Missions")
CRITICAL_HITS = Zone("critical_hits", ("critical_hits", "critical hits", "critical hit deck"), "Critical Hits")
STANDARD = (GENERAL, CHAMPION, MAIN, SIDE, MISSIONS, CRITICAL_HITS)


def called(zone: Zone, label: str, *words: str) -> Zone:
    """A zone as a game calls it, with the game's own words for it first."""
    return replace(zone, label=label, words=tuple(dict.fromkeys(words + zone.words)))


def group_words(types: list[str]) -> frozenset[str]:
    """The words a pasted deck heads a group of cards with: each card type (`evil_character`) and
    its last word, singular and plural (`evil characters`, `characters`, `heroes`, `cities`)."""
    words = set()
    for each in types:
        phrase = each.replace("_", " ")
        for singular in (phrase, phrase.split()[-1]):
            words |= {singular, _plural(singular)}
    return frozenset(words)


def _plural(phrase: str) -> str:
    if phrase.endswith(("s", "x", "ch", "sh", "o")):
        return phrase + "es"
    if phrase.endswith("y") and phrase[-2:-1] not in ("a", "e", "o", "u"):
        return phrase[:-1] + "ies"
    return phrase + "s"


def union(tables: list[tuple[Zone, ...]], groups: frozenset[str] = frozenset()) -> ZoneTable:
    """Every zone of every game, each with every word any game has for it: what a deck file of
    an unknown game may hold (the zones of one card first, then the standard zones in their order)."""
    merged: dict[str, Zone] = {zone.name: zone for zone in STANDARD}
    extra: list[str] = []
    for zones in tables:
        for zone in zones:
            if zone.name not in merged:
                merged[zone.name] = zone
                extra.append(zone.name)
            else:
                words = merged[zone.name].words + tuple(w for w in zone.words if w not in merged[zone.name].words)
                merged[zone.name] = replace(merged[zone.name], words=words)
    order = [zone.name for zone in STANDARD] + extra
    # a zone of one card (a leader: a general, a champion, a Paragon) is written before the cards it leads
    order.sort(key=lambda name: not merged[name].single)
    return ZoneTable(tuple(merged[name] for name in order), groups)
