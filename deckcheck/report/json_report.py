"""The JSON report (docs/reports.md), described by schemas/report.schema.json."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import orjson

from deckcheck import __version__
from deckcheck.escaping import for_json, for_json_utf8
from deckcheck.fingerprint import fingerprint
from deckcheck.model import DeckReport, Finding
from deckcheck.report import PLAIN, Terminal


def finding_data(finding: Finding, report: DeckReport | None = None) -> dict[str, Any]:
    data: dict[str, Any] = {
        "rule": finding.rule,
        "severity": finding.severity.value,
        "message": finding.message,
        "cards": list(finding.cards),
        "zone": finding.zone,
        "line": finding.position.line,
        "column": finding.position.column,
    }
    rule = report.rule(finding.rule) if report is not None else None
    if rule is not None:
        data["explanation"] = {"summary": rule.summary, "source": rule.source}
    return data


def deck_data(r: DeckReport, explain: bool = False) -> dict[str, Any]:
    data = {
        "path": r.path,
        "game": r.game,
        "format": r.format,
        "rules_version": r.rules_version,
        "as_of": r.as_of.isoformat() if r.as_of else None,
        "fingerprint": fingerprint(r.cards),
        "player": r.player,
        "judged_by": dict(r.judged_by),
        "game_inferred": r.game_inferred,
        "name": r.name,
        "legal": r.legal,
        "checked": r.checked,
        "counts": dict(r.counts),
        "cards": [
            {
                "zone": c.zone,
                "name": c.name,
                "id": c.id,
                "count": c.count,
                "type": "/".join(c.types) or None,
                "title": c.title,
                "line": c.line,
            }
            for c in r.cards
        ],
        "settings": dict(r.settings),
        "notes": list(r.notes),
        "findings": [finding_data(f, r if explain else None) for f in r.findings],
    }
    if r.compared is not None:
        change = r.compared
        data["compared_as_of"] = {
            "as_of": change.as_of.isoformat(),
            "rules_version": change.rules_version,
            "legal": change.legal,
            "appeared": [finding_data(f) for f in change.appeared],
            "disappeared": [finding_data(f) for f in change.disappeared],
        }
    if r.formats is not None:
        data["formats"] = [
            {"format": v.format, "rules_version": v.version, "legal": v.legal, "errors": [finding_data(f) for f in v.errors]}
            for v in r.formats
        ]
    return data


def report_data(reports: Sequence[DeckReport], events: Sequence = (), explain: bool = False) -> dict[str, Any]:
    return {**_frame(events), "decks": [deck_data(r, explain) for r in reports], "summary": _summary(reports)}


def _frame(events: Sequence) -> dict[str, Any]:
    return {
        "tool": {"name": "deckcheck", "version": __version__},
        "events": [{"name": e.name, "path": e.path, "effective": e.effective, "sha256": e.digest} for e in events],
    }


def _summary(reports: Sequence[DeckReport]) -> dict[str, Any]:
    return {
        "decks": sum(r.checked for r in reports),
        "legal": sum(r.checked and r.legal for r in reports),
        "illegal": sum(not r.legal for r in reports),
        "errors": sum(r.errors for r in reports),
        "warnings": sum(r.warnings for r in reports),
        # files of a folder left out as plainly not decks, where there are any
        **({"left_out": left_out} if (left_out := sum(not r.checked for r in reports)) else {}),
    }


def render(reports: Sequence[DeckReport], events: Sequence = (), explain: bool = False, terminal: Terminal = PLAIN) -> str:
    return "".join(chunks(reports, events, explain))


_DECKS = "\u0001decks"  # where the decks go in the frame written whole: JSON writes it escaped, as no deck's text is


def chunks(reports: Sequence[DeckReport], events: Sequence = (), explain: bool = False) -> Iterator[str]:
    """The report in pieces, a deck at a time, which join to `indented(report_data(...))` byte for
    byte: a folder of 10,000 decks held its whole report's data and text at once (825 MiB, where
    the text report took 190)."""
    if not reports:
        yield indented(report_data(reports, events, explain))
        return
    frame = indented({**_frame(events), "decks": [_DECKS], "summary": _summary(reports)})
    head, _, tail = frame.partition('    "\\u0001decks"')
    yield head
    for index, report in enumerate(reports):
        yield ("" if index == 0 else ",\n") + _deck_json(deck_data(report, explain))
    yield tail


_NESTED_HEAD, _NESTED_TAIL = b'{\n  "decks": [\n', b"\n  ]\n}"


def _deck_json(data: dict[str, Any]) -> str:
    """A deck's JSON as the report holds it, indented two levels in."""
    # written where the frame puts it, in a list in an object, and cut out: indenting the deck
    # written alone line by line was a sixth of the JSON report's time
    nested = orjson.dumps({"decks": [data]}, option=orjson.OPT_INDENT_2)
    if nested.startswith(_NESTED_HEAD) and nested.endswith(_NESTED_TAIL):
        return for_json_utf8(nested[len(_NESTED_HEAD) : -len(_NESTED_TAIL)])
    deck = orjson.dumps(data, option=orjson.OPT_INDENT_2).decode("utf-8")  # (an orjson that indents otherwise)
    return for_json("    " + deck.replace("\n", "\n    "))


def indented(data: Any) -> str:
    """JSON as `json.dumps(data, indent=2, ensure_ascii=False)` writes it, byte for byte (then made
    safe to print by escaping.for_json), in a
    tenth of the time (the standard library's C encoder does not indent): a report of 1,000 decks
    is megabytes. The data holds only strings, whole numbers, booleans, None, lists and dicts."""
    return for_json(orjson.dumps(data, option=orjson.OPT_INDENT_2 | orjson.OPT_APPEND_NEWLINE).decode("utf-8"))
