"""Deck files in YAML (docs/deck-files.md): metadata keys, zones as `card: count` or a list of lines."""

from __future__ import annotations

import re

import yaml

from deckcheck.loading import safe_yaml
from deckcheck.loading.names import normalise
from deckcheck.loading.raw_deck import MAX_COUNT, MIN_COUNT, DeckParseError, RawDeck, RawEntry, count_error, count_of, is_count
from deckcheck.loading.safe_yaml import InputError, position_of
from deckcheck.model import Position, Zone, ZoneTable

_METADATA = ("game", "format", "name")
_LIST_LINE = re.compile(r"^\s*(?P<count>\S+?)[xX]?\s+(?P<name>\S.*)$")


def read(path: str, text: str, zones: ZoneTable) -> RawDeck:
    """The deck a YAML file holds; `zones` are the zones any game's deck may name."""
    plain = safe_yaml.plain_document(text)
    deck = _read_plain(path, plain, zones) if plain is not None else None
    return deck if deck is not None else _read_composed(path, text, zones)


def _read_plain(path: str, items: safe_yaml.PlainItems, zones: ZoneTable) -> RawDeck | None:
    """The deck of a document of the plainest shape when each of its items is what a deck's
    should be (metadata, `card: count` lines), read from the parser's events. None at the first
    thing that is not: _read_composed then reads the document, and says what is wrong."""
    deck = RawDeck(path)
    try:
        for key_event, value in items:
            key, zone = _key(deck, key_event.value, position_of(key_event), zones)
            if type(value) is not list:
                _read_value(deck, key, zone, safe_yaml.scalar_node(value))
            elif key in _METADATA or (zone is not None and zone.single) or (lines := _plain_lines(key, value)) is None:
                return None
            else:
                _add_lines(deck, key, lines)
    except (DeckParseError, InputError):
        return None
    if deck.game is not None:
        deck.game_position = deck.zone_positions["game"]
    return deck


def _plain_lines(zone: str, pairs: safe_yaml.PlainItems) -> list[RawEntry] | None:
    """The `card: count` lines of a zone, each a name and a plain count from 1 to 999 (as
    safe_yaml.scalar and is_count read one), no name twice; None otherwise."""
    lines = []
    seen = set()
    longest = safe_yaml.MAX_NUMBER_LENGTH
    for key, value in pairs:
        name, digits = key.value, value.value
        typed = name.strip()
        if value.style or not (digits.isdigit() and digits.isascii() and len(digits) <= longest):
            return None
        count = int(digits)
        if not MIN_COUNT <= count <= MAX_COUNT or not typed or name in seen:  # (is_count's test, of an int)
            return None
        seen.add(name)
        mark = key.start_mark  # (position_of's Position, without a call for each line of every deck)
        lines.append(RawEntry(typed, count, zone, Position(mark.line + 1, mark.column + 1)))
    return lines


def _read_composed(path: str, text: str, zones: ZoneTable) -> RawDeck:
    """The deck of any YAML document, from its node graph."""
    try:
        root = safe_yaml.compose(text)
    except InputError as exc:
        raise DeckParseError(exc.message, exc.position) from None
    if not isinstance(root, yaml.MappingNode):
        where = position_of(root) if root is not None else None
        raise DeckParseError("a deck must be a mapping of keys (game, main, ...), not a single value or a list", where)
    deck = RawDeck(path)
    try:
        for word, key_node, value in safe_yaml.pairs(root):
            try:
                _read_key(deck, word, key_node, value, zones)
            except DeckParseError as problem:
                deck.problems.append(problem)  # one key's problem: the others (game:, ...) are still read
            except InputError as exc:
                deck.problems.append(DeckParseError(exc.message, exc.position))
    except InputError as exc:
        raise DeckParseError(exc.message, exc.position) from None
    if deck.game is not None:
        deck.game_position = deck.zone_positions["game"]
    return deck


def _read_key(deck: RawDeck, word: str, key_node: yaml.Node, value: yaml.Node, zones: ZoneTable) -> None:
    key, zone = _key(deck, word, position_of(key_node), zones)
    _read_value(deck, key, zone, value)


def _key(deck: RawDeck, word: str, position: Position, zones: ZoneTable) -> tuple[str, Zone | None]:
    """The metadata key or zone a top-level key names (and the zone), noted as given at `position`."""
    zone = zones.by_word(word)
    key = word if word in _METADATA else zone.name if zone else None
    if key is None:
        expected = ", ".join(_METADATA + tuple(z.name for z in zones.zones))
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


def _read_value(deck: RawDeck, key: str, zone: Zone | None, value: yaml.Node) -> None:
    if key in _METADATA:
        _read_metadata(deck, key, value)
    elif zone is not None and zone.single:
        deck.entries.extend(_single_cards(key, value))
    else:
        _read_zone(deck, key, value)


def _read_metadata(deck: RawDeck, key: str, node: yaml.Node) -> None:
    value = safe_yaml.scalar(node)
    if value is not None:
        setattr(deck, key, node.value.strip())


def _single_cards(zone: str, node: yaml.Node) -> list[RawEntry]:
    names = node.value if isinstance(node, yaml.SequenceNode) else [node]
    entries = []
    for item in names:
        safe_yaml.check_tag(item)
        if not isinstance(item, yaml.ScalarNode) or not item.value.strip():
            raise DeckParseError(f"'{zone}' takes a card name", position_of(item))
        entries.append(RawEntry(item.value.strip(), 1, zone, position_of(item)))
    return entries


def _read_zone(deck: RawDeck, zone: str, node: yaml.Node) -> None:
    if isinstance(node, yaml.MappingNode):
        lines = _mapping_lines(zone, node)
    elif isinstance(node, yaml.SequenceNode):
        safe_yaml.check_tag(node)
        lines = [_list_line(zone, item) for item in node.value]
    elif safe_yaml.scalar(node) is None:
        lines = []
    else:
        raise DeckParseError(f"'{zone}' must be a mapping of card: count, or a list of cards", position_of(node))
    _add_lines(deck, zone, lines)


def _add_lines(deck: RawDeck, zone: str, lines: list[RawEntry]) -> None:
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


def _mapping_lines(zone: str, node: yaml.MappingNode) -> list[RawEntry]:
    lines = []
    for name, key_node, value in safe_yaml.pairs(node):
        count = safe_yaml.scalar(value)
        if not is_count(count):
            raise count_error(count, position_of(value), name)
        if not name.strip():
            raise DeckParseError("empty card name", position_of(key_node))
        lines.append(RawEntry(name.strip(), count, zone, position_of(key_node)))
    return lines


def _list_line(zone: str, item: yaml.Node) -> RawEntry:
    safe_yaml.check_tag(item)
    if not isinstance(item, yaml.ScalarNode) or not item.value.strip():
        raise DeckParseError(f"each item of '{zone}' is a line like \"3 Card Name\"", position_of(item))
    text = item.value.strip()
    match = _LIST_LINE.match(text)
    if match and _looks_like_count(match["count"]):
        count = count_of(match["count"]) if match["count"].isdigit() else match["count"]
        if not is_count(count):
            raise count_error(count, position_of(item))
        return RawEntry(match["name"].strip(), count, zone, position_of(item))
    return RawEntry(text, 1, zone, position_of(item))


def _looks_like_count(word: str) -> bool:
    """`3`, `3x`, but also `-1`, `0` and `2.5`: counts, good or bad, not the start of a name."""
    return bool(re.fullmatch(r"[-+]?\d+(?:[.,]\d+)?", word))
