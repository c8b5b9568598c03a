"""A YAML deck of any shape, read from its node graph (safe_yaml.compose): what is not of the
plainest shape (yaml_deck reads those), and anything wrong, said where it is."""

from __future__ import annotations

import re

import yaml

from deckcheck.loading import safe_yaml
from deckcheck.loading.raw_deck import DeckParseError, RawDeck, RawEntry, count_error, count_of, is_count
from deckcheck.loading.yaml_keys import METADATA, add_lines, zone_key
from deckcheck.loading.yaml_text import InputError, position_of
from deckcheck.model import Zone, ZoneTable

_LIST_LINE = re.compile(r"^\s*(?P<count>\S+?)[xX]?\s+(?P<name>\S.*)$")


def read_composed(path: str, text: str, zones: ZoneTable) -> RawDeck:
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
    key, zone = zone_key(deck, word, position_of(key_node), zones)
    _read_value(deck, key, zone, value)


def _read_value(deck: RawDeck, key: str, zone: Zone | None, value: yaml.Node) -> None:
    if key in METADATA:
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
    add_lines(deck, zone, lines)


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
