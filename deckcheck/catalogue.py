"""Every rule deckcheck checks, each once, with how each format states it: what `deckcheck rules
--explain ID`, the generated reference (docs/rules.md) and the test of every rule's examples read.

A rule is found in the registry's games, not in a list kept here: a sixth game's rules are in the
catalogue as soon as the game is registered."""

from __future__ import annotations

from typing import Any

from deckcheck.games import all_games
from deckcheck.records import record
from deckcheck.registry import UnknownName, close_to
from deckcheck.rules import Format, Game, Rule
from deckcheck.rules.common import COMMON_RULES


@record
class Wording:
    """A rule as some formats state it: those formats, its summary, its source."""

    formats: tuple[str, ...]
    summary: str
    source: str


@record
class Listed:
    """A rule of the catalogue: the game it belongs to (None: every game's) and its wordings."""

    rule: Rule[Any]
    game: Game[Any] | None
    wordings: tuple[Wording, ...]

    @property
    def id(self) -> str:
        return self.rule.id


def format_label(game: Game[Any], chosen: Format[Any]) -> str:
    """`redemption type1 (rules 2.0)`: a format, and its rules version where it has one."""
    version = f" (rules {chosen.version})" if chosen.version else ""
    return f"{game.name} {chosen.name}{version}"


def _wordings(rule: Rule[Any], where: list[tuple[Game[Any], Format[Any]]]) -> tuple[Wording, ...]:
    """The rule worded by each format that has it, formats wording it alike together."""
    grouped: dict[tuple[str, str], list[str]] = {}
    for game, chosen in where:
        worded = rule.worded(chosen.params)
        grouped.setdefault((str(worded.summary), str(worded.source)), []).append(format_label(game, chosen))
    if len(grouped) == 1:  # worded alike wherever it is checked
        ((summary, source),) = grouped
        return (Wording(("every format",), summary, source),)
    return tuple(Wording(tuple(formats), summary, source) for (summary, source), formats in grouped.items())


def _rules_of(game: Game[Any], chosen: Format[Any]) -> tuple[Rule[Any], ...]:
    return chosen.rules if chosen.rules else game.rules


def catalogue(games: tuple[Game[Any], ...] | None = None) -> tuple[Listed, ...]:
    """Every rule once, those every game shares first, then each game's (its formats' and its
    match rules), in the order they report."""
    games = games if games is not None else all_games()
    everywhere = [(game, chosen) for game in games for chosen in game.formats]
    found = [Listed(rule, None, _wordings(rule, everywhere)) for rule in COMMON_RULES]
    seen = {rule.id for rule in COMMON_RULES}
    for game in games:
        own: dict[str, Rule[Any]] = {}
        for chosen in game.formats:
            own.update({rule.id: rule for rule in _rules_of(game, chosen) if rule.id not in seen})
        own.update({rule.id: rule for rule in game.match_rules if rule.id not in seen})
        for rule in own.values():
            having = [(game, chosen) for chosen in game.formats if any(r.id == rule.id for r in _rules_of(game, chosen))]
            found.append(Listed(rule, game, _wordings(rule, having or [(game, chosen) for chosen in game.formats])))
        seen.update(own)
    return tuple(found)


def listed(rule_id: str) -> Listed:
    """The catalogue's rule `rule_id`; UnknownName (with close ids) otherwise."""
    entries = catalogue()
    found = next((each for each in entries if each.id == rule_id.strip()), None)
    if found is None:
        known = [each.id for each in entries]
        raise UnknownName(f"unknown rule '{rule_id}'{close_to(rule_id.strip(), known)} (deckcheck rules lists every rule id)")
    return found
