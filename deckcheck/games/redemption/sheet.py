"""The deck-check sheet Redemption hosts print (T1 and T2, version 2 of July 2026; the community's
App and the official site publish the same layout): Name, Event, Checked by, Total Cards; the
card types in boxes, three columns as the paper sets them; the Reserve on numbered lines, 10 on
the Type 1 sheet and 20 on the Type 2 one. A judge knows this page: deckcheck fills it in."""

from __future__ import annotations

from deckcheck.model import OfficialSheet, SheetBox
from deckcheck.rules import Format

MISC = "Misc."
COLUMNS = (
    (
        SheetBox("Dominants", ("good_dominant", "evil_dominant")),
        SheetBox("Heroes", ("hero",)),
        SheetBox("Good Enhancements", ("good_enhancement",)),
    ),
    (
        SheetBox("Lost Souls", ("lost_soul",)),
        SheetBox("Evil Characters", ("evil_character",)),
        SheetBox("Evil Enhancements", ("evil_enhancement",)),
    ),
    (
        SheetBox("Artifacts/Curses/Covenants", ("artifact", "curse", "covenant")),
        SheetBox("Sites/Fortresses/Cities", ("site", "fortress", "city")),
        SheetBox(MISC, ()),  # a card of two boxes' types (a hero and evil character, a good and evil enhancement)
    ),
)


def official_sheet(chosen: Format) -> OfficialSheet:
    """The Type 2 sheet for a Type 2 format, the Type 1 sheet for every other (Teams, quick-start).
    No Paragon sheet is published: a Paragon deck is written in the Type 1 sheet's boxes under its
    own title, its Paragon and five numbers in the totals below."""
    if chosen.name.startswith("type2"):
        return OfficialSheet("T2 Deck Check Sheet", COLUMNS, MISC, "side", 20)
    if chosen.name == "paragon":
        return OfficialSheet("Paragon Deck Check (the T1 sheet's boxes)", COLUMNS, MISC, "side", 10)
    return OfficialSheet("T1 Deck Check Sheet", COLUMNS, MISC, "side", 10)
