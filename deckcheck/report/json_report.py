"""The JSON report of cli.md, described by schemas/report.schema.json."""

from __future__ import annotations

import json
from typing import Any, Sequence

from deckcheck import __version__
from deckcheck.model import DeckReport, Finding


def finding_data(finding: Finding) -> dict[str, Any]:
    return {
        "rule": finding.rule,
        "severity": finding.severity.value,
        "message": finding.message,
        "cards": list(finding.cards),
        "zone": finding.zone,
        "line": finding.position.line if finding.position else None,
        "column": finding.position.column if finding.position else None,
    }


def report_data(reports: Sequence[DeckReport]) -> dict[str, Any]:
    return {
        "tool": {"name": "deckcheck", "version": __version__},
        "decks": [
            {
                "path": r.path, "game": r.game, "format": r.format, "name": r.name, "legal": r.legal,
                "counts": dict(r.counts),
                "findings": [finding_data(f) for f in r.findings],
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


def render(reports: Sequence[DeckReport], **_: Any) -> str:
    return json.dumps(report_data(reports), indent=2, ensure_ascii=False) + "\n"
