"""Markdown for a pull-request comment or an organiser's printout: one summary row per deck, then
the findings of each deck that is not legal (or has warnings)."""

from __future__ import annotations

from typing import Sequence

from tabulate import tabulate

from deckcheck.model import DeckReport
from deckcheck.report.text import event_line, format_rows, game_and_format, summary_line


def _cell(text: str) -> str:
    # a pipe would end a table cell early; a newline would end the row
    return text.replace("|", "\\|").replace("\n", " ")


def render(reports: Sequence[DeckReport], events: Sequence = (), explain: bool = False) -> str:
    parts = ["# deckcheck report", ""]
    parts += [f"- {_cell(event_line(e))}" for e in events]
    if events:
        parts.append("")
    rows = [(_cell(r.path), _cell(game_and_format(r)), _cell(r.name or ""), "yes" if r.legal else "**no**", r.errors,
             r.warnings) for r in reports]
    parts += [tabulate(rows, headers=("deck", "game", "name", "legal", "errors", "warnings"), tablefmt="github"), ""]
    parts += [summary_line(reports), ""]
    for report in reports:
        if not (report.findings or report.notes or report.formats):
            continue
        verdict = "legal" if report.legal else "illegal"
        parts += [f"## {_cell(report.path)} ({verdict})", ""]
        parts += [f"- {_cell(note)}" for note in report.notes] + ([""] if report.notes else [])
        if report.findings:
            rows = [(f"{f.position.line}:{f.position.column}", f.severity.value, f"`{f.rule}`", _cell(f.message),
                     _cell(", ".join(f.cards))) for f in report.findings]
            parts += [tabulate(rows, headers=("line", "severity", "rule", "message", "cards"), tablefmt="github"), ""]
        if report.formats is not None:
            rows = [tuple(_cell(cell) for cell in row) for row in format_rows(report)]
            parts += [tabulate(rows, headers=("format", "rules", "verdict", "first errors"), tablefmt="github",
                               disable_numparse=True), ""]
    return "\n".join(parts)
