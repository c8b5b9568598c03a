"""The comments of a deck file, attached to the lines they belong to, so that a rewritten deck
keeps them beside the same cards: every full-line comment goes with the next anchor (a key, a
card line, a section header), an end-of-line comment with its own line, and comments after the
last anchor stay at the end."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from deckcheck.loading.lines import editor_lines


@dataclass
class Comments:
    above: dict[int, list[str]] = field(default_factory=dict)  # anchor line -> comment lines
    inline: dict[int, str] = field(default_factory=dict)  # anchor line -> "# ..."
    trailer: list[str] = field(default_factory=list)
    header: list[str] = field(default_factory=list)  # before the first card: the deck's own


def yaml_comment_start(line: str) -> int | None:
    """Where a YAML comment starts on a line: a # at the start or after white space, outside quotes."""
    quote = None
    for index, char in enumerate(line):
        if quote:
            if char == quote:
                quote = None
        elif char in "'\"" and (index == 0 or line[index - 1] in " \t:[{,-"):
            quote = char
        elif char == "#" and (index == 0 or line[index - 1] in " \t"):
            return index
    return None


def text_comment_start(line: str) -> int | None:
    """Where a comment starts in a plain-text deck, as the reader finds it (text_deck._COMMENT): a
    `#` or `//` at the start or after white space."""
    for index, char in enumerate(line):
        if (char == "#" or line.startswith("//", index)) and (index == 0 or line[index - 1].isspace()):
            return index
    return None


def collect(
    text: str,
    anchors: Iterable[int],
    comment_start: Callable[[str], int | None],
    skip: Callable[[str], bool] = lambda line: False,
    first_card: int | None = None,
) -> Comments:
    """The comments of `text` (1-based `anchors` lines); `skip` drops comment lines that the
    writer regenerates (a text deck's `# game:` header). Comments before `first_card` are the
    deck's own and stay at its top, whatever comes first once the cards are sorted."""
    anchor_lines = set(anchors)
    comments = Comments()
    pending: list[str] = []
    for number, line in enumerate(editor_lines(text), start=1):
        stripped = line.strip()
        start = comment_start(line)
        whole_comment = start is not None and not line[:start].strip()
        if first_card is not None and number == first_card:
            comments.header, pending = pending, []
        if number in anchor_lines and not whole_comment:
            if pending:
                comments.above[number] = pending
                pending = []
            if start is not None:
                comments.inline[number] = line[start:].strip()
        elif whole_comment and not skip(stripped):
            pending.append(stripped)
    comments.trailer = pending
    return comments
