"""The goldfish report as CSV, for spreadsheets: every section of the text report, one row per
figure, each row saying which deck and section it belongs to.

Columns: deck, section (tracked, figure, opening_hand, race, race_summary, difference), label (the
query, figure, key count or goal), turn, count (cards in the opening hand, or games), games (how
many games had it), p (a probability, a share, a difference or a turn), ci95_low, ci95_high, exact.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Iterator
from typing import Protocol

from deckcheck.escaping import for_spreadsheet

COLUMNS = ("deck", "section", "label", "turn", "count", "games", "p", "ci95_low", "ci95_high", "exact")


def _rows(deck: dict, total: int) -> Iterator[tuple[object, ...]]:
    name = deck["deck"]
    for section, key, label in (("tracked", "tracked", "query"), ("figure", "figures", "figure")):
        for item in deck.get(key, []):
            for row in item["by_turn"]:
                exact = "" if row.get("exact") is None else row["exact"]
                yield (name, section, item[label], row["turn"], "", "", row["p"], *row["ci95"], exact)
    if "opening_hand" in deck:
        hand = deck["opening_hand"]
        for count, games in hand["histogram"].items():
            yield (name, "opening_hand", hand["count"], "", count, games, round(games / total, 4), "", "", "")
    if "race" in deck:
        race, win = deck["race"], deck["race"]["win_turn"]
        won = {int(turn): games for turn, games in win["histogram"].items()}
        for row in race.get("won_by_turn", []):
            yield (name, "race", race["goal"], row["turn"], "", won.get(row["turn"], 0), row["p"], *row["ci95"], "")
        yield (name, "race", race["goal"], "not won", "", win["not_won"], "", "", "", "")
        for key in ("won", "mean", "p10", "median", "p90"):
            yield (name, "race_summary", key, "", "", "", "" if win[key] is None else win[key], "", "", "")
    for item in deck.get("difference", {}).get("tracked", []):
        for row in item["by_turn"]:
            yield (name, "difference", item["query"], row["turn"], "", "", row["difference"], *row["ci95"], "")


def render(data: dict) -> str:
    out = io.StringIO()
    writer = _SpreadsheetWriter(csv.writer(out, lineterminator="\n"))
    if "sweep" in data:
        # --sweep: a block of rows per count, each row saying its count first
        writer.writerow(("swept_count", "swept_changes") + COLUMNS)
        for row in data["sweep"]["rows"]:
            changes = "; ".join(f"{c['copies']:+d} {c['card']}" for c in row["changes"])
            writer.writerows((row["count"], changes) + line for line in _rows({"deck": data["deck"], **row}, data["games"]))
        return out.getvalue()
    writer.writerow(COLUMNS)
    for deck in [data] + ([data["vs"]] if "vs" in data else []):
        writer.writerows(_rows(deck, data["games"]))
    return out.getvalue()


class CsvWriter(Protocol):
    """What the csv module's writer does that this module uses."""

    def writerow(self, row: Iterable[object], /) -> object: ...


class _SpreadsheetWriter:
    """A csv writer whose cells a spreadsheet shows as written: a deck file named `=1+1.yaml` or a
    swept change `+1 EF-9 Rabbit` is text, never a formula (escaping.for_spreadsheet)."""

    def __init__(self, writer: CsvWriter) -> None:
        self._writer = writer

    def writerow(self, row: Iterable[object]) -> None:
        self._writer.writerow([for_spreadsheet(cell) for cell in row])

    def writerows(self, rows: Iterable[Iterable[object]]) -> None:
        for row in rows:
            self.writerow(row)
