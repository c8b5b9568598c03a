"""Write the Official Redemption Dictionary (ORDIR) as deckcheck data, from its text.

    python scripts/import_ordir.py ../shared/rulebooks/redemption-ordir-7.0.0.txt

writes card_data/formats/redemption/ordir-<version>.yaml. A new version of the dictionary is this
command and a review of the file's diff; an older version's file stays as it is (rules change by
date). The dictionary names printings by its own set abbreviations and spellings: SET_PRINTINGS and
SPELLINGS below say how they are written in the LackeyCCG card list, and go into the data with it.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import yaml
from deckcheck.importers.ordir import parse

OUT = Path(__file__).resolve().parent.parent / "card_data" / "formats" / "redemption"

# The dictionary's set abbreviations (its "Set Abbreviations" table) as the card list's Set column
# writes them. Starter decks A-L are the card list's editions (1E: A and B, 2E: C and D, 3E: E and F,
# 10A: G and H); a promo (P) may carry the set it was given out with; the card list files Legacy
# Rare (LR) printings under the sets they first came in, so an LR title matches by title alone.
SET_PRINTINGS = {
    "A": ["1E", "1EU"], "B": ["1E", "1EU"], "C": ["2E", "2ER"], "D": ["2E", "2ER"], "E": ["3E"], "F": ["3E"],
    "G": ["10A"], "H": ["10A"], "I": ["I"], "J": ["J"], "K": ["K", "K1P"], "L": ["L", "L1P"], "IJ+": ["I/J+"],
    "Or": ["Main", "Main UL"], "Pr": ["Prp"], "Wo": ["Wom"], "Wa": ["War"], "Ap": ["Ap"], "Pa": ["Pat"], "Ki": ["Ki"],
    "AW": ["AW"], "Pi": ["Pri"], "FF": ["FoOF"], "FF2": ["FoOF"], "RA": ["RoA"], "RA2": ["RoA"], "RA3": ["RoA 3", "RoA"],
    "TP": ["TxP"], "Di": ["Di"], "EC": ["TEC"], "PC": ["TPC"], "CW": ["CoW", "CoW (AB)"], "RJ": ["RoJ", "RoJ (AB)"],
    "FM": ["FoM"], "PoC": ["PoC"], "LC": ["LoC"], "GC": ["GoC"], "IR": ["IR"], "II": ["II"], "T2C": ["T2C", "T2C (AB)"],
    "LR": [], "RR": ["RR", "RR2"], "P": ["Pmo-P1", "Pmo-P2", "Pmo-P3", "GoC", "LoC", "Fund"],
}  # fmt: skip

# Titles the dictionary and the card list spell differently (beyond case, quotes and commas, which
# matching ignores): the dictionary's spelling -> the card list's title.
SPELLINGS = {
    "David, Outcast’s Refuge": "David, Outcasts’ Refuge",
    "Ezekiel, the Vindicated": "Ezekiel, the Vindicator",
    "The Amalekite’s Slave": "The Amalekites' Slave",
    "Matthew": "Matthew (Levi)",
    "Death": "Fourth Seal, Death",
    "The Harlot": "Babylon The Harlot",
    "Bride of Christ": "New Jerusalem Bride of Christ",
    "Justice Seekers": "Fifth Seal, Justice Seekers",
    "Terror": "Sixth Seal, Terror",
    "Angel at Tomb": "Angel at the Tomb",
    "Reassuring Angels": "Reassuring Angel",
    "Task Master": "Taskmaster",
    "Conspiring Servant": "Conspiring Servants",
    "Unclean Animals [Camel]": "Unclean Animals [Camels]",
    "Unclean Animals [Hyrax]": "Unclean Animals [Rock Hyrax]",
    "Panic Demon [Gray]": "Panic Demon (Grey)",
    "Elders of Jerusalem [Black Border]": "Elders of Jerusalem - Black Background",
    "Elders of Jerusalem [Orange Border]": "Elders of Jerusalem - Orange Background",
    "Elders of Jerusalem [Purple Border]": "Elders of Jerusalem - Purple Background",
}

# Titles no printing of the card list matches, and why: the test over the real card list holds the
# match to this list, so that a new card list or dictionary that matches more or less is noticed.
_ART_NAMED = "the card list names this set's printings by other descriptions of their art ({}); which is which is not known"
NOT_IN_CARD_LIST = {
    "Amram & Jochebed": "the card list has no alternate-art printing of Moses' Parents (CW) by this name",
    "Seraphim [Band to Blue]": _ART_NAMED.format("Seraphim - Isaiah 6:2, Seraphim - Isaiah 6:6"),
    "Seraphim [Band to Green]": _ART_NAMED.format("Seraphim - Isaiah 6:2, Seraphim - Isaiah 6:6"),
    "Servants of the King [Dominion]": "the card list has Servants of the King [River] and [Sky] only",
    "Obsidian Minion [Gold, Barrels]": _ART_NAMED.format("Obsidian Minion - Dark Gray Background, - Good Cards, - Light Gray Background"),
    "Obsidian Minion [Gold, Shooting]": _ART_NAMED.format("Obsidian Minion - Dark Gray Background, - Good Cards, - Light Gray Background"),
    "Obsidian Minion [Gold, Staring]": _ART_NAMED.format("Obsidian Minion - Dark Gray Background, - Good Cards, - Light Gray Background"),
    "Pharisees [Looking Left]": _ART_NAMED.format("Pharisees - John 8:3-4, - Orange Background, - Red Background"),
    "Pharisees [Looking Right]": _ART_NAMED.format("Pharisees - John 8:3-4, - Orange Background, - Red Background"),
    "Pharisees [White Floor]": _ART_NAMED.format("Pharisees - John 8:3-4, - Orange Background, - Red Background"),
    "Pharisees [Encircling Child Jesus]": "no Legacy Rare Pharisees in the card list",
    "Roman Centurion [Calvary]": "no Gospel of Christ Roman Centurion in the card list",
    "Roman Centurion [Capernaum]": "no Gospel of Christ Roman Centurion in the card list",
    "Sadducees [3 in Front]": _ART_NAMED.format("Sadducees - Group of 4, - Group of 6, - Group of 10"),
    "Sadducees [7 in Front]": _ART_NAMED.format("Sadducees - Group of 4, - Group of 6, - Group of 10"),
    "Sadducees [Ear Scratch]": _ART_NAMED.format("Sadducees - Group of 4, - Group of 6, - Group of 10"),
    "Sadducees [Around Table]": "no Legacy Rare Sadducees in the card list",
}

HEADER = """\
# The Official Redemption Dictionary of Identifiers and References {version} as data: its "Duplicate
# Card" groups (titles that represent the same person or thing), its generic character lists, and
# its name, reference and identifier errata. Written by scripts/import_ordir.py from the text of
# the PDF; edit the script, not this file, and run it again.
"""


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    text = Path(argv[0]).read_text(encoding="utf-8")
    version = re.search(r"Version (\d+\.\d+\.\d+)", text).group(1)
    month, day, year = re.search(r"Published (\d+)/(\d+)/(\d{4})", text).groups()
    found = parse(text)
    data = {
        "title": "Official Redemption Dictionary of Identifiers and References",
        "version": version,
        "published": f"{year}-{int(month):02d}-{int(day):02d}",
        "source": f"Official Redemption Dictionary of Identifiers and References (ORDIR), version {version}, "
        f"published {month}/{day}/{year} by Cactus Game Design",
        "set_printings": SET_PRINTINGS,
        "spellings": SPELLINGS,
        "not_in_card_list": NOT_IN_CARD_LIST,
        "duplicate_cards": [[title.as_data() for title in group] for group in found.duplicate_cards],
        "same_unique_fortress": [title.as_data() for title in found.same_unique_fortress],
        "generic": {kind: [title.as_data() for title in titles] for kind, titles in found.generic.items()},
        "name_errata": found.name_errata,
        "reference_errata": found.reference_errata,
        "identifier_errata": found.identifier_errata,
    }
    out = OUT / f"ordir-{version}.yaml"
    body = yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=120, default_flow_style=None)
    out.write_text(HEADER.format(version=version) + body, encoding="utf-8")
    groups = len(found.duplicate_cards)
    print(f"{out}: {groups} Duplicate Card groups ({sum(len(g) for g in found.duplicate_cards)} titles), "
          f"{sum(len(v) for v in found.generic.values())} generic characters, {len(found.name_errata)} name, "
          f"{len(found.reference_errata)} reference and {len(found.identifier_errata)} identifier errata")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
