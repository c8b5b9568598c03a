"""A YAML deck's top-level keys and its zones' lines, read alike from a plain document's items
(yaml_deck) and from the node graph of any other (yaml_nodes)."""

from __future__ import annotations

from deckcheck.loading.names import normalise
from deckcheck.loading.raw_deck import DeckParseError, RawDeck, RawEntry
from deckcheck.model import Position, Zone, ZoneTable

METADATA = ("game", "format", "name")


def zone_key(deck: RawDeck, word: str, position: Position, zones: ZoneTable) -> tuple[str, Zone | None]:
    """The metadata key or zone a top-level key names (and the zone), noted as given at `position`."""
    zone = zones.by_word(word)
    key = word if word in METADATA else zone.name if zone else None
    if key is None:
        expected = ", ".join(METADATA + tuple(z.name for z in zones.zones))
        raise DeckParseError(f"unknown key '{word}' (expected one of: {expected})", position)
    if key in deck.zone_positions:
        first = deck.zone_positions[key].line
        raise DeckParseError(
            f"'{word}' is the same zone as the '{deck.zone_words.get(key, key)}' of line {first}: give one of them", position
        )
    if word != key:
        deck.zone_words[key] = word
    deck.zone_positions[key] = position
    return key, zone


def add_lines(deck: RawDeck, zone: str, lines: list[RawEntry]) -> None:
    """A zone's lines, each card once: a name given again, however written, is a problem."""
    seen: dict[str, RawEntry] = {}
    for entry in lines:
        key = normalise(entry.typed)
        if key in seen:
            first = seen[key].position.line
            deck.problems.append(
                DeckParseError(
                    f"'{entry.typed}' is listed twice in {zone} (first at line {first}); give one line with the total count", entry.position
                )
            )
            continue
        seen[key] = entry
        deck.entries.append(entry)
