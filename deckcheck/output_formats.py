"""The report formats of `check`, `side` and `team` (--output-format, a config's output_format),
each with the module of deckcheck.report that renders it: the one list the command line, the
config's schema and the renderers read."""

from __future__ import annotations

# name -> module of deckcheck.report (imported only when chosen)
RENDERERS = {
    "text": "text",
    "json": "json_report",
    "markdown": "markdown",
    "junit": "junit",
    "github": "github",
    "sarif": "sarif",
    "concise": "concise",
    "html": "html",
}
AUTO = "auto"  # github inside GitHub Actions, else text
CHOICES = (AUTO, *RENDERERS)
