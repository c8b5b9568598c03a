"""A rule's examples run as a user would check them: each deck of a rule's doc checked in this
process by the library the CLI calls, with the doc's own cards and event where it gives them."""

from __future__ import annotations

import tempfile
from pathlib import Path

from deckcheck.check.options import CheckOptions
from deckcheck.check.run import check_file
from deckcheck.games import namers
from deckcheck.loading.card_db import Databases, load_databases
from deckcheck.loading.events import Event, load_events
from deckcheck.model import DeckReport
from deckcheck.rules import Example


def example_reports(example: Example) -> tuple[DeckReport, DeckReport]:
    """The reports of the example's failing deck and of its passing one."""
    with tempfile.TemporaryDirectory(prefix="deckcheck-example-") as folder:
        databases = Databases()
        if example.cards is not None:
            cards = Path(folder) / "cards.yaml"
            cards.write_text(example.cards, encoding="utf-8")
            databases = Databases(load_databases([cards]))
        events: tuple[Event, ...] = ()
        if example.event is not None:
            event = Path(folder) / "event.yaml"
            event.write_text(example.event, encoding="utf-8")
            events = load_events([event], databases, namers())
        options = CheckOptions(events=events)

        def report(name: str, text: str) -> DeckReport:
            return check_file(Path(f"{name}{example.suffix}"), options, databases, text.encode("utf-8"))

        return report("fails", example.fails), report("passes", example.passes)
