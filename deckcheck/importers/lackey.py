"""`deckcheck db import lackey CARDDATA.txt [--formats formats.txt] -o DIR`: the LackeyCCG
Redemption plugin's card list as a deckcheck card database (facts only: ability text is read to
learn whether a card has one, and never written).

The plugin's data is messy, and each mess has a rule here:
- columns are read by their header's name; a row with the wrong number of fields is skipped and
  reported with its row number;
- Type holds codes (GE, EE), dual types (GE/EE, Hero/Evil Character) and tokens (skipped: not
  deck cards);
- Brigade holds several brigades (Green/Teal), two-sided cards (Gold (Gold/Red): both sides
  count), and odd spellings (PurpleTeal, Crimson+Gold, Good Gold);
- names carry printing marks (Peter (I), Storehouse [IR], Son of God (2019) (Promo)) that are
  not part of the title the duplicate rules compare, while some parentheses and brackets are
  (Abednego (Azariah), (Hopper), The Depraved [Black]): see lackey_titles.py;
- Legality says Rotation for the cards of the Rotation pool (and Banned for some of them):
  a card is in the pool when it says Rotation or its set is one of formats.txt's Rotation sets;
- 12 names occur twice: their ids carry the set.
"""

from __future__ import annotations

import csv
import hashlib
import io
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from deckcheck.escaping import for_terminal, terminal_path
from deckcheck.importers import lackey_titles as titles
from deckcheck.importers.set_files import IMPORTED_MARK, KeysOnDisk, SetFiles, card_line, flow
from deckcheck.loading.files import UnreadableFile, open_regular, read_limited
from deckcheck.loading.names import slug
from deckcheck.wording import plural

COLUMNS = (
    "Name",
    "Set",
    "ImageFile",
    "Type",
    "Brigade",
    "Strength",
    "Toughness",
    "Class",
    "Identifier",
    "SpecialAbility",
    "Rarity",
    "Reference",
    "Alignment",
    "Legality",
)
TYPES = {
    "ge": "good_enhancement",
    "ee": "evil_enhancement",
    "hero": "hero",
    "evil character": "evil_character",
    "lost soul": "lost_soul",
    "artifact": "artifact",
    "fortress": "fortress",
    "site": "site",
    "curse": "curse",
    "covenant": "covenant",
    "city": "city",
}


class CardListError(Exception):
    """The card list cannot be imported at all (no header, a missing column)."""


@dataclass
class Summary:
    rows: int = 0
    imported: int = 0
    skipped: Counter = field(default_factory=Counter)
    skipped_rows: list[str] = field(default_factory=list)
    titles: Counter = field(default_factory=Counter)  # kind of mark -> names that had it
    title_examples: dict[str, str] = field(default_factory=dict)
    rotation: int = 0
    files: list[Path] = field(default_factory=list)
    formats: list[str] = field(default_factory=list)
    banned: int = 0

    def skip(self, reason: str, row: str | None = None) -> None:
        self.skipped[reason] += 1
        if row is not None and len(self.skipped_rows) < MAX_SKIPPED_SHOWN:
            self.skipped_rows.append(row)

    def count_title(self, name: str, title: str, kinds: list[str]) -> None:
        if not titles.has_marks(name):
            kinds = [titles.UNMARKED]
        elif len([k for k in kinds if not k.startswith("kept")]) > 1:
            kinds = kinds + [titles.SEVERAL]
        for kind in dict.fromkeys(kinds):
            self.titles[kind] += 1
            self.title_examples.setdefault(kind, f"{name} -> {title}" if kind != titles.UNMARKED else "")

    def text(self) -> str:
        lines = [f"{plural(self.rows, 'row')} read, {plural(self.imported, 'card')} imported, {sum(self.skipped.values()):,} skipped"]
        lines += [f"  skipped, {reason}: {count}" for reason, count in self.skipped.most_common()]
        lines += [f"    {row}" for row in self.skipped_rows[:10]]
        lines.append("titles (the name the duplicate rules compare), by the marks each name had:")
        for kind, count in self.titles.most_common():
            example = self.title_examples.get(kind)
            lines.append(f"  {count:>5}  {kind}" + (f"  e.g. {example}" if example else ""))
        lines.append(f"{plural(self.rotation, 'card')} in the Rotation pool (Legality: Rotation, or a Rotation set)")
        lines.append(
            f"{plural(self.banned, 'card')} the card list marks banned (Legality: Banned; the rules version "
            "in force decides whether the mark applies)"
        )
        if self.formats:
            lines.append(f"formats: {', '.join(self.formats)}")
        lines.append(f"{plural(len(self.files), 'file')} written")
        return "\n".join(lines)


MAX_SKIPPED_SHOWN = 10
MAX_DIGITS = 6  # no card prints a longer number


def rows(path: Path, summary: Summary | None = None) -> Iterator[tuple[int, dict[str, str]]]:
    """The card list's rows by their header's names, one at a time (the list is never held whole);
    a row with the wrong number of fields is counted in `summary` and skipped."""
    try:
        handle = open_regular(path, limit=None)
    except UnreadableFile as exc:
        raise CardListError(f"{terminal_path(path)}: {exc.message}") from None
    number = 1
    try:
        with io.TextIOWrapper(handle, encoding="utf-8-sig", newline="") as text:
            reader = csv.reader(text, delimiter="\t", quoting=csv.QUOTE_NONE)
            header = next(reader, None)
            if not header:
                raise CardListError(f"{terminal_path(path)}: empty file, expected a header row")
            missing = [c for c in COLUMNS if c not in header]
            if missing:
                raise CardListError(f"{terminal_path(path)}: no column {', '.join(missing)} in the header")
            for number, row in enumerate(reader, start=2):
                if summary is not None:
                    summary.rows += 1
                if len(row) != len(header):
                    if summary is not None:
                        summary.skip(
                            "a row with the wrong number of fields", f"row {number}: {len(row)} fields, the header has {len(header)}"
                        )
                    continue
                yield number, {name: value.strip() for name, value in zip(header, row)}
    except UnicodeDecodeError as exc:
        raise CardListError(f"{terminal_path(path)}: not UTF-8 text (row {number + 1}, byte {exc.start:,} of it)") from None
    except csv.Error as exc:
        raise CardListError(f"{terminal_path(path)}: not a tab-separated card list (row {number + 1}: {exc})") from None


def card_types(value: str, alignment: str) -> list[str] | None:
    types = []
    for part in re.split(r"\s*/\s*", value.strip()):
        key = part.casefold()
        if key == "dominant":
            types += {"good": ["good_dominant"], "evil": ["evil_dominant"]}.get(alignment, ["good_dominant", "evil_dominant"])
        elif key in TYPES:
            types.append(TYPES[key])
        else:
            return None
    return list(dict.fromkeys(types)) or None


class BadRow(ValueError):
    """A row no card can come from; its message says why."""


def _number(value: str, column: str) -> int | str | None:
    if not value:
        return None
    if not re.fullmatch(r"-?\d+", value):
        return value  # "X", "*": a number the card explains
    if len(value.lstrip("-")) > MAX_DIGITS:
        raise BadRow(f"a number of {len(value.lstrip('-')):,} digits in {column}")
    return int(value)


def convert(row: dict[str, str], title: str, rotation: bool) -> dict:
    alignment = row["Alignment"].casefold()
    identifiers = [i.strip() for i in row["Identifier"].split(",") if i.strip()]
    card: dict = {"name": row["Name"]}
    if title != row["Name"]:
        card["title"] = title
    card["type"] = card_types(row["Type"], alignment)
    card["brigades"] = titles.brigades_of(row["Brigade"])
    for key in ("Strength", "Toughness"):
        value = _number(row[key], key)
        if value is not None:
            card[key.lower()] = value
    card["special_ability"] = bool(row["SpecialAbility"])
    if "Generic" in identifiers:
        card["generic"] = True
    if identifiers:
        card["identifiers"] = identifiers
    if row["Class"]:
        card["class"] = [c.strip() for c in row["Class"].split(",") if c.strip()]
    if row["Reference"]:
        card["reference"] = row["Reference"]
    if alignment in ("good", "evil", "neutral"):
        card["alignment"] = alignment
    if row["Rarity"]:
        card["rarity"] = row["Rarity"]
    card["set"] = row["Set"]
    card["image"] = row["ImageFile"]
    card["art"] = row["ImageFile"]
    card["rotation"] = rotation
    if row["Legality"].casefold() == "banned":
        card["banned"] = True
    return card


def in_rotation(row: dict[str, str], rotation_sets: set[str]) -> bool:
    """Legality Rotation, or a set of the Rotation format: Lackey marks a banned printing's set
    `CoW [Ban]`, and the pool is the set's."""
    return row["Legality"].casefold() == "rotation" or re.sub(r"\s*\[Ban\]$", "", row["Set"]) in rotation_sets


def read_formats(path: Path) -> list[dict]:
    """Lackey's format definitions: `<format><label>L</label><set>S</set>...</format>`."""
    import defusedxml.ElementTree as ElementTree
    from defusedxml import DefusedXmlException

    try:
        root = ElementTree.fromstring(read_limited(path), forbid_dtd=True)
    except UnreadableFile as exc:
        raise CardListError(f"{terminal_path(path)}: {exc.message}") from None
    except (ElementTree.ParseError, DefusedXmlException, ValueError, LookupError) as exc:
        raise CardListError(
            f"{terminal_path(path)}: not LackeyCCG format definitions ({type(exc).__name__}: {for_terminal(str(exc))})"
        ) from None
    formats = []
    for element in root.iter("format"):
        label = (element.findtext("label") or "").strip()
        sets = [s.text.strip() for s in element.iter("set") if s.text and s.text.strip()]
        if label:
            formats.append({"name": slug(label), "label": label, "sets": sets})
    return formats


def _card_of(
    number: int, row: dict[str, str], sets: titles.SetCodes, rotation_sets: set[str], summary: Summary
) -> tuple[dict, str, list[str]] | None:
    """(the card's facts, its title, the marks its name lost) of a row, or None for a row the
    summary counts as skipped (a token, no name, a number no card prints, an unknown type)."""
    if "token" in row["Type"].casefold():
        summary.skip("a token (not a deck card)")
        return None
    if not row["Name"]:
        summary.skip("a row with no name", f"row {number}: no name")
        return None
    lost_soul, generic = "lost soul" in row["Type"].casefold(), "Generic" in row["Identifier"]
    title, kinds = titles.title_of(row["Name"], sets, lost_soul=lost_soul, generic=generic)
    try:
        card = convert(row, title, in_rotation(row, rotation_sets))
    except BadRow as exc:
        summary.skip("a row with a number no card prints", f"row {number}: {exc}")
        return None
    if card["type"] is None:
        summary.skip(f"an unknown type ({row['Type']!r})", f"row {number}: type {row['Type']!r}")
        return None
    return card, title, kinds


def import_lackey(carddata: Path, formats_file: Path | None, out: Path) -> Summary:
    """Read the card list twice as a stream (first what the whole list says about sets and names,
    then each card) and write the database set by set (set_files.py)."""
    if out.exists() and not out.is_dir():
        raise CardListError(f"{terminal_path(out)} is not a folder: -o names the folder to write the database into")
    formats = read_formats(formats_file) if formats_file else []
    rotation_sets = {s for f in formats if f["name"] == "rotation" for s in f["sets"]}
    try:
        out.mkdir(parents=True, exist_ok=True)
        writer = SetFiles(out, lambda card_set: _header(carddata.name, card_set))
    except OSError as exc:
        raise CardListError(f"cannot write to {terminal_path(out)}: {exc.strerror or exc}") from None
    names = KeysOnDisk(writer.work / "names.sqlite")
    ids: KeysOnDisk | None = None
    summary = Summary()
    try:
        census = titles.SetCensus()
        for _, row in rows(carddata):
            census.add(row)
            names.add(_digest(row["Name"]))
        sets = census.result()
        ids = KeysOnDisk(writer.work / "ids.sqlite")
        for number, row in rows(carddata, summary):
            converted = _card_of(number, row, sets, rotation_sets, summary)
            if converted is None:
                continue
            card, title, kinds = converted
            unique = names.count(_digest(row["Name"])) == 1
            card_id = slug(row["Name"]) if unique else slug(f"{row['Name']} {row['Set']}")
            while ids.add(_digest(card_id)):
                card_id += "-2"
            writer.add(row["Set"], card_line({"id": card_id, **card}))
            summary.imported += 1
            summary.count_title(row["Name"], title, kinds)
            summary.banned += card.get("banned", False)
            summary.rotation += card["rotation"]
        if not summary.imported:
            raise CardListError(f"{terminal_path(carddata)}: no cards in it (a header and {plural(summary.rows, 'row')})")
        if formats:
            writer.add_file("formats.yaml", _formats_file(formats))
        summary.formats = [f"{f['name']} ({plural(len(f['sets']), 'set')})" for f in formats]
        names.close()
        if ids is not None:
            ids.close()
        summary.files = writer.finish()
    except OSError as exc:
        raise CardListError(f"cannot write to {terminal_path(out)}: {exc.strerror or exc}") from None
    finally:
        for each in (names, ids):
            if each is not None:
                each.close()
        writer.discard()
    return summary


def _digest(text: str) -> bytes:
    return hashlib.blake2b(text.encode(), digest_size=8).digest()


def _header(source: str, card_set: str) -> str:
    return f"game: redemption\nsource: {flow(f'{IMPORTED_MARK}, {source}, set {card_set}')}\ncards:\n"


def _formats_file(formats: list[dict]) -> str:
    lines = ["game: redemption", f"source: {flow(f'{IMPORTED_MARK}, formats')}", "cards: []", "formats:"]
    for each in formats:
        sets = ", ".join(flow(s) for s in each["sets"])
        lines.append(f"  - {{name: {flow(each['name'])}, label: {flow(each['label'])}, sets: [{sets}]}}")
    return "\n".join(lines) + "\n"
