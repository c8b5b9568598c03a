"""`check --compare-as-of DATE`: what a change of the rules does to a deck. The deck is checked
again under the rules in force on DATE, and its report says which findings appear or disappear
from then to the date checked (the 2.0 rules of 2026-08-13 against 1.3.0, for example)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from datetime import date
from pathlib import Path

from deckcheck.check.options import CheckOptions
from deckcheck.model import DeckReport, Finding, RulesChange

OptionsFor = Callable[[Path], CheckOptions]


def on_date(options_for: OptionsFor, then: date) -> OptionsFor:
    """How each deck is checked as of `then` (as --as-of would have it), all else the same."""
    return lambda path: replace(options_for(path), as_of=then)


def compared(now: DeckReport, before: DeckReport, then: date) -> DeckReport:
    """`now` with what changed since `before`, its check under the rules of `then`."""
    earlier = {_key(f) for f in before.findings}
    current = {_key(f) for f in now.findings}
    change = RulesChange(
        then,
        before.rules_version,
        before.legal,
        tuple(f for f in now.findings if _key(f) not in earlier),
        tuple(f for f in before.findings if _key(f) not in current),
    )
    return replace(now, compared=change)


def compared_all(now: Iterable[DeckReport], before: Iterable[DeckReport], then: date) -> list[DeckReport]:
    return [compared(a, b, then) for a, b in zip(now, before, strict=True)]


def _key(finding: Finding) -> tuple:
    """A finding as the same finding then and now: its rule, severity, line and cards (its words
    may name the rules version, which is what changed)."""
    return finding.rule, finding.severity, finding.position, finding.cards
