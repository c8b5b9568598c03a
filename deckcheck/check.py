"""Checking decks: read, pick the game, resolve names, run the game's rules, build a report.

This is the library behind `deckcheck check`; the CLI only parses options and renders.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from datetime import date
from itertools import product
from math import prod
from pathlib import Path

from deckcheck.deck_game import pick_game
from deckcheck.escaping import display_path
from deckcheck.games import all_games, format_named, zone_table
from deckcheck.loading.card_db import CardDatabase, Databases, load_databases
from deckcheck.loading.decks import STDIN, find_decks, read_deck, read_text
from deckcheck.loading.events import Event
from deckcheck.loading.names import NameIndex, RenamedIndex, Resolution, normalise, one_title
from deckcheck.loading.raw_deck import DeckParseError, RawDeck
from deckcheck.model import START, Card, CardLine, Deck, DeckReport, Entry, Finding, FormatVerdict, Position, Severity, SheetLayout
from deckcheck.registry import UnknownName
from deckcheck.rules import Context, Findings, Format, Game, Rule, run_rules
from deckcheck.rules.common import (
    AMBIGUOUS_CARD,
    HARMLESS_AMBIGUITY,
    PARSE,
    SKIPPED_LINE,
    UNIGNORABLE,
    UNKNOWN_CARD,
    UNKNOWN_GAME,
    rules_checked,
)
from deckcheck.rules.shapes import same_name
from deckcheck.wording import plural

MOST_RUNS = 64  # judgements of a deck whose names match several printings (each a run of its rules)
FIRST_ERRORS = 3  # the errors --all-formats shows per format
SUGGESTED_NAMES = 25  # unknown names per deck that get "did you mean"


@dataclass(frozen=True)
class CheckOptions:
    game: str | None = None  # for decks that do not say
    format: str | None = None  # for decks that do not say
    ignore: frozenset[str] = frozenset()
    events: tuple[Event, ...] = ()
    overrides_format: bool = False  # `format` wins over the deck's own (deckcheck team checks every deck as Teams)
    as_of: date | None = None  # --as-of: the rules in force on this date
    config_as_of: date | None = None  # the config's as_of, behind --as-of and the events' dates
    all_formats: bool = False


@dataclass
class LoadedDeck:
    """A deck file read and resolved against its game's database, or the findings that stopped
    it (unreadable, unknown game or format) with `deck` None."""

    raw: RawDeck | None
    findings: list[Finding]
    deck: Deck | None = None
    context: Context | None = None
    ambiguous: dict[tuple[str, int], tuple[Card, ...]] = field(default_factory=dict)  # (zone, index) -> printings
    # the printing each ambiguous entry is shown as on the sheet: the one a legal choice took, else the first tried
    shown: dict[tuple[str, int], Card] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    game_inferred: bool = False
    as_of: date | None = None


def check_paths(
    paths: Iterable[Path], options_for: Callable[[Path], CheckOptions], databases: Databases, jobs: int = 1, card_db: tuple[Path, ...] = ()
) -> Iterator[DeckReport]:
    """Every deck under `paths`, in a stable order. With jobs > 1 the decks are checked in that
    many processes, each loading the databases from `card_db` once; the reports come back in the
    same order as a serial run's."""
    files = list(find_decks(paths))
    if jobs <= 1 or len(files) < 2 or STDIN in files:  # standard input is this process's
        for path in files:
            yield check_file(path, options_for(path), databases)
        return
    from concurrent.futures import ProcessPoolExecutor  # only here: multiprocessing costs every other run its import

    tasks = [(path, options_for(path)) for path in files]
    with ProcessPoolExecutor(max_workers=jobs, initializer=_start_worker, initargs=(card_db,)) as pool:
        yield from pool.map(_check_in_worker, tasks, chunksize=max(1, len(tasks) // (jobs * 4)))


_WORKER_DATABASES: Databases | None = None


def _start_worker(card_db: tuple[Path, ...]) -> None:
    global _WORKER_DATABASES
    _WORKER_DATABASES = Databases(load_databases(card_db))


def _check_in_worker(task: tuple[Path, CheckOptions]) -> DeckReport:
    path, options = task
    return check_file(path, options, _WORKER_DATABASES)


def check_file(path: Path, options: CheckOptions, databases: Databases, content: bytes | None = None) -> DeckReport:
    """The report of the deck at `path`, or of `content` (a deck's bytes, `path` naming its form)."""
    loaded = load_deck(path, options, databases, content)
    if loaded.deck is not None:
        loaded.findings.extend(judge(loaded, options.ignore))
    report = report_of(display_path(path), loaded, options.ignore)
    if options.all_formats and loaded.deck is not None:
        # the formats a deck is legal in first: "where can I play this?" is the question asked
        report = replace(report, formats=tuple(sorted(every_format(loaded, databases, options), key=lambda v: not v.legal)))
    return report


# --- reading a deck and choosing its game, format and rules version ---------------------------------


def load_deck(path: Path, options: CheckOptions, databases: Databases, content: bytes | None = None) -> LoadedDeck:
    try:
        raw = read_deck(path, zone_table(), None if content is None else read_text(path, content))
    except DeckParseError as problem:
        return LoadedDeck(None, [_finding(PARSE, problem.message, position=problem.position)])
    if raw.problems:
        return LoadedDeck(raw, [_finding(PARSE, p.message, position=p.position) for p in raw.problems])

    skipped = [
        _finding(SKIPPED_LINE, f"skipped {_shown(text)}: neither a card line ('3 Name') nor a header", position=position)
        for position, text in raw.skipped
    ]
    game, inferred, problem = pick_game(raw, path, options.game, databases)
    if game is None:
        return LoadedDeck(raw, skipped + [_finding(UNKNOWN_GAME, problem, position=raw.game_position or START)])
    events = tuple(e for e in options.events if e.applies_to(game.name))
    overriding = next((e.format for e in reversed(events) if e.format), None)
    forced = options.format if options.overrides_format else None
    own = overriding or forced or raw.format
    format_name = (own or options.format or game.default_format).strip().lower()
    database = databases.for_game(game.name)
    as_of = date_in_force(options, events)
    not_applied = ""
    try:
        format_named(game, format_name, database.formats)
    except UnknownName as exc:
        if own is not None:
            return LoadedDeck(raw, skipped + [_finding(UNKNOWN_GAME, str(exc), position=raw.zone_positions.get("format", START))])
        # --format (or the config's) is for the decks of the games that have it
        not_applied = f"format '{options.format}' does not apply: {exc}; {game.default_format} was used"
        format_name = game.default_format
    chosen, before_oldest = game.format_in_force(format_name, database.formats, as_of)

    zones, findings, ambiguous, renamed = _resolve(raw, database, game.names(database, as_of))
    loaded = LoadedDeck(
        raw,
        skipped + findings,
        Deck(display_path(path), game.name, chosen.name, raw.name, zones, raw.zone_positions),
        context_for(game, chosen, database, events),
        ambiguous,
        game_inferred=bool(inferred),
        as_of=as_of,
    )
    loaded.notes.extend(renamed)
    if inferred:
        loaded.notes.append(inferred)
    if not_applied:
        loaded.notes.append(not_applied)
    unknown = sum(f.rule == UNKNOWN_CARD.id for f in findings)
    if database.bundled and game.full_card_list and unknown * 2 > len(raw.entries):
        loaded.notes.append(
            f"{plural(unknown, 'name')} of {len(raw.entries)} are not among the {plural(len(database.cards), game.title + ' card')} "
            f"deckcheck ships: {game.full_card_list}"
        )
    if before_oldest:
        loaded.notes.append(
            f"{as_of.isoformat()} is before the oldest {game.title} rules version "
            f"({chosen.version}, from {chosen.effective.isoformat()}): {chosen.version} was applied"
        )
    return loaded


def _shown(text: str, limit: int = 60) -> str:
    return repr(text if len(text) <= limit else text[: limit - 3] + "...")


def context_for(game: Game, chosen: Format, database: CardDatabase, events: tuple[Event, ...]) -> Context:
    params = chosen.params
    for event in events:
        params = params.with_settings(event.settings)
    identity = chosen.identity or game.identity
    same_card = identity(database) if identity else same_name
    return Context(game, database, same_card, rules_checked(game, chosen), params, chosen, events)


def date_in_force(options: CheckOptions, events: tuple[Event, ...]) -> date:
    """The date whose rules apply: --as-of, else the latest applied event's effective date, else
    the config's as_of, else today."""
    dated = [date.fromisoformat(e.effective) for e in events if e.effective]
    return options.as_of or (max(dated) if dated else None) or options.config_as_of or date.today()


def _resolve(raw: RawDeck, database: CardDatabase, names: NameIndex | RenamedIndex):
    """Zones of entries resolved to cards; the findings of names that resolve to none; the
    entries whose name matches several printings, with those printings (judged later); and a
    note for each name that errata replaced."""
    zones: dict[str, list[Entry]] = {}
    findings: list[Finding] = []
    ambiguous: dict[tuple[str, int], tuple[Card, ...]] = {}
    renamed: list[str] = []
    unknown = 0
    for item in raw.entries:
        printing = database.printing(item.image, item.set) if item.image else None
        # suggestions cost a search each: a deck of thousands of unknown names gets them for the first few
        resolution = Resolution(printing) if printing else names.resolve(item.typed, suggest=unknown < SUGGESTED_NAMES)
        unknown += resolution.card is None and not resolution.candidates
        if resolution.renamed is not None:
            erratum = resolution.renamed
            renamed.append(f"line {item.position.line}: '{item.typed}' is {erratum.errata} by {erratum.source}")
        zone = zones.setdefault(item.zone, [])
        if resolution.candidates:
            ambiguous[(item.zone, len(zone))] = resolution.candidates
        zone.append(Entry(item.typed, item.count, item.zone, item.position, resolution.card))
        if resolution.card is None and not resolution.candidates:
            hint = f"; did you mean {', '.join(repr(s) for s in resolution.suggestions)}?" if resolution.suggestions else ""
            findings.append(
                _finding(UNKNOWN_CARD, f"no {database.game} card is called '{item.typed}'{hint}", item.typed, item.zone, item.position)
            )
    ordered = {zone: tuple(zones[zone]) for zone in zone_table().names if zone in zones}
    return ordered, findings, ambiguous, renamed


# --- judging, with names that match several printings ---------------------------------------------------


def judge(loaded: LoadedDeck, ignore: frozenset[str]) -> list[Finding]:
    """The rules' findings. Where a name matches several printings, the deck is judged with each
    of them (every line that names it taking the same printing): when every choice gives the same
    findings the deck is judged and the name is a warning; when the choice changes the verdict it
    is an error saying which printing makes the deck legal. The findings reported are those every
    choice gives. A deck with too many such names to try is not judged on them: each is an error."""
    rules, context = loaded.context.rules, loaded.context
    if not loaded.ambiguous:
        return list(run_rules(rules, loaded.deck, context, ignore))
    lines: dict[str, list[tuple[str, int]]] = {}
    for key in loaded.ambiguous:
        lines.setdefault(normalise(loaded.deck.zones[key[0]][key[1]].typed), []).append(key)
    names = list(lines)
    printings = [loaded.ambiguous[lines[name][0]] for name in names]
    if prod(len(p) for p in printings) <= MOST_RUNS:
        choices = list(product(*printings))
    else:  # each name in turn, the others at their first printing, as far as the runs allow
        first = tuple(p[0] for p in printings)
        choices = [first] + [first[:i] + (card,) + first[i + 1 :] for i, p in enumerate(printings) for card in p[1:]]
        choices = choices[:MOST_RUNS]
    outcomes = []
    for choice in choices:
        chosen = {key: card for name, card in zip(names, choice) for key in lines[name]}
        findings = list(run_rules(rules, with_printings(loaded.deck, chosen), context, ignore))
        outcomes.append((choice, findings, {_key(f) for f in findings}, not any(f.severity is Severity.ERROR for f in findings)))
    shown = next((choice for choice, *_, legal in outcomes if legal), outcomes[0][0])
    loaded.shown = {key: card for name, card in zip(names, shown) for key in lines[name]}
    common = set.intersection(*(keys_ for _, _, keys_, _ in outcomes))
    findings = [f for f in outcomes[0][1] if _key(f) in common]
    shows_illegal = any(f.severity is Severity.ERROR for f in findings)
    for index, name in enumerate(names):
        message, severity = _ambiguity(index, printings[index], outcomes, shows_illegal)
        for zone, position in lines[name]:
            entry = loaded.deck.zones[zone][position]
            matches = f"'{entry.typed}' matches {len(printings[index])} printings ({', '.join(c.id for c in printings[index])})"
            findings.append(Finding(AMBIGUOUS_CARD.id, severity, f"{matches}{message}", (entry.typed,), entry.zone, entry.position))
    return findings


def _ambiguity(index: int, printings: tuple[Card, ...], outcomes: list, shows_illegal: bool) -> tuple[str, Severity]:
    """What the choice of one name's printing changes, said after "'X' matches N printings"."""
    tried = {choice[index].id for choice, *_ in outcomes}
    if len(tried) < len(printings):
        return "; the deck names too many cards that match several printings to try each: name it by its id", Severity.ERROR
    # the outcomes that differ in this name's printing alone: what its choice changes
    others = {}
    for outcome in outcomes:
        others.setdefault(outcome[0][:index] + outcome[0][index + 1 :], []).append(outcome)
    groups = [group for group in others.values() if len(group) > 1]
    changes_findings = any(len({frozenset(o[2]) for o in group}) > 1 for group in groups)
    changes_verdict = any(len({o[3] for o in group}) > 1 for group in groups)
    legal_with = list(dict.fromkeys(choice[index].id for choice, *_, legal in outcomes if legal))
    shown = " or ".join(legal_with[:5]) + (f" (or {len(legal_with) - 5} more)" if len(legal_with) > 5 else "")
    if not changes_findings:
        return "; each gives the deck the same verdict and findings: name one by its id to be exact", HARMLESS_AMBIGUITY
    if changes_verdict and one_title(printings):
        # a title: the line names the card, not a printing; legal where a printing of it is
        return (f"; the deck is legal with {shown}: write that printing's id", HARMLESS_AMBIGUITY)
    if changes_verdict:
        return (f" and the choice changes the verdict: the deck is legal with {shown}; name the printing by its id", Severity.ERROR)
    if not shows_illegal and not legal_with:
        # illegal whichever printing, for reasons no two choices share: the verdict must still show
        return ("; the deck is illegal with each of them, for different reasons: name the printing by its id to see which"), Severity.ERROR
    return (
        "; the deck gets the same verdict with each, but not the same findings (only those common to all are "
        "shown): name one by its id to be exact"
    ), HARMLESS_AMBIGUITY


def with_printings(deck: Deck, chosen: dict[tuple[str, int], Card]) -> Deck:
    zones = {
        zone: tuple(replace(e, card=chosen[(zone, i)]) if (zone, i) in chosen else e for i, e in enumerate(entries))
        for zone, entries in deck.zones.items()
    }
    return replace(deck, zones=zones)


def _key(finding: Finding) -> tuple:
    return finding.rule, finding.severity, finding.zone, finding.position


def every_format(loaded: LoadedDeck, databases: Databases, options: CheckOptions) -> Iterator[FormatVerdict]:
    """The deck under each format of its game, in the version in force on the date checked."""
    game = loaded.context.game
    database = loaded.context.database
    for name in game.format_names(database.formats):
        chosen = game.format(name, database.formats, loaded.as_of)
        other = LoadedDeck(
            loaded.raw,
            [],
            replace(loaded.deck, format=chosen.name),
            context_for(game, chosen, database, loaded.context.events),
            loaded.ambiguous,
        )
        findings = [f for f in loaded.findings if f.rule == UNKNOWN_CARD.id] + judge(other, options.ignore)
        errors = [f for f in _ordered(findings) if f.severity is Severity.ERROR and f.rule not in options.ignore]
        yield FormatVerdict(chosen.name, chosen.version, not errors, tuple(errors[:FIRST_ERRORS]))


# --- the report -----------------------------------------------------------------------------------------------


def _ordered(findings: Iterable[Finding]) -> list[Finding]:
    return sorted(findings, key=lambda f: (f.position.line, f.position.column, f.rule))


def _card_line(entry: Entry, shown: Card | None = None) -> CardLine:
    """An entry as reports list it; one naming several printings keeps the name typed, with the
    type of the printing it is shown as (the sheet groups it there, and totals count it)."""
    card = entry.card
    line = entry.position.line if entry.position else None
    if card is None:
        types, title = (tuple(shown.types), shown.title) if shown is not None else ((), None)
        return CardLine(entry.zone, entry.typed, entry.count, line, None, types, title)
    return CardLine(entry.zone, card.name, entry.count, line, card.id, tuple(card.types), card.get("title") or card.name)


def _sheet(deck: Deck, context: Context) -> SheetLayout:
    game = context.game
    labels = tuple((zone.name, zone.label) for zone in game.zones)
    sizes = [(label, plural(deck.size(name), "card")) for name, label in labels if name in deck.zones or name == "main"]
    extra = game.sheet_totals(deck, context.params) if game.sheet_totals else []
    return SheetLayout(labels, game.type_order, game.listed_singly, tuple(sizes + extra))


def report_of(path: str, loaded: LoadedDeck, ignore: frozenset[str] = frozenset()) -> DeckReport:
    """The report of a loaded deck; `ignore` drops findings, but never those of a deck deckcheck
    could not read (UNIGNORABLE): such a deck is never made legal."""
    findings = [f for f in loaded.findings if f.rule in UNIGNORABLE or f.rule not in ignore]
    raw, deck, context = loaded.raw, loaded.deck, loaded.context
    counts: dict[str, int] = {}
    lines: tuple[CardLine, ...] = ()
    if deck is not None:
        counts = {"main": 0, "side": 0}
        counts.update({zone: sum(e.count for e in entries) for zone, entries in deck.zones.items()})
        lines = tuple(
            _card_line(entry, loaded.shown.get((zone, i))) for zone, entries in deck.zones.items() for i, entry in enumerate(entries)
        )
    if context is not None:
        rules = tuple(rule.record for rule in context.rules)
    else:
        rules = (PARSE.record,) + tuple(r.record for r in (UNKNOWN_GAME,) if any(f.rule == r.id for f in findings))
    return DeckReport(
        path=path,
        game=deck.game if deck else (raw.game if raw else None),
        format=deck.format if deck else (raw.format if raw else None),
        name=raw.name if raw else None,
        counts=counts,
        cards=lines,
        sheet=_sheet(with_printings(deck, loaded.shown), context) if deck is not None and context is not None else None,
        findings=tuple(_ordered(findings)),
        settings=dict(context.settings) if context else {},
        rules_version=context.format.version if context and context.format else None,
        rules=rules,
        notes=tuple(loaded.notes),
        game_inferred=loaded.game_inferred,
    )


def _finding(rule: Rule, message: str, card: str | None = None, zone: str | None = None, position: Position | None = None) -> Finding:
    return Finding(rule.id, rule.severity, message, (card,) if card else (), zone, position or START)


class NoSideSwap(ValueError):
    """`deckcheck side` on a deck of a game that has no side-decking between games."""


def check_swap(registered_path: Path, sided_path: Path, options_for: Callable[[Path], CheckOptions], databases: Databases) -> DeckReport:
    """The sided deck's report: its own check, and the swap against the registered deck (by its
    game's side-swap rule; NoSideSwap for a game that has none)."""
    options = options_for(sided_path)
    registered = load_deck(registered_path, options_for(registered_path), databases)
    sided = load_deck(sided_path, options, databases)
    if sided.deck is None:
        return report_of(display_path(sided_path), sided, options.ignore)
    game = sided.context.game
    if game.side_swap is None:
        having = [g.name for g in all_games() if g.side_swap is not None]
        raise NoSideSwap(f"{game.title} has no side-decking between games (games that have: {', '.join(having)})")
    swap = game.side_swap
    sided.findings.extend(judge(sided, options.ignore))
    sided.context = replace(sided.context, rules=sided.context.rules + (swap.rule,))
    if swap.rule.id in options.ignore:
        pass
    elif registered.deck is None or registered.findings:
        problem = f"the registered deck {display_path(registered_path)} cannot be compared: " + "; ".join(
            f.message for f in registered.findings[:3]
        )
        sided.findings.append(_finding(swap.rule, problem))
    elif registered.deck.game != sided.deck.game:
        sided.findings.append(_finding(swap.rule, f"the registered deck is {registered.deck.game}, the sided one {sided.deck.game}"))
    else:
        sided.findings.extend(swap.check(registered.deck, sided.deck, Findings(swap.rule, sided.deck, sided.context)))
    return report_of(display_path(sided_path), sided, options.ignore)


def check_team(
    paths: tuple[Path, Path], options_for: Callable[[Path], CheckOptions], databases: Databases, team_format: str = "type1-teams"
) -> list[DeckReport]:
    """Each deck of a Redemption team by itself (as `team_format` unless options name a format),
    then the two together: what one deck holds that the team may hold only once is reported on
    both decks."""
    from deckcheck.games.redemption.teams import team_findings, team_rule

    loaded = []
    for path in paths:
        options = options_for(path)
        options = replace(options, format=options.format or team_format, overrides_format=True)
        each = load_deck(path, options, databases)
        if each.deck is not None:
            each.findings.extend(judge(each, options.ignore))
        loaded.append((path, each, options))
    reports = []
    for index, (path, mine, options) in enumerate(loaded):
        other_path, theirs, _ = loaded[1 - index]
        if mine.deck is None:
            reports.append(report_of(display_path(path), mine, options.ignore))
            continue
        rule = team_rule(mine.context)
        mine.context = replace(mine.context, rules=mine.context.rules + (rule,))
        if rule.id not in options.ignore:
            if mine.deck.game != "redemption" or (theirs.deck is not None and theirs.deck.game != "redemption"):
                mine.findings.append(_finding(rule, "a team is two Redemption decks"))
            elif theirs.deck is None:
                mine.findings.append(
                    _finding(
                        rule,
                        f"the team cannot be checked together: {display_path(other_path)} cannot be read "
                        f"({'; '.join(f.message for f in theirs.findings[:2])})",
                    )
                )
            else:
                mine.findings.extend(team_findings(mine.deck, Findings(rule, mine.deck, mine.context), theirs.deck))
        reports.append(report_of(display_path(path), mine, options.ignore))
    return reports
