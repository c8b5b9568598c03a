"""Goldfish playtests: the library behind `deckcheck goldfish` (the CLI only parses and renders)."""

from __future__ import annotations

import importlib
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from deckcheck.check import CheckOptions, load_deck, with_printings
from deckcheck.loading.card_db import CardDatabase, Databases
from deckcheck.model import Card, Deck
from deckcheck.records import record
from deckcheck.sim import summary
from deckcheck.sim.engine import Played, Progress, SimOptions, simulate_all
from deckcheck.sim.model import GoldfishModel
from deckcheck.sim.queries import Query, QueryError, compile_query
from deckcheck.sim.summary import GoldfishReport


class GoldfishError(Exception):
    """Why a deck cannot be played (exit 1) or the options make no sense for it (exit 2)."""

    def __init__(self, message: str, exit_code: int):
        super().__init__(message)
        self.exit_code = exit_code


@dataclass
class Prepared:
    path: Path
    game: str
    model: GoldfishModel
    database: CardDatabase
    settings: dict
    deck: Deck  # the resolved deck (a sweep builds its variants from it)
    build: Callable[[Deck], GoldfishModel]  # the game's model_for, with the format's parameters
    notes: tuple[str, ...] = ()  # what the report must say about the deck played (a deck smaller than its hand)


def prepare(path: Path, options: CheckOptions, databases: Databases) -> Prepared:
    loaded = load_deck(path, options, databases)
    deck, context = loaded.deck, loaded.context
    if deck is not None and loaded.ambiguous:
        # printings alike in all a goldfish reads (types, brigades, ability): any of them plays the same
        alike = {key: cards[0] for key, cards in loaded.ambiguous.items() if len({_played_as(card) for card in cards}) == 1}
        deck = with_printings(deck, alike)
        loaded.ambiguous = {key: cards for key, cards in loaded.ambiguous.items() if key not in alike}
    if deck is None or context is None or loaded.findings or loaded.ambiguous:
        problems = [f"{f.position.line}:{f.position.column}: {f.message}" for f in loaded.findings[:3]]
        if deck is not None and context is not None:
            written = context.database.names.written
            for (zone, i), cards in list(loaded.ambiguous.items())[:3]:
                which = ", ".join("'" + written(card) + "'" for card in cards[:4])
                entry = deck.zones[zone][i]
                said = f"could be {len(cards)} printings that play differently ({which}): write the one meant"
                problems.append(f"{entry.position.line}: '{entry.typed}' {said}")
        raise GoldfishError(f"{path} cannot be played: {'; '.join(problems)}", 1)
    module = importlib.import_module(context.game.goldfish)
    settings = dict(context.settings)
    model = module.model_for(deck, context.params)
    if len(model.facts) == 0:
        raise GoldfishError(f"{path} has no cards in its main deck to play", 1)
    notes = []
    if len(model.facts) <= model.hand_size:
        than = "fewer than" if len(model.facts) < model.hand_size else "as many as"
        notes.append(
            f"the deck has {len(model.facts)} cards, {than} the opening hand of {model.hand_size}: "
            "every card is in hand from the start, and no card is drawn"
        )
    params = context.params

    def build(variant: Deck) -> GoldfishModel:
        return module.model_for(variant, params)

    return Prepared(path, deck.game, model, context.database, settings, deck, build, tuple(notes))


def _runs_out(model: GoldfishModel, options: SimOptions) -> list[str]:
    """A note of the turn the deck runs out, within the turns played, and what follows: the game
    lost where its rulebook says so, else what the model plays on (a reshuffle, no more draws)."""
    decked = model.decked_on(options.on_play)
    if decked is not None:
        lost = "and running out of cards loses the game (the rulebook): every game not won before that turn is lost"
        return [f"the deck runs out on turn {decked}, {lost}"] if decked <= options.turns else []
    size = int(model.exact_population().sum())  # the cards a draw counts (Redemption: not the Lost Souls)
    if size <= model.hand_size:
        return []  # said already: the deck is all in hand
    turn = next((t for t in range(1, options.turns + 1) if model.cards_seen(t, options.on_play) >= size), None)
    return [f"the deck runs out on turn {turn}: {model.after_running_out}"] if turn is not None else []


def _lacking(queries: list[Query]) -> list[str]:
    """A note for each tracked query the deck cannot meet (its figures are all 0): it holds none of
    a part's cards, or fewer than the part asks for (`5x EF-9 Rabbit` in a deck of 3)."""
    notes = []
    for query in queries:
        short = next((clause for clause in query.clauses if clause.at_least > int(clause.mask.sum())), None)
        if short is None:
            continue
        # by turn 0 a curve asks for no card: its opening-hand row holds in every game
        when = "from turn 1 on (by turn 0 a curve asks for no card)" if query.curve else "on every turn"
        held = int(short.mask.sum())
        if held == 0:
            notes.append(f"the deck holds no card of '{query.label}' (a part of it matches none): its chance is 0 {when}")
        else:
            notes.append(f"'{query.label}' asks for {short.at_least} cards of a part the deck holds {held} of: its chance is 0 {when}")
    return notes


def _played_as(card: Card) -> tuple[object, ...]:
    return (card.types, tuple(sorted(card.get("brigades") or ())), bool(card.get("special_ability")), card.title)


def in_game_of_match(prepared: Prepared, game: int) -> None:
    """Play the run as game `game` of a best-of-three match (a game whose settings have it)."""
    if "game_of_match" not in prepared.settings:
        raise GoldfishError(f"--game-of-match is for games whose mulligan is per match (Demon Rush), not {prepared.game}", 2)
    prepared.model.params = prepared.model.params.with_settings({"game_of_match": game})
    prepared.settings["game_of_match"] = game


def winning_at(prepared: Prepared, rescues: int) -> None:
    """Play the race to `rescues` rescues (a game whose settings count them: Redemption)."""
    if "rescues_to_win" not in prepared.settings:
        raise GoldfishError(f"--win-at counts the rescues that win (Redemption), not a goal of {prepared.game}", 2)
    prepared.model.params = prepared.model.params.with_settings({"rescues_to_win": rescues})
    prepared.settings["rescues_to_win"] = rescues


def mulligan_policy(prepared: Prepared, asked: str | None) -> str:
    policies = prepared.model.mulligans
    if asked is None or asked == "rulebook":
        return policies[0]
    if asked not in policies:
        raise GoldfishError(f"{prepared.game} has no mulligan policy '{asked}' (policies: {', '.join(policies)})", 2)
    return asked


@record
class Besides:
    """What a run may play besides the deck: `vs`, another deck on the same shuffles; `keep`, a
    keep rule in the query language, whose rejected hands the game's own mulligan throws back;
    `opponent`, the deck the goldfish plays, where the race needs one (default: a copy of the
    deck, for both decks of --vs)."""

    vs: Prepared | None = None
    keep: str | None = None
    opponent: Prepared | None = None


def play(prepared: Prepared, tracks: list[str], options: SimOptions, besides: Besides | None = None) -> GoldfishReport:
    """The report of a goldfish run of `prepared`, tracking `tracks`, with what `besides` adds."""
    besides = besides or Besides()
    vs, keep, opponent = besides.vs, besides.keep, besides.opponent
    for other in (vs, opponent):
        if other is not None and other.game != prepared.game:
            raise GoldfishError(f"--vs and --opponent need a deck of the same game ({prepared.game}), not {other.game}", 2)
    if opponent is not None and not prepared.model.needs_opponent:
        raise GoldfishError(f"{prepared.game}'s race needs nothing from the goldfish's deck: --opponent is for Redemption", 2)
    if prepared.model.needs_opponent:
        against = (opponent or prepared).model.facts
        for each in (prepared, vs):
            if each is not None:
                each.model.play_against(against)
    decks = [prepared] + ([vs] if vs is not None else [])
    try:
        queries = [compile_query(track, prepared.model.facts, prepared.database) for track in tracks]
        other_queries = [compile_query(track, vs.model.facts, vs.database) for track in tracks] if vs else []
        keeps = [compile_query(keep, each.model.facts, each.database) for each in decks] if keep else []
    except QueryError as exc:
        raise GoldfishError(str(exc), 2) from None
    if keep:
        if not prepared.model.throws_back:
            raise GoldfishError(f"{prepared.game} has no mulligan: --keep needs a game whose hands can be thrown back", 2)
        if keeps[0].curve:
            raise GoldfishError("--keep takes a rule about the opening hand, not a curve", 2)
        options = replace(options, mulligan=f"keep {keep}")
    asked = [queries, other_queries]
    played = [Played(each.model, tuple(asked[i]), keeps[i] if keeps else None) for i, each in enumerate(decks)]
    results = simulate_all(played, options, Progress(f"goldfish {prepared.path.name}"))
    result = results[0]
    compared = None
    if vs is not None:
        theirs = results[1]
        compared = {
            "deck": str(vs.path),
            **summary.deck_summary(vs.model, other_queries, theirs, options),
            **({"keep": summary.keep_summary(vs.model, keeps[1], theirs)} if keep else {}),
            "difference": summary.comparison(queries, result, theirs, options),
        }
    return GoldfishReport(
        str(prepared.path),
        prepared.game,
        options,
        prepared.settings,
        summary.simplifications(prepared.model, options.mulligan),
        summary.deck_summary(prepared.model, queries, result, options),
        _notes(prepared, prepared.model, queries, options),
        keep=summary.keep_summary(prepared.model, keeps[0], result) if keep else None,
        vs=compared,
    )


def _notes(prepared: Prepared, model: GoldfishModel, queries: list[Query], options: SimOptions) -> list[str]:
    """What the report must say of the deck played: its size against its hand, what the model
    assumed for it, when it runs out, the tracked cards it lacks."""
    return list(prepared.notes) + list(model.assumptions()) + _runs_out(model, options) + _lacking(queries)


def play_sweep(prepared: Prepared, tracks: list[str], options: SimOptions, sweep_text: str, fill: str | None = None) -> GoldfishReport:
    """The report of --sweep: the deck as given, then a row per count of the swept cards, every
    count on the same shuffles (and, where the race needs it, against the deck as given)."""
    from deckcheck.sweep import SweepError, build_sweep

    try:
        sweep = build_sweep(sweep_text, prepared.deck, prepared.database, fill)
    except SweepError as exc:
        raise GoldfishError(str(exc), 2) from None
    # the deck as given is one of the counts, or is played beside them
    given = next((i for i, deck in enumerate(sweep.decks) if _same_cards(deck, prepared.deck)), None)
    counted = [prepared.build(deck) for deck in sweep.decks]
    for model, replaces in zip(counted, sweep.replaces):
        model.facts = replace(model.facts, replaces=replaces)  # a copy swapped in takes its place in the shuffle
    models = ([] if given is not None else [prepared.model]) + counted
    union = prepared.build(sweep.union)  # every count's cards: their races are played together
    for model in [*models, union]:
        model.params = prepared.model.params  # the settings given (--game-of-match, an event's)
        if model.needs_opponent:
            model.play_against(prepared.model.facts)
    try:
        queries = [[compile_query(track, model.facts, prepared.database) for track in tracks] for model in models]
    except QueryError as exc:
        raise GoldfishError(str(exc), 2) from None
    played = [Played(model, tuple(asked)) for model, asked in zip(models, queries)]
    results = simulate_all(played, options, Progress(f"goldfish --sweep {prepared.path.name}"), union=union)
    at = 0 if given is None else given
    offset = 1 if given is None else 0
    swept = {
        "query": sweep.label,
        "fill": sweep.fill,
        "rows": [
            {
                "count": count,
                "changes": [{"card": name, "copies": copies} for name, copies in changes],
                **summary.deck_summary(model, asked, result, options),
                # against the deck as given, game by game on the same shuffles
                "difference": summary.comparison(asked, result, results[at], options),
            }
            for count, changes, model, asked, result in zip(
                sweep.counts, sweep.changes, models[offset:], queries[offset:], results[offset:]
            )
        ],
    }
    return GoldfishReport(
        str(prepared.path),
        prepared.game,
        options,
        prepared.settings,
        summary.simplifications(models[at], options.mulligan),
        summary.deck_summary(models[at], queries[at], results[at], options),
        _notes(prepared, models[at], queries[at], options) + _fixed_opponent(prepared),
        sweep=swept,
    )


def _fixed_opponent(prepared: Prepared) -> list[str]:
    """A sweep's race against the goldfish's own deck: every count plays the same one."""
    if not prepared.model.needs_opponent:
        return []
    return [
        f"every count races a goldfish playing the deck as given ({prepared.path.name}), the same opponent for every row: "
        "a count changes the deck that plays, not the goldfish's deck (a count of 0 Lost Souls still finds Lost Souls "
        "to rescue in the goldfish's)"
    ]


def _same_cards(one: Deck, other: Deck) -> bool:
    def cards(deck: Deck) -> list[tuple[str, int]]:
        return sorted((e.card.id, e.count) for e in deck.entries("main") if e.card is not None)

    return cards(one) == cards(other)


@record
class Asked:
    """What `deckcheck goldfish` asks for beside the numbers of SimOptions, as its options say it."""

    deck: Path
    tracks: tuple[str, ...] = ()
    vs: Path | None = None
    opponent: Path | None = None
    keep: str | None = None
    mulligan: str | None = None  # None or "rulebook": the game's own policy
    game_of_match: int | None = None
    sweep: str | None = None
    fill: str | None = None
    win_at: int | None = None  # Redemption: the rescues that win (the rulebook's 5)


def _keep_example(prepared: Prepared) -> str:
    """A --keep rule this deck's game reads (`2x type:tactic` for the REDLINE starter): its commonest
    card type, checked by the query language itself (the example it gave before, `type:lost_soul>=1`,
    the language rejects in every game)."""
    from deckcheck.sim.queries import QueryError, compile_query

    types = Counter(entry.card.types[0] for entry in prepared.deck.entries() if entry.card is not None and entry.card.types)
    for kind, _ in types.most_common():
        example = f"2x type:{kind}"
        try:
            compile_query(example, prepared.model.facts, prepared.database)
        except QueryError:
            continue
        return example
    return "2x type:TYPE"


def run(asked: Asked, options: SimOptions, options_for: Callable[[Path], CheckOptions], databases: Databases) -> GoldfishReport:
    """The goldfish run `asked` for, its decks read with `options_for`; GoldfishError when a deck
    cannot be played (exit 1) or the options make no sense together (exit 2)."""
    prepared = prepare(asked.deck, options_for(asked.deck), databases)
    other = prepare(asked.vs, options_for(asked.vs), databases) if asked.vs else None
    goldfish_deck = prepare(asked.opponent, options_for(asked.opponent), databases) if asked.opponent else None
    for each in (prepared, other):
        if each is not None and asked.game_of_match is not None:
            in_game_of_match(each, asked.game_of_match)
        if each is not None and asked.win_at is not None:
            winning_at(each, asked.win_at)
    if asked.keep is not None and not asked.keep.strip():
        raise GoldfishError(f"--keep takes a rule about the opening hand, e.g. --keep '{_keep_example(prepared)}'; it was given empty", 2)
    if asked.keep is not None and asked.mulligan is not None:
        raise GoldfishError("--keep is a mulligan policy of its own: give it or --mulligan, not both", 2)
    options = replace(options, mulligan=mulligan_policy(prepared, asked.mulligan))
    tracks = list(asked.tracks)
    if asked.sweep is not None:
        if asked.vs is not None or asked.keep is not None or asked.opponent is not None:
            raise GoldfishError("--sweep plays one deck at several counts: not with --vs, --keep or --opponent", 2)
        return play_sweep(prepared, tracks, options, asked.sweep, asked.fill)
    if asked.fill is not None:
        raise GoldfishError("--fill goes with --sweep", 2)
    return play(prepared, tracks, options, Besides(other, asked.keep, goldfish_deck))
