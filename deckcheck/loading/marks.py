"""The marks after a card's name, in parentheses or square brackets: a printing's set, a Lost
Soul's reference, a store's choice of printings (`(I & J+ or Promo)`); and a card's two names."""

from __future__ import annotations

import re

CHOICE = re.compile(r"\s+(?:&|or|and)\s+|\s*,\s*")  # `I & J+ or Promo`: a store's choice of printings
# `Lost Soul (Psalm 78:22) "O.T. Only" (FoM)`, as a store writes it: the quoted name after the reference
QUOTED_AFTER_MARK = re.compile(r'^(?P<head>[^"(\[]*?)\s*(?P<mark>[(\[][^()\[\]]*[)\]])\s*(?P<quoted>"[^"]*")(?P<rest>.*)$')
TRAILING_MARK = re.compile(r"(?<!\s)\s*+(?:\(([^()]*+)\)|\[([^\[\]]*+)\])\s*+$")


def bracket_blind(key: str) -> str:
    return key.replace("[", "(").replace("]", ")")


def shortened(name: str) -> list[str]:
    """A name less its trailing marks, one more each time: `Lost Soul "Crowds" [Luke 5:15] [2016 -
    Local]` -> `Lost Soul "Crowds" [Luke 5:15]`, `Lost Soul "Crowds"`. A quoted name stays."""
    found = []
    while (mark := TRAILING_MARK.search(name)) is not None and mark.start() > 0:
        name = name[: mark.start()]
        found.append(name)
    return found


def without_marks(name: str) -> str:
    """A name less every trailing mark (`Isaiah (PoC)` -> `Isaiah`)."""
    return (shortened(name) or [name])[-1]


def two_names(title: str) -> tuple[str, ...]:
    """The names of a card printed with two (`Abihud, the Progeny / Abihud, the Exilarch`), or none."""
    if " / " not in title:
        return ()
    return tuple(half.strip() for half in title.split(" / ") if half.strip())
