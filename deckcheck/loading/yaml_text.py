"""What reading YAML needs besides the parser: the bytes of a file made text, a problem's position,
and a plain scalar's value under the YAML 1.2 core schema.

Kept apart from safe_yaml, which imports PyYAML: importing it was a fifth of a one-deck check's
instructions, and a check whose deck file the line reader takes (yaml_lines) and whose config
and card data come from the cache parses no YAML at all, so it never imports the parser.
"""

from __future__ import annotations

import re
from typing import Any, Protocol

from deckcheck.loading.files import MAX_BYTES
from deckcheck.model import Position

MAX_NUMBER_LENGTH = 30  # longer digit strings are refused: Python will not turn 4,300+ digits into an int

# a document of the plainest shape (safe_yaml.plain_document, yaml_lines.document): its items, each
# its key's scalar and its value's, or for a mapping of scalars, that mapping's items, each as
# its key's text, its value's, the value's style and the key's line and column (from 0)
PlainPair = tuple[str, str, Any, int, int]
PlainItems = list[tuple[Any, Any]]

_NULL = re.compile(r"^(?:~|null|Null|NULL|)$")
_BOOL = {"true": True, "True": True, "TRUE": True, "false": False, "False": False, "FALSE": False}
_INT = re.compile(r"^[-+]?[0-9]+$")
_INT_OCT = re.compile(r"^0o[0-7]+$")
_INT_HEX = re.compile(r"^0x[0-9a-fA-F]+$")
_FLOAT = re.compile(r"^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$")
_FLOAT_SPECIAL = {".inf": float("inf"), "+.inf": float("inf"), "-.inf": float("-inf"), ".nan": float("nan")}


class InputError(Exception):
    """A file that cannot be read as asked, with the position of the problem when it has one."""

    def __init__(self, message: str, position: Position | None = None):
        super().__init__(message)
        self.message = message
        self.position = position


class _Mark(Protocol):
    @property
    def line(self) -> int: ...
    @property
    def column(self) -> int: ...


class Marked(Protocol):
    """A node or an event of the parser's, or one of the line reader's: where it starts (from 0)."""

    @property
    def start_mark(self) -> _Mark: ...


def position_of(node: Marked) -> Position:
    return Position(node.start_mark.line + 1, node.start_mark.column + 1)


def decode(raw: bytes) -> str:
    """Bytes of a text file to str, refusing what no deck or database can be."""
    if len(raw) > MAX_BYTES:  # bytes that came another way than read_limited (a test, a pipe)
        raise InputError("file is larger than the 1 MiB limit", Position(1, 1))
    if not raw.strip():
        raise InputError("file is empty", Position(1, 1))
    if b"\x00" in raw:
        nul = raw.index(b"\x00")
        before = raw[:nul]
        line_start = max(before.rfind(b"\n"), before.rfind(b"\r")) + 1
        raise InputError("binary file (it contains NUL bytes)", Position(len(re.findall(rb"\r\n|\r|\n", before)) + 1, nul - line_start + 1))
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        before = raw[: exc.start]
        line = before.count(b"\n") + 1
        column = exc.start - (before.rfind(b"\n") + 1) + 1
        raise InputError(f"not UTF-8 text (byte 0x{raw[exc.start]:02x})", Position(line, column)) from None
    return text


def core_value(text: str, where: Marked) -> Any:
    """A plain scalar's value under the YAML 1.2 core schema (`where` is the scalar, for the
    position of a number too long to read)."""
    if _NULL.match(text):
        return None
    if text in _BOOL:
        return _BOOL[text]
    if len(text) > MAX_NUMBER_LENGTH and (_INT.match(text) or _INT_OCT.match(text) or _INT_HEX.match(text) or _FLOAT.match(text)):
        long = f"a number {len(text):,} characters long; no count or card fact has more than {MAX_NUMBER_LENGTH}"
        raise InputError(long, position_of(where))
    if _INT.match(text):
        return int(text)
    if _INT_OCT.match(text):
        return int(text[2:], 8)
    if _INT_HEX.match(text):
        return int(text[2:], 16)
    if _FLOAT.match(text):
        return float(text)
    if text.lower() in _FLOAT_SPECIAL:
        return _FLOAT_SPECIAL[text.lower()]
    return text


class Scalar(Marked, Protocol):
    """A scalar of a document of the plainest shape (no tag, no anchor): its text and its style."""

    @property
    def value(self) -> str: ...
    @property
    def style(self) -> str | None: ...


def untagged_value(scalar: Scalar) -> Any:
    """The value of a scalar written with no tag: its text when it is quoted (or a block), else
    its plain value."""
    return scalar.value if scalar.style else core_value(scalar.value, scalar)
