"""Rules every game shares (ids `deck.*`). Most are reported by loading; wrong-zone is checked
from each game's table of types that may not stand in a zone."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from deckcheck.model import Deck, Finding, Severity
from deckcheck.rules import Doc, Example, Findings, Format, Game, P, Params, Rule, rule
from deckcheck.rules.banlist import BANLIST_RULES

# no rulebook says how a deck file is written: these cite deckcheck's own manual
_FORMAT = "deckcheck's manual (docs/deck-files.md), Deck files"


def _redline(fragment: str) -> str:
    return f"game: redline\n{fragment}"


PARSE = Rule(
    "deck.parse",
    Severity.ERROR,
    "the file is not a readable deck (bad YAML/text, wrong shape, duplicate key, bad count)",
    _FORMAT,
    Doc(
        what="The file could not be read as a deck: YAML that does not parse, a YAML tag or alias, a key given twice, a "
        "zone that is not a mapping of names to counts, a count that is not a whole number from 1 up, a file too large.",
        why="A deck read in part is a deck judged wrongly: deckcheck says where it stopped reading instead of guessing.",
        example=Example(_redline("main:\n  Supply Drop: [1\n"), _redline("main:\n  Supply Drop: 1\n")),
    ),
    Params,
)
UNKNOWN_GAME = Rule(
    "deck.unknown-game",
    Severity.ERROR,
    "`game:` is missing or names no known game (or the game has no such format)",
    _FORMAT,
    Doc(
        what="The deck names no game deckcheck knows (`game:`, `--game` or the config), or a format its game does not have.",
        why="Every rule belongs to a game: a deck of no known game cannot be checked at all.",
        example=Example("game: redlin\nmain:\n  Supply Drop: 1\n", _redline("main:\n  Supply Drop: 1\n")),
    ),
    Params,
)
UNKNOWN_CARD = Rule(
    "deck.unknown-card",
    Severity.ERROR,
    "a name or id matches no card of the game's database",
    _FORMAT + ", names",
    Doc(
        what="A name (or id) in the deck matches no card of the game's card database; close names are suggested.",
        why="A card deckcheck cannot find is a card it cannot count: the deck is never called legal with one.",
        example=Example(_redline("main:\n  Suply Drop: 1\n"), _redline("main:\n  Supply Drop: 1\n")),
    ),
    Params,
)
AMBIGUOUS_CARD = Rule(
    "deck.ambiguous-card",
    Severity.ERROR,
    "a name could mean several different cards and the deck's verdict differs between them; the message "
    "lists each card and what it gives (a name whose cards all give the same verdict gets a note)",
    _FORMAT + ", names",
    Doc(
        what="A name could mean several different cards (printings of one title that are not the same card) and the "
        "deck's verdict depends on which: the message lists each and what it gives.",
        why="Judges count cards, not names: a list that can be read two ways is settled before the event, not at the table.",
        example=Example("game: redemption\nformat: type1\nmain:\n  Peter: 1\n", "game: redemption\nformat: type1\nmain:\n  Peter (I): 1\n"),
    ),
    Params,
)


@rule(
    "deck.wrong-zone",
    Severity.ERROR,
    "a card sits in a zone where its type cannot go (a general in main, a mission in main, ...)",
    "the game's rulebook, deck construction",
    doc=Doc(
        what="A card is in a zone its type may not stand in (a REDLINE general or mission in the arsenal, a Demon Rush "
        "champion in the main deck), or the deck has a zone its game does not have.",
        why="Each zone has its own rules and counts: a card in the wrong one is counted wrongly everywhere.",
        example=Example(
            _redline("general: Valya Serova\nmain:\n  Valya Serova: 1\n"), _redline("general: Valya Serova\nmain:\n  Supply Drop: 1\n")
        ),
    ),
    reads=Params,
    per_card=True,
)
def wrong_zone(deck: Deck, findings: Findings[Params]) -> Iterator[Finding]:
    game = findings.context.game
    for zone, entries in deck.zones.items():
        if game.zone(zone) is None:
            yield findings.about_zone(zone, f"a {game.title} deck has no {zone} zone")
            continue
        forbidden = game.forbidden_types.get(zone, ())
        for entry in entries if forbidden else ():  # (most zones forbid no type: their cards are not read)
            if entry.card is not None and entry.card.is_a(*forbidden):
                kind = "/".join(t for t in entry.card.types if t in forbidden).replace("_", " ")
                yield findings.about_entries([entry], f"{entry.card.name} is a {kind} card and cannot go in {zone}")


SKIPPED_LINE = Rule(
    "deck.skipped-line",
    Severity.WARNING,
    "a line of a text deck is evidently no card (a sentence, a web address, a signature, close to no card's name), so "
    "it was skipped and the deck was not read whole (the rest is checked): `# ` before it keeps it as a comment",
    _FORMAT + ", plain text",
    Doc(
        what="A line of a pasted (text) deck is evidently no card (a sentence of prose, a web address, a signature) and "
        "no card's name is close to it, so it was not read; the rest of the deck is checked. Any other line that names "
        "no card is an unknown card (deck.unknown-card), never skipped.",
        why="A player's note and a misspelt card look alike: deckcheck says which lines it did not read, so none is lost unseen.",
        example=Example(
            "# game: redline\nMy deck\n1 Supply Drop\nbring sleeves\n", "# game: redline\nMy deck\n1 Supply Drop\n# bring sleeves\n", ".txt"
        ),
    ),
    Params,
)
HEADER_COUNT = Rule(
    "deck.header-count",
    Severity.WARNING,
    "a header of a pasted deck says how many cards its group holds (`Lost Souls (8)`), and the cards under it add up to another number",
    _FORMAT + ", plain text",
    Doc(
        what="A header of a pasted deck gives its group's size (`Resources (3):`) and the cards under it add up to another.",
        why="A number that disagrees with its cards is a card left out when the list was copied, or one too many.",
        example=Example("# game: redline\nResources (3):\n2 Supply Drop\n", "# game: redline\nResources (2):\n2 Supply Drop\n", ".txt"),
    ),
    Params,
)

HEADER_OR_CARD = Rule(
    "deck.header-or-card",
    Severity.WARNING,
    "a line of a pasted deck reads both as a group's header and as a card with its count (`City (5)` where City is "
    "a card, in a list that writes its cards `Name (N)`), and as many cards follow it as it says: it was read as the "
    "header; `5 City` writes five copies",
    _FORMAT + ", plain text",
    Doc(
        what="A line such as `City (5)` is both a group's header (City is a card type) and five copies of the card City, "
        "in a list that writes its cards with the count after the name, and the five cards under it fit the header: "
        "it was read as the header. Where fewer or more cards follow, it is read as the card.",
        why="Cards must never vanish silently: the reading not taken is said, with how to write it.",
        example=Example(
            "# game: bible-battles\nGoat (1)\nCity (1)\nCattle (1)\n",
            "# game: bible-battles\nGoat (1)\nCities:\nCattle (1)\n",
            ".txt",
        ),
    ),
    Params,
)

SKIPPED_FILE = Rule(
    "deck.skipped-file",
    Severity.WARNING,
    "a file with a deck's suffix in a folder checked is, as a whole, another document (a card database, an event "
    "file, a LackeyCCG card list), so it was left out: give it where it belongs or --exclude it",
    _FORMAT + ", checking a folder",
    Doc(
        what="A file in a folder being checked has a deck's suffix but is another document (a card database, an event "
        "file, a LackeyCCG card list), so it was left out.",
        why="Deck repositories keep their card lists and event files beside their decks; checking them as decks would "
        "bury the real findings.",
        no_example="it is about a folder's files, not a deck's lines (tests/cli check it on folders built for it)",
    ),
    Params,
)
LOADING_RULES = (PARSE, SKIPPED_LINE, HEADER_COUNT, HEADER_OR_CARD, SKIPPED_FILE, UNKNOWN_GAME, UNKNOWN_CARD, AMBIGUOUS_CARD)
# a deck deckcheck could not read is never legal: these findings cannot be ignored (an ambiguous
# name can: the deck is then judged with the reading of its names that gives it the fewest problems)
UNIGNORABLE = frozenset({PARSE.id, UNKNOWN_GAME.id, UNKNOWN_CARD.id})
# the rules every game runs before its own
COMMON_RULES = LOADING_RULES + (wrong_zone,) + BANLIST_RULES


# the rules of a format as it words them, worked out once a format (every deck of a folder asks):
# a format and its game are immutable, and kept here with their rules so that neither id is reused
_WORDED: dict[tuple[int, int], tuple[Game[Any], Format[Any], tuple[Rule[Any], ...]]] = {}
MOST_WORDED = 1_000  # formats a long-running page may meet (card data defines its own): bounded


def rules_checked(game: Game[P], chosen: Format[P]) -> tuple[Rule[Any], ...]:
    """Every rule a deck of this game and format is checked by: those every game shares, then the
    format's own (or the game's), each worded as the format words it."""
    key = (id(game), id(chosen))
    found = _WORDED.get(key)
    if found is None or found[0] is not game or found[1] is not chosen:
        if len(_WORDED) >= MOST_WORDED:
            _WORDED.clear()
        own: tuple[Rule[Any], ...] = chosen.rules if chosen.rules else game.rules
        found = _WORDED[key] = (game, chosen, tuple(each.worded(chosen.params) for each in COMMON_RULES + own))
    return found[2]
