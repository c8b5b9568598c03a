"""`deckcheck rules`: games, their formats and settings, and every rule with its summary and source.
The rules every game shares are listed once, before the games."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from deckcheck.escaping import for_json
from deckcheck.rules import Format, Game, Params, Rule
from deckcheck.rules.common import COMMON_RULES
from deckcheck.tables import tabulated

COMMON_IDS = {r.id for r in COMMON_RULES}
# the rules every game shares, as they read before a format words them
COMMON = tuple(r.worded(Params()) for r in COMMON_RULES)


def _own(game: Game[Any]) -> tuple[Rule[Any], ...]:
    """The game's rules, then those over two decks of a match or team (`side`, `team`), worded by
    the first format that plays the game's own rules (or the default one)."""
    playing = next((f for f in game.formats if not f.rules), None) or game.known_format(game.default_format)
    return tuple(r.worded(playing.params) for r in game.rules + game.match_rules if r.id not in COMMON_IDS)


def _format_rules(each: Format[Any]) -> list[Rule[Any]]:
    """A format's own rules, as it words them."""
    return [r.worded(each.params) for r in each.rules or () if r.id not in COMMON_IDS]


def _named(each: Format) -> str:
    """`type1 (rules 2.0, from 2026-08-13)` for a format of a dated rules version."""
    if each.version is None or each.effective is None:
        return each.name
    return f"{each.name} (rules {each.version}, from {each.effective.isoformat()})"


def _table(rules: Sequence[Rule]) -> str:
    rows = [(r.id, r.severity.value, r.summary, r.source) for r in rules]
    return tabulated(rows, headers=("rule", "severity", "summary", "source"), tablefmt="simple", maxcolwidths=[None, None, 58, 40])


def _defined(game: Game, defined: Mapping[str, Sequence[dict]]) -> list[Format]:
    """The formats a game's card data defines (an imported card list's Rotation, ...)."""
    return [game.known_format(data["name"], tuple(defined[game.name])) for data in defined.get(game.name, ())]


def render_text(games: Sequence[Game], defined: Mapping[str, Sequence[dict]] = {}) -> str:
    parts = ["Every game", _table(COMMON), ""]
    for game in games:
        parts.append(f"{game.title} (game: {game.name}) \u2014 {game.source}")
        for each in game.formats:
            default = " [default]" if each.name == game.default_format else ""
            settings = ", ".join(f"{k}={v}" for k, v in each.settings.items())
            aliases = f" [aliases: {', '.join(each.aliases)}]" if each.aliases else ""
            parts.append(f"  format {_named(each)}{default}: {each.description}" + (f" ({settings})" if settings else "") + aliases)
        for each in _defined(game, defined):
            parts.append(f"  format {each.name} (from the card data): {each.description}")
        parts += [_table(_own(game)), ""]
        for each in game.formats:
            if each.rules:
                parts += [
                    f"  rules of format {_named(each)} (in place of the game's)",
                    _table(_format_rules(each)),
                    "",
                ]
    return "\n".join(parts)


def _rule_data(rules: Sequence[Rule]) -> list[dict]:
    return [
        {
            "id": r.id,
            "severity": r.severity.value,
            "summary": r.summary,
            "source": r.source,
        }
        for r in rules
    ]


def render_json(games: Sequence[Game], defined: Mapping[str, Sequence[dict]] = {}) -> str:
    data = {
        "common_rules": _rule_data(COMMON),
        "games": [
            {
                "game": game.name,
                "title": game.title,
                "source": game.source,
                "formats": [
                    {
                        "name": f.name,
                        "description": f.description,
                        "settings": dict(f.settings),
                        "default": f.name == game.default_format,
                        "rules_version": f.version,
                        "effective": f.effective.isoformat() if f.effective else None,
                        "aliases": list(f.aliases),
                        **({"rules": _rule_data(_format_rules(f))} if f.rules else {}),
                    }
                    for f in game.formats
                ]
                + [
                    {"name": f.name, "description": f.description, "from_card_data": True, "sets": list(f.sets or ())}
                    for f in _defined(game, defined)
                ],
                "rules": _rule_data(_own(game)),
            }
            for game in games
        ],
    }
    return for_json(json.dumps(data, indent=2)) + "\n"
