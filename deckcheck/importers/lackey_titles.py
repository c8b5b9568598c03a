"""The title of a LackeyCCG card name: the name without the marks that tell printings apart, so
that the duplicate rules compare cards, not printings.

Lackey names carry their printing in every way a community list accumulates over twenty years:
a set's suffix (`Peter (I)`, `Aaron (Pa)`), a code with a stray space (`Son of God ( C)`), a set in
brackets (`Storehouse [IR]`, `[T2C AB]`), a first print (`(1st Print - K)`), a dated or event
promo (`(2019) (Promo)`, `[2024 - Winner]`), a fundraiser (`[Fundraiser - Greek]`), a rarity
(`[UR+]`, `(LoC Plus)`), a language or errata (`(Greek)`, `(Errata)`), the art's name of a card
that is the same card whatever its art (`Son of God "Manger"`, `[Tomb]`), and, inside a Lost
Soul's reference, the printing code (`[Hosea 13:2 - LR]`). Marks are taken off the end one at a
time, so that repeated ones (`[Tomb] [2022 - Seasonal]`) all go.

What names a different card stays: a parenthesis that is a person's other name or a nickname
(`Abednego (Azariah)`, `(Hopper)`), a brigade variant (`Bow and Arrow (Gold)`, `The Depraved
[Black]`), the art's name of a generic character (`Cherubim [Blake]`: generic characters with
other art are different cards), and a Lost Soul's quoted name and reference.
"""

from __future__ import annotations

import re

from deckcheck.records import record

_TRAILING = re.compile(r'\s*(?:\((?P<paren>[^()]*)\)|\[(?P<bracket>[^\[\]]*)\]|"(?P<quoted>[^"]*)")\s*$')
_REFERENCE = re.compile(r"^(?P<reference>.*\d:\d[\d\-,]*)(?:\s*-\s*(?P<mark>[A-Za-z].*))?$")
_YEAR_OR_PROMO = re.compile(r"\b(?:19|20)\d\d\b|\bpromo\b", re.IGNORECASE)
_CODE = re.compile(r"[A-Z][A-Za-z]?[A-Z]?")
_BRIGADE_WORDS = re.compile(
    r"(?i)(?:white|gold|purple|silver|blue|green|red|crimson|black|brown|gr[ae]y|orange|"
    r"teal|clay|pale green|yellow|multi)(?:\s*/\s*(?:white|gold|purple|silver|blue|green|red|"
    r"crimson|black|brown|gr[ae]y|orange|teal|clay|pale green|yellow))*"
)
_BRIGADES = re.compile(r"pale green|white|gold|purple|silver|blue|green|red|crimson|black|brown|gr[ae]y|orange|teal|clay|multi")


def brigades_of(value: str) -> list[str]:
    """The brigades a text names, as card data writes them (`Black/Pale Green` -> black, pale_green)."""
    found = [b.replace(" ", "_").replace("grey", "gray") for b in _BRIGADES.findall(value.casefold())]
    return list(dict.fromkeys(found))


_VARIANT_MARKERS = {"banned", "errata", "greek", "hebrew"}
_RARITY_MARKS = {"ur+", "ur", "plus"}

# What each kind of mark is, as the import summary names it (with an example from the real list).
SET_SUFFIX = "a set's suffix (Peter (I), Aaron (Pa))"
SET_VARIANT = "a set's suffix with a variant (Angry Mob (EC, Black), Authority of Christ (GoC UR+))"
SET_CODE = "a set named in the mark (Storehouse [IR], Son of God [K], [T2C AB], (I/J+))"
SHORT_CODE = "a short printing code, spaces and all (Christian Martyr (AU), Son of God ( C))"
FIRST_PRINT = "a first printing (Son of God (1st Print - K))"
DATED = "a dated, event or promotional printing (Son of God (2019) (Promo), [2024 - Winner])"
FUNDRAISER = "a fundraiser printing (Son of God [Fundraiser - Greek])"
VARIANT = "a banned, errata or language printing (Endless Treasures (Errata), Son of God (Greek))"
RARITY = "a rarity mark (Beelzebub [UR+])"
ART_NAME = 'the art\'s name of a card that is not generic (Son of God "Manger", Son of God [Tomb])'
REFERENCE_CODE = 'a printing code inside a Lost Soul\'s reference (Lost Soul "Deck Discard" [Hosea 13:2 - LR])'
KEPT_PARENTHESIS = "kept: a parenthesis that names the card (Abednego (Azariah), Lost Soul ... (Hopper), (Gold))"
KEPT_BRACKET = "kept: a bracket that names the card (The Depraved [Black], Cherubim [Blake] of a generic character)"
UNMARKED = "no parenthesis, bracket or quoted name"
SEVERAL = "several marks on one name (Son of God [Tomb] [2022 - Seasonal])"


@record
class SetCodes:
    """What the whole list knows about its sets: the codes in its Set and OfficialSet columns and
    the suffixes at least `frequent` cards of one set end with (Pa, Wa, Roots, UL, ...)."""

    codes: frozenset[str]  # casefolded
    suffixes: frozenset[str]  # as written

    def is_set(self, text: str) -> bool:
        folded = text.casefold()
        if folded in self.codes or text in self.suffixes:
            return True
        # an alternate-border printing: "T2C AB", "RoJ AB", "AB - CoW"
        rest = re.sub(r"(?i)\bAB\b|-", " ", text).split()
        return len(rest) == 1 and len(rest[0]) < len(text) and (rest[0].casefold() in self.codes or rest[0] in self.suffixes)


class SetCensus:
    """SetCodes counted one row at a time (the card list is read as a stream)."""

    def __init__(self) -> None:
        self.codes: set[str] = set()
        self.counts: dict[tuple[str, str], int] = {}

    def add(self, row: dict[str, str]) -> None:
        for column in ("Set", "OfficialSet"):
            value = row.get(column, "")
            if value:
                self.codes.add(value.casefold())
                self.codes.add(re.sub(r"\s*[\[(](?:Ban|AB)[\])]$", "", value).casefold())  # CoW [Ban], CoW (AB)
        match = _TRAILING.search(row["Name"])
        if match and match["paren"] is not None:
            key = (" ".join(match["paren"].split()), row["Set"])
            self.counts[key] = self.counts.get(key, 0) + 1

    def result(self, frequent: int = 3) -> SetCodes:
        suffixes = {suffix for (suffix, _), count in self.counts.items() if count >= frequent}
        return SetCodes(frozenset(self.codes), frozenset(suffixes))


def set_codes(rows: list[dict[str, str]], frequent: int = 3) -> SetCodes:
    census = SetCensus()
    for row in rows:
        census.add(row)
    return census.result(frequent)


def _printing_mark(text: str, sets: SetCodes) -> str | None:
    """The kind of printing mark `text` (a mark's content, spaces made single) is, or None."""
    first_word = re.split(r"[ ,]", text, maxsplit=1)[0]
    if re.match(r"(?i)1st print\b", text):
        return FIRST_PRINT
    if re.match(r"(?i)fundraiser\b", text):
        return FUNDRAISER
    if _YEAR_OR_PROMO.search(text):
        return DATED
    if text.casefold() in _VARIANT_MARKERS:
        return VARIANT
    if text.casefold() in _RARITY_MARKS:
        return RARITY
    if text in sets.suffixes:
        return SET_SUFFIX
    if sets.is_set(text):
        return SET_CODE
    if first_word in sets.suffixes and first_word != text:
        return SET_VARIANT
    if _CODE.fullmatch(text):
        return SHORT_CODE
    return None


def title_of(name: str, sets: SetCodes, *, lost_soul: bool, generic: bool) -> tuple[str, list[str]]:
    """(title, the kinds of mark taken off or kept, in the order met from the end)."""
    title, kinds = name.strip(), list[str]()
    while True:
        match = _TRAILING.search(title)
        if not match:
            break
        raw = next(group for group in (match["paren"], match["bracket"], match["quoted"]) if group is not None)
        content = " ".join(raw.split())
        rest = title[: match.start()].rstrip()
        if not rest:
            break
        if match["quoted"] is not None:
            if lost_soul or generic:
                break  # a Lost Soul's name; a generic character's art makes another card
            title, kinds = rest, kinds + [ART_NAME]
            continue
        reference = _REFERENCE.match(content) if lost_soul and match["bracket"] is not None else None
        if reference:  # before the printing marks: "I Samuel 30:3" starts with the set code I
            if reference["mark"]:
                title, kinds = f"{rest} [{reference['reference']}]", kinds + [REFERENCE_CODE]
            break
        kind = _printing_mark(content, sets)
        if kind is not None:
            title, kinds = rest, kinds + [kind]
            continue
        if match["bracket"] is not None:
            if not (generic or _BRIGADE_WORDS.fullmatch(content)):
                title, kinds = rest, kinds + [ART_NAME]
                continue
            kinds.append(KEPT_BRACKET)
            break
        kinds.append(KEPT_PARENTHESIS)
        break
    return title, kinds


def has_marks(name: str) -> bool:
    return any(char in name for char in '()[]"')
