"""How a name a person typed is compared with the card list's: Unicode NFKC, straight quotes,
hyphens for dashes, nothing for characters that show nothing, one space between words, case
folded; and a name made an id. One place for every reader, index and rule that compares names."""

from __future__ import annotations

import hashlib
import re
import unicodedata
from functools import cache, lru_cache

_QUOTES = str.maketrans(
    {
        "\u2018": "'",
        "\u2019": "'",
        "\u201a": "'",
        "\u201b": "'",
        "\u2032": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u201e": '"',
        "\u201f": '"',
        "\u2033": '"',
        "`": "'",
        "\u00b4": "'",
        # a reference's range as web pages set it (`Proverbs 2:16–17`): no card's name holds a dash of these
        "\u2010": "-",
        "\u2011": "-",
        "\u2012": "-",
        "\u2013": "-",
        "\u2014": "-",
        "\u2212": "-",
    }
    # characters that show nothing, as text copied from web pages and chats holds them: a name
    # differing from a card's by one of these is that card's name
    | dict.fromkeys(
        map(
            ord,
            "\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b\u200c\u200d\u2060\u2061\u2062\u2063\u2064"
            "\u3164\u2800\ufeff\uffa0\ufe00\ufe01\ufe02\ufe03\ufe04\ufe05\ufe06\ufe07\ufe08\ufe09\ufe0a"
            "\ufe0b\ufe0c\ufe0d\ufe0e\ufe0f",
        )
    )
    | dict.fromkeys(range(0xE0100, 0xE01F0))  # the variation selectors of the supplement
)


@cache
def invisible() -> re.Pattern[str]:
    """The characters that show nothing (_QUOTES takes them out of a name): compiled the first time
    a line that is not ASCII needs it, not by every check (a class of this size is 1 ms)."""
    return re.compile("[" + "".join(chr(code) for code, to in _QUOTES.items() if to is None) + "]")


_SPACE = re.compile(r"\s+")
_INSIDE_BRACKETS = re.compile(r"([(\[]) +| +(?=[)\]])")


@lru_cache(maxsize=1 << 16)  # the same names recur in every deck of a folder
def normalise(name: str) -> str:
    """NFKC, straight quotes, hyphens for dashes, nothing for characters that show nothing, one
    space between words, none just inside brackets, case-folded: a deck file's `Cornelius ( C)`
    is the card list's `Cornelius (C)`."""
    if name.isascii() and "`" not in name:  # most names: NFKC and the quote table change nothing
        text = " ".join(name.split()).lower()
    else:
        text = _SPACE.sub(" ", unicodedata.normalize("NFKC", name.translate(_QUOTES)).translate(_QUOTES)).strip().casefold()
    if "''" in text:  # a nickname in doubled apostrophes, as store lists write it (`Lost Soul ''Hormah''`)
        text = text.replace("''", '"')
    return _INSIDE_BRACKETS.sub(r"\1", text) if ("( " in text or " )" in text or "[ " in text or " ]" in text) else text


def strip_accents(key: str) -> str:
    decomposed = unicodedata.normalize("NFKD", key)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def slug(name: str) -> str:
    """A name as an id: lower-case Latin letters, digits and dashes. A name with none of those (a
    Greek or Hebrew printing) gets one from its hash, the same every time."""
    made = re.sub(r"[^a-z0-9]+", "-", strip_accents(normalise(name))).strip("-")
    if made or not name.strip():
        return made
    return "x-" + hashlib.sha256(normalise(name).encode()).hexdigest()[:10]
