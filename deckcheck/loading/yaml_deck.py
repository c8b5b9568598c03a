"""Deck files in YAML (docs/deck-files.md): metadata keys, zones as `card: count` or a list of lines."""

from __future__ import annotations

from deckcheck.loading import yaml_lines
from deckcheck.loading.raw_deck import MAX_COUNT, MIN_COUNT, DeckParseError, RawDeck, RawEntry
from deckcheck.loading.yaml_keys import METADATA, add_lines, zone_key
from deckcheck.loading.yaml_text import MAX_NUMBER_LENGTH, InputError, PlainItems, PlainPair, Scalar, position_of, untagged_value
from deckcheck.model import Position, Zone, ZoneTable


def read(path: str, text: str, zones: ZoneTable) -> RawDeck:
    """The deck a YAML file holds; `zones` are the zones any game's deck may name."""
    plain = yaml_lines.document(text)
    deck = _read_plain(path, plain, zones) if plain is not None else None
    if deck is not None:
        return deck
    from deckcheck.loading import safe_yaml, yaml_nodes  # (the parser: what the line reader does not take)

    plain = safe_yaml.plain_document(text)
    deck = _read_plain(path, plain, zones) if plain is not None else None
    return deck if deck is not None else yaml_nodes.read_composed(path, text, zones)


def _read_plain(path: str, items: PlainItems, zones: ZoneTable) -> RawDeck | None:
    """The deck of a document of the plainest shape when each of its items is what a deck's
    should be (metadata, a zone's one card, `card: count` lines), read from the parser's events
    or the line reader's. None at the first thing that is not: yaml_nodes then reads the
    document, and says what is wrong."""
    deck = RawDeck(path)
    try:
        for key_event, value in items:
            key, zone = zone_key(deck, key_event.value, position_of(key_event), zones)
            if type(value) is not list:
                if not _read_scalar(deck, key, zone, value):
                    return None
            elif key in METADATA or (zone is not None and zone.single) or (lines := _plain_lines(key, value)) is None:
                return None
            else:
                add_lines(deck, key, lines)
    except (DeckParseError, InputError):
        return None
    if deck.game is not None:
        deck.game_position = deck.zone_positions["game"]
    return deck


def _read_scalar(deck: RawDeck, key: str, zone: Zone | None, scalar: Scalar) -> bool:
    """A key of one value, as yaml_nodes reads its node: metadata, or a zone's one card (False
    for anything else)."""
    if key in METADATA:
        if untagged_value(scalar) is not None:
            setattr(deck, key, scalar.value.strip())
        return True
    if zone is not None and zone.single and scalar.value.strip():
        deck.entries.append(RawEntry(scalar.value.strip(), 1, key, position_of(scalar)))
        return True
    return False


def _plain_lines(zone: str, pairs: list[PlainPair]) -> list[RawEntry] | None:
    """The `card: count` lines of a zone, each a name and a plain count from 1 to 999 (as
    safe_yaml.scalar and is_count read one), no name twice; None otherwise."""
    lines = []
    seen = set()
    longest = MAX_NUMBER_LENGTH
    for name, digits, style, line, column in pairs:
        typed = name.strip()
        if style or not (digits.isdigit() and digits.isascii() and len(digits) <= longest):
            return None
        count = int(digits)
        if not MIN_COUNT <= count <= MAX_COUNT or not typed or name in seen:  # (is_count's test, of an int)
            return None
        seen.add(name)
        lines.append(RawEntry(typed, count, zone, Position(line + 1, column + 1)))
    return lines
