"""YAML for files written by strangers: composed, checked, then turned into plain data by us.

PyYAML's safe loader parses (with libyaml when it is installed) and we build the node graph from
its events; nothing is ever constructed from a tag. Everything a deck or a card database never
needs and an attacker might send is refused with its position: anchors and aliases, non-standard
tags, several documents, duplicate keys, keys that are not plain text, deep nesting (a `<<` key is
just text: there are no merge keys). Plain scalars are read with the
YAML 1.2 core schema, so `No`, `On` and `1984` as card names stay strings where YAML 1.1 would
make them booleans and numbers; mapping keys are always the text as written.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import yaml

from deckcheck.records import record

try:
    from yaml import CSafeLoader as _FastestSafeLoader
except ImportError:  # PyYAML built without libyaml
    from yaml import SafeLoader as _FastestSafeLoader  # type: ignore[assignment]

from deckcheck.loading.lines import editor_position
from deckcheck.loading.yaml_text import MAX_NUMBER_LENGTH, InputError, PlainItems, PlainPair, core_value, position_of
from deckcheck.model import Position

MAX_DEPTH = 32

_TAG = "tag:yaml.org,2002:"
_STANDARD_TAGS = {_TAG + t for t in ("str", "int", "float", "bool", "null", "map", "seq", "timestamp")}
_IMPLICIT = "?"  # a scalar with no tag written: read by the YAML 1.2 core schema
_STANDARD_TAGS.add(_IMPLICIT)
_YAML11_BREAKS = re.compile("[\x85\u2028\u2029]")


class SafeYamlLoader(_FastestSafeLoader):
    """The loader deckcheck composes with: the safe loader (C-accelerated when available)."""


def compose(text: str) -> yaml.Node | None:
    """The single document's root node, or None for an empty document.

    The node graph is built here from the parser's events rather than by PyYAML's composer: that
    composer recurses once per nesting level (the C one crashes the interpreter on a few thousand
    levels), and building it ourselves lets anchors, aliases and depth be refused as they come.
    """
    odd_break = _YAML11_BREAKS.search(text)
    if odd_break:
        # YAML 1.1 readers end a line there and editors do not: every later position would be off
        raise InputError(
            f"character U+{ord(odd_break.group()):04X} (a line separator) is not allowed; end lines with a plain line break",
            editor_position(text, odd_break.start()),
        )
    loader = SafeYamlLoader(text)
    try:
        return _compose_events(loader)
    except yaml.MarkedYAMLError as exc:
        raise _marked(exc, text) from None
    except yaml.reader.ReaderError as exc:
        character = exc.character if isinstance(exc.character, int) else ord(exc.character)
        raise InputError(
            f"character U+{character:04X} is not allowed in YAML (a control character)", editor_position(text, exc.position)
        ) from None
    except yaml.YAMLError as exc:
        raise InputError("not valid YAML: " + " ".join(str(exc).split())) from None
    finally:
        loader.dispose()


def _compose_events(loader: SafeYamlLoader) -> yaml.Node | None:
    root: yaml.Node | None = None
    documents = 0
    # open collections: (node, key waiting for its value) — a mapping's items arrive as key, value
    stack: list[list] = []
    while True:
        # (one loop for every event of every file read: scalars, the most of them, come first)
        event: Any = loader.get_event()  # libyaml's marks are not of the class PyYAML's stubs name
        kind = type(event)
        if kind is yaml.ScalarEvent:
            if event.anchor:
                raise _anchor_error(event)
            node = scalar_node(event)
            if stack:
                _attach(stack[-1], node)
            else:
                root = node
        elif kind is yaml.MappingStartEvent or kind is yaml.SequenceStartEvent:
            opened = _collection(event, len(stack))
            if stack:
                _attach(stack[-1], opened)
            stack.append([opened, None])
        elif kind is yaml.MappingEndEvent or kind is yaml.SequenceEndEvent:
            closed = stack.pop()[0]
            closed.end_mark = event.end_mark
            if not stack:
                root = closed
        elif event is None or kind is yaml.StreamEndEvent:
            return root
        else:
            documents = _counted(event, documents)


def scalar_node(event: Any) -> yaml.ScalarNode:
    """The node of a scalar's event (an anchor is the caller's to refuse)."""
    return yaml.ScalarNode(_tag(event, _IMPLICIT), event.value, event.start_mark, event.end_mark, style=event.style)


def plain_document(text: str) -> PlainItems | None:
    """The items of the document `text` holds when it is of the plainest shape, that of almost
    every deck: one mapping whose values are scalars or mappings of scalars to scalars, with no
    tag, anchor or alias anywhere. Each item is (its key's scalar event, its value: a scalar
    event, or the (key event, value event) of each item of its mapping). None for any other
    document, valid or not: compose() reads those, and refuses what is refused. Read straight
    from the parser's events, without nodes, a deck takes half the time."""
    if _YAML11_BREAKS.search(text):
        return None
    loader = SafeYamlLoader(text)
    try:
        return _plain_items(loader.get_event)
    except yaml.YAMLError:
        return None
    finally:
        loader.dispose()


def _plain_items(next_event: Callable[[], Any]) -> PlainItems | None:
    if type(next_event()) is not yaml.StreamStartEvent or type(next_event()) is not yaml.DocumentStartEvent:
        return None
    if not _plain(next_event(), yaml.MappingStartEvent):
        return None
    items: PlainItems = []
    while type(key := next_event()) is not yaml.MappingEndEvent:
        value = next_event()
        if _plain(value, yaml.MappingStartEvent):
            value = _plain_pairs(next_event)
        if not _plain(key, yaml.ScalarEvent) or not (type(value) is list or _plain(value, yaml.ScalarEvent)):
            return None
        items.append((key, value))
    if type(next_event()) is not yaml.DocumentEndEvent or type(next_event()) is not yaml.StreamEndEvent:
        return None
    return items


def _plain_pairs(next_event: Callable[[], Any]) -> list[PlainPair] | None:
    pairs = []
    while type(key := next_event()) is not yaml.MappingEndEvent:
        value = next_event()
        if not (_plain(key, yaml.ScalarEvent) and _plain(value, yaml.ScalarEvent)):
            return None
        mark = key.start_mark
        pairs.append((key.value, value.value, value.style, mark.line, mark.column))
    return pairs


def _plain(event: Any, kind: type[Any]) -> bool:
    """Whether `event` is of `kind`, with neither tag nor anchor."""
    return type(event) is kind and event.tag is None and event.anchor is None


def _collection(event: Any, depth: int) -> yaml.Node:
    """The node a mapping's or a sequence's start makes; an anchor is refused, and nesting past MAX_DEPTH."""
    if event.anchor:
        raise _anchor_error(event)
    if depth >= MAX_DEPTH:
        raise InputError(f"nested too deeply (more than {MAX_DEPTH} levels)", _mark(event))
    start: Any = event.start_mark
    if type(event) is yaml.MappingStartEvent:
        return yaml.MappingNode(_tag(event, _TAG + "map"), [], start, None)
    return yaml.SequenceNode(_tag(event, _TAG + "seq"), [], start, None)


def _counted(event: yaml.Event, documents: int) -> int:
    """The documents begun, with this event (more than one is refused); an alias is refused."""
    if isinstance(event, yaml.AliasEvent):
        raise _anchor_error(event)
    if isinstance(event, yaml.DocumentStartEvent):
        documents += 1
        if documents > 1:
            raise InputError("more than one YAML document in the file", _mark(event))
    return documents


def _anchor_error(event: yaml.NodeEvent) -> InputError:
    what = "alias" if isinstance(event, yaml.AliasEvent) else "anchor"
    return InputError(f"YAML {what} '{event.anchor}' is not allowed (decks and card databases never need anchors or aliases)", _mark(event))


def _attach(parent: list, node: yaml.Node) -> None:
    collection = parent[0]
    if isinstance(collection, yaml.SequenceNode):
        collection.value.append(node)
    elif parent[1] is None:
        parent[1] = node
    else:
        collection.value.append((parent[1], node))
        parent[1] = None


def _tag(event: yaml.ScalarEvent | yaml.CollectionStartEvent, default: str) -> str:
    return event.tag if event.tag not in (None, "!") else default


def _mark(event: yaml.Event) -> Position:
    mark = event.start_mark  # the parser marks every event it makes
    return Position(mark.line + 1, mark.column + 1) if mark is not None else Position(1, 1)


def _marked(exc: yaml.MarkedYAMLError, text: str) -> InputError:
    mark = exc.problem_mark or exc.context_mark
    problem = exc.problem or exc.context or "parse error"
    context = f" ({exc.context})" if exc.context and exc.problem else ""
    # a problem found at the end of the file is reported on its last line, not the one after it
    position = editor_position(text, min(mark.index, len(text.rstrip("\r\n")))) if mark else None
    return InputError(" ".join(f"not valid YAML: {problem}{context}".split()), position)


def scalar(node: yaml.Node) -> Any:
    """A scalar node's value under the YAML 1.2 core schema; non-standard tags are refused."""
    text = node.value
    plain = node.tag is _IMPLICIT and isinstance(node, yaml.ScalarNode) and not node.style
    if plain and text.isdigit() and text.isascii() and len(text) <= MAX_NUMBER_LENGTH:
        return int(text)  # a count, the commonest scalar of a deck: what _INT below makes of it, without the matching
    check_tag(node)
    if not isinstance(node, yaml.ScalarNode):
        raise InputError("expected a single value here", position_of(node))
    if node.style or node.tag == _TAG + "str":  # plain style is None (Python parser) or "" (C parser)
        return text
    return core_value(text, node)


def check_tag(node: yaml.Node) -> None:
    if node.tag not in _STANDARD_TAGS:
        shown = node.tag.replace(_TAG, "!!")
        raise InputError(f"tag {shown} is not allowed (only plain YAML is read)", position_of(node))


def key_text(node: yaml.Node) -> str:
    """A mapping key as the text the user wrote: keys are names, never numbers or booleans."""
    check_tag(node)
    if not isinstance(node, yaml.ScalarNode):
        raise InputError("a key must be plain text, not a list or mapping", position_of(node))
    return node.value


def pairs(node: yaml.MappingNode) -> Iterator[tuple[str, yaml.Node, yaml.Node]]:
    """(key, key node, value node) of a mapping, refusing a key given twice."""
    check_tag(node)
    seen: dict[str, yaml.Node] = {}
    for key_node, value_node in node.value:
        key = key_text(key_node)
        if key in seen:
            first = position_of(seen[key])
            raise InputError(f"duplicate key '{key}' (first given at line {first.line})", position_of(key_node))
        seen[key] = key_node
        yield key, key_node, value_node


def to_data(node: yaml.Node | None) -> Any:
    """Plain Python data (dict, list, str, int, float, bool, None) from a composed node (whose
    depth compose() has already bounded)."""
    if node is None:
        return None
    if isinstance(node, yaml.MappingNode):
        return {key: to_data(value) for key, _, value in pairs(node)}
    if isinstance(node, yaml.SequenceNode):
        check_tag(node)
        return [to_data(item) for item in node.value]
    return scalar(node)


@record
class Document:
    """A parsed file: its plain data and the node graph to find positions in."""

    root: yaml.Node | None
    data: Any

    def position(self, path: tuple[Any, ...]) -> Position | None:
        """Position of the value at a path of keys and indices (the deepest node found)."""
        node = self._node(path)
        return position_of(node) if node is not None else None

    def key_position(self, path: tuple[Any, ...]) -> Position | None:
        """Position of the key that ends `path` (where a name used as a key is written)."""
        parent = self._node(path[:-1])
        if isinstance(parent, yaml.MappingNode):
            for key, _ in parent.value:
                if getattr(key, "value", None) == path[-1]:
                    return position_of(key)
        return self.position(path)

    def _node(self, path: tuple[Any, ...]) -> yaml.Node | None:
        node = self.root
        if node is None:
            return None
        for step in path:
            child = None
            if isinstance(node, yaml.MappingNode) and isinstance(step, str):
                child = next((v for k, v in node.value if getattr(k, "value", None) == step), None)
            elif isinstance(node, yaml.SequenceNode) and isinstance(step, int) and step < len(node.value):
                child = node.value[step]
            if child is None:
                break
            node = child
        return node


def load(text: str) -> Document:
    root = compose(text)
    return Document(root, to_data(root))


_UNREADABLE_IN_YAML = "[\x7f-\x9f\u2028\u2029\ufeff\ufffe\uffff]"  # compiled by what writes YAML, not by every check


def double_quoted(text: str) -> str:
    """`text` as a YAML double-quoted scalar that this loader reads back as the same string:
    JSON's escapes, and an escape too for every character a YAML reader refuses or takes for a
    line break (DEL, C1 controls, U+2028, ...)."""
    import json  # here: only what writes YAML needs it, not a check

    return re.sub(_UNREADABLE_IN_YAML, lambda m: f"\\u{ord(m.group()):04x}", json.dumps(text, ensure_ascii=False))
