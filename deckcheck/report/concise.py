"""One line per finding, `path:line:col: severity rule-id message`, for editors and grep."""

from __future__ import annotations

from collections.abc import Sequence

from deckcheck.escaping import for_concise_path, for_terminal
from deckcheck.model import DeckReport
from deckcheck.report import PLAIN, Terminal
from deckcheck.report.style import paint


def render(reports: Sequence[DeckReport], events: Sequence = (), explain: bool = False, terminal: Terminal = PLAIN) -> str:
    lines = [
        f"{for_concise_path(r.path)}:{f.position.line}:{f.position.column}: "
        f"{paint(f.severity.value, terminal)} {f.rule} {for_terminal(f.message)}"
        for r in reports
        for f in r.findings
    ]
    return "".join(line + "\n" for line in lines)
