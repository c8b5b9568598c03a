"""The races of several decks of one run, each game played once.

Common random numbers make many games of a --sweep's counts the same game: the counts draw the
same cards on the same turns but where a swapped copy lies (`DeckFacts.replaces`). Where their
races read the same things (`GoldfishModel.race_context`), the caller gives a model over every
card copy of them all (`union`), and a batch's races are one race of the union over the games each
deck draws otherwise than the deck before it; the other games take the deck before's result. The
results are those of playing every game of every deck (tests compare the two).

For that a race may depend only on the cards drawn within the turns played, the turns they are
drawn and its own random numbers, drawn with the games as the first axis (`GamesRandom`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import numpy as np

from deckcheck.records import record
from deckcheck.sim.model import GoldfishModel, RaceResult


@record
class Union:
    """A model over every card copy of a run's decks, whose race plays all their games at once."""

    model: GoldfishModel
    slots: tuple[np.ndarray, ...]  # per deck, the union's slot of each of its slots
    cards: tuple[np.ndarray, ...]  # per deck, each slot's card as a code every deck shares


def union_of(models: Sequence[GoldfishModel], union: GoldfishModel | None) -> Union | None:
    """`union` ready to race `models` together, or None where their races read other things."""
    if union is None:
        return None
    context = union.race_context()
    if context is None or any(model.race_context() != context for model in models):
        return None
    slot_of = {identity: slot for slot, identity in enumerate(union.facts.identities)}
    missing = {identity for model in models for identity in model.facts.identities} - slot_of.keys()
    if missing:
        raise ValueError(f"the union of the decks lacks {len(missing)} of their card copies, e.g. {sorted(missing)[0]}")
    codes: dict[str, int] = {}  # a card's code, its copies alike
    return Union(
        union,
        tuple(np.array([slot_of[identity] for identity in model.facts.identities], dtype=np.intp) for model in models),
        tuple(np.array([codes.setdefault(card.id, len(codes)) for card in model.facts.slots], dtype=np.int32) for model in models),
    )


def race_together(
    union: Union, orders: Sequence[np.ndarray], draws: Sequence[np.ndarray], dice: np.random.SeedSequence, turns: int
) -> list[RaceResult]:
    """Each deck's race over a batch: `orders` and `draws` are its games' draw orders (its own
    slots) and draw turns."""
    slots, cards = union.slots, union.cards
    size = len(orders[0])
    games = [np.arange(size)]
    drew = [Drew(cards[deck], orders[deck], draws[deck]) for deck in range(len(orders))]
    for deck in range(1, len(orders)):
        games.append(np.flatnonzero(_differs(drew[deck], drew[deck - 1], turns)))
    order = np.concatenate([slots[deck][orders[deck][played]] for deck, played in enumerate(games)])
    drawn = np.concatenate([draws[deck][played] for deck, played in enumerate(games)])
    index = np.concatenate(games)
    race = union.model.race(order, drawn, GamesRandom(np.random.default_rng(dice), index, size), turns)
    results: list[RaceResult] = []
    start = 0
    for deck, played in enumerate(games):
        part = slice(start, start + len(played))
        start += len(played)
        if deck == 0:
            results.append(RaceResult(race.win_turn[part], {label: first[part] for label, first in race.figures.items()}))
            continue
        previous = results[-1]  # the deck before's result, where the game is the same
        win = previous.win_turn.copy()
        win[played] = race.win_turn[part]
        figures = {}
        for label, first in previous.figures.items():
            figures[label] = first.copy()
            figures[label][played] = race.figures[label][part]
        results.append(RaceResult(win, figures))
    return results


class Drew(NamedTuple):
    """What a deck drew in a batch: each slot's card (a code every deck shares), the games' draw
    orders of its slots, and the turn each is drawn."""

    cards: np.ndarray
    order: np.ndarray
    drawn: np.ndarray


def _differs(deck: Drew, before: Drew, turns: int) -> np.ndarray:
    """Per game, whether a deck draws otherwise than the deck before: a card of another turn, or
    another card within the turns played."""
    if deck.order.shape != before.order.shape:
        return np.ones(len(deck.order), dtype=bool)
    other_card = (deck.cards[deck.order] != before.cards[before.order]) & (deck.drawn <= turns)
    return ((deck.drawn != before.drawn) | other_card).any(axis=1)


class GamesRandom:
    """A race's generator for some of a batch's games (a game may come more than once): every
    draw is made for all the batch's games (the games are a draw's first axis) and these games'
    rows are returned, so that a game gets the numbers it would get if every game were played."""

    def __init__(self, rng: np.random.Generator, games: np.ndarray, batch: int):
        self._rng, self._games, self._batch = rng, games, batch

    def _whole(self, size: int | tuple[int, ...] | None) -> tuple[int, ...]:
        size = tuple(np.atleast_1d(size)) if size is not None else ()
        if not size or size[0] != len(self._games):
            raise ValueError(f"a race draws its random numbers with the games first, not of shape {size}")
        return (self._batch, *size[1:])

    def random(self, size: int | tuple[int, ...]) -> np.ndarray:
        return self._rng.random(self._whole(size))[self._games]

    def integers(
        self, low: int | np.ndarray, high: int | np.ndarray | None = None, size: int | tuple[int, ...] | None = None, dtype: type = np.int64
    ) -> np.ndarray:
        return self._rng.integers(low, high, size=self._whole(size), dtype=dtype)[self._games]

    def __getattr__(self, name: str) -> Callable[..., np.ndarray]:
        """Every other way of drawing of numpy's Generator that takes a `size` (choice, normal,
        uniform, ...), drawn alike: a model that calls one is not broken by a --sweep."""
        draw = getattr(self._rng, name)

        def drawn(*args: Any, size: int | tuple[int, ...] | None = None, **options: Any) -> np.ndarray:
            return draw(*args, size=self._whole(size), **options)[self._games]

        return drawn
