"""A deck's canonical text: metadata first, zones in one order (general, champion, main, side,
missions, critical hits), each zone's cards grouped by type in the game's order and sorted by
name, names as the database spells them, comments kept beside their cards."""

from __future__ import annotations

import re
from dataclasses import dataclass

from deckcheck.canonical.comments import Comments
from deckcheck.loading.names import normalise
from deckcheck.loading.safe_yaml import double_quoted

ZONE_ORDER = ("general", "champion", "main", "side", "missions", "critical_hits")
TEXT_HEADERS = {"side": "Side:", "missions": "Missions:", "critical_hits": "Critical Hits:"}
SINGLE_CARD_ZONES = ("general", "champion")
_PLAIN = re.compile(r"[A-Za-z0-9][A-Za-z0-9 .,'()!?/+&-]*[A-Za-z0-9.)'!?]|[A-Za-z0-9]")
_YAML11_SPECIAL = re.compile(r"(?i)(y|n|yes|no|on|off|true|false|null|~|[-+]?[0-9][0-9_.,:eE+-]*|\.inf|\.nan)")


@dataclass(frozen=True)
class Line:
    """One card line of the rewritten deck."""

    name: str
    count: int
    group: int  # the index of its type in the game's order (unknown cards last)
    source_line: int  # where it stood, for its comments
    also: tuple[int, ...] = ()  # other lines that named the same card, merged into this one


@dataclass(frozen=True)
class Metadata:
    game: str
    format: str | None
    name: str | None
    lines: dict[str, int]  # key -> line it stood on (YAML), for its comments


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
    meta: Metadata, zones: dict[str, list[Line]], zone_lines: dict[str, int], comments: Comments, zone_keys: dict[str, str] | None = None
) -> str:
    """`zone_keys`: a zone's key as the deck wrote it (`reserve` for a Redemption deck's side)."""
    out: list[str] = []
    for key in ("game", "format", "name"):
        value = getattr(meta, key)
        if value is not None:
            where = meta.lines.get(key)
            out += _above(comments, where, "")
            out.append(_with_inline(f"{key}: {yaml_scalar(value)}", comments, where))
    for zone in ZONE_ORDER:
        if zone not in zones:
            continue
        where = zone_lines.get(zone)
        out += _above(comments, where, "")
        if zone in SINGLE_CARD_ZONES:
            names = [line.name for line in zones[zone]]
            value = yaml_scalar(names[0]) if len(names) == 1 else "[" + ", ".join(map(yaml_scalar, names)) + "]"
            out.append(_with_inline(f"{zone}: {value}", comments, where))
            continue
        label = (zone_keys or {}).get(zone, zone)
        if not zones[zone]:
            out.append(_with_inline(f"{label}: {{}}", comments, where))
            continue
        out.append(_with_inline(f"{label}:", comments, where))
        for index, group in enumerate(_sorted(zones[zone])):
            if index:
                out.append("")
            for line in group:
                out += _above_line(comments, line, "  ")
                key = yaml_scalar(line.name)
                if len(key) > LONGEST_SIMPLE_KEY:
                    out += [f"  ? {key}", _with_inline(f"  : {line.count}", comments, line.source_line)]
                else:
                    out.append(_with_inline(f"  {key}: {line.count}", comments, line.source_line))
    out += comments.trailer
    return "\n".join(out) + "\n"


def render_text(
    meta: Metadata, zones: dict[str, list[Line]], zone_lines: dict[str, int], comments: Comments, headers: dict[str, str] | None = None
) -> str:
    """`headers`: a zone's header as the game calls it (`Reserve:` for Redemption's side)."""
    out = [f"# {key}: {getattr(meta, key)}" for key in ("game", "format", "name") if getattr(meta, key)]
    out += comments.header
    for zone in ZONE_ORDER:
        if zone not in zones:
            continue
        if zone in SINGLE_CARD_ZONES:
            for line in zones[zone]:
                out += _above(comments, line.source_line, "")
                out.append(_with_inline(f"{zone.title()}: {line.name}", comments, line.source_line))
            continue
        where = zone_lines.get(zone)
        if zone in TEXT_HEADERS:
            out.append("")
            out += _above(comments, where, "")
            out.append(_with_inline((headers or {}).get(zone, TEXT_HEADERS[zone]), comments, where))
        else:  # the main deck needs no header: what a `Main:` line had to say stays as comments
            out += _above(comments, where, "")
            if where in comments.inline:
                out.append(comments.inline[where])
        for index, group in enumerate(_sorted(zones[zone])):
            if index and zone == "main":
                out.append("")
            for line in group:
                out += _above_line(comments, line, "")
                out.append(_with_inline(f"{line.count} {line.name}", comments, line.source_line))
    out += comments.trailer
    return "\n".join(out) + "\n"
