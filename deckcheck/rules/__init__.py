"""What the engine's words mean: a Rule, the Game it belongs to with its Formats and their typed
Params; the Findings a rule builds and the Context it reads are in findings.py, and named here too.

A rule is a small generator with an id beside it: it reads a resolved deck and yields findings,
never raises for a bad deck and never prints. `deckcheck rules` and `--explain` read the same
records the checks run from. A game package builds one Game from these records; they live in one
module because each names the others (a game holds rules, a rule reads the game it runs in).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, field, fields, replace
from datetime import date
from functools import cached_property
from typing import TYPE_CHECKING, Any, Generic, Self, TypeVar

from deckcheck.loading.names import NameIndex, RenamedIndex, Renaming
from deckcheck.model import Card, Deck, Finding, OfficialSheet, RuleRecord, Severity, Zone
from deckcheck.records import record
from deckcheck.rules.findings import Context as Context  # named here too
from deckcheck.rules.findings import Findings as Findings
from deckcheck.rules.findings import run_rules as run_rules
from deckcheck.rules.format_names import format_key, format_keys
from deckcheck.rules.sum_limits import SumLimits
from deckcheck.wording import plural

if TYPE_CHECKING:
    from deckcheck.loading.card_db import CardDatabase

P = TypeVar("P", bound="Params")
Check = Callable[["Deck", "Findings[P]"], Iterable[Finding]]
# a rule's summary or source: fixed words, or words a format's parameters fill in (its numbers, its
# rules version's sections), so that each format lists the rule as it states it
Wording = str | Callable[[P], str]


@record
class Example:
    """A deck that breaks a rule and the same deck mended: `fails` must raise the rule, `passes`
    must not (it may break others: a fragment shows one rule). Both are read as deck files (YAML,
    or text where `suffix` says so) against the game's bundled cards, or against `cards`, a card
    database of a few cards' facts written for the example."""

    fails: str
    passes: str
    suffix: str = ".yaml"
    cards: str | None = None
    event: str | None = None  # an event file both decks are checked under (its ban list, its settings)


@record
class Doc:
    """What a rule checks and why, as `deckcheck rules --explain ID` and docs/rules.md show it."""

    what: str
    why: str
    example: Example | None = None
    no_example: str = ""  # why no deck file alone can show it (a rule over a folder, or two decks)


@record
class Rule(Generic[P]):
    """A rule, declared once: its id and severity, its summary and source (worded by the format's
    parameters where they differ by format), its doc, the parameters it reads and its check."""

    id: str
    severity: Severity
    summary: Wording[P]
    source: Wording[P]
    doc: Doc
    reads: type[P]
    check: Check[P] | None = None  # None for rules that loading reports (deck.parse, deck.unknown-card, ...)
    # its findings about a line read no card but those of the lines of the same card (the format's
    # identity) and the zones' sizes: a deck's names are judged a card at a time by it (check/readings.py)
    per_card: bool = False

    def worded(self, params: Params) -> Rule[P]:
        """The rule as a format with these parameters states it (summary and source in words),
        with what the format's data notes as provisional of it (the rules' text leaves it open)."""
        notes = params.provisional(self.id)
        if isinstance(self.summary, str) and isinstance(self.source, str) and not notes:
            return self
        chosen = self.parameters(params)
        summary = self.summary if isinstance(self.summary, str) else self.summary(chosen)
        source = self.source if isinstance(self.source, str) else self.source(chosen)
        provisional = f" [provisional: {'; '.join(notes)}]" if notes else ""
        return replace(self, summary=summary + provisional, source=source)

    def parameters(self, params: Params) -> P:
        """`params` as the kind this rule reads (every format of a game has its game's kind)."""
        if not isinstance(params, self.reads):
            raise TypeError(f"{self.id} reads {self.reads.__name__}, not {type(params).__name__}")
        return params

    @cached_property
    def record(self) -> RuleRecord:
        # one record per rule, shared by every report of it (and pickled once for a batch of them)
        if not isinstance(self.summary, str) or not isinstance(self.source, str):
            raise ValueError(f"{self.id} is reported as a format words it: Rule.worded(params) first")
        return RuleRecord(self.id, self.severity, self.summary, self.source)


def rule(  # noqa: PLR0913 - a rule's declaration is its six parts, the last three named at every call
    rule_id: str, severity: Severity, summary: Wording[P], source: Wording[P], *, doc: Doc, reads: type[P], per_card: bool = False
) -> Callable[[Check[P]], Rule[P]]:
    """Decorator turning a check generator into a Rule."""

    def wrap(check: Check[P]) -> Rule[P]:
        return Rule(rule_id, severity, summary, source, doc, reads, check, per_card)

    return wrap


@record
class SwapRule:
    """A rule over a match's registered deck and the same deck after side-decking between games:
    `check(registered, sided, findings)` reports on the sided deck."""

    rule: Rule
    check: Callable[[Deck, Deck, Findings], Iterable[Finding]]


@record
class EventField:
    """A field an event file may have for a game's decks (Promised Land's `scripture`): the JSON
    Schema of its value, and how the value is read: `read(value)` gives the value its rules read
    and the problems in it, each (where inside the value, what is wrong)."""

    schema: Mapping[str, Any]
    read: Callable[[Any], tuple[Any, list[tuple[tuple, str]]]] = lambda value: (value, [])


@record
class TeamRule:
    """A rule over the two decks of a team (`deckcheck team`): each deck is checked as `format`
    (unless the options name one), `declared` is the rule, and `check(mine, findings, theirs)`
    reports on one deck what it shares with its teammate's."""

    format: str
    declared: Rule
    check: Callable[[Deck, Findings, Deck], Iterable[Finding]]

    def rule(self, context: Context) -> Rule:
        """The rule as the format of the deck checked first states it (its source, its numbers)."""
        return self.declared.worded(context.format.params)


# --- a game, its formats and their parameters ---------------------------------------------------


def setting(default: Any, event: Mapping[str, Any] | None = None) -> Any:
    """A parameter that is also a game setting: reports and goldfish runs state it. With `event`,
    the JSON Schema of the values an event file's `settings:` may give it (life points, a wisdom
    target, REDLINE's efreet limit, ...): what a game declares here is what its events may set."""
    return field(default=default, metadata={"setting": True, "event": event})


T = TypeVar("T")
# facts a format keeps about cards (a page serving strangers' card lists for days stays bounded): of
# each kind, and kinds (a fact that depends on the deck's size is a kind for each size)
MAX_KNOWN, MAX_KINDS = 20_000, 32
_UNKNOWN = object()  # what Params.known finds of a fact not yet worked out (None may be one)


def _kept(table: dict[Card, Any], card: Card, fact: T) -> T:
    """`fact` kept in `table` for `card`, the table emptied first when it holds MAX_KNOWN."""
    if len(table) >= MAX_KNOWN:
        table.clear()
    table[card] = fact
    return fact


@dataclass(frozen=True, kw_only=True)
class Params:
    """The numbers of a format that rules and the goldfish model read; each game extends it."""

    opening_hand: int = setting(7)
    draws_per_turn: int = setting(1)
    # what the format's rules work out about one card, again for every deck and every reading of
    # its names: each a pure function of these parameters and the card, so worked out once per
    # card (a copy of these parameters with other settings starts afresh: init=False)
    _known: dict[Hashable, dict[Card, Any]] = field(default_factory=dict, init=False, compare=False, repr=False)

    def provisional(self, rule_id: str) -> tuple[str, ...]:
        """What the format's data notes as provisional of a rule: where the rules' text is not
        available or leaves it open, and this is a reading (none for most games)."""
        return ()

    def known(self, kind: Hashable, card: Card, work: Callable[[], T]) -> T:
        """`work()` for `card`, worked out once for these parameters (`kind` says which fact)."""
        table = self._known.get(kind) or self._table(kind)
        found = table.get(card, _UNKNOWN)  # (one lookup when known, as almost always)
        return _kept(table, card, work()) if found is _UNKNOWN else found

    def facts(self, kind: Hashable, work: Callable[[Card], T]) -> Callable[[Card], T]:
        """`work(card)` of each card, worked out once per card for these parameters: known() for a
        loop over a deck's lines, which asks for one kind of fact of each."""
        table = self._known.get(kind) or self._table(kind)

        def fact(card: Card) -> T:
            found = table.get(card, _UNKNOWN)
            return _kept(table, card, work(card)) if found is _UNKNOWN else found

        return fact

    def _table(self, kind: Hashable) -> dict[Card, Any]:
        # the cards hash by identity, and a table keeps its cards alive
        if len(self._known) >= MAX_KINDS:
            self._known.clear()
        return self._known.setdefault(kind, {})

    def references(self) -> dict[str, str]:
        """What else the rules read that a report should name (Redemption: the dictionary's version)."""
        return {}

    def ban_list(self) -> tuple[str, str] | None:
        """The format's own ban list, as `banlist.banned` names it: (what it is, where it is published)."""
        return None

    def settings(self) -> dict[str, Any]:
        """The game settings in force, as reports state them."""
        return {name: getattr(self, name) for name in _setting_names(type(self))}

    @classmethod
    def event_settings(cls) -> dict[str, Mapping[str, Any]]:
        """The settings an event may give, each with the schema of its values."""
        return {f.name: f.metadata["event"] for f in fields(cls) if f.metadata.get("event") is not None}

    def with_settings(self, chosen: Mapping[str, Any]) -> Self:
        """These parameters with the settings an event chose (those this game has)."""
        names = _setting_names(type(self))
        return replace(self, **{key: value for key, value in chosen.items() if key in names})


def _setting_names(kind: type[Params]) -> tuple[str, ...]:
    # a report states its settings: the fields of a game's parameters are looked at once
    if kind not in _SETTING_NAMES:
        _SETTING_NAMES[kind] = tuple(f.name for f in fields(kind) if f.metadata.get("setting"))
    return _SETTING_NAMES[kind]


_SETTING_NAMES: dict[type[Params], tuple[str, ...]] = {}


@record
class Format(Generic[P]):
    """A way of playing a game: its description and parameters. A format whose rules change by
    date exists once per rules version, each with the date it took effect."""

    name: str
    description: str
    params: P
    sets: tuple[str, ...] | None = None  # a format the card data defines: only cards of these sets
    rules: tuple[Rule[P], ...] | None = None  # the format's own rules, in place of the game's
    identity: Callable[[CardDatabase], Callable[[Card], Hashable]] | None = None  # its own "same card"
    version: str | None = None  # the rules version this format is part of
    effective: date | None = None  # the date that version took effect
    aliases: tuple[str, ...] = ()
    card_list_bans: bool = True  # whether the card data's own Banned mark applies
    banned: Callable[[Card], str | None] | None = None  # the format's own ban list: why a card is on it

    @property
    def settings(self) -> dict[str, Any]:
        return self.params.settings()


def in_force(versions: list[Format[P]], as_of: date | None) -> tuple[Format[P], bool]:
    """The version in force on `as_of` (today when None), and whether `as_of` comes before the
    oldest version (which is then the one used)."""
    dated = sorted(versions, key=lambda f: f.effective or date.min)
    when = as_of or date.today()
    current = [f for f in dated if (f.effective or date.min) <= when]
    return (current[-1], False) if current else (dated[0], True)


MOST_RENAMED = 16
_RENAMED: dict[tuple[int, tuple[Renaming, ...]], tuple[CardDatabase, RenamedIndex]] = {}


def types_counted(card: Card, params: Params) -> tuple[Hashable, ...]:
    """What a game that says no more counts of a card over the whole deck: its types. A deck of
    such a game is judged whole for each reading of its names (check/readings.py)."""
    return (card.types,)


@record
class Game(Generic[P]):
    """A game: its formats (each with parameters of the game's kind P), its rules and zones, and
    what its reports, sheets and goldfish model need."""

    name: str
    title: str
    source: str  # the rulebook, as deckcheck rules names it
    formats: tuple[Format[P], ...]
    rules: tuple[Rule[P], ...]  # the game's own; the rules every game shares are added by the engine
    zones: tuple[Zone, ...]  # the zones a deck of this game may have, in the order it is written
    goldfish: str  # the module of its goldfish model (imported only by `goldfish`: it needs numpy)
    type_order: tuple[str, ...] = ()  # card types in the order a canonical deck groups them
    # card types that may not stand in a zone (deck.wrong-zone), e.g. a general in main
    forbidden_types: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    # "the same card" for copy limits and ban lists: the game's identity rule over a database
    # (None: the normalised name)
    identity: Callable[[CardDatabase], Callable[[Card], Hashable]] | None = None
    # what to tell a player whose names the bundled cards mostly do not know (where the full list is)
    full_card_list: str = ""
    # side-decking between games of a match (`deckcheck side`), for a game that has it
    side_swap: SwapRule | None = None
    # the rule over a team's two decks (`deckcheck team`), for a game that has teams
    team: TeamRule | None = None
    # the fields of its own an event file may have for this game's decks (Promised Land's scripture)
    event_fields: Mapping[str, EventField] = field(default_factory=dict)
    # the deck-check sheet: types written one card a line, and the totals its rules check beside
    # each zone's size (deck, params) -> [(what, figure)]
    listed_singly: tuple[str, ...] = ()
    sheet_totals: Callable[[Deck, P], list[tuple[str, str]]] | None = None
    # the deck-check sheet the game's hosts print, for a format (None: deckcheck's own grouping)
    official_sheet: Callable[[Format[P]], OfficialSheet] | None = None
    # the format of a deck that names none (None: the first of `formats`)
    default: str | None = None
    # words a pasted deck heads a group of cards with, besides the card types (`GE`, `Hero Enhancements`)
    group_names: tuple[str, ...] = ()
    # names errata gave cards, for a database on a date: a deck may write them, `fmt` writes them
    renamings: Callable[[CardDatabase, date], tuple[Renaming, ...]] | None = None
    # what the rules that count over the whole deck read of a card, one value per counter each
    # summed on its own (its types for a size by type, Redemption's Lost Souls and Dominants, ...):
    # names that may mean cards differing in it can change each other's verdict; names that cannot
    # are judged each by itself, and readings adding the same to every counter alike (check/ambiguity.py)
    counted: Callable[[Card, P], tuple[Hashable, ...]] = types_counted
    # cards its formats play beside a deck that no card list holds (Redemption's Paragons), which
    # `deckcheck cards` lists with the game's own
    kept_apart: Callable[[], CardDatabase] | None = None
    # which printings a format's pool holds (Redemption's Rotation pool, a card data format's sets):
    # "did you mean" offers them before the others; None: every card of the game
    pool: Callable[[Format[P]], Callable[[Card], bool]] | None = None
    # what a report says of a deck beside its findings (Redemption: a Paragon deck's Paragon and counts)
    noted: Callable[[Deck, P], list[str]] | None = None
    # the rules over the whole deck in force, each as limits on sums of what `counted` gives
    # (rules/sum_limits.py), for a deck as read: where it says them, a deck of titles past every number
    # of readings and of sums is still judged by each (check/ambiguity.py); None: such a deck's
    # names are each an error asking which card is meant
    sum_limits: Callable[[Deck, P], SumLimits] | None = None

    def zone(self, name: str) -> Zone | None:
        return next((zone for zone in self.zones if zone.name == name), None)

    def names(self, database: CardDatabase, as_of: date | None = None) -> NameIndex | RenamedIndex:
        """How a deck's names find the database's cards on `as_of` (today when None)."""
        if self.renamings is None:
            return database.names
        renamed = self.renamings(database, as_of or date.today())
        if not renamed:
            return database.names
        # one index per card list and errata in force, kept (with its list, so that no id is reused)
        # for every deck that asks: it remembers the names it resolved, and a folder repeats them
        key = (id(database), renamed)
        found = _RENAMED.get(key)
        if found is None or found[0] is not database:
            if len(_RENAMED) >= MOST_RENAMED:
                _RENAMED.clear()
            found = _RENAMED[key] = (database, RenamedIndex(database.names, renamed))
        return found[1]

    @property
    def match_rules(self) -> tuple[Rule, ...]:
        """The rules over two decks that `side` and `team` run, listed and ignored with the
        others: read from where they are wired, so a rule that runs is one the catalogue knows."""
        return tuple(wired.rule for wired in (self.side_swap,) if wired is not None) + tuple(
            wired.declared for wired in (self.team,) if wired is not None
        )

    @property
    def default_format(self) -> str:
        return self.default or self.formats[0].name

    def event_settings(self) -> dict[str, Mapping[str, Any]]:
        """The settings an event file may give this game's decks, as its formats' parameters declare them."""
        declared: dict[str, Mapping[str, Any]] = {}
        for each in self.formats:
            declared.update(type(each.params).event_settings())
        return declared

    def canonical_format(self, name: str) -> str:
        """A format's name for itself or one of its aliases as people write them, whatever their case,
        spaces and hyphens (`Type 2` -> type2, `Type 1 Limited` -> type1), or the name itself."""
        return format_keys(self.formats).get(format_key(name), name)

    def format(self, name: str, defined: tuple[dict, ...] = (), as_of: date | None = None) -> Format[P] | None:
        """The game's format `name` (or alias) in the version in force on `as_of`, or one the card
        data defines (its sets, the default's rules)."""
        return self.format_in_force(name, defined, as_of)[0]

    def known_format(self, name: str, defined: tuple[dict, ...] = (), as_of: date | None = None) -> Format[P]:
        """format() of a name known to be the game's (the registry's, or one format_named gave)."""
        chosen = self.format(name, defined, as_of)
        if chosen is None:
            raise LookupError(f"{self.name} has no format '{name}'")
        return chosen

    def format_in_force(self, name: str, defined: tuple[dict, ...] = (), as_of: date | None = None) -> tuple[Format[P] | None, bool]:
        """format(), and whether `as_of` came before the oldest version of it."""
        name = self.canonical_format(name)
        versions = [f for f in self.formats if f.name == name]
        if versions:
            return in_force(versions, as_of)
        data = next((f for f in defined if f["name"] == name), None)
        if data is None:
            return None, False
        # a card data's format is a pool: the default format's rules of the date, with its sets
        default, before_oldest = self.format_in_force(self.default_format, (), as_of)
        assert default is not None  # the default is one of the game's own formats
        label = data.get("label", name)
        version = f" {default.version}" if default.version else ""
        described = f"{label}: {default.name}{version} rules, cards of {plural(len(data['sets']), 'set')} only"
        return replace(default, name=name, description=described, sets=tuple(data["sets"]), aliases=()), before_oldest

    def format_names(self, defined: tuple[dict, ...] = ()) -> list[str]:
        return list(dict.fromkeys([f.name for f in self.formats] + [f["name"] for f in defined]))
