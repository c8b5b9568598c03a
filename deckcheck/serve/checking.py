"""A player's deck checked in a process of its own, within a time limit.

A deck a stranger sends may take long to check (a megabyte of names no card has). In a thread
of the serving process such a check would share the interpreter with every other player's and
could not be stopped. So each check runs in a worker process (anyio's, reused from check to
check, each reading the card databases once); one still running after CHECK_SECONDS is stopped,
its process killed, and the player told. At most CHECKS_AT_ONCE players' checks run at a time,
and beside them at most ORGANISER_AT_ONCE of the organiser's re-checks; the time limit counts from
when a check starts, not while it waits its turn.
"""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

import anyio
import anyio.to_process

from deckcheck.check import CheckOptions, check_file
from deckcheck.loading.card_db import Databases
from deckcheck.model import DeckReport
from deckcheck.registry import known_games

if TYPE_CHECKING:
    from deckcheck.serve.reading import SentDeck

CHECK_SECONDS = 20.0  # a legal deck of any game checks in well under a second
# Twice the cores: a check waiting its turn behind slow decks is held as surely as one sharing a
# thread with them, so a few slow decks must leave turns free (the system shares the cores). A
# worker is started when no idle one is left and holds the card databases (about 50 MB with the
# full Redemption list, measured); one idle for 5 minutes ends.
CHECKS_AT_ONCE = max(4, 2 * (os.cpu_count() or 2))
# The organiser's pages check every registration again: turns of their own, so that a player's
# check never waits behind them, and few (measured on 2 cores, benchmarks/serve_beside_rechecks.py:
# with 2 turns a player's check took 129 ms beside 12 heavy re-checks, which took 3.9 s; with 1,
# 75 ms and 8.4 s; sharing the players' turns, 1,952 ms and 2.9 s)
ORGANISER_AT_ONCE = max(2, (os.cpu_count() or 2) // 2)


class Checks:
    """The serving process's checks: how many at once, and for how long each."""

    def __init__(self, seconds: float = CHECK_SECONDS, at_once: int = CHECKS_AT_ONCE, organiser_at_once: int = ORGANISER_AT_ONCE):
        self.seconds = seconds
        self.at_once = at_once
        self.organiser_at_once = organiser_at_once
        self._turns: dict[bool, anyio.CapacityLimiter] = {}

    async def report(self, sent: SentDeck, options: CheckOptions, databases: Databases, organiser: bool = False) -> DeckReport | None:
        """The deck's report, or None when its check was stopped at the time limit; the organiser's
        re-checks (`organiser`) take turns of their own, never a player's."""
        turns = self._turns.get(organiser)
        if turns is None:  # made in the event loop that serves (anyio's own pool of workers is per loop)
            turns = self._turns[organiser] = anyio.CapacityLimiter(self.organiser_at_once if organiser else self.at_once)
        async with turns:
            with anyio.move_on_after(self.seconds):
                return await self.run(sent, options, databases)
        return None

    async def run(self, sent: SentDeck, options: CheckOptions, databases: Databases) -> DeckReport:
        """One check, in a worker process: cancelling it (at the time limit) kills that process."""
        return await anyio.to_process.run_sync(check_sent, sent, options, databases, cancellable=True, limiter=anyio.CapacityLimiter(1))

    async def warm(self, databases: Databases) -> None:
        """Start the workers and have each read the databases, before the first player's check."""
        async with anyio.create_task_group() as group:
            for _ in range(self.at_once):
                group.start_soon(_ready, databases)


async def _ready(databases: Databases) -> None:
    try:
        await anyio.to_process.run_sync(load_every_game, databases, limiter=anyio.CapacityLimiter(1))
    except Exception:  # a worker that cannot start now is started (or said to fail) at a check
        pass


def load_every_game(databases: Databases) -> None:
    for game in known_games():
        databases.for_game(game)


def check_sent(sent: SentDeck, options: CheckOptions, databases: Databases) -> DeckReport:
    """Run in a worker: the deck's bytes read as a file of that form would be; nothing is written."""
    return replace(check_file(Path(f"deck{sent.suffix}"), options, databases, sent.content), path=sent.shown)
