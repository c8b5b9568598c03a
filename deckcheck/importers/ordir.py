"""The Official Redemption Dictionary of Identifiers and References (ORDIR), read from its text
(the PDF through `pdftotext -layout`) into the lists deck building needs: the "Duplicate Card"
groups (titles that represent one person or thing), the generic Heroes, Evil Characters and
dual-alignment characters, and the name, reference and identifier errata.

Every title in the dictionary is written `Title (sets)`, the sets from its abbreviation table,
some with a printing mark (`A-L`, `EC-1st`, `P-2019`). A title may hold parentheses of its own
(`Abednego (Azariah) (FF)`): only a last parenthesis whose every item is a set abbreviation is
the sets. The text's page numbers and breaks are skipped wherever they fall.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from deckcheck.records import record

SETS = ("A B C D E F G H I J K L IJ+ Or Pr Wo Wa Ap Pa Ki AW Pi FF FF2 RA RA2 RA3 TP Di EC PC CW RJ FM PoC LC GC IR II T2C LR RR P").split()
_SET = r"(?:" + "|".join(re.escape(s) for s in sorted(SETS, key=len, reverse=True)) + r")(?:-[A-Za-z0-9]+)?"
_SET_LIST = rf"{_SET}(?:,\s*{_SET})*"
# a title, then its sets: the title is the shortest text before a parenthesis of set abbreviations
_TITLED = re.compile(rf"(?P<title>\S.*?)\s*\((?P<sets>{_SET_LIST})\)(?=\s*(?:,|\bor\b|\band\b|$))")
_PAGE_NUMBER = re.compile(r"^\s*(?:\d+|[A-Z])\s*$")
_PAGE_BREAK = re.compile(r"\n(?:[ \t]*\n)*[ \t]*\d+[ \t]*\n\f?")
_COLUMNS = re.compile(r"\s{2,}")


@record
class Title:
    title: str
    sets: tuple[str, ...]

    def as_data(self) -> dict:
        return {"title": self.title, "sets": list(self.sets)}


@dataclass
class Dictionary:
    duplicate_cards: list[list[Title]] = field(default_factory=list)
    same_unique_fortress: list[Title] = field(default_factory=list)
    generic: dict[str, list[Title]] = field(default_factory=dict)
    name_errata: list[dict] = field(default_factory=list)
    reference_errata: list[dict] = field(default_factory=list)
    identifier_errata: list[dict] = field(default_factory=list)


def titles_in(text: str) -> list[Title]:
    """Every `Title (sets)` of a list written with `or`, commas or a final `and`."""
    found = []
    for match in _TITLED.finditer(" ".join(text.split())):
        title = re.sub(r"^(?:or|and|,)\s+", "", match.group("title").strip(" ,"))
        found.append(Title(title, tuple(s.strip() for s in match.group("sets").split(","))))
    return found


def _lines_between(lines: list[str], start: str, end: str) -> tuple[list[str], int]:
    """The lines after the last one that is `start` alone (the table of contents lists it first),
    up to the next that is `end` alone."""
    first = max(i for i, line in enumerate(lines) if line.strip() == start)
    last = next(i for i in range(first + 1, len(lines)) if lines[i].strip() == end)
    return [line for line in lines[first + 1 : last] if not _PAGE_NUMBER.match(line)], last


def _bullets(lines: list[str]) -> list[str]:
    """The text of each bullet (•) item, its continuation lines joined; a blank line or the next
    list's heading ends one."""
    items: list[str] = []
    open_item = False
    for line in lines:
        stripped = line.strip()
        if stripped.startswith("•"):
            items.append(stripped.lstrip("• "))
            open_item = True
        elif stripped and open_item and not stripped.startswith("The following"):
            items[-1] += " " + stripped
        else:
            open_item = False
    return items


def _table_rows(lines: list[str], header: str) -> list[list[str]]:
    """A two- or three-column table: cells split on runs of spaces, a row continued over lines
    until its name cell holds its sets and no cell ends with a comma."""
    start = next(i for i, line in enumerate(lines) if line.strip().startswith(header))
    rows: list[list[str]] = []
    pending: list[str] | None = None
    columns = [m.start() for m in re.finditer(r"\S+(?: \S+)*", lines[start])]
    for line in lines[start + 1 :]:
        if not line.strip():
            continue
        cells = [""] * len(columns)
        for match in re.finditer(r"\S+(?: \S+)*", line):
            # a cell belongs to the column whose heading starts nearest to it
            column = min(range(len(columns)), key=lambda i: abs(columns[i] - match.start()))
            cells[column] = (cells[column] + " " + match.group()).strip()
        pending = cells if pending is None else [f"{a} {b}".strip() for a, b in zip(pending, cells)]
        if titles_in(pending[0]) and not any(cell.endswith(",") for cell in pending):
            rows.append(pending)
            pending = None
    return rows


def _errata(lines: list[str], header: str, fields: tuple[str, ...]) -> list[dict]:
    errata = []
    for row in _table_rows(lines, header):
        (named,) = titles_in(row[0])
        errata.append({"name": named.title, "sets": list(named.sets), **dict(zip(fields, row[1:]))})
    return errata


def parse(text: str) -> Dictionary:
    # a page break (blank lines, the page's number, a form feed) may fall inside a list item
    lines = _PAGE_BREAK.sub("\n", text).replace("\f", "").splitlines()
    found = Dictionary()
    names, _ = _lines_between(lines, "Name Errata", "Reference Errata")
    found.name_errata = _errata(names, "Card Name (Sets)", ("errata",))
    references, _ = _lines_between(lines, "Reference Errata", "Identifier Errata")
    found.reference_errata = _errata(references, "Card Name (Sets)", ("reference",))
    identifiers, _ = _lines_between(lines, "Identifier Errata", "Glossary of Terms")
    for erratum in _errata(identifiers, "Card Name (Sets)", ("incorrect", "correct")):
        erratum["incorrect"] = [i.strip() for i in erratum["incorrect"].split(",")]
        erratum["correct"] = [] if erratum["correct"].startswith("None") else [c.strip() for c in erratum["correct"].split(",")]
        found.identifier_errata.append(erratum)
    duplicates, _ = _lines_between(lines, "Duplicate Card", "E")
    found.duplicate_cards = [titles_in(item) for item in _bullets(duplicates)]
    fortress = " ".join(line.strip() for line in duplicates if "Temple" in line or "considered the same unique Fortress" in line)
    found.same_unique_fortress = titles_in(fortress.split(" are considered")[0])
    generic, _ = _lines_between(lines, "Generic Character", "Genesis Card")
    found.generic = _generic_lists(generic)
    return found


def _generic_lists(lines: list[str]) -> dict[str, list[Title]]:
    kinds = {"Heroes": "heroes", "Evil Characters": "evil_characters", "dual-alignment characters": "dual_alignment"}
    lists: dict[str, list[str]] = {}  # each kind's lines, read as titles at the end
    kind = None
    for line in lines:
        heading = re.search(r"The following Redemption® (.+?) are considered generic", line)
        if heading:
            kind = kinds[heading.group(1)]
            lists[kind] = []
        elif kind is not None and line.strip():
            lists[kind].append(line.strip().lstrip("• "))
    return {name: titles_in(" ".join(text)) for name, text in lists.items()}
