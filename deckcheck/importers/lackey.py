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
import json
import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from deckcheck.importers import lackey_titles as titles
from deckcheck.loading.names import slug
from deckcheck.wording import plural

COLUMNS = ("Name", "Set", "ImageFile", "Type", "Brigade", "Strength", "Toughness", "Class", "Identifier",
           "SpecialAbility", "Rarity", "Reference", "Alignment", "Legality")
TYPES = {"ge": "good_enhancement", "ee": "evil_enhancement", "hero": "hero", "evil character": "evil_character",
         "lost soul": "lost_soul", "artifact": "artifact", "fortress": "fortress", "site": "site", "curse": "curse",
         "covenant": "covenant", "city": "city"}
BRIGADES = re.compile(r"pale green|white|gold|purple|silver|blue|green|red|crimson|black|brown|gr[ae]y|orange|teal|clay|multi")


class ImportError_(Exception):
    """The card list cannot be imported at all (no header, a missing column)."""


@dataclass
class Summary:
    rows: int = 0
    imported: int = 0
    skipped: Counter = field(default_factory=Counter)
    skipped_rows: list[str] = field(default_factory=list)
    titles: Counter = field(default_factory=Counter)          # kind of mark -> names that had it
    title_examples: dict[str, str] = field(default_factory=dict)
    rotation: int = 0
    files: list[Path] = field(default_factory=list)
    formats: list[str] = field(default_factory=list)
    banned: int = 0

    def count_title(self, name: str, title: str, kinds: list[str]) -> None:
        if not titles.has_marks(name):
            kinds = [titles.UNMARKED]
        elif len([k for k in kinds if not k.startswith("kept")]) > 1:
            kinds = kinds + [titles.SEVERAL]
        for kind in dict.fromkeys(kinds):
            self.titles[kind] += 1
            self.title_examples.setdefault(kind, f"{name} -> {title}" if kind != titles.UNMARKED else "")

    def text(self) -> str:
        lines = [f"{plural(self.rows, 'row')} read, {plural(self.imported, 'card')} imported, "
                 f"{sum(self.skipped.values()):,} skipped"]
        lines += [f"  skipped, {reason}: {count}" for reason, count in self.skipped.most_common()]
        lines += [f"    {row}" for row in self.skipped_rows[:10]]
        lines.append("titles (the name the duplicate rules compare), by the marks each name had:")
        for kind, count in self.titles.most_common():
            example = self.title_examples.get(kind)
            lines.append(f"  {count:>5}  {kind}" + (f"  e.g. {example}" if example else ""))
        lines.append(f"{plural(self.rotation, 'card')} in the Rotation pool (Legality: Rotation, or a Rotation set)")
        lines.append(f"{plural(self.banned, 'card')} the card list marks banned (Legality: Banned; the rules version "
                     "in force decides whether the mark applies)")
        if self.formats:
            lines.append(f"formats: {', '.join(self.formats)}")
        lines.append(f"{plural(len(self.files), 'file')} written")
        return "\n".join(lines)


def read_rows(path: Path, summary: Summary) -> list[tuple[int, dict[str, str]]]:
    try:
        return _read_rows(path, summary)
    except UnicodeDecodeError as exc:
        raise ImportError_(f"{path}: not UTF-8 text (byte {exc.start:,})") from None
    except csv.Error as exc:
        raise ImportError_(f"{path}: not a tab-separated card list ({exc})") from None


def _read_rows(path: Path, summary: Summary) -> list[tuple[int, dict[str, str]]]:
    with path.open(encoding="utf-8-sig", newline="") as handle:
        reader = csv.reader(handle, delimiter="\t", quoting=csv.QUOTE_NONE)
        header = next(reader, None)
        if not header:
            raise ImportError_(f"{path}: empty file, expected a header row")
        missing = [c for c in COLUMNS if c not in header]
        if missing:
            raise ImportError_(f"{path}: no column {', '.join(missing)} in the header")
        rows = []
        for number, row in enumerate(reader, start=2):
            summary.rows += 1
            if len(row) != len(header):
                summary.skipped["a row with the wrong number of fields"] += 1
                summary.skipped_rows.append(f"row {number}: {len(row)} fields, the header has {len(header)}")
                continue
            rows.append((number, {name: value.strip() for name, value in zip(header, row)}))
        return rows


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


def brigades_of(value: str) -> list[str]:
    found = [b.replace(" ", "_").replace("grey", "gray") for b in BRIGADES.findall(value.casefold())]
    return list(dict.fromkeys(found))


def _number(value: str) -> int | str | None:
    if not value:
        return None
    return int(value) if re.fullmatch(r"-?\d+", value) else value


def convert(row: dict[str, str], title: str, rotation: bool) -> dict:
    alignment = row["Alignment"].casefold()
    identifiers = [i.strip() for i in row["Identifier"].split(",") if i.strip()]
    card: dict = {"name": row["Name"]}
    if title != row["Name"]:
        card["title"] = title
    card["type"] = card_types(row["Type"], alignment)
    card["brigades"] = brigades_of(row["Brigade"])
    for key in ("Strength", "Toughness"):
        value = _number(row[key])
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
        root = ElementTree.parse(path, forbid_dtd=True).getroot()
    except (ElementTree.ParseError, DefusedXmlException) as exc:
        raise ImportError_(f"{path}: not LackeyCCG format definitions ({type(exc).__name__}: {exc})") from None
    formats = []
    for element in root.iter("format"):
        label = (element.findtext("label") or "").strip()
        sets = [s.text.strip() for s in element.iter("set") if s.text and s.text.strip()]
        if label:
            formats.append({"name": slug(label), "label": label, "sets": sets})
    return formats


def import_lackey(carddata: Path, formats_file: Path | None, out: Path) -> Summary:
    summary = Summary()
    rows = read_rows(carddata, summary)
    sets = titles.set_codes([row for _, row in rows])
    formats = read_formats(formats_file) if formats_file else []
    rotation_sets = {s for f in formats if f["name"] == "rotation" for s in f["sets"]}
    names = Counter(row["Name"] for _, row in rows)
    by_set: dict[str, list[dict]] = defaultdict(list)
    seen_ids: set[str] = set()
    for number, row in rows:
        if "token" in row["Type"].casefold():
            summary.skipped["a token (not a deck card)"] += 1
            continue
        title, kinds = titles.title_of(row["Name"], sets, lost_soul="lost soul" in row["Type"].casefold(),
                                       generic="Generic" in row["Identifier"])
        card = convert(row, title, in_rotation(row, rotation_sets))
        if card["type"] is None:
            summary.skipped[f"an unknown type ({row['Type']!r})"] += 1
            summary.skipped_rows.append(f"row {number}: type {row['Type']!r}")
            continue
        card_id = slug(row["Name"]) if names[row["Name"]] == 1 else slug(f"{row['Name']} {row['Set']}")
        while card_id in seen_ids:
            card_id += "-2"
        seen_ids.add(card_id)
        by_set[row["Set"]].append({"id": card_id, **card})
        summary.imported += 1
        summary.count_title(row["Name"], title, kinds)
        summary.banned += card.get("banned", False)
        summary.rotation += card["rotation"]
    summary.formats = [f"{f['name']} ({plural(len(f['sets']), 'set')})" for f in formats]
    summary.files = write_database(by_set, formats, out, carddata.name)
    return summary


def write_database(by_set: dict[str, list[dict]], formats: list[dict], out: Path, source: str) -> list[Path]:
    from deckcheck.fmt import replace_atomically

    out.mkdir(parents=True, exist_ok=True)
    files = []
    for card_set, cards in sorted(by_set.items()):
        lines = ["game: redemption", f"source: {_flow(f'LackeyCCG Redemption plugin, {source}, set {card_set}')}",
                 "cards:"]
        lines += [_card_line(card) for card in cards]
        path = out / f"{slug(card_set) or 'no-set'}.yaml"
        replace_atomically(path, "\n".join(lines) + "\n")
        files.append(path)
    if formats:
        lines = ["game: redemption", f"source: {_flow('LackeyCCG Redemption plugin, formats')}", "cards: []",
                 "formats:"]
        for each in formats:
            sets = ", ".join(_flow(s) for s in each["sets"])
            lines.append(f"  - {{name: {_flow(each['name'])}, label: {_flow(each['label'])}, sets: [{sets}]}}")
        path = out / "formats.yaml"
        replace_atomically(path, "\n".join(lines) + "\n")
        files.append(path)
    return files


_FLOW_PLAIN = re.compile(r"[A-Za-z][A-Za-z0-9 ._'()!?/+&-]*[A-Za-z0-9.)'!?]|[A-Za-z]")
_YAML11 = re.compile(r"(?i)y|n|yes|no|on|off|true|false|null")


def _flow(text: str) -> str:
    """A scalar safe inside a YAML flow collection: plain when nothing in it could end it early."""
    if _FLOW_PLAIN.fullmatch(text) and not _YAML11.fullmatch(text):
        return text
    return json.dumps(text, ensure_ascii=False)


def _value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, list):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    return _flow(str(value))


def _card_line(card: dict) -> str:
    card = dict(card)
    if len(card["type"]) == 1:
        card["type"] = card["type"][0]
    return "  - {" + ", ".join(f"{key}: {_value(value)}" for key, value in card.items()) + "}"
