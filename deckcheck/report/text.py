"""The terminal report: per deck a verdict line and a table of findings, then a summary."""

from __future__ import annotations

from typing import Any, Sequence

from tabulate import tabulate

from deckcheck.model import DeckReport

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


def render(reports: Sequence[DeckReport], **_: Any) -> str:
    parts = []
    for report in reports:
        parts.append(deck_heading(report))
        if report.findings:
            rows = [(f.rule, f.severity.value, f.message, ", ".join(f.cards),
                     f"{f.position.line}:{f.position.column}" if f.position else "") for f in report.findings]
            parts.append(tabulate(rows, headers=_COLUMNS, tablefmt="simple", maxcolwidths=list(_WIDTHS)))
        parts.append("")
    parts.append(summary_line(reports))
    return "\n".join(parts) + "\n"
