"""The terminal report: per deck a verdict line and a table of findings, then a summary. With
--explain, each finding is a block with its rule's text and rulebook source."""

from __future__ import annotations

from typing import Sequence

from tabulate import tabulate

from deckcheck.model import DeckReport, Finding

_COLUMNS = ("rule", "severity", "message", "card", "line")
_WIDTHS = (None, None, 60, 24, None)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def deck_heading(report: DeckReport) -> str:
    about = "/".join(x for x in (report.game, report.format) if x) or "unknown game"
    name = f" \u2014 {report.name}" if report.name else ""
    verdict = "legal" if report.legal else "ILLEGAL"
    tally = f"{_plural(report.errors, 'error')}, {_plural(report.warnings, 'warning')}"
    return f"{report.path} ({about}){name}: {verdict} ({tally})"


def summary_line(reports: Sequence[DeckReport]) -> str:
    legal = sum(r.legal for r in reports)
    errors = sum(r.errors for r in reports)
    warnings = sum(r.warnings for r in reports)
    return (f"{_plural(len(reports), 'deck')} checked: {legal} legal, {len(reports) - legal} illegal; "
            f"{_plural(errors, 'error')}, {_plural(warnings, 'warning')}")


def event_line(event) -> str:
    effective = f", effective {event.effective}" if event.effective else ""
    return f"event: {event.name} ({event.path}{effective}, sha256 {event.digest})"


def _table(findings: Sequence[Finding]) -> str:
    rows = [(f.rule, f.severity.value, f.message, ", ".join(f.cards), f"{f.position.line}:{f.position.column}")
            for f in findings]
    return tabulate(rows, headers=_COLUMNS, tablefmt="simple", maxcolwidths=list(_WIDTHS))


def _explained(report: DeckReport) -> str:
    from deckcheck.games import rules_of

    rules = rules_of(report.game, report.format)
    blocks = []
    for f in report.findings:
        card = f" [{', '.join(f.cards)}]" if f.cards else ""
        lines = [f"  {f.position.line}:{f.position.column} {f.severity.value} {f.rule}: {f.message}{card}"]
        if f.rule in rules:
            lines.append(f"      rule:   {rules[f.rule].summary}")
            lines.append(f"      source: {rules[f.rule].source}")
        blocks.append("\n".join(lines))
    return "\n".join(blocks)


def render(reports: Sequence[DeckReport], events: Sequence = (), explain: bool = False) -> str:
    parts = [event_line(e) for e in events]
    if events:
        parts.append("")
    for report in reports:
        parts.append(deck_heading(report))
        if report.findings:
            parts.append(_explained(report) if explain else _table(report.findings))
        parts.append("")
    parts.append(summary_line(reports))
    return "\n".join(parts) + "\n"
