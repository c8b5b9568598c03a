"""Running many goldfish games at once.

Games are played in batches of a fixed size; each batch draws its shuffles from its own child of
the run's seed (numpy's SeedSequence.spawn), so the result depends on the seed and the number of
games only, never on how many processes play the batches. A batch of shuffles is one argsort of
random keys, one key per card copy (`id#n`), not per line of the deck file: a reordered deck
shuffles the same way, and with --vs both decks give a card they share the same key (common
random numbers). A --sweep's copy put in place of another takes that copy's key
(`DeckFacts.replaces`), so two counts differ only where the swapped copies lie, and its counts'
races are played together, each game once (together.py).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np

from deckcheck.records import record
from deckcheck.sim.heap import keep_freed_memory
from deckcheck.sim.model import GoldfishModel, drawn_alike
from deckcheck.sim.queries import Query, first_turns, hand_holds
from deckcheck.sim.together import race_together, union_of

if TYPE_CHECKING:
    from rich.progress import Progress as Bar
    from rich.progress import TaskID

BATCH_SIZE = 2000


@record
class SimOptions:
    games: int = 10_000
    turns: int = 10
    seed: int = 1
    on_play: bool = True
    mulligan: str = "none"
    race: bool = True
    jobs: int = 1


@dataclass
class SimResult:
    tracked: list[np.ndarray]  # per query: first turn per game (NEVER = not by the last turn)
    win_turn: np.ndarray | None  # per game, 0 = not won
    figures: dict[str, np.ndarray] = field(default_factory=dict)
    opening: np.ndarray | None = None
    kept: np.ndarray | None = None  # per game, whether a --keep rule kept the first hand


def _slot_of(models: Sequence[GoldfishModel], universe: tuple[str, ...]) -> list[np.ndarray]:
    """Per model, the slot of each card copy of the universe (-1 where the model has none)."""
    column = {identity: index for index, identity in enumerate(universe)}
    mapped = []
    for model in models:
        slot = np.full(len(universe), -1, dtype=np.intp)
        slot[[column[key] for key in model.facts.keys]] = np.arange(len(model.facts))
        mapped.append(slot)
    return mapped


def _orders(shuffled: np.ndarray, slot: np.ndarray, size: int, dealt: int | None) -> np.ndarray:
    """One model's draw order from a shuffle of the universe: its own card copies, in the same
    relative order (what an argsort of its own keys would give), the first `dealt` of them (None:
    all)."""
    if slot.min(initial=0) >= 0:  # the model holds every copy shuffled
        return slot[shuffled[:, :dealt]]
    mapped = slot[shuffled]
    return np.ascontiguousarray(mapped[mapped >= 0].reshape(size, -1)[:, :dealt])


class Played(NamedTuple):
    """A deck of a run: its model, the queries tracked, and the keep rule its hands meet (None:
    the game's mulligan policy, or none)."""

    model: GoldfishModel
    queries: tuple[Query, ...]
    keep: Query | None = None


def _play(
    deck: Played, order: np.ndarray, spare: np.ndarray | None, dice: np.random.SeedSequence, options: SimOptions
) -> tuple[SimResult, np.ndarray, np.ndarray]:
    """A deck's games of a batch, but for the race: the result, and the draw order and the turn
    each card is drawn that the race reads."""
    model, queries, keep = deck
    kept = None
    if keep is not None:  # the user's rule decides which hands the game's mulligan throws back
        kept = hand_holds(keep, order, model.hand_size)
        order = model.redraw(order, spare, ~kept)
    elif options.mulligan != "none":
        order = model.mulligan(order, spare, options.mulligan, np.random.default_rng(dice))
    drawn = model.draw_turns(order, options.on_play, options.turns)
    # the queries and the opening hand read only the columns of cards drawn within the turns; where
    # every game draws alike, the first row says which
    rows = drawn[:1] if drawn_alike(drawn) else drawn
    seen = int(np.flatnonzero((rows <= options.turns).any(axis=0)).max(initial=-1)) + 1
    within, drawn_within = order[:, :seen], drawn[:, :seen]
    tracked = [first_turns(query, within, drawn_within) for query in queries]
    return SimResult(tracked, None, opening=model.opening_counts(within, drawn_within), kept=kept), order, drawn


def _batch(task: tuple[Any, ...]) -> list[SimResult]:
    """One batch of games of every model, on one shuffle of the universe of card copies: each
    model draws its own copies in that shuffle's order, and rolls its dice from the same stream
    (the mulligan and the race each from a generator of its own)."""
    decks, seed, size, options, slots, union = task
    keep_freed_memory()  # (in each worker too)
    models = [deck.model for deck in decks]
    rng = np.random.default_rng(seed)
    width = len(slots[0])
    shuffled = np.argsort(rng.random((size, width)), axis=1)
    # a second shuffle, drawn after the first, for the mulligans that draw anew from the deck
    mulligans = options.mulligan != "none" or any(deck.keep is not None for deck in decks)
    spare = np.argsort(rng.random((size, width)), axis=1) if mulligans and any(m.draws_anew for m in models) else None
    dice = np.random.SeedSequence(seed.entropy, spawn_key=seed.spawn_key + (1,))
    results, orders, draws = [], [], []
    for deck, slot in zip(decks, slots):
        dealt = deck.model.cards_dealt(options.turns, options.on_play)
        order = _orders(shuffled, slot, size, dealt)
        other = _orders(spare, slot, size, dealt) if spare is not None and deck.model.draws_anew else None
        result, order, drawn = _play(deck, order, other, dice, options)
        results.append(result)
        if options.race:  # (kept only for the race: fresh memory for every deck is slow to fill)
            orders.append(order)
            draws.append(drawn)
    if options.race:
        if union is not None:
            races = race_together(union, orders, draws, dice, options.turns)
        else:
            races = [model.race(o, d, np.random.default_rng(dice), options.turns) for model, o, d in zip(models, orders, draws)]
        for model, result, race in zip(models, results, races):
            result.win_turn, result.figures = model.after_decking(race.win_turn, race.figures, options.on_play)
    return results


def simulate_all(
    decks: Sequence[Played],
    options: SimOptions,
    progress: Callable[[int, int], None] | None = None,
    union: GoldfishModel | None = None,
) -> list[SimResult]:
    """Several decks played on the same shuffles: one result each. `union`: a model over every
    card copy of them all, whose race plays the games of all of them at once where their races
    read the same things (a --sweep's counts)."""
    models = [deck.model for deck in decks]
    sizes = [BATCH_SIZE] * (options.games // BATCH_SIZE)
    if options.games % BATCH_SIZE:
        sizes.append(options.games % BATCH_SIZE)
    seeds = np.random.SeedSequence(options.seed).spawn(len(sizes))
    # every card copy of every model, in a fixed order: what the shuffle keys are drawn for
    universe = tuple(sorted({key for model in models for key in model.facts.keys}))
    slots = _slot_of(models, universe)
    together = union_of(models, union)
    tasks = [(tuple(decks), seed, size, options, slots, together) for seed, size in zip(seeds, sizes)]
    batches: list[list[SimResult]] = []
    if options.jobs > 1 and len(tasks) > 1:
        with ProcessPoolExecutor(max_workers=options.jobs) as pool:
            for result in pool.map(_batch, tasks):
                batches.append(result)
                if progress:
                    progress(len(batches), len(tasks))
    else:
        for task in tasks:
            batches.append(_batch(task))
            if progress:
                progress(len(batches), len(tasks))
    return [_join([batch[i] for batch in batches], len(decks[i].queries)) for i in range(len(decks))]


def simulate(
    model: GoldfishModel,
    queries: Sequence[Query],
    options: SimOptions,
    progress: Callable[[int, int], None] | None = None,
    keep: Query | None = None,
) -> SimResult:
    return simulate_all([Played(model, tuple(queries), keep)], options, progress)[0]


def _join(results: list[SimResult], queries: int) -> SimResult:
    def cat(arrays: list[np.ndarray | None]) -> np.ndarray | None:
        """Every batch's array of what only some runs have (a race's win turns, an opening's counts)."""
        present = [array for array in arrays if array is not None]
        return np.concatenate(present) if arrays and arrays[0] is not None else None

    figures = {label: np.concatenate([r.figures[label] for r in results]) for label in (results[0].figures if results else {})}
    return SimResult(
        [np.concatenate([r.tracked[i] for r in results]) for i in range(queries)],
        cat([r.win_turn for r in results]),
        figures,
        cat([r.opening for r in results]),
        cat([r.kept for r in results]),
    )


class Progress:
    """A progress bar on stderr, shown only once a run has taken a second and only on a terminal."""

    def __init__(self, label: str):
        self.label, self.start = label, time.monotonic()
        self.shown: tuple[Bar, TaskID] | None = None

    def __call__(self, done: int, total: int) -> None:
        if self.shown is None:
            if time.monotonic() - self.start < 1 or not sys.stderr.isatty() or done >= total:
                return
            from rich.console import Console
            from rich.progress import Progress

            bar = Progress(console=Console(stderr=True), transient=True)
            bar.start()
            self.shown = bar, bar.add_task(self.label, total=total)
        bar, task = self.shown
        bar.update(task, completed=done)
        if done >= total:
            bar.stop()
