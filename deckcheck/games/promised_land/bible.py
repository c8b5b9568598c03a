"""The books of the Bible, their testament and Promised Land's colour for them (the game guide's
"Cards are divided in to colors which represent the divisions of scripture")."""

from __future__ import annotations

from deckcheck.escaping import for_terminal
from deckcheck.loading.names import normalise
from deckcheck.registry import UnknownName, close_to

_DIVISIONS = (
    ("old", "white", "Genesis Exodus Leviticus Numbers Deuteronomy"),
    ("old", "blue", "Joshua Judges Ruth 1_Samuel 2_Samuel 1_Kings 2_Kings 1_Chronicles 2_Chronicles Ezra Nehemiah Esther"),
    ("old", "red", "Job Psalms Proverbs Ecclesiastes Song_of_Solomon"),
    (
        "old",
        "green",
        "Isaiah Jeremiah Lamentations Ezekiel Daniel Hosea Joel Amos Obadiah Jonah Micah Nahum Habakkuk Zephaniah Haggai Zechariah Malachi",
    ),
    ("new", "gold", "Matthew Mark Luke John"),
    ("new", "blue", "Acts"),
    (
        "new",
        "grey",
        "Romans 1_Corinthians 2_Corinthians Galatians Ephesians Philippians Colossians "
        "1_Thessalonians 2_Thessalonians 1_Timothy 2_Timothy Titus Philemon Hebrews James 1_Peter "
        "2_Peter 1_John 2_John 3_John Jude Revelation",
    ),
)

BOOKS: dict[str, tuple[str, str]] = {}  # book -> (testament, colour)
for _testament, _colour, _names in _DIVISIONS:
    for _book in _names.split():
        BOOKS[_book.replace("_", " ")] = (_testament, _colour)

_BY_KEY = {normalise(book): book for book in BOOKS}


def canonical_book(name: str) -> str | None:
    """The book's canonical name ("1 samuel" -> "1 Samuel"), or None for no book of the Bible."""
    return _BY_KEY.get(normalise(name))


def book_named(name: str) -> str:
    """The book's canonical name; UnknownName, with close matches, for no book of the Bible."""
    found = canonical_book(name)
    if found is None:
        raise UnknownName(f"'{for_terminal(name)}' is not a book of the Bible{close_to(name, list(BOOKS))}")
    return found


def testament_of(book: str) -> str | None:
    found = canonical_book(book)
    return BOOKS[found][0] if found else None
