"""Side-decking between games of a Demon Rush match ("Main Deck and Side Deck"): "you can side in
any amount of the 15 cards into your deck for games 2 and 3. You must replace cards from your deck
and side deck so that your deck is the same number of total cards as game 1."
"""

from __future__ import annotations

from collections.abc import Iterator

from deckcheck.model import Deck, Finding, Severity
from deckcheck.rules import Doc, Findings, Params, Rule, shapes
from deckcheck.wording import plural

SIDE_SWAP = Rule(
    "demon-rush.side-swap",
    Severity.ERROR,
    "a sided deck uses only cards of the registered main + side, keeps every card's total, and keeps the main deck at its registered size",
    "Demon Rush rules, Main Deck and Side Deck",
    Doc(
        what="Between games of a match, a deck sided (`deckcheck side REGISTERED SIDED`) holds only cards of the registered "
        "main and side decks, as many of each over both, and a main deck of the registered size.",
        why="Side-decking swaps cards; it does not bring new ones or change the deck's size.",
        no_example="it reads two decks, the registered and the sided one (`deckcheck side`); tests/cli check it on pairs built for it",
    ),
    Params,
)


def swap_findings(registered: Deck, sided: Deck, findings: Findings) -> Iterator[Finding]:
    """What the sided deck changed that a swap may not. `findings` reports on the sided deck."""
    identity = findings.context.identity
    before = {identity(g[0].known): g for g in shapes.copies(registered.entries("main", "side"), identity)}
    after = {identity(g[0].known): g for g in shapes.copies(sided.entries("main", "side"), identity)}
    for key, group in after.items():
        had = sum(e.count for e in before.get(key, ()))
        has = sum(e.count for e in group)
        name = group[0].known.name
        if not had:
            yield findings.about_entries(group, f"{name} is not in the registered deck (main or side)")
        elif has != had:
            yield findings.about_entries(
                group, f"{plural(has, 'copy')} of {name} over main and side; {had} {'was' if had == 1 else 'were'} registered"
            )
    for key, group in before.items():
        if key not in after:
            yield findings.about_deck(f"{group[0].known.name} ({sum(e.count for e in group)} registered) is missing from the sided deck")
    if sided.size("main") != registered.size("main"):
        yield findings.about_zone(
            "main", f"the main deck has {plural(sided.size('main'), 'card')}; it was registered with {registered.size('main')}"
        )
