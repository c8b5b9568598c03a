"""SARIF 2.1.0: one rule per rule id (its summary and rulebook source as help), one result per
finding with its physical location, for code-scanning views."""

from __future__ import annotations

import json
from collections.abc import Sequence

from deckcheck import __version__
from deckcheck.escaping import for_json, sarif_uri
from deckcheck.model import DeckReport, RuleRecord
from deckcheck.report import PLAIN, Terminal

SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"


def render(reports: Sequence[DeckReport], events: Sequence = (), explain: bool = False, terminal: Terminal = PLAIN) -> str:
    # a rule is described by the text of the format and rules version a deck was checked by; where
    # decks of several formats share an id, the first deck's text describes it
    known: dict[str, RuleRecord] = {}
    for report in reports:
        for record in report.rules:
            known.setdefault(record.id, record)
    used = sorted({f.rule for r in reports for f in r.findings})
    index = {rule_id: i for i, rule_id in enumerate(used)}
    rules = []
    for rule_id in used:
        rule = known.get(rule_id)
        summary = rule.summary if rule else rule_id
        source = rule.source if rule else ""
        level = rule.severity.value if rule else "error"
        rules.append(
            {
                "id": rule_id,
                "shortDescription": {"text": summary},
                "fullDescription": {"text": f"{summary} ({source})" if source else summary},
                "help": {"text": f"{summary}. Source: {source}. List every rule with `deckcheck rules`."},
                "defaultConfiguration": {"level": level},
            }
        )
    results = [
        {
            "ruleId": f.rule,
            "ruleIndex": index[f.rule],
            "level": f.severity.value,
            "message": {"text": f.message},
            "locations": [
                {
                    "physicalLocation": {
                        "artifactLocation": {"uri": sarif_uri(r.path)},
                        "region": {"startLine": f.position.line, "startColumn": f.position.column},
                    }
                }
            ],
        }
        for r in reports
        for f in r.findings
    ]
    document = {
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {"driver": {"name": "deckcheck", "version": __version__, "rules": rules}},
                "results": results,
                "properties": {
                    "decks": [
                        {
                            "path": r.path,
                            "game": r.game,
                            "format": r.format,
                            "rules_version": r.rules_version,
                            "judged_by": dict(r.judged_by),
                        }
                        for r in reports
                    ]
                },
            }
        ],
    }
    return for_json(json.dumps(document, indent=2, ensure_ascii=False)) + "\n"
