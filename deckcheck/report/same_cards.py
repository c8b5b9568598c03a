"""`deckcheck cards NAME --same-card` as a table per card, or JSON."""

from __future__ import annotations

import json
from collections.abc import Sequence

from deckcheck.escaping import for_json, for_terminal
from deckcheck.rules import Format, Game
from deckcheck.same_cards import OneCard, Printing
from deckcheck.tables import tabulated
from deckcheck.wording import plural

Listing = tuple[Game, Format, list[OneCard]]


def _under(game: Game, chosen: Format) -> str:
    version = f", rules {chosen.version}" if chosen.version else ""
    return f"{game.name}/{chosen.name}{version}"


def render_text(listings: Sequence[Listing]) -> str:
    parts = []
    for game, chosen, cards in listings:
        for one in cards:
            count = plural(len(one.printings), "printing")
            parts.append(f"{for_terminal(one.named.name)} ({for_terminal(one.named.id)}) under {_under(game, chosen)}: {count} of one card")
            parts.append(_table(one.printings))
            for said, printings in (
                ("may be the same card (a judge decides)", one.possibly),
                ("the same person, other cards", one.not_same),
            ):
                if printings:
                    parts += ["", f"{plural(len(printings), 'printing')} {said}:", _table(printings)]
            parts.append("")
    return "\n".join(parts)


def _table(printings: Sequence[Printing]) -> str:
    rows = [
        (for_terminal(p.card.id), for_terminal(p.card.name), for_terminal(str(p.card.get("set") or "")), "/".join(p.card.types), p.why)
        for p in printings
    ]
    return tabulated(rows, headers=("id", "name", "set", "type", "why"), tablefmt="simple", maxcolwidths=[30, 36, 10, 18, 50])


def _data(printings: Sequence[Printing]) -> list[dict]:
    return [{"id": p.card.id, "name": p.card.name, "set": p.card.get("set"), "type": list(p.card.types), "why": p.why} for p in printings]


def render_json(listings: Sequence[Listing]) -> str:
    data = [
        {
            "game": game.name,
            "format": chosen.name,
            "rules_version": chosen.version,
            "card": {"id": one.named.id, "name": one.named.name},
            "same_card": _data(one.printings),
            "possibly_same_card": _data(one.possibly),
            "not_same_card": _data(one.not_same),
        }
        for game, chosen, cards in listings
        for one in cards
    ]
    return for_json(json.dumps({"cards": data}, indent=2, ensure_ascii=False)) + "\n"
