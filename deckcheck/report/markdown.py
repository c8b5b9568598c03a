"""Markdown for a pull-request comment or an organiser's printout: one summary row per deck, then
the findings of each deck that is not legal (or has warnings)."""

from __future__ import annotations

from collections.abc import Sequence

from deckcheck.escaping import for_markdown
from deckcheck.model import DeckReport
from deckcheck.report import PLAIN, Terminal
from deckcheck.report.text import change_lines, event_line, format_rows, game_and_format, judged_line, not_read, summary_line
from deckcheck.tables import tabulated


def render(reports: Sequence[DeckReport], events: Sequence = (), explain: bool = False, terminal: Terminal = PLAIN) -> str:
    parts = ["# deckcheck report", ""]
    parts += [f"- {for_markdown(event_line(e))}" for e in events]
    if events:
        parts.append("")
    rows = [
        (
            for_markdown(r.path),
            for_markdown(game_and_format(r)),
            for_markdown(r.name or ""),
            {"legal": "yes", "illegal": "**no**"}.get(r.verdict, r.verdict),
            r.errors,
            r.warnings,
        )
        for r in reports
    ]
    parts += [tabulated(rows, headers=("deck", "game", "name", "legal", "errors", "warnings"), tablefmt="github"), ""]
    parts += [summary_line(reports), ""]
    judged = list(dict.fromkeys((r.game or "", judged_line(r.judged_by)) for r in reports if r.judged_by))
    parts += [f"- {for_markdown(game)}: judged by {for_markdown(line)}" for game, line in judged] + ([""] if judged else [])
    for report in reports:
        if not (report.findings or report.notes or report.formats or (report.compared and report.compared.flips)):
            continue
        parts += [f"## {for_markdown(report.path)} ({report.verdict}{not_read(report)})", ""]
        parts += [f"- {for_markdown(note)}" for note in report.notes] + ([""] if report.notes else [])
        if report.findings:
            found = [
                (
                    f"{f.position.line}:{f.position.column}",
                    f.severity.value,
                    f"`{f.rule}`",
                    for_markdown(f.message),
                    for_markdown(", ".join(f.cards)),
                )
                for f in report.findings
            ]
            parts += [tabulated(found, headers=("line", "severity", "rule", "message", "cards"), tablefmt="github"), ""]
        if report.compared is not None:
            head, *changes = change_lines(report)
            parts += [for_markdown(head), ""] + [f"- {for_markdown(line.strip())}" for line in changes] + ([""] if changes else [])
        if report.formats is not None:
            verdicts = [tuple(for_markdown(cell) for cell in row) for row in format_rows(report)]
            parts += [
                tabulated(verdicts, headers=("format", "rules", "verdict", "first errors"), tablefmt="github", disable_numparse=True),
                "",
            ]
    return "\n".join(parts)
