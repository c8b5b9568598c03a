"""A YAML deck of the plainest shape read line by line, without the YAML parser.

Almost every deck file is a few metadata lines (`game: redline`) and zones of `Card Name: 3`
lines, each on a line of its own, plain: no quotes, tags, anchors, flow collections, tabs or
lines that go on. Such a file is read here with one pattern a line into what the parser's events
give (safe_yaml.plain_document), which the deck reader then reads the same way: the parser made
an event and two marks for every key and every count, a sixth of a folder check, and importing
it was a fifth of a one-deck check (yaml_text). Anything else (a line this reader does not know, a character YAML might read otherwise)
gives None, and the parser reads the file: a property test holds the two to the same items on
documents of every shape.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from deckcheck.loading.yaml_text import PlainItems, PlainPair
from deckcheck.records import record

# a plain scalar this reader takes: it begins with a letter or a digit (no indicator), and its
# other characters are any but a tab, a colon only before another character than a space (': '
# ends a plain scalar, as ' #' does), spaces only before another character than a '#', and it
# ends on neither a space (which YAML leaves out) nor a colon
# (written as runs of the other characters between those, which a line is read in a third of the time)
_SCALAR = r"[^\W_][^\t :#]*+(?:(?::(?=[^ ])| ++(?=[^ #\t])|#)[^\t :#]*+)*+(?<![ :])"
_END = r" *(?: #.*)?"  # trailing spaces, or a comment
_TOP = re.compile(rf"(?P<key>{_SCALAR}):(?: +(?P<value>{_SCALAR}))?{_END}")
# a card's line: its name plain, or in quotes (a Lost Soul's often is) with no escape but \" and \\
_QUOTED = r""""(?P<double>(?:[^"\\]|\\["\\])*)"|'(?P<single>[^']*)'"""
_PAIR = re.compile(rf"(?P<indent> +)(?:(?P<name>{_SCALAR})|{_QUOTED}): +(?P<count>[0-9]+){_END}")
_SKIPPED = re.compile(r" *(?:#.*)?")  # a blank line, or a comment alone
_UNESCAPED = re.compile(r'\\(["\\])')


def document(text: str) -> PlainItems | None:
    """The items of `text` as safe_yaml.plain_document gives them, where every line is of the
    plainest shape; None where one is not (or there is nothing), whatever the parser would make
    of it."""
    if not _printable(text):  # (a tab, a carriage return, ...)
        return None
    items: PlainItems = []
    pairs: list[PlainPair] | None = None  # the lines of the zone open, if one is
    indent = 0
    start = 0  # each line's index in the text
    for number, line in enumerate(text.split("\n")):
        if pairs is not None and line[:1] == " " and (pair := _PAIR.fullmatch(line)) is not None:
            at = pair.end("indent")
            if at != (indent or at):
                return None  # (the lines of a mapping are indented alike)
            indent = at
            name = pair["name"]
            pairs.append((_unquoted(pair) if name is None else name, pair["count"], None, number, at))
        elif _SKIPPED.fullmatch(line):
            pass
        elif pairs == [] or (top := _TOP.fullmatch(line)) is None:
            return None  # (a zone with no lines, which the parser reads as an empty value, included)
        else:
            key = _event(top["key"], number, 0, start)
            value = top["value"]
            pairs = None if value is not None else []
            indent = 0
            items.append((key, _event(value, number, top.start("value"), start) if value is not None else pairs))
        start += len(line) + 1
    return items if items and pairs != [] else None


def _unquoted(pair: re.Match[str]) -> str:
    """A card line's name written in quotes."""
    return pair["single"] if pair["double"] is None else _UNESCAPED.sub(r"\1", pair["double"])


@record(slots=True)
class Mark:
    """Where a scalar starts or ends, as the parser's marks say it (from 0; `index` in the text)."""

    index: int
    line: int
    column: int


class Scalar(NamedTuple):
    """A plain scalar, with what the parser's event for it says: no tag, no anchor, no style."""

    value: str
    start_mark: Mark
    end_mark: Mark
    style: None = None
    tag: None = None
    anchor: None = None


def _event(value: str, line: int, column: int, start: int) -> Scalar:
    """The parser's event for a plain scalar on one line (a line reader's own: the parser is not imported)."""
    return Scalar(value, Mark(start + column, line, column), Mark(start + column + len(value), line, column + len(value)))


def _printable(text: str) -> bool:
    """Whether every character but the line feeds is one YAML reads as itself, in any place:
    Python's printable characters are some of YAML's, and neither a tab nor a carriage return."""
    return text.isascii() and "\x7f" not in text and not _CONTROL.search(text) or text.replace("\n", "").isprintable()


_CONTROL = re.compile(r"[\x00-\x09\x0b-\x1f]")
