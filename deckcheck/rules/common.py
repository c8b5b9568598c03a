"""Rules every game shares (ids `deck.*`). Most are reported by loading; wrong-zone is checked
from each game's table of types that may not stand in a zone."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from deckcheck.model import Deck, Finding, Severity
from deckcheck.rules import Findings, Format, Game, Rule, rule
from deckcheck.rules.banlist import BANLIST_RULES

# no rulebook says how a deck file is written: these cite deckcheck's own README
_FORMAT = "deckcheck README, Deck files"

PARSE = Rule(
    "deck.parse", Severity.ERROR, "the file is not a readable deck (bad YAML/text, wrong shape, duplicate key, bad count)", _FORMAT
)
UNKNOWN_GAME = Rule(
    "deck.unknown-game", Severity.ERROR, "`game:` is missing or names no known game (or the game has no such format)", _FORMAT
)
UNKNOWN_CARD = Rule("deck.unknown-card", Severity.ERROR, "a name or id matches no card of the game's database", _FORMAT + ", names")
AMBIGUOUS_CARD = Rule(
    "deck.ambiguous-card",
    Severity.ERROR,
    "a name could mean several different cards and the deck's verdict differs between them; the message "
    "lists each card and what it gives (a name whose cards all give the same verdict gets a note)",
    _FORMAT + ", names",
)


@rule(
    "deck.wrong-zone",
    Severity.ERROR,
    "a card sits in a zone where its type cannot go (a general in main, a mission in main, ...)",
    "the game's rulebook, deck construction",
)
def wrong_zone(deck: Deck, findings: Findings) -> Iterator[Finding]:
    game = findings.context.game
    for zone, entries in deck.zones.items():
        if game.zone(zone) is None:
            yield findings.about_zone(zone, f"a {game.title} deck has no {zone} zone")
            continue
        forbidden = game.forbidden_types.get(zone, ())
        for entry in entries:
            if entry.card is not None and entry.card.is_a(*forbidden):
                kind = "/".join(t for t in entry.card.types if t in forbidden).replace("_", " ")
                yield findings.about_entries([entry], f"{entry.card.name} is a {kind} card and cannot go in {zone}")


SKIPPED_LINE = Rule(
    "deck.skipped-line",
    Severity.WARNING,
    "a line of a text deck is neither a card (a name the card list has, with or without a count) nor a header, so "
    "it was skipped and the deck was not read whole (the rest is checked): `# ` before it keeps it as a comment",
    _FORMAT + ", plain text",
)
HEADER_COUNT = Rule(
    "deck.header-count",
    Severity.WARNING,
    "a header of a pasted deck says how many cards its group holds (`Lost Souls (8)`), and the cards under it add up to another number",
    _FORMAT + ", plain text",
)

SKIPPED_FILE = Rule(
    "deck.skipped-file",
    Severity.WARNING,
    "a file with a deck's suffix in a folder checked is, as a whole, another document (a card database, an event "
    "file, a LackeyCCG card list), so it was left out: give it where it belongs or --exclude it",
    _FORMAT + ", checking a folder",
)

LOADING_RULES = (PARSE, SKIPPED_LINE, HEADER_COUNT, SKIPPED_FILE, UNKNOWN_GAME, UNKNOWN_CARD, AMBIGUOUS_CARD)
# a deck deckcheck could not read is never legal: these findings cannot be ignored (an ambiguous
# name can: the deck is then judged with the reading of its names that gives it the fewest problems)
UNIGNORABLE = frozenset({PARSE.id, UNKNOWN_GAME.id, UNKNOWN_CARD.id})
# the rules every game runs before its own
COMMON_RULES = LOADING_RULES + (wrong_zone,) + BANLIST_RULES


def rules_checked(game: Game, chosen: Format | None) -> tuple[Rule, ...]:
    """Every rule a deck of this game and format is checked by: those every game shares, then the
    format's own (or the game's), each worded as the format words it."""
    own = chosen.rules if chosen is not None and chosen.rules else game.rules
    texts = chosen.rule_texts if chosen is not None else {}
    return tuple(
        replace(each, summary=texts[each.id][0], source=texts[each.id][1]) if each.id in texts else each for each in COMMON_RULES + own
    )
