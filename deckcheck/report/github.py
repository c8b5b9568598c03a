"""GitHub Actions workflow commands: `::error file=...,line=...,col=...,title=<rule id>::message`,
escaped the way GitHub's toolkit (@actions/core) escapes them, so that each finding shows on the
deck line it is about in the pull request."""

from __future__ import annotations

from collections.abc import Sequence

from deckcheck.escaping import github_data, github_property
from deckcheck.model import DeckReport
from deckcheck.report import PLAIN, Terminal


def render(reports: Sequence[DeckReport], events: Sequence = (), explain: bool = False, terminal: Terminal = PLAIN) -> str:
    lines = []
    for report in reports:
        for f in report.findings:
            properties = ",".join(
                f"{key}={github_property(str(value))}"
                for key, value in (("file", report.path), ("line", f.position.line), ("col", f.position.column), ("title", f.rule))
            )
            lines.append(f"::{f.severity.value} {properties}::{github_data(f.message)}")
    return "".join(line + "\n" for line in lines)
