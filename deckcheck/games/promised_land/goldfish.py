"""Promised Land goldfish: the game guide's turn played against an opponent who does nothing.

The guide's "Steps of Each Player Turn", as the model plays them:
1. Yield: the Sources in play unflip and unlink.
2. Draw Card: draw 1 (the first turn too); when the Logos Deck's last card is drawn, the Archive
   Deck (the Query cards played) is shuffled and becomes the new Logos Deck, as the guide says.
3. Engage: one Source comes into play from the hand, the first drawn; then, again and again, the
   first drawn Query card whose Source requirement the unflipped Sources meet is played, flipping
   the Sources it needs (at most 7 a turn), and removes 1 life point (the goldfish fails every
   question).
4. Sacrifice: a hand of more than 7 cards is discarded down to 7, the excess to the Archive Deck;
   the player keeps Query cards first, then Sources, the earliest drawn of each.
5. The game is won the turn the goldfish's life points reach 0.
- Opening hand 6; no mulligan (the guide does not use one).
- A card is playable when unflipped Sources meet its reference: a section Source of its testament,
  or chapter Sources whose digits, linked (up to 3), form its chapter number. A card whose data
  states neither needs any one Source. Book, colour and Bible Sources are not modelled.
- Race: the format's life points (tournament 12, Sunday School 10, home 15, or the event's) are
  removed by Query cards, 1 damage each, because the goldfish fails every question. Counters,
  armies, cities and the other permanents are left out.
- Also reported: the chance each card of the deck is playable (its Source requirement met by the
  Sources in play) by each turn.
"""

from __future__ import annotations

import numpy as np

from deckcheck.games.promised_land.rules import PromisedLandParams, testament
from deckcheck.model import Card, Deck
from deckcheck.sim.model import NEVER, DeckFacts, GoldfishModel, RaceRandom, RaceResult, deck_facts, in_opening_hand

# Source categories: the ten chapter digits, the two testament sections, any other Source
DIGITS, OLD, NEW, OTHER = 10, 10, 11, 12
CATEGORIES = 13
PLAYS_PER_TURN = 7
HAND_LIMIT = 7  # "You must discard down to 7 cards in your hand; these excess cards go to your Archive Deck."


def _requirement(card: Card) -> tuple[np.ndarray, int | None, bool]:
    """(digits needed per category, testament category or None, needs any Source)."""
    need = np.zeros(CATEGORIES, dtype=int)
    chapter = (card.get("reference") or {}).get("chapter")
    if isinstance(chapter, int) and 0 < chapter < 1000:
        for digit in str(chapter):
            need[int(digit)] += 1
    section = {"old": OLD, "new": NEW}.get(testament(card) or "")
    return need, section, not need.any() and section is None


def _category(card: Card) -> int:
    if card.get("source_kind") == "chapter" and isinstance(card.get("chapter_digit"), int):
        return card.get("chapter_digit")
    if card.get("source_kind") == "section":
        return {"old": OLD, "new": NEW}.get(card.get("testament"), OTHER)
    return OTHER


class PromisedLandGoldfish(GoldfishModel[PromisedLandParams]):
    game = "promised-land"
    goal = "remove the goldfish's life points with Query cards"
    opening_label = "Sources"
    simplifications = (
        "no mulligan (the guide does not use one)",
        "one Source a turn, the first drawn; Sources flip when used and unflip each turn",
        "a card needs a section Source of its testament or chapter digits linked to its chapter; "
        "one with neither stated needs any Source; book, colour and Bible Sources are not modelled",
        "every Query deals 1 damage (the goldfish fails every question)",
        "the Sacrifice step keeps Query cards first, then Sources, the earliest drawn, and discards the cards the model "
        "does not play first; the guide's alternate rule (pay a life point to keep a card past 7) is not played",
        "counters, cities, armies, gardens, pools, spies, rivers and mounts are left out: a real game can use them "
        "to remove life points or to hold on, so it can be won sooner than the race",
    )

    turn_order = (
        "Yield: the Sources in play unflip and unlink.",
        "Draw Card: draw 1 (the first turn too); when the Logos Deck's last card is drawn, the Archive Deck (the Query "
        "cards played) is shuffled and becomes the new Logos Deck, as the guide says.",
        "Engage: one Source comes into play from the hand, the first drawn; then, again and again, the first drawn "
        "Query card whose Source requirement the unflipped Sources meet is played, flipping the Sources it needs "
        "(at most 7 a turn), and removes 1 life point (the goldfish fails every question).",
        "Sacrifice: a hand of more than 7 cards is discarded down to 7, the excess to the Archive Deck; the player "
        "keeps Query cards first, then Sources, the earliest drawn of each.",
        "The game is won the turn the goldfish's life points reach 0.",
    )

    def plays(self, card: Card) -> bool:
        return card.is_a("source", "query")

    def __init__(self, facts: DeckFacts, params: PromisedLandParams):
        super().__init__(facts, params)
        self.source = facts.where(lambda card: card.is_a("source"))
        self.query = facts.where(lambda card: card.is_a("query"))
        self.category = np.array([_category(card) for card in facts.slots])
        # a deck has few distinct Source requirements: each slot points at its requirement, and a
        # turn asks once per requirement (not once per card) whether the Sources meet it
        rows = [_requirement(card) for card in facts.slots]
        keys = [(tuple(need), -1 if section is None else section, anything) for need, section, anything in rows]
        distinct = list(dict.fromkeys(keys)) or [((0,) * CATEGORIES, -1, True)]
        self.requirement = np.array([distinct.index(key) for key in keys], dtype=np.intp)
        self.need = np.array([key[0] for key in distinct], dtype=np.int16)  # (R, categories)
        self.section = np.array([key[1] for key in distinct], dtype=np.intp)  # (R,), -1 for none
        self.needs_any = np.array([key[2] for key in distinct], dtype=bool)  # (R,)
        # each requirement's chapter digits as (digit, how many) pairs, a requirement's pairs side by
        # side: a turn compares a few columns, not all ten digits of every requirement
        pairs = [(r, d, int(self.need[r, d])) for r in range(len(distinct)) for d in range(DIGITS) if self.need[r, d]]
        self.pair_digit = np.array([d for _, d, _ in pairs], dtype=np.intp)
        self.pair_count = np.array([c for _, _, c in pairs], dtype=np.int16)
        self.pair_owner = np.array([r for r, _, _ in pairs], dtype=np.intp)
        self.needs_digits = np.asarray(self.need[:, :DIGITS].any(axis=1))
        self.pair_owners, self.pair_starts = np.unique(self.pair_owner, return_index=True)
        names: dict[str, int] = {}
        for index, card in enumerate(facts.slots):
            if not card.is_a("source"):
                names.setdefault(card.name, index)
        self.named = names  # card name -> a slot of that card, for "playable by turn"

    def opening_counts(self, order: np.ndarray, drawn: np.ndarray) -> np.ndarray:
        return in_opening_hand(self.source, order, drawn)

    def assumptions(self) -> tuple[str, ...]:
        low, high = self.params.life_points_recommended
        life = self.params.life_points
        if life == low and high > low:
            return (f"{life} life points, the low end of the guide's {low}-{high} for this format: the fastest a race can be",)
        return ()

    def cannot_win(self) -> str | None:
        # fewer Queries than life points still win: the Archive comes back as a new Logos Deck
        if not self.query.any():
            return "the deck holds no Query card, and only Query cards remove life points"
        every_source = np.zeros((1, CATEGORIES), dtype=np.int16)
        np.add.at(every_source[0], self.category[self.source], 1)
        if not self._met(every_source)[0, self.requirement[self.query]].any():
            return "no Query card of the deck can be played: its Sources, all in play, meet none of their requirements"
        return None

    def _met(self, available: np.ndarray) -> np.ndarray:
        """(games, R): whether the `available` Sources (games, categories) meet each requirement."""
        digits = np.zeros((len(available), len(self.needs_digits)), dtype=bool)
        if len(self.pair_digit):
            enough = available[:, self.pair_digit] >= self.pair_count  # (games, pairs)
            digits[:, self.pair_owners] = np.logical_and.reduceat(enough, self.pair_starts, axis=1)
        section: np.ndarray = (self.section >= 0) & (available[:, np.maximum(self.section, 0)] > 0)
        anything: np.ndarray = self.needs_any & (available.sum(axis=1) > 0)[:, None]
        return digits | section | anything

    def race_context(self) -> object:
        # a figure for each card of the deck: its name and the Sources it needs
        needs = {name: self._requirement_of(slot) for name, slot in self.named.items()}
        return self.params, tuple(sorted(needs.items()))

    def _requirement_of(self, slot: int) -> tuple:
        r = self.requirement[slot]
        return tuple(self.need[r].tolist()), int(self.section[r]), bool(self.needs_any[r])

    after_running_out = (
        "the Archive Deck (the Query cards played, the cards discarded at the Sacrifice step) is shuffled into a new "
        "Logos Deck, as the guide says"
    )

    def race(self, order: np.ndarray, drawn: np.ndarray, rng: RaceRandom, turns: int) -> RaceResult:
        # cards are drawn in the order of the columns: only the first `seen` are ever in a hand
        seen = int((drawn <= turns).sum(axis=1).max(initial=0))
        emptied = int(self.turn_of_position(np.array([len(self.facts) - 1]), True)[0])  # the Logos Deck's last card
        order, drawn = order[:, :seen], drawn[:, :seen]
        games = order.shape[0]
        rows = np.arange(games)
        is_source, is_query = self.source[order], self.query[order]
        requirement = self.requirement[order]  # (games, seen): each drawn slot's requirement
        used = np.zeros(order.shape, dtype=bool)
        in_play = np.zeros((games, CATEGORIES), dtype=np.int16)
        life = np.full(games, float(self.params.life_points))
        win = np.zeros(games, dtype=np.int16)
        playable = {name: np.full(games, NEVER, dtype=np.int8) for name in self.named}
        archive = _Archive(used)
        for turn in range(1, turns + 1):
            if turn > emptied:
                archive.draw(rng, self.draws_per_turn)
            elif turn == emptied:  # the deck's own last card was drawn this turn
                archive.reshuffle(rng, every=True)
            candidates = (drawn <= turn) & ~used & is_source
            has = candidates.any(axis=1)
            pick = candidates.argmax(axis=1)[has]
            used[rows[has], pick] = True
            np.add.at(in_play, (rows[has], self.category[order[rows[has], pick]]), 1)
            met = self._met(in_play)
            for name, slot in self.named.items():
                first = met[:, self.requirement[slot]] & (playable[name] == NEVER)
                playable[name][first] = turn
            available = in_play.copy()
            queries = (drawn <= turn) & is_query
            # only a game not yet won plays, and after its first play only a game that played goes on
            active = rows[life > 0]
            for _ in range(PLAYS_PER_TURN):
                hand = queries[active] & ~used[active]
                ok = hand & np.take_along_axis(self._met(available[active]), requirement[active], axis=1)
                can = ok.any(axis=1)
                if not can.any():
                    break
                g, pick = active[can], ok.argmax(axis=1)[can]
                used[g, pick] = True
                archive.archived[g, pick] = True  # a Query played goes to the Archive Deck
                self._flip(available, g, self.requirement[order[g, pick]])
                life[g] -= 1
                active = g
            newly = (life <= 0) & (win == 0)
            win[newly] = turn
            _sacrifice((drawn <= turn) & ~used, is_query, is_source, used, archive)
        return RaceResult(win, {f"{name} playable": first for name, first in playable.items()})

    def _flip(self, available: np.ndarray, games: np.ndarray, requirements: np.ndarray) -> None:
        """Flip the Sources that paid for cards of these requirements: a section when there is
        one, else the chapter digits, else any one Source."""
        section = self.section[requirements]
        by_section = (section >= 0) & (available[games, np.maximum(section, 0)] > 0)
        available[games[by_section], section[by_section]] -= 1
        rest = ~by_section
        need = self.need[requirements[rest]]
        by_digits = need[:, :DIGITS].any(axis=1)
        available[games[rest][by_digits]] -= need[by_digits]
        anything = games[rest][~by_digits]
        first = (available[anything] > 0).argmax(axis=1)
        available[anything, first] -= 1


def _sacrifice(hand: np.ndarray, is_query: np.ndarray, is_source: np.ndarray, used: np.ndarray, archive: _Archive) -> None:
    """The Sacrifice step: each game whose hand holds more than HAND_LIMIT cards discards the
    excess to its Archive Deck, keeping Query cards first, then Sources, the earliest drawn of
    each (the columns are in the order the cards were drawn)."""
    excess = hand.sum(axis=1) - HAND_LIMIT
    over = np.flatnonzero(excess > 0)
    if not len(over):
        return
    columns = hand.shape[1]
    kept_first = np.where(is_query[over], 0, np.where(is_source[over], 1, 2)) * columns + np.arange(columns)
    ranked = np.argsort(np.where(hand[over], -kept_first, 1), axis=1, kind="stable")  # the first discarded first
    rank = np.empty_like(ranked)
    np.put_along_axis(rank, ranked, np.broadcast_to(np.arange(columns), ranked.shape), axis=1)
    discarded = hand[over] & (rank < excess[over][:, None])
    used[over] |= discarded
    archive.archived[over] |= discarded


class _Archive:
    """The Archive Deck of each game (`archived`): the Query cards played and the cards discarded
    at the Sacrifice step, which become the new Logos Deck, shuffled, each time the Logos Deck's
    last card is drawn; a card drawn from it goes back to the hand (no longer used). Sources in
    play stay there."""

    def __init__(self, used: np.ndarray):
        self.used = used
        self.archived = np.zeros(used.shape, dtype=bool)
        self.in_logos = np.zeros(used.shape, dtype=bool)  # archived cards shuffled into the Logos Deck
        self.place = np.zeros(used.shape)  # their places in it: the lowest is drawn first

    def draw(self, rng: RaceRandom, draws: int) -> None:
        """A turn's draws from the Logos Deck made of the Archive: a game whose Logos Deck is empty
        shuffles its Archive first (none to shuffle: no card is drawn), and one whose draw takes
        the last card shuffles the Archive in at once."""
        rows = np.arange(len(self.used))
        for _ in range(draws):
            self.reshuffle(rng, every=False)
            has = self.in_logos.any(axis=1)
            pick = np.where(self.in_logos, self.place, np.inf).argmin(axis=1)[has]
            self.in_logos[rows[has], pick] = False
            self.used[rows[has], pick] = False  # in the hand again
            self.reshuffle(rng, every=False)

    def reshuffle(self, rng: RaceRandom, every: bool) -> None:
        """The Archive shuffled into the Logos Deck of each game whose Logos Deck is empty (`every`:
        of every game, the turn the deck's own last card is drawn). Every game draws its numbers,
        whether or not it shuffles, so that a game gets the same whatever others do."""
        places = rng.random(self.used.shape)
        empty = np.ones(len(self.used), dtype=bool) if every else np.asarray(~self.in_logos.any(axis=1), dtype=bool)
        archived = self.archived & empty[:, None]
        self.place = np.where(archived, places, self.place)
        self.in_logos |= archived
        self.archived &= ~archived


def model_for(deck: Deck, params: PromisedLandParams) -> PromisedLandGoldfish:
    return PromisedLandGoldfish(deck_facts(deck), params)


MODEL = PromisedLandGoldfish
