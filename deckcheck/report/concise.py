"""One line per finding, `path:line:col: severity rule-id message`, for editors and grep."""

from __future__ import annotations

from typing import Sequence

from deckcheck.escaping import for_concise_path, for_terminal
from deckcheck.model import DeckReport


def render(reports: Sequence[DeckReport], events: Sequence = (), explain: bool = False) -> str:
    lines = [
        f"{for_concise_path(r.path)}:{f.position.line}:{f.position.column}: {f.severity.value} {f.rule} {for_terminal(f.message)}"
        for r in reports
        for f in r.findings
    ]
    return "".join(line + "\n" for line in lines)
