"""deckcheck cards and deckcheck rules: what the card databases and the rules hold."""

import sys
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import typer

from deckcheck.choices import Choices
from deckcheck.cli.application import GAMES, app
from deckcheck.cli.options import CardDbOption, ListingOutputFormat
from deckcheck.cli.setup import date_or_exit, game_or_exit, session_or_exit
from deckcheck.cli.speak import EXIT_ILLEGAL, EXIT_LEGAL, fail
from deckcheck.registry import known_games
from deckcheck.wording import plural

if TYPE_CHECKING:  # imported by the commands that run, not by --help
    from deckcheck.loading.card_db import CardDatabase
    from deckcheck.model import Card
    from deckcheck.rules import Game


@app.command(
    epilog="Examples:\n\n  deckcheck cards rabbit --game redline\n\n"
    "  deckcheck cards --game redemption --type hero --brigade purple\n\n"
    "  deckcheck cards --game demon-rush --faction holy --output-format json\n\n"
    "  deckcheck cards 'Son of God' --game redemption --same-card   # the printings counted as one card, and why"
)
def cards(
    query: str | None = typer.Argument(None, metavar="[QUERY]", help="A name, or part of one (fuzzy)."),
    game: str | None = typer.Option(None, "--game", metavar="GAME", help=f"The game to search ({GAMES}); all of them when absent."),
    type_: str | None = typer.Option(None, "--type", metavar="TYPE", help="Only cards of this type."),
    brigade: str | None = typer.Option(None, "--brigade", help="Only cards of this brigade (Redemption)."),
    faction: str | None = typer.Option(None, "--faction", help="Only cards of this faction."),
    color: str | None = typer.Option(None, "--color", help="Only cards of this colour (Promised Land)."),
    card_set: str | None = typer.Option(None, "--set", metavar="SET", help="Only cards of this set."),
    card_db: list[Path] = CardDbOption,
    limit: int = typer.Option(50, "--limit", min=1, help="Show at most this many cards."),
    same_card: bool = typer.Option(
        False, "--same-card", help="List every printing the rules count as the same card as QUERY (a card's name), and why."
    ),
    format: str | None = typer.Option(
        None, "--format", metavar="FORMAT", help="With --same-card: the format whose rules decide (default: the game's)."
    ),
    as_of: str | None = typer.Option(
        None, "--as-of", metavar="YYYY-MM-DD", help="With --same-card: the rules version in force on this date (default: today)."
    ),
    output_format: ListingOutputFormat = typer.Option(ListingOutputFormat.text, "--output-format", help="Listing format."),
) -> None:
    """Search a game's card database by name and facts."""
    import json

    from deckcheck.escaping import for_json, for_terminal
    from deckcheck.games import game_named
    from deckcheck.search import search
    from deckcheck.tables import tabulated

    if same_card:
        _same_card(query, Choices(game=game, format=format, card_db=tuple(card_db)), date_or_exit(as_of), output_format)
    if format is not None or as_of is not None:
        fail("--format and --as-of go with --same-card")
    run = session_or_exit(Choices(game=game, card_db=tuple(card_db)))
    games = [game_or_exit(game).name] if game else list(known_games())
    filters = {"type": type_, "brigade": brigade, "faction": faction, "color": color, "set": card_set}
    searched = [(each, database) for each in games for database in _searched(run.databases.for_game(each), game_named(each), type_)]
    _check_filters(filters, [database for _, database in searched])
    found = []
    for each, database in searched:
        found += [(each, card) for card in search(database, query or "", **filters)]
    shown = found[:limit]
    if output_format is ListingOutputFormat.json:
        data = [{"game": g, "id": c.id, "name": c.name, "type": list(c.types), **dict(c.facts)} for g, c in shown]
        sys.stdout.write(for_json(json.dumps({"cards": data, "found": len(found)}, indent=2, ensure_ascii=False)) + "\n")
    else:
        rows = [(g, for_terminal(c.id), for_terminal(c.name), "/".join(c.types), for_terminal(_facts(c, g))) for g, c in shown]
        sys.stdout.write(
            tabulated(rows, headers=("game", "id", "name", "type", "facts"), tablefmt="simple", maxcolwidths=[None, 30, 36, 24, 50]) + "\n"
        )
        more = f" (first {limit} shown)" if len(found) > limit else ""
        sys.stdout.write(f"{plural(len(found), 'card')}{more}\n")
    raise typer.Exit(EXIT_LEGAL if found else EXIT_ILLEGAL)


def _same_card(query: str | None, asked: Choices, as_of: date | None, output_format: ListingOutputFormat) -> NoReturn:
    """cards NAME --same-card: the printings of the card NAME finds, in each game it names one
    (or in `asked.game`), by the rules of `asked.format` (else each game's default)."""
    game, format = asked.game, asked.format
    import shlex

    from deckcheck.games import all_games, format_named
    from deckcheck.registry import UnknownName
    from deckcheck.report.same_cards import render_json, render_text
    from deckcheck.same_cards import same_cards

    if not query:
        fail("--same-card needs a card's name: deckcheck cards NAME --same-card")
    run = session_or_exit(asked)
    listings = []
    for each in [game_or_exit(game)] if game else all_games():
        database = run.databases.for_game(each.name)
        found = each.names(database, as_of).resolve(query, suggest=bool(game))
        if not found.printings:
            if game:
                hint = f"; did you mean {', '.join(repr(s) for s in found.suggestions)}?" if found.suggestions else ""
                fail(f"no {each.name} card is called '{query}'{hint}")
            continue
        try:
            name = format_named(each, format, database.formats) if format else each.default_format
        except UnknownName as exc:
            if game:
                fail(f"--format: {exc}")
            continue  # --format names another game's format
        chosen = each.known_format(name, database.formats, as_of)
        listings.append((each, chosen, same_cards(each, chosen, database, found.printings)))
    if not listings:
        fail(f"no card of any game is called '{query}' (deckcheck cards {shlex.quote(query)} searches by part of a name)")
    sys.stdout.write(render_json(listings) if output_format is ListingOutputFormat.json else render_text(listings))
    raise typer.Exit(EXIT_LEGAL)


def _explain(rule_id: str, output_format: ListingOutputFormat) -> NoReturn:
    from deckcheck.api import SessionProblem, explain
    from deckcheck.report import rule_docs

    try:
        entry = explain(rule_id)
    except SessionProblem as exc:
        fail(f"--explain: {exc}")
    sys.stdout.write(rule_docs.explain_json(entry) if output_format is ListingOutputFormat.json else rule_docs.explain_text(entry))
    raise typer.Exit(EXIT_LEGAL)


def _searched(database: "CardDatabase", game: "Game", type_: str | None) -> "list[CardDatabase]":
    """A game's card database, and where `--type` names their type, the cards its formats play
    beside a deck (Redemption's Paragons): a search by brigade or name finds the cards of decks."""
    from deckcheck.search import search

    apart = game.kept_apart() if game.kept_apart is not None else None
    return [database, apart] if apart is not None and type_ is not None and search(apart, "", type=type_) else [database]


def _check_filters(filters: dict, databases: list) -> None:
    """A filter's value is one some card has (exit 2 with the values there are, otherwise)."""
    from deckcheck.registry import close_to
    from deckcheck.search import FILTERS, fact_key, known_values, values_of

    for key, value in filters.items():
        if value is None:
            continue
        fact = FILTERS[key]
        if any(fact_key(value) in values_of(card, fact) for database in databases for card in database.cards):
            continue
        there = sorted({v for database in databases for v in known_values(database, fact)}, key=fact_key)
        option = "--set" if key == "set" else f"--{key}"
        listed = ", ".join(there[:60]) + (f", ... ({len(there)} in all)" if len(there) > 60 else "")
        fail(f"{option}: no card has {key} '{value}'{close_to(value, there)} ({key} values: {listed or 'none'})")


# a card's bookkeeping, not facts a player looks a card up for (the name, id and type have columns)
_NOT_SHOWN = frozenset({"name", "id", "type", "title", "image", "art", "notes", "tags", "rarity", "rotation", "legality"})


def _facts(card: "Card", game: str) -> str:
    """The card's facts in the order its game's card schema declares its fields, then any others."""
    from deckcheck.registry import card_fields_schema

    declared = [field for field in card_fields_schema(game).get("properties", {}) if field not in _NOT_SHOWN]
    # then facts of cards kept apart from the card list (a Paragon's numbers), in their own order
    order = declared + [k for k in card.facts if k not in declared and k not in _NOT_SHOWN]
    return ", ".join(
        f"{k}={'/'.join(map(str, v)) if isinstance(v, list) else v}" for k in order if (v := card.facts.get(k)) not in (None, [], False, "")
    )


@app.command(
    name="rules",
    epilog="Examples:\n\n  deckcheck rules\n\n  deckcheck rules demon-rush\n\n  deckcheck rules --output-format json\n\n"
    "  deckcheck rules --explain redemption.lost-soul-count   # what it checks, why, each format's numbers, an example\n\n"
    "  deckcheck rules redemption --card-db cards/redemption   # with the formats an imported card list defines",
)
def rules_command(
    game: str | None = typer.Argument(None, metavar="[GAME]", help=f"Only this game ({GAMES})."),
    card_db: list[Path] = CardDbOption,
    output_format: ListingOutputFormat = typer.Option(ListingOutputFormat.text, "--output-format", help="Listing format."),
    explain: str | None = typer.Option(
        None, "--explain", metavar="ID", help="One rule's documentation: what it checks, why, how each format states it, an example deck."
    ),
) -> None:
    """List the games, their formats and every rule id with its summary and rulebook source."""
    from deckcheck.games import all_games
    from deckcheck.report import rules_listing

    if explain is not None:
        _explain(explain, output_format)

    games = (game_or_exit(game, "GAME"),) if game else all_games()
    run = session_or_exit(Choices(card_db=tuple(card_db)))
    defined = {each.name: run.databases.for_game(each.name).formats for each in games}
    render = rules_listing.render_json if output_format is ListingOutputFormat.json else rules_listing.render_text
    sys.stdout.write(render(games, defined))
