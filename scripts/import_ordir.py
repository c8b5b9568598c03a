"""Write the Official Redemption Dictionary (ORDIR) as deckcheck data, from its text.

    python scripts/import_ordir.py ../shared/rulebooks/redemption-ordir-7.0.0.txt

writes card_data/formats/redemption/ordir-<version>.yaml. A new version of the dictionary is this
command and a review of the file's diff; an older version's file stays as it is (rules change by
date). The dictionary names printings by its own set abbreviations and spellings:
scripts/ordir_card_list.yaml says how they are written in the LackeyCCG card list, and its tables go
into the data with the rest.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import yaml
from deckcheck.importers.ordir import parse

OUT = Path(__file__).resolve().parent.parent / "card_data" / "formats" / "redemption"

# how the dictionary's set abbreviations and titles are written in the card list: data, edited there
CARD_LIST = Path(__file__).resolve().parent / "ordir_card_list.yaml"

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
    card_list = yaml.safe_load(CARD_LIST.read_text(encoding="utf-8"))
    data = {
        "title": "Official Redemption Dictionary of Identifiers and References",
        "version": version,
        "published": f"{year}-{int(month):02d}-{int(day):02d}",
        "source": f"Official Redemption Dictionary of Identifiers and References (ORDIR), version {version}, "
        f"published {month}/{day}/{year} by Cactus Game Design",
        "set_printings": card_list["set_printings"],
        "spellings": card_list["spellings"],
        "not_in_card_list": card_list["not_in_card_list"],
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
