"""`deckcheck rules`: games, their formats and settings, and every rule with its summary and source.
The rules every game shares are listed once, before the games."""

from __future__ import annotations

import json
from typing import Sequence

from tabulate import tabulate

from deckcheck.games import Game
from deckcheck.rules import Rule
from deckcheck.rules.common import COMMON_RULES


def _own(game: Game) -> tuple[Rule, ...]:
    return tuple(r for r in game.rules if r not in COMMON_RULES)


def _table(rules: Sequence[Rule]) -> str:
    rows = [(r.id, r.severity.value, r.summary, r.source) for r in rules]
    return tabulate(rows, headers=("rule", "severity", "summary", "source"), tablefmt="simple",
                    maxcolwidths=[None, None, 58, 40])


def render_text(games: Sequence[Game]) -> str:
    parts = ["Every game", _table(COMMON_RULES), ""]
    for game in games:
        parts.append(f"{game.title} (game: {game.name}) \u2014 {game.source}")
        for index, each in enumerate(game.formats):
            default = " [default]" if index == 0 else ""
            settings = ", ".join(f"{k}={v}" for k, v in each.settings.items())
            parts.append(f"  format {each.name}{default}: {each.description}" + (f" ({settings})" if settings else ""))
        parts += [_table(_own(game)), ""]
        for each in game.formats:
            if each.rules:
                parts += [f"  rules of format {each.name} (in place of the game's)",
                          _table([r for r in each.rules if r not in COMMON_RULES]), ""]
    return "\n".join(parts)


def _rule_data(rules: Sequence[Rule]) -> list[dict]:
    return [{"id": r.id, "severity": r.severity.value, "summary": r.summary, "source": r.source} for r in rules]


def render_json(games: Sequence[Game]) -> str:
    data = {
        "common_rules": _rule_data(COMMON_RULES),
        "games": [{
            "game": game.name, "title": game.title, "source": game.source,
            "formats": [{"name": f.name, "description": f.description, "settings": dict(f.settings),
                         "default": i == 0,
                         **({"rules": _rule_data([r for r in f.rules if r not in COMMON_RULES])} if f.rules else {})}
                        for i, f in enumerate(game.formats)],
            "rules": _rule_data(_own(game)),
        } for game in games],
    }
    return json.dumps(data, indent=2) + "\n"
