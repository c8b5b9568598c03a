"""The terminal report: per deck a verdict line and a table of findings, then a summary. With
--explain, each finding is a block with its rule's text and rulebook source."""

from __future__ import annotations

from typing import Sequence

from tabulate import tabulate

from deckcheck.escaping import for_terminal
from deckcheck.model import DeckReport, Finding
from deckcheck.wording import plural

_COLUMNS = ("rule", "severity", "message", "card", "line")
_WIDTHS = (None, None, 60, 24, None)


def game_and_format(report: DeckReport) -> str:
    """`redemption/type1, rules 2.0`: what the deck was checked as."""
    about = "/".join(x for x in (report.game, report.format) if x) or "unknown game"
    return about + (f", rules {report.rules_version}" if report.rules_version else "")


def deck_heading(report: DeckReport) -> str:
    name = f" \u2014 {report.name}" if report.name else ""
    verdict = "legal" if report.legal else "ILLEGAL"
    tally = f"{plural(report.errors, 'error')}, {plural(report.warnings, 'warning')}"
    return f"{report.path} ({game_and_format(report)}){name}: {verdict} ({tally})"


def summary_line(reports: Sequence[DeckReport]) -> str:
    legal = sum(r.legal for r in reports)
    errors = sum(r.errors for r in reports)
    warnings = sum(r.warnings for r in reports)
    return (
        f"{plural(len(reports), 'deck')} checked: {legal} legal, {len(reports) - legal} illegal; "
        f"{plural(errors, 'error')}, {plural(warnings, 'warning')}"
    )


def format_rows(report: DeckReport) -> list[tuple[str, str, str, str]]:
    """--all-formats: (format, rules version, verdict, first errors) per format."""
    return [
        (each.format, each.version or "", "legal" if each.legal else "ILLEGAL", "; ".join(f"{f.rule}: {f.message}" for f in each.errors))
        for each in report.formats or ()
    ]


def event_line(event) -> str:
    effective = f", effective {event.effective}" if event.effective else ""
    return f"event: {event.name} ({event.path}{effective}, sha256 {event.digest})"


def _table(findings: Sequence[Finding]) -> str:
    # cells are escaped before the table is laid out, so that the columns line up with what shows
    rows = [
        (f.rule, f.severity.value, for_terminal(f.message), for_terminal(", ".join(f.cards)), f"{f.position.line}:{f.position.column}")
        for f in findings
    ]
    return tabulate(rows, headers=_COLUMNS, tablefmt="simple", maxcolwidths=list(_WIDTHS))


def _explained(report: DeckReport) -> str:
    blocks = []
    for f in report.findings:
        card = f" [{', '.join(f.cards)}]" if f.cards else ""
        lines = [for_terminal(f"  {f.position.line}:{f.position.column} {f.severity.value} {f.rule}: {f.message}{card}")]
        rule = report.rule(f.rule)
        if rule is not None:
            lines.append(f"      rule:   {rule.summary}")
            lines.append(f"      source: {rule.source}")
        blocks.append("\n".join(lines))
    return "\n".join(blocks)


def render(reports: Sequence[DeckReport], events: Sequence = (), explain: bool = False) -> str:
    parts = [for_terminal(event_line(e)) for e in events]
    if events:
        parts.append("")
    for report in reports:
        parts.append(for_terminal(deck_heading(report)))
        parts += [for_terminal(f"note: {note}") for note in report.notes]
        if report.findings:
            parts.append(_explained(report) if explain else _table(report.findings))
        if report.formats is not None:
            rows = [tuple(for_terminal(cell) for cell in row) for row in format_rows(report)]
            parts.append(
                tabulate(
                    rows,
                    headers=("format", "rules", "verdict", "first errors"),
                    tablefmt="simple",
                    maxcolwidths=[None, None, None, 80],
                    disable_numparse=True,
                )
            )
        parts.append("")
    parts.append(summary_line(reports))
    return "\n".join(parts) + "\n"
