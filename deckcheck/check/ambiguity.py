"""Judging a deck by its rules, where some of its names match several printings: the deck is
judged with each choice of printing, and what the choice changes is said."""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import product
from math import prod

from deckcheck.check.loaded import Key, LoadedDeck
from deckcheck.loading.names import normalise, one_title
from deckcheck.model import Card, Deck, Finding, Position, Severity
from deckcheck.rules import run_rules
from deckcheck.rules.common import AMBIGUOUS_CARD, HARMLESS_AMBIGUITY

MOST_RUNS = 64  # judgements of a deck whose names match several printings (each a run of its rules)

FindingKey = tuple[str, Severity, str | None, Position]


@dataclass(frozen=True)
class Outcome:
    """The deck judged with one printing for each ambiguous name."""

    choice: tuple[Card, ...]  # a printing per name, in the order of the names
    findings: list[Finding]
    keys: frozenset[FindingKey]  # the findings, as compared between choices
    legal: bool


def judge(loaded: LoadedDeck, ignore: frozenset[str]) -> list[Finding]:
    """The rules' findings. Where a name matches several printings, the deck is judged with each
    of them (every line that names it taking the same printing): when every choice gives the same
    findings the deck is judged and the name is a warning; when the choice changes the verdict it
    is an error saying which printing makes the deck legal. The findings reported are those every
    choice gives. A deck with too many such names to try is not judged on them: each is an error."""
    deck, context = loaded.resolved()
    if not loaded.ambiguous:
        return list(run_rules(context.rules, deck, context, ignore))
    lines: dict[str, list[Key]] = {}
    for key in loaded.ambiguous:
        lines.setdefault(normalise(deck.zones[key[0]][key[1]].typed), []).append(key)
    names = list(lines)
    printings = [loaded.ambiguous[lines[name][0]] for name in names]
    outcomes = []
    for choice in _choices(printings):
        chosen = {key: card for name, card in zip(names, choice) for key in lines[name]}
        findings = list(run_rules(context.rules, with_printings(deck, chosen), context, ignore))
        keys = frozenset(_key(f) for f in findings)
        outcomes.append(Outcome(choice, findings, keys, not any(f.severity is Severity.ERROR for f in findings)))
    shown = next((o.choice for o in outcomes if o.legal), outcomes[0].choice)
    loaded.shown = {key: card for name, card in zip(names, shown) for key in lines[name]}
    common = frozenset.intersection(*(o.keys for o in outcomes))
    findings = [f for f in outcomes[0].findings if _key(f) in common]
    shows_illegal = any(f.severity is Severity.ERROR for f in findings)
    for index, name in enumerate(names):
        message, severity = _ambiguity(index, printings[index], outcomes, shows_illegal)
        for zone, position in lines[name]:
            entry = deck.zones[zone][position]
            matches = f"'{entry.typed}' matches {len(printings[index])} printings ({', '.join(c.id for c in printings[index])})"
            findings.append(Finding(AMBIGUOUS_CARD.id, severity, f"{matches}{message}", (entry.typed,), entry.zone, entry.position))
    return findings


def _choices(printings: list[tuple[Card, ...]]) -> list[tuple[Card, ...]]:
    """Every choice of a printing per name, or, past MOST_RUNS of them, each name in turn with the
    others at their first printing, as far as the runs allow."""
    if prod(len(p) for p in printings) <= MOST_RUNS:
        return list(product(*printings))
    first = tuple(p[0] for p in printings)
    choices = [first] + [first[:i] + (card,) + first[i + 1 :] for i, p in enumerate(printings) for card in p[1:]]
    return choices[:MOST_RUNS]


def _ambiguity(index: int, printings: tuple[Card, ...], outcomes: list[Outcome], shows_illegal: bool) -> tuple[str, Severity]:
    """What the choice of one name's printing changes, said after "'X' matches N printings"."""
    tried = {o.choice[index].id for o in outcomes}
    if len(tried) < len(printings):
        return "; the deck names too many cards that match several printings to try each: name it by its id", Severity.ERROR
    # the outcomes that differ in this name's printing alone: what its choice changes
    others: dict[tuple[Card, ...], list[Outcome]] = {}
    for outcome in outcomes:
        others.setdefault(outcome.choice[:index] + outcome.choice[index + 1 :], []).append(outcome)
    groups = [group for group in others.values() if len(group) > 1]
    changes_findings = any(len({o.keys for o in group}) > 1 for group in groups)
    changes_verdict = any(len({o.legal for o in group}) > 1 for group in groups)
    legal_with = list(dict.fromkeys(o.choice[index].id for o in outcomes if o.legal))
    shown = " or ".join(legal_with[:5]) + (f" (or {len(legal_with) - 5} more)" if len(legal_with) > 5 else "")
    if not changes_findings:
        return "; each gives the deck the same verdict and findings: name one by its id to be exact", HARMLESS_AMBIGUITY
    if changes_verdict and one_title(printings):
        # a title: the line names the card, not a printing; legal where a printing of it is
        return (f"; the deck is legal with {shown}: write that printing's id", HARMLESS_AMBIGUITY)
    if changes_verdict:
        return (f" and the choice changes the verdict: the deck is legal with {shown}; name the printing by its id", Severity.ERROR)
    if not shows_illegal and not legal_with:
        # illegal whichever printing, for reasons no two choices share: the verdict must still show
        return ("; the deck is illegal with each of them, for different reasons: name the printing by its id to see which"), Severity.ERROR
    return (
        "; the deck gets the same verdict with each, but not the same findings (only those common to all are "
        "shown): name one by its id to be exact"
    ), HARMLESS_AMBIGUITY


def with_printings(deck: Deck, chosen: dict[Key, Card]) -> Deck:
    zones = {
        zone: tuple(replace(e, card=chosen[(zone, i)]) if (zone, i) in chosen else e for i, e in enumerate(entries))
        for zone, entries in deck.zones.items()
    }
    return replace(deck, zones=zones)


def _key(finding: Finding) -> FindingKey:
    return finding.rule, finding.severity, finding.zone, finding.position
