"""The JSON report of cli.md, described by schemas/report.schema.json."""

from __future__ import annotations

import json
from typing import Any, Sequence

from deckcheck import __version__
from deckcheck.model import DeckReport, Finding


def finding_data(finding: Finding, rules: dict | None = None) -> dict[str, Any]:
    data = {
        "rule": finding.rule,
        "severity": finding.severity.value,
        "message": finding.message,
        "cards": list(finding.cards),
        "zone": finding.zone,
        "line": finding.position.line if finding.position else None,
        "column": finding.position.column if finding.position else None,
    }
    if rules is not None and finding.rule in rules:
        data["explanation"] = {"summary": rules[finding.rule].summary, "source": rules[finding.rule].source}
    return data


def report_data(reports: Sequence[DeckReport], events: Sequence = (), explain: bool = False) -> dict[str, Any]:
    from deckcheck.games import rules_of

    return {
        "tool": {"name": "deckcheck", "version": __version__},
        "events": [{"name": e.name, "path": e.path, "effective": e.effective, "sha256": e.digest} for e in events],
        "decks": [
            {
                "path": r.path, "game": r.game, "format": r.format, "name": r.name, "legal": r.legal,
                "counts": dict(r.counts), "settings": dict(r.settings),
                "findings": [finding_data(f, rules_of(r.game, r.format) if explain else None) for f in r.findings],
            }
            for r in reports
        ],
        "summary": {
            "decks": len(reports),
            "legal": sum(r.legal for r in reports),
            "illegal": sum(not r.legal for r in reports),
            "errors": sum(r.errors for r in reports),
            "warnings": sum(r.warnings for r in reports),
        },
    }


def render(reports: Sequence[DeckReport], events: Sequence = (), explain: bool = False) -> str:
    return json.dumps(report_data(reports, events, explain), indent=2, ensure_ascii=False) + "\n"
