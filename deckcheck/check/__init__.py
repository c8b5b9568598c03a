"""Checking decks: read, pick the game, resolve names, run the game's rules, build a report.

This is the library behind `deckcheck check`, `side` and `team`; the CLI only parses options and
renders. reading.py reads and resolves a deck, ambiguity.py judges it (with each printing of a
name that matches several), report.py makes its report, match.py checks two decks of a match,
run.py checks files and folders; options.py holds how a deck is checked and the precedence of
its format and date.
"""

from deckcheck.check.ambiguity import judge
from deckcheck.check.loaded import LoadedDeck
from deckcheck.check.match import NoSideSwap, NoTeams, check_swap, check_team, teams_games
from deckcheck.check.options import CheckOptions, date_in_force
from deckcheck.check.reading import context_for, load_deck
from deckcheck.check.readings import with_printings
from deckcheck.check.report import every_format, report_of
from deckcheck.check.run import check_file, check_paths, skipped_file

__all__ = [
    "CheckOptions",
    "LoadedDeck",
    "NoSideSwap",
    "NoTeams",
    "check_file",
    "check_paths",
    "check_swap",
    "check_team",
    "context_for",
    "date_in_force",
    "every_format",
    "judge",
    "load_deck",
    "report_of",
    "skipped_file",
    "teams_games",
    "with_printings",
]
