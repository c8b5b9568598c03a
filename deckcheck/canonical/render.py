"""A deck's canonical text: metadata first, zones in one order (general, champion, main, side,
missions, critical hits), each zone's cards grouped by type in the game's order and sorted by
name, names as the file wrote them, comments kept beside their cards."""

from __future__ import annotations

import re
from dataclasses import field

from deckcheck.canonical.comments import Comments
from deckcheck.loading.names import normalise
from deckcheck.loading.safe_yaml import double_quoted
from deckcheck.model import Zone
from deckcheck.records import record

ZONE_ORDER = ("general", "champion", "main", "side", "missions", "critical_hits")
TEXT_HEADERS = {"side": "Side:", "missions": "Missions:", "critical_hits": "Critical Hits:"}
SINGLE_CARD_ZONES = ("general", "champion")
_PLAIN = re.compile(r"[A-Za-z0-9][A-Za-z0-9 .,'()!?/+&-]*[A-Za-z0-9.)'!?]|[A-Za-z0-9]")
_YAML11_SPECIAL = re.compile(r"(?i)(y|n|yes|no|on|off|true|false|null|~|[-+]?[0-9][0-9_.,:eE+-]*|\.inf|\.nan)")


@record
class Line:
    """One card line of the rewritten deck."""

    name: str
    count: int
    group: int  # the index of its type in the game's order (unknown cards last)
    source_line: int  # where it stood, for its comments
    also: tuple[int, ...] = ()  # other lines that named the same card, merged into this one


@record
class Metadata:
    game: str
    format: str | None
    name: str | None
    lines: dict[str, int]  # key -> line it stood on (YAML), for its comments
    # a zone's key as the deck wrote it (`reserve` for a Redemption deck's side), where that is not the zone's name
    zone_words: dict[str, str] = field(default_factory=dict)


LONGEST_SIMPLE_KEY = 1000  # YAML reads a longer key only in its explicit form (`? key`)


def yaml_scalar(text: str) -> str:
    """`text` as a YAML scalar any YAML reader reads back as the same string."""
    if _PLAIN.fullmatch(text) and not _YAML11_SPECIAL.fullmatch(text) and ": " not in text and " #" not in text:
        return text
    return double_quoted(text)


def _sorted(lines: list[Line]) -> list[list[Line]]:
    groups: dict[int, list[Line]] = {}
    for line in sorted(lines, key=lambda item: (item.group, normalise(item.name), item.name)):
        groups.setdefault(line.group, []).append(line)
    return list(groups.values())


def _with_inline(text: str, comments: Comments, source_line: int | None) -> str:
    inline = comments.inline.get(source_line) if source_line else None
    return f"{text}  {inline}" if inline else text


def _above(comments: Comments, source_line: int | None, indent: str) -> list[str]:
    return [indent + c for c in comments.above.get(source_line, [])] if source_line else []


def _above_line(comments: Comments, line: Line, indent: str) -> list[str]:
    """The comments above a card line, and those of the lines merged into it (theirs in full)."""
    out = _above(comments, line.source_line, indent)
    for other in line.also:
        out += _above(comments, other, indent)
        if other in comments.inline:
            out.append(indent + comments.inline[other])
    return out


def render_yaml(
    meta: Metadata,
    zones: dict[str, list[Line]],
    zone_lines: dict[str, int],
    comments: Comments,
    order: tuple[Zone, ...],
) -> str:
    """`order`: the zones in the order they are written; a zone's key is the deck's own word for
    it (`meta.zone_words`) where it has one."""
    words = meta.zone_words
    out: list[str] = []
    for key in ("game", "format", "name"):
        value, where = getattr(meta, key), meta.lines.get(key)
        if value is not None or where is not None:  # `name: Null  # why` keeps its line and its comment
            out += _above(comments, where, "")
            out.append(_with_inline(f"{key}: {yaml_scalar(value) if value is not None else 'null'}", comments, where))
    for zone in order:
        if zone.name not in zones:
            continue
        lines, where = zones[zone.name], zone_lines.get(zone.name)
        key = words.get(zone.name, zone.name)
        out += _above(comments, where, "")
        if zone.single:
            names = [line.name for line in lines]
            value = yaml_scalar(names[0]) if len(names) == 1 else "[" + ", ".join(map(yaml_scalar, names)) + "]"
            out.append(_with_inline(f"{key}: {value}", comments, where))
            continue
        if not lines:
            out.append(_with_inline(f"{key}: {{}}", comments, where))
            continue
        out.append(_with_inline(f"{key}:", comments, where))
        for index, group in enumerate(_sorted(lines)):
            if index:
                out.append("")
            for line in group:
                out += _above_line(comments, line, "  ")
                name = yaml_scalar(line.name)
                if len(name) > LONGEST_SIMPLE_KEY:
                    out += [f"  ? {name}", _with_inline(f"  : {line.count}", comments, line.source_line)]
                else:
                    out.append(_with_inline(f"  {name}: {line.count}", comments, line.source_line))
    out += comments.trailer
    return "\n".join(out) + "\n"


def render_text(
    meta: Metadata, zones: dict[str, list[Line]], zone_lines: dict[str, int], comments: Comments, order: tuple[Zone, ...]
) -> str:
    """`order`: the zones in the order they are written, each headed as the game calls it."""
    out = [f"# {key}: {getattr(meta, key)}" for key in ("game", "format", "name") if getattr(meta, key)]
    out += comments.header
    for zone in order:
        if zone.name not in zones:
            continue
        lines, where = zones[zone.name], zone_lines.get(zone.name)
        if zone.single:
            for line in lines:
                out += _above(comments, line.source_line, "")
                out.append(_with_inline(f"{zone.label}: {line.name}", comments, line.source_line))
            continue
        if zone.headed:
            out.append("")
            out += _above(comments, where, "")
            out.append(_with_inline(f"{zone.label}:", comments, where))
        else:  # the main deck needs no header: what a `Main:` line had to say stays as comments
            out += _above(comments, where, "")
            if where in comments.inline:
                out.append(comments.inline[where])
        for index, group in enumerate(_sorted(lines)):
            if index and not zone.headed:
                out.append("")
            for line in group:
                out += _above_line(comments, line, "")
                out.append(_with_inline(f"{line.count} {line.name}", comments, line.source_line))
    out += comments.trailer
    return "\n".join(out) + "\n"
