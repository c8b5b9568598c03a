"""Uvicorn's log lines in deckcheck's words: each record one line, `deckcheck serve: ...`, escaped
for the organiser's terminal, warnings and errors only, and never a traceback (a client that left
mid-upload is not the organiser's problem, and a stranger's request must not fill the terminal)."""

from __future__ import annotations

import logging
import sys

from deckcheck.escaping import for_terminal


class OneLine(logging.Handler):
    def emit(self, record: logging.LogRecord) -> None:
        try:
            said = record.getMessage().strip().splitlines()
            cause = f" ({type(record.exc_info[1]).__name__})" if record.exc_info and record.exc_info[1] else ""
            print(f"deckcheck serve: {for_terminal((said[0] if said else 'a request failed') + cause)}", file=sys.stderr, flush=True)
        except Exception:  # a log line must never take the server down
            pass


LOG_CONFIG = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"deckcheck": {"()": "deckcheck.serve.logs.OneLine", "level": "WARNING"}},
    "loggers": {
        name: {"handlers": ["deckcheck"], "level": "WARNING", "propagate": False}
        for name in ("uvicorn", "uvicorn.error", "uvicorn.access", "uvicorn.asgi")
    },
}
