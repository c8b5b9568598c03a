"""The shape of a game's goldfish model, and the draw schedule most games share.

A model works on a batch of games at once: `order` is an int array (games, N) of deck slots in
the order they are drawn; every card fact a model reads is an array over slots (`DeckFacts`).

What a race reports for a game depends only on the cards drawn within the turns played (each
slot's facts come from its card alone), the turns they are drawn, what `race_context` names and
its own random numbers, drawn with the games as the first axis and as many whatever the cards:
two decks with equal contexts play the same game wherever they draw alike, and a sweep's counts
are raced together, each game once (together.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

import numpy as np

from deckcheck.model import Card, Deck

NEVER = 127  # the "turn" of a card not drawn within the turns played (fits int8)


@dataclass
class DeckFacts:
    """A deck expanded to one slot per copy, with helpers to read a fact for every slot."""

    slots: Sequence[Card]
    # a copy a --sweep added (by identity) -> the copy it replaced, whose shuffle key it takes
    replaces: Mapping[str, str] = field(default_factory=dict)

    def where(self, predicate: Callable[[Card], bool]) -> np.ndarray:
        return np.array([predicate(card) for card in self.slots], dtype=bool)

    def numbers(self, fact: str, default: float) -> np.ndarray:
        return np.array([_number(card.get(fact), default) for card in self.slots], dtype=float)

    def __len__(self) -> int:
        return len(self.slots)

    @property
    def identities(self) -> list[str]:
        """Each slot's card copy as `id#n` (the n-th copy of that card): what common random numbers
        pair, so that the same card gets the same shuffle key whatever line of the file lists it."""
        seen: dict[str, int] = {}
        names = []
        for card in self.slots:
            seen[card.id] = seen.get(card.id, 0) + 1
            names.append(f"{card.id}#{seen[card.id]}")
        return names

    @property
    def keys(self) -> list[str]:
        """Each slot's shuffle key: its identity, or for a copy a sweep put in place of another, that
        copy's. A sweep's counts then differ only where the swapped copies lie in the shuffle."""
        return [self.replaces.get(identity, identity) for identity in self.identities]


def _number(value: Any, default: float) -> float:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else default


@dataclass
class RaceResult:
    win_turn: np.ndarray  # (games,), 0 = not won
    figures: dict[str, np.ndarray] = field(default_factory=dict)  # label -> first turn (games,), NEVER if not


class RaceRandom(Protocol):
    """The random numbers a race may draw: `random` and `integers`, each with the games as the
    first axis of its `size` and as many whatever the cards (a sweep's counts raced together play
    some games of a batch, and each must get the numbers it would with every game played:
    together.GamesRandom, which gives any other way of drawing that takes a `size` too). A numpy
    Generator is one; tests run every registered game's race both ways."""

    def random(self, size: Any) -> Any: ...

    def integers(self, low: Any, high: Any = None, size: Any = None) -> Any: ...


class TurnParams(Protocol):
    """What every goldfish model reads of a format's parameters; each game's model reads its own
    kind of them (deckcheck/games/<game>/rules.py), the events' settings included."""

    @property
    def opening_hand(self) -> int: ...

    @property
    def draws_per_turn(self) -> int: ...


Params = TypeVar("Params", bound=TurnParams)


class GoldfishModel(Generic[Params]):
    """Defaults for the games that draw a fixed number of cards each turn from a plain deck."""

    game = ""
    skip_first_draw_on_play = False  # Redemption: the first player skips the turn-1 draw
    mulligans: tuple[str, ...] = ("none",)  # the first is the default
    goal = ""

    opening_label = ""  # the key count of the opening hand, e.g. "Lost Souls"
    # what the model leaves out or assumes; for a game with a mulligan of its own, the first says
    # that mulligan (the report puts the policy used in its place when another is played)
    simplifications: tuple[str, ...] = ()
    # the rulebook's turn as the model plays it, step by step, each step in the rulebook's words for
    # it; the module's docstring lists the same steps (a test holds them equal) and --help prints them
    turn_order: tuple[str, ...] = ()
    throws_back = ""  # how the game's mulligan throws back a hand a --keep rule rejects ("": it has none)
    draws_anew = False  # whether the mulligan (and a --keep rule's) draws from a second shuffle (`spare`)
    needs_opponent = False  # whether the race needs the goldfish's own deck (--opponent)

    def play_against(self, opponent: DeckFacts) -> None:
        """The deck the goldfish plays, for a race that needs the opponent's cards."""

    def __init__(self, facts: DeckFacts, params: Params):
        self.facts = facts
        self.params = params  # the format's parameters (games/<game>/rules.py), the events' settings in

    @property
    def hand_size(self) -> int:
        return self.params.opening_hand

    @property
    def draws_per_turn(self) -> int:
        return self.params.draws_per_turn

    # --- drawing -----------------------------------------------------------------------------
    def mulligan(self, order: np.ndarray, spare: np.ndarray | None, policy: str, rng: np.random.Generator) -> np.ndarray:
        """The draw order after the opening hand's mulligan; `spare` is a second shuffle (None for
        a model that does not draw anew: `draws_anew`), `rng`
        the batch's generator for anything else the game's rule needs. `order` is the caller's
        to give: a mulligan may reorder it in place (a copy for every deck of a sweep is slow)."""
        return order

    def redraw(self, order: np.ndarray, spare: np.ndarray | None, which: np.ndarray) -> np.ndarray:
        """The draw order after the game's mulligan of the hands `which` names (a --keep rule's
        rejects), as `throws_back` says; like `mulligan`, it may reorder `order` in place."""
        raise NotImplementedError(f"{self.game} has no mulligan")

    def cards_dealt(self, turns: int, on_play: bool) -> int | None:
        """How many cards from the top of a shuffle a game of this model reads at most, its
        mulligan, a keep rule's redraw and the race included; None (the default): any card. The
        engine deals each game no more, which a sweep does for every count."""
        return None

    def mulligan_looks_at_hand(self, policy: str) -> bool:
        return policy != "none"

    def turn_of_position(self, positions: np.ndarray, on_play: bool) -> np.ndarray:
        """The turn on which the card at each deck position is drawn (0 = opening hand)."""
        skip = 1 if (self.skip_first_draw_on_play and on_play) else 0
        after = positions - self.hand_size
        turns = np.where(after < 0, 0, after // self.draws_per_turn + 1 + skip)
        return turns

    def draw_turns(self, order: np.ndarray, on_play: bool, turns: int) -> np.ndarray:
        """For every game and deck position, the turn that card is drawn (NEVER after `turns`):
        the same row for every game, whatever the order (one row, broadcast, read-only)."""
        drawn = self.turn_of_position(np.arange(order.shape[1]), on_play)
        row = np.where(drawn > turns, NEVER, drawn).astype(np.int8)
        return np.broadcast_to(row, order.shape)

    def cards_seen(self, turn: int, on_play: bool) -> int:
        """How many cards are seen by the end of `turn`'s draws, for the exact values."""
        skip = 1 if (self.skip_first_draw_on_play and on_play) else 0
        return self.hand_size + self.draws_per_turn * max(0, turn - skip)

    def exact_population(self) -> np.ndarray:
        """The slots the exact value is taken over (all of them, unless cards are replaced)."""
        return np.ones(len(self.facts), dtype=bool)

    def exact_of(self, query: Any, turn: int, on_play: bool) -> float | None:
        """A closed form of the game's own for a query the hypergeometric over the population
        cannot give (None: there is none)."""
        return None

    # --- opening hand and the race -----------------------------------------------------------
    def opening_counts(self, order: np.ndarray, drawn: np.ndarray) -> np.ndarray | None:
        """The opening hand's key count per game, or None when the game has none."""
        return None

    def race(self, order: np.ndarray, drawn: np.ndarray, rng: RaceRandom, turns: int) -> RaceResult:
        raise NotImplementedError

    def race_context(self) -> object:
        """Everything the race reads besides the cards drawn and its random numbers (the format's
        parameters, a mission deck, the goldfish's deck, the figures' labels), comparable with
        `==`: decks with equal contexts can be raced together. None: the model declares nothing,
        and each deck is raced alone."""
        return None

    def cannot_win(self) -> str | None:
        """Why the deck can never win the race, whatever it draws (None: it may)."""
        return None

    def plays(self, card: Card) -> bool:
        """Whether the model plays this card; one it does not is named in the simplifications, with
        the way leaving it out moves the result (a test holds each example deck's cards to it)."""
        return True

    def race_goal(self) -> str:
        """The race's goal as this run plays it (a setting may change it: Redemption's --win-at)."""
        return self.goal

    # --- running out of cards ------------------------------------------------------------------
    # How running out of cards loses, as the game's rulebook says: None, it does not (the model
    # says what it does instead); "cannot draw", a turn's draw finds the deck empty (Bible Battles:
    # "unable to draw a card at the beginning of his or her turn"; Demon Rush: "no cards left in
    # their deck to draw for their turn"); "emptied", the last card drawn loses at once (REDLINE:
    # "as soon as a player's arsenal has no more cards in it, that player ... has lost the game").
    decking: str | None = None
    after_running_out = "no card is drawn after it"  # what the model plays once the deck is drawn, where it plays on

    def decked_on(self, on_play: bool) -> int | None:
        """The turn this deck runs out as its game loses by it (None: the game has no such loss):
        a deck's size and its draws are the same in every game, so the turn is too."""
        if self.decking is None:
            return None
        position = len(self.facts) if self.decking == "cannot draw" else len(self.facts) - 1
        return max(1, int(self.turn_of_position(np.array([position]), on_play)[0]))

    def after_decking(
        self, win_turn: np.ndarray, figures: dict[str, np.ndarray], on_play: bool
    ) -> tuple[np.ndarray, dict[str, np.ndarray]]:
        """The race's win turns with the games not won before the deck runs out lost (0), and its
        figures with what a game reached from that turn on not reached (NEVER): the draw that
        cannot be made comes at the start of that turn, before anything is played, and ends the game."""
        out = self.decked_on(on_play)
        if out is None:
            return win_turn, figures
        stopped = {label: np.where(first < out, first, NEVER).astype(first.dtype) for label, first in figures.items()}
        return np.where(win_turn < out, win_turn, 0).astype(win_turn.dtype), stopped

    def assumptions(self) -> tuple[str, ...]:
        """What the model takes for this deck and these settings that the deck does not say (a
        made-up mission deck, the low end of a range of life points): each a note of the report."""
        return ()


def drawn_alike(drawn: np.ndarray) -> bool:
    """Whether every game draws the cards of each position on the same turn (draw_turns' one row
    broadcast: no stride between games), so that its first row answers for every game."""
    return drawn.strides[0] == 0


def in_opening_hand(kind: np.ndarray, order: np.ndarray, drawn: np.ndarray) -> np.ndarray:
    """Per game, how many cards of `kind` (a mask over the deck's slots) the opening hand holds:
    the cards drawn on turn 0. Where every game draws alike, the hand's columns are read alone,
    not every column drawn within the turns."""
    if drawn_alike(drawn):
        return kind[order[:, np.flatnonzero(drawn[0] == 0)]].sum(axis=1)
    return ((drawn == 0) & kind[order]).sum(axis=1)


def first_turn(drawn: np.ndarray, mask_by_position: np.ndarray) -> np.ndarray:
    """Per game, the first turn a position with mask True is drawn (NEVER when none is)."""
    return np.where(mask_by_position, drawn, NEVER).min(axis=1).astype(np.int8)


def deck_facts(deck: Deck, zone: str = "main") -> DeckFacts:
    """The slots of a resolved deck's zone: one per copy, in deck order."""
    return DeckFacts([entry.card for entry in deck.entries(zone) for _ in range(entry.count) if entry.card is not None])
