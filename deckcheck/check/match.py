"""The checks of a match that read two decks: a side-deck swap between games (the game's
side_swap) and a Redemption Teams pair (redemption.team-unique)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from deckcheck.check.ambiguity import judge
from deckcheck.check.loaded import LoadedDeck, finding_of
from deckcheck.check.options import CheckOptions
from deckcheck.check.reading import load_deck
from deckcheck.check.readings import with_printings
from deckcheck.check.report import report_of
from deckcheck.escaping import display_path
from deckcheck.games import all_games, get_game
from deckcheck.loading.card_db import Databases
from deckcheck.model import DeckReport
from deckcheck.rules import Findings, Game, TeamRule

OptionsFor = Callable[[Path], CheckOptions]


class NoSideSwap(ValueError):
    """`deckcheck side` on a deck of a game that has no side-decking between games."""


class NoTeams(ValueError):
    """`deckcheck team` on a deck of a game that has no teams."""


def check_swap(registered_path: Path, sided_path: Path, options_for: OptionsFor, databases: Databases) -> DeckReport:
    """The sided deck's report: its own check, and the swap against the registered deck (by its
    game's side-swap rule; NoSideSwap for a game that has none)."""
    options = options_for(sided_path)
    registered = load_deck(registered_path, options_for(registered_path), databases)
    sided = load_deck(sided_path, options, databases)
    if sided.deck is None or sided.context is None:
        return report_of(display_path(sided_path), sided, options.ignore)
    deck, context = sided.deck, sided.context
    swap = context.game.side_swap
    if swap is None:
        having = [g.name for g in all_games() if g.side_swap is not None]
        raise NoSideSwap(f"{context.game.title} has no side-decking between games (games that have: {', '.join(having)})")
    sided.findings.extend(judge(sided, options.ignore))
    sided.context = context = replace(context, rules=context.rules + (swap.rule,))
    if swap.rule.id in options.ignore:
        pass
    elif registered.deck is None or registered.findings:
        problem = f"the registered deck {display_path(registered_path)} cannot be compared: " + "; ".join(
            f.message for f in registered.findings[:3]
        )
        sided.findings.append(finding_of(swap.rule, problem))
    elif registered.deck.game != deck.game:
        sided.findings.append(finding_of(swap.rule, f"the registered deck is {registered.deck.game}, the sided one {deck.game}"))
    else:
        sided.findings.extend(swap.check(registered.deck, deck, Findings(swap.rule, deck, context)))
    return report_of(display_path(sided_path), sided, options.ignore)


def check_team(paths: tuple[Path, Path], options_for: OptionsFor, databases: Databases) -> list[DeckReport]:
    """Each deck of a team by itself (as its game's team format unless the options name a format),
    then the two together by the game's team rule: what one deck holds that the team may hold only
    once is reported on both decks."""
    loaded: list[tuple[Path, LoadedDeck, CheckOptions]] = []
    for path in paths:
        options = options_for(path)
        team = _team_of(options.game)
        options = replace(options, format=options.format or (team.format if team else None))
        each = load_deck(path, options, databases)
        if each.deck is not None:
            each.findings.extend(judge(each, options.ignore))
        loaded.append((path, each, options))
    reports = []
    for index, (path, mine, options) in enumerate(loaded):
        other_path, theirs, _ = loaded[1 - index]
        if mine.context is not None:
            _together(mine, theirs, other_path, options)
        reports.append(report_of(display_path(path), mine, options.ignore))
    return reports


def teams_games() -> list[Game]:
    """The games that have teams (a team rule)."""
    return [game for game in all_games() if game.team is not None]


def _team_of(game_name: str | None) -> TeamRule | None:
    game = get_game(game_name) if game_name else None
    return game.team if game is not None else None


def _together(mine: LoadedDeck, theirs: LoadedDeck, other_path: Path, options: CheckOptions) -> None:
    """The game's team rule's findings on one deck of the pair, against the other (NoTeams for a
    deck of a game that has none)."""
    deck, context = mine.resolved()
    team = context.game.team
    if team is None:
        having = ", ".join(g.title for g in teams_games()) or "none"
        raise NoTeams(f"{context.game.title} has no teams (games that have: {having})")
    rule = team.rule(context)
    mine.context = context = replace(context, rules=context.rules + (rule,))
    if rule.id in options.ignore:
        return
    if theirs.deck is not None and theirs.deck.game != deck.game:
        mine.findings.append(finding_of(rule, f"a team is two {context.game.title} decks, not {deck.game} and {theirs.deck.game}"))
    elif theirs.deck is None:
        unread = "; ".join(f.message for f in theirs.findings[:2])
        mine.findings.append(finding_of(rule, f"the team cannot be checked together: {display_path(other_path)} cannot be read ({unread})"))
    else:
        # every line counts, a name of several printings as the printing it was judged with
        deck, their_deck = with_printings(deck, mine.shown), with_printings(theirs.deck, theirs.shown)
        mine.findings.extend(team.check(deck, Findings(rule, deck, context), their_deck))
