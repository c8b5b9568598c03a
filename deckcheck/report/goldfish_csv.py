"""The goldfish report as CSV: one row per tracked query (and figure) per turn, for spreadsheets."""

from __future__ import annotations

import csv
import io


def render(data: dict) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["deck", "kind", "query", "turn", "p", "ci95_low", "ci95_high", "exact"])
    decks = [data] + ([data["vs"]] if "vs" in data else [])
    for deck in decks:
        for kind, key, label in (("tracked", "tracked", "query"), ("figure", "figures", "figure")):
            for item in deck.get(key, []):
                for row in item["by_turn"]:
                    writer.writerow(
                        [
                            deck["deck"],
                            kind,
                            item[label],
                            row["turn"],
                            row["p"],
                            *row["ci95"],
                            "" if row.get("exact") is None else row["exact"],
                        ]
                    )
    return out.getvalue()
