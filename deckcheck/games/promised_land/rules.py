"""Promised Land game guide: "Building Your Deck", "Variations on Game Styles", "Determine banned or
limited Cards". The guide's deck size and Source share are recommendations (warnings); its copy
limit is "a general rule" the rules spec makes an error; scripture scope comes from the event."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from deckcheck.games.promised_land import layout
from deckcheck.games.promised_land.bible import book_named, canonical_book, testament_of
from deckcheck.model import Card, Deck, Finding, Severity
from deckcheck.registry import UnknownName
from deckcheck.rules import Doc, EventField, Example, Findings, Format, Game, Params, rule, setting, shapes
from deckcheck.wording import plural

BUILDING = "Promised Land game guide, Building Your Deck"


@dataclass(frozen=True, kw_only=True)
class PromisedLandParams(Params):
    """A style of play ("Variations on Game Styles"): the deck rules are the same in each; the
    life points and quoting differ."""

    copy_limit: int = 4
    deck_size: tuple[int, int] = (55, 70)
    source_share: tuple[int, int] = (30, 40)  # per cent
    opening_hand: int = setting(6)
    draws_per_turn: int = setting(1)
    hand_limit: int = setting(7)
    life_points: int = setting(15, event={"type": "integer", "minimum": 1, "maximum": 99})
    life_points_recommended: tuple[int, int] = setting((15, 20))
    quoting: str = setting("agreed", event={"enum": ["fair", "strict"]})
    bible: str | None = setting(None, event={"type": "string", "minLength": 1})  # the translation an event names


HOME = PromisedLandParams()


def is_common_chapter(card: Card) -> bool:
    return card.is_a("source") and card.get("source_kind") == "chapter" and card.get("rarity") == "common"


def source_range(size: int, share: tuple[int, int] = HOME.source_share) -> tuple[int, int]:
    """30-40% of the deck, whole cards, as the guide counts them: 55 cards -> 16-22."""
    low, high = share
    return size * low // 100, size * high // 100


def _deck(fragment: str) -> str:
    return f"game: promised-land\nmain:\n{fragment}"


NON_SOURCES = "  Deluge: 4\n  Salem: 4\n  New Tomb: 4\n  The Young Men: 4\n  Jerusalem: 4\n"  # and Sources: 25 cards want 7-10


@rule(
    "promised-land.copy-limit",
    Severity.ERROR,
    lambda params: f"at most {params.copy_limit} of a single card; common Chapter Source cards are exempt",
    "Promised Land game guide, Variations on Game Styles / Building Your Deck",
    doc=Doc(
        what="At most 4 copies of a card; common Chapter Source cards may be played in any number. The guide calls the "
        'limit "a general rule"; the rules spec makes it an error.',
        why="Chapter Sources are the game's basic resource; other cards are limited so that a deck is more than one card.",
        example=Example(_deck("  Deluge: 5\n  Chapter Source 6: 9\n"), _deck("  Deluge: 4\n  Chapter Source 6: 9\n")),
    ),
    reads=PromisedLandParams,
)
def copy_limit(deck: Deck, findings: Findings[PromisedLandParams]) -> Iterator[Finding]:
    limit = findings.params.copy_limit
    yield from shapes.copy_cap(findings, deck.entries("main"), lambda card: None if is_common_chapter(card) else limit)


@rule(
    "promised-land.deck-size",
    Severity.WARNING,
    lambda params: f"{params.deck_size[0]}-{params.deck_size[1]} cards recommended",
    BUILDING,
    doc=Doc(
        what="A warning where the deck is not the 55-70 cards the game guide recommends.",
        why="The guide's range is what its life points and Source share are set for.",
        example=Example(_deck("  Chapter Source 6: 54\n"), _deck("  Chapter Source 6: 55\n")),
    ),
    reads=PromisedLandParams,
)
def deck_size(deck: Deck, findings: Findings[PromisedLandParams]) -> Iterator[Finding]:
    size = deck.size("main")
    low, high = findings.params.deck_size
    if not low <= size <= high:
        yield findings.about_zone("main", f"the deck has {plural(size, 'card')}; the guide recommends {low}-{high}")


@rule(
    "promised-land.source-ratio",
    Severity.WARNING,
    lambda params: f"Sources should be {params.source_share[0]}-{params.source_share[1]}% of the deck",
    BUILDING,
    doc=Doc(
        what="A warning where Sources are not 30-40% of the deck (whole cards: 55 cards -> 16-22).",
        why="Sources pay for every other card: too few and cards stay in hand, too many and there is little to play.",
        example=Example(_deck(NON_SOURCES + "  Chapter Source 6: 5\n"), _deck(NON_SOURCES + "  Chapter Source 6: 10\n")),
    ),
    reads=PromisedLandParams,
)
def source_ratio(deck: Deck, findings: Findings[PromisedLandParams]) -> Iterator[Finding]:
    size = deck.size("main")
    sources = shapes.count(deck.entries("main"), lambda card: card.is_a("source"))
    low, high = source_range(size, findings.params.source_share)
    if size and not low <= sources <= high:
        yield findings.about_zone(
            "main",
            f"{plural(sources, 'Source')} in {plural(size, 'card')} ({100 * sources / size:.0f}%); "
            f"the guide recommends 30-40%, {low}-{high} cards",
        )


def testament(card: Card) -> str | None:
    """A card's testament: stated, or from its reference's book, or from its colour (blue covers
    both History and Acts, so it says nothing)."""
    if card.get("testament"):
        return card.get("testament")
    book = (card.get("reference") or {}).get("book")
    if book and testament_of(book):
        return testament_of(book)
    return {"white": "old", "red": "old", "green": "old", "gold": "new", "grey": "new"}.get(card.get("color"))


def outside_scope(card: Card, scope: Mapping[str, tuple[str, ...]]) -> str | None:
    """Why a card lies outside an event's scripture scope, or None when it is inside (or the data
    cannot tell: a card is only refused on a fact the database states)."""
    said = testament(card)
    if "testaments" in scope and said is not None and said not in scope["testaments"]:
        return f"it is {said.title()} Testament"
    if "colors" in scope and card.get("color") not in (None, "none") and card.get("color") not in scope["colors"]:
        return f"it is {card.get('color')}"
    book = canonical_book((card.get("reference") or {}).get("book") or "")
    if "books" in scope and book is not None and book not in scope["books"]:
        return f"its reference is in {book}"
    return None


@rule(
    "promised-land.scripture-scope",
    Severity.ERROR,
    "when the event restricts scripture (testaments, colours, books), every non-Source card is inside it",
    "Promised Land game guide, Determine banned or limited Cards",
    doc=Doc(
        what="Where an event file restricts scripture (`scripture: {testaments: [old]}`, colours, books), every card but "
        "the Sources is inside it; a card is refused only on a fact its data states.",
        why="A teacher running a lesson on the Old Testament wants decks of it: the event says so once, for every deck.",
        example=Example(
            _deck("  New Tomb: 1\n"),
            _deck("  Deluge: 1\n"),
            event="name: Old Testament lesson\ngame: promised-land\nscripture:\n  testaments: [old]\n",
        ),
    ),
    reads=PromisedLandParams,
)
def scripture_scope(deck: Deck, findings: Findings[PromisedLandParams]) -> Iterator[Finding]:
    for event in findings.context.events:
        scope = event.fields.get("scripture")
        if not scope:
            continue
        described = "; ".join(f"{key}: {', '.join(values)}" for key, values in scope.items())
        for entry in deck.entries():
            if entry.card is None or entry.card.is_a("source"):
                continue
            reason = outside_scope(entry.card, scope)
            if reason:
                yield findings.about_entries([entry], f"{entry.card.name} is outside {event.name}'s scripture ({described}): {reason}")


SCRIPTURE_SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "minProperties": 1,
    "properties": {
        "testaments": {"type": "array", "items": {"enum": ["old", "new"]}, "minItems": 1, "uniqueItems": True},
        "colors": {
            "type": "array",
            "items": {"enum": ["white", "blue", "gold", "green", "grey", "red"]},
            "minItems": 1,
            "uniqueItems": True,
        },
        "books": {"type": "array", "items": {"type": "string", "minLength": 1}, "minItems": 1, "uniqueItems": True},
    },
}


def read_scripture(scope: dict) -> tuple[dict[str, tuple[str, ...]], list[tuple[tuple, str]]]:
    """An event's scripture scope, its books named as the Bible names them (a book that is not in
    the Bible is a problem at its place in the list)."""
    books, problems = [], []
    for index, book in enumerate(scope.get("books", [])):
        try:
            books.append(book_named(book))
        except UnknownName as exc:
            problems.append((("books", index), str(exc)))
    read = {key: tuple(values) for key, values in scope.items() if key != "books"}
    if books:
        read["books"] = tuple(books)
    return read, problems


GAME = Game(
    name="promised-land",
    title="Promised Land",
    source="Promised Land game guide v2.2016",
    formats=(
        Format("home", "Home Rules: the players agree on everything", HOME),
        Format(
            "sunday-school",
            "Sunday School: short games, strict quoting left to the teacher",
            PromisedLandParams(life_points=10, life_points_recommended=(10, 15), quoting="strict"),
        ),
        Format(
            "tournament",
            "Competition or Tournament: low to mid life points, strict quoting, complex cards banned",
            PromisedLandParams(life_points=12, life_points_recommended=(12, 15), quoting="strict"),
        ),
    ),
    rules=(copy_limit, deck_size, source_ratio, scripture_scope),
    zones=layout.ZONES,
    goldfish="deckcheck.games.promised_land.goldfish",
    type_order=layout.TYPE_ORDER,
    event_fields={layout.SCRIPTURE: EventField(SCRIPTURE_SCHEMA, read_scripture)},
)
