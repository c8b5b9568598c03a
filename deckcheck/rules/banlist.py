"""Ban lists of the events applied (ids `banlist.*`): banned cards and limited counts, compared by
the game's own identity rule, counted across every zone."""

from __future__ import annotations

from collections.abc import Iterator

from deckcheck.model import Card, Deck, Finding, Severity
from deckcheck.rules import Findings, rule, shapes
from deckcheck.wording import plural

SOURCE = "the ban lists applied: each event file (and the source it names), the format's rules version, the card data's Banned mark"


def _identities(findings: Findings, ids: tuple[str, ...]) -> set:
    database = findings.context.database
    return {findings.context.identity(database.by_id[i]) for i in ids if i in database.by_id}


@rule(
    "banlist.banned",
    Severity.ERROR,
    "a card on an applied ban list (the format's, an event's, or the card data's own mark where the rules "
    "version in force says so) is in any zone",
    SOURCE,
)
def banned(deck: Deck, findings: Findings) -> Iterator[Finding]:
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

    def is_banned(card: Card) -> bool:
        """Whether an applied list bans this printing (or, for an event's list, its card)."""
        return bool((format_list and format_list(card)) or (card_list and card.get("banned")) or identity_of(card) in wanted_anywhere)

    # most decks ban nothing: the few cards that may be banned are found before any are grouped
    suspects = {identity_of(e.card) for e in deck.entries() if e.card is not None and is_banned(e.card)}
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


@rule("banlist.limited", Severity.ERROR, "a card exceeds the count an applied ban list allows it (all zones together)", SOURCE)
def limited(deck: Deck, findings: Findings) -> Iterator[Finding]:
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
