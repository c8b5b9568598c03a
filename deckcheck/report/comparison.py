"""The report of `deckcheck compare` (the presented deck against the registered list), as text for
the judge at the table, JSON (schemas/compare.schema.json) and Markdown."""

from __future__ import annotations

from typing import Any

import orjson

from deckcheck import __version__
from deckcheck.check.compare import EXTRA, ILLEGAL_PRINTING, MISSING, MOVED, PRINTING, UNREAD, Comparison, Difference
from deckcheck.escaping import for_json, for_markdown
from deckcheck.tables import tabulated
from deckcheck.wording import plural

FORMATS = ("text", "json", "markdown")
_HEADERS = ("", "card", "copies", "zone", "registered line", "presented line", "note")


def render(comparison: Comparison, output_format: str) -> str:
    return {"text": text, "json": json, "markdown": markdown}[output_format](comparison)


def verdict(comparison: Comparison) -> str:
    """One line: the same deck or not, and how it differs."""
    kinds = [
        (MISSING, "missing"),
        (EXTRA, "extra"),
        (MOVED, "moved"),
        (UNREAD, "not read"),
        (ILLEGAL_PRINTING, "in a printing that is not legal"),
    ]
    nouns = {UNREAD: "line"}
    counts = {kind: sum(d.count for d in comparison.differences if d.kind == kind) for kind, _ in kinds}
    printings = sum(d.count for d in comparison.differences if d.kind == PRINTING)
    other = f"; {plural(printings, 'card')} in another printing of the same card" if printings else ""
    if not comparison.differs:
        return f"THE SAME DECK as registered{other}"
    said = ", ".join(f"{plural(n, nouns.get(kind, 'card'))} {word}" for kind, word in kinds if (n := counts[kind]))
    return f"DIFFERENT from the list registered: {said}{other}"


def text(comparison: Comparison) -> str:
    registered, presented = (f" · fingerprint {printed}" if printed else "" for printed in comparison.fingerprints)
    lines = [
        f"registered: {comparison.registered}{registered}",
        f"presented:  {comparison.presented} ({comparison.game}/{comparison.format}){presented}",
        _sizes(comparison),
        verdict(comparison),
    ]
    if comparison.differences:
        lines += ["", tabulated(_rows(comparison), headers=_HEADERS, disable_numparse=True)]
    return "\n".join(lines) + "\n"


def markdown(comparison: Comparison) -> str:
    lines = [
        f"## {for_markdown(comparison.presented)} against the list registered, {for_markdown(comparison.registered)}",
        "",
        f"**{for_markdown(verdict(comparison))}** ({for_markdown(comparison.game)}/{for_markdown(comparison.format)}; "
        f"{for_markdown(_sizes(comparison))})",
    ]
    if comparison.differences:
        rows = [[for_markdown(cell) for cell in row] for row in _rows(comparison)]
        lines += ["", tabulated(rows, headers=_HEADERS, tablefmt="github", disable_numparse=True)]
    return "\n".join(lines) + "\n"


def json(comparison: Comparison) -> str:
    document: dict[str, Any] = {
        "version": __version__,
        "registered": comparison.registered,
        "presented": comparison.presented,
        "game": comparison.game,
        "format": comparison.format,
        "same": not comparison.differs,
        "fingerprints": {"registered": comparison.fingerprints[0], "presented": comparison.fingerprints[1]},
        "zones": {
            zone: {"label": comparison.zone_labels[zone], "registered": before, "presented": after}
            for zone, (before, after) in comparison.sizes.items()
        },
        "differences": [_difference_data(d) for d in comparison.differences],
    }
    return for_json(orjson.dumps(document, option=orjson.OPT_INDENT_2).decode()) + "\n"


def _difference_data(difference: Difference) -> dict[str, Any]:
    return {
        "kind": difference.kind,
        "card": difference.card,
        "count": difference.count,
        "zone": difference.zone,
        "to_zone": difference.to_zone,
        "registered_printing": difference.registered,
        "presented_printing": difference.presented,
        "registered_line": difference.registered_line,
        "presented_line": difference.presented_line,
        "why": difference.why,
    }


def _sizes(comparison: Comparison) -> str:
    return "; ".join(
        f"{comparison.zone_labels[zone]}: {before} registered, {after} presented" for zone, (before, after) in comparison.sizes.items()
    )


def _rows(comparison: Comparison) -> list[list[str]]:
    return [
        [d.kind, d.card, str(d.count), _zone(comparison, d), _line(d.registered_line), _line(d.presented_line), _note(d)]
        for d in comparison.differences
    ]


def _zone(comparison: Comparison, difference: Difference) -> str:
    label = comparison.zone_labels.get(difference.zone, difference.zone)
    if difference.kind == MOVED and difference.to_zone:
        return f"from {label} to {comparison.zone_labels.get(difference.to_zone, difference.to_zone)}"
    return label


def _note(difference: Difference) -> str:
    if difference.kind == PRINTING:
        return f"presented as {difference.presented}: the same card"
    if difference.kind == ILLEGAL_PRINTING:
        return f"presented as {difference.presented}: the same card, in a printing this deck may not hold: {difference.why}"
    return {
        MISSING: "registered, not presented",
        EXTRA: "presented, not registered",
        MOVED: "moved between zones" + (f", presented as {difference.presented}" if difference.presented else ""),
        UNREAD: "a line of the presented list read as no card",
    }[difference.kind]


def _line(line: int | None) -> str:
    return str(line) if line is not None else ""
