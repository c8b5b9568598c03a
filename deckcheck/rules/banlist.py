"""Ban lists of the events applied (ids `banlist.*`): banned cards and limited counts, compared by
the game's own identity rule, counted across every zone."""

from __future__ import annotations

from collections.abc import Iterator

from deckcheck.model import Card, Deck, Finding, Severity
from deckcheck.rules import Doc, Example, Findings, Params, rule, shapes
from deckcheck.wording import plural

SOURCE = "the ban lists applied: each event file (and the source it names), the format's rules version, the card data's Banned mark"
BANNED = (
    "a card on an applied ban list (the format's, an event's, or the card data's own mark where the rules "
    "version in force says so) is in any zone"
)
# a card the card data marks banned, and another, for the examples
EXAMPLE_CARDS = (
    "game: redemption\ncards:\n"
    "  - {name: Old Hero, id: ex-old-hero, type: hero, brigades: [blue], special_ability: false, alignment: good, banned: true}\n"
    "  - {name: New Hero, id: ex-new-hero, type: hero, brigades: [blue], special_ability: false, alignment: good}\n"
)


def _banned_summary(params: Params) -> str:
    own = params.ban_list()
    return f"{BANNED}; here: {own[0]}, and the events'" if own else BANNED


def _banned_source(params: Params) -> str:
    own = params.ban_list()
    return own[1] if own else SOURCE


def _identities(findings: Findings, ids: tuple[str, ...]) -> set:
    database = findings.context.database
    return {findings.context.identity(database.by_id[i]) for i in ids if i in database.by_id}


@rule(
    "banlist.banned",
    Severity.ERROR,
    _banned_summary,
    _banned_source,
    doc=Doc(
        what="A card on a ban list that applies is in the deck, in any zone: the format's own list (Redemption's rules "
        "versions), an event file's `banned:`, or the card list's Banned mark where the rules version says it counts.",
        why="A banned card is not played at the event, whatever else the deck does right.",
        example=Example(
            "game: redemption\nformat: quickstart\nmain:\n  Old Hero: 1\n",
            "game: redemption\nformat: quickstart\nmain:\n  New Hero: 1\n",
            cards=EXAMPLE_CARDS,
        ),
    ),
    reads=Params,
    per_card=True,
)
def banned(deck: Deck, findings: Findings[Params]) -> Iterator[Finding]:
    """One finding per banned card, naming every list that bans it."""
    chosen = findings.context.format
    card_list = chosen is None or chosen.card_list_bans
    format_list = chosen.banned if chosen is not None else None
    events = [
        (event, _identities(findings, tuple(i for listed in event.banned for i in listed.ids.get(deck.game, ()))))
        for event in findings.context.events
    ]
    identity_of = findings.context.identity
    wanted_anywhere = set().union(*(wanted for _, wanted in events))
    # whether the format's list or the card list's mark bans a printing: the same in every deck of the format
    format_bans = findings.context.params.facts(
        ("banned", format_list, card_list),
        lambda card: bool((format_list and format_list(card)) or (card_list and card.facts.get("banned"))),
    )

    def is_banned(card: Card) -> bool:
        """Whether an applied list bans this printing (or, for an event's list, its card)."""
        return format_bans(card) or bool(wanted_anywhere and identity_of(card) in wanted_anywhere)  # no event lists: no identity needed

    # most decks ban nothing: the few cards that may be banned are found before any are grouped
    suspects = {
        identity_of(e.card) for e in deck.entries() if e.card is not None and (is_banned if wanted_anywhere else format_bans)(e.card)
    }
    if not suspects:
        return
    for group in shapes.copies(deck.entries(), identity_of):
        identity = identity_of(group[0].known)
        if identity not in suspects:
            continue
        listed = [f"in {why}" for why in (format_list(e.known) if format_list else None for e in group) if why]
        marked = ["by the card list's own Banned mark" for e in group if card_list and e.known.get("banned")]
        reasons = list(dict.fromkeys(listed + marked + [f"by {event.name}" for event, wanted in events if identity in wanted]))
        if reasons:
            said = reasons[0] if len(reasons) == 1 else ", ".join(reasons[:-1]) + " and " + reasons[-1]
            instead = findings.instead(group[0].known, lambda card: not is_banned(card), "not banned") if len(group) == 1 else ""
            yield findings.about_entries(group, f"{group[0].known.name} is banned {said}{instead}")


@rule(
    "banlist.limited",
    Severity.ERROR,
    "a card exceeds the count an applied ban list allows it (all zones together)",
    SOURCE,
    doc=Doc(
        what="A card an event file limits (`limited: {Name: N}`) has more than N copies, every zone counted together.",
        why="An organiser may allow a card, but fewer of it than the rules would.",
        example=Example(
            "game: redemption\nformat: quickstart\nmain:\n  New Hero: 2\n",
            "game: redemption\nformat: quickstart\nmain:\n  New Hero: 1\n",
            cards=EXAMPLE_CARDS,
            event="name: Example Regional\ngame: redemption\nlimited:\n  New Hero: 1\n",
        ),
    ),
    reads=Params,
    per_card=True,
)
def limited(deck: Deck, findings: Findings[Params]) -> Iterator[Finding]:
    for event in findings.context.events:
        for listed in event.limited:
            wanted = _identities(findings, listed.ids.get(deck.game, ()))
            for group in shapes.copies(deck.entries(), findings.context.identity):
                total = sum(e.count for e in group)
                if findings.context.identity(group[0].known) in wanted and listed.count is not None and total > listed.count:
                    yield findings.about_entries(
                        group, f"{plural(total, 'copy')} of {group[0].known.name}; {event.name} allows {listed.count}"
                    )


BANLIST_RULES = (banned, limited)
