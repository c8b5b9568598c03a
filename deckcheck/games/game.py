"""What a game is to deckcheck: its formats (each with typed parameters the rules and the goldfish
model both read), its zones, its rules, its "same card", and where its goldfish model and card
fields are. A game package builds one Game in its rules.py; games/__init__.py lists the packages."""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from datetime import date
from typing import TYPE_CHECKING, Any, Callable, Hashable, Mapping

from deckcheck.model import Card, Zone
from deckcheck.rules import Rule
from deckcheck.rules.common import COMMON_RULES
from deckcheck.rules.shapes import same_name

if TYPE_CHECKING:
    from deckcheck.loading.card_db import CardDatabase


def setting(default: Any) -> Any:
    """A parameter that is also a game setting: reports and goldfish runs state it, and an event
    file's `settings:` may change it (life points, a wisdom target, ...)."""
    return field(default=default, metadata={"setting": True})


@dataclass(frozen=True, kw_only=True)
class Params:
    """The numbers of a format that rules and the goldfish model read; each game extends it."""

    opening_hand: int = setting(7)
    draws_per_turn: int = setting(1)

    def settings(self) -> dict[str, Any]:
        """The game settings in force, as reports state them."""
        return {f.name: getattr(self, f.name) for f in fields(self) if f.metadata.get("setting")}

    def with_settings(self, chosen: Mapping[str, Any]) -> "Params":
        """These parameters with the settings an event chose (those this game has)."""
        names = {f.name for f in fields(self) if f.metadata.get("setting")}
        return replace(self, **{key: value for key, value in chosen.items() if key in names})


@dataclass(frozen=True)
class Format:
    """A way of playing a game: its description and parameters. A format whose rules change by
    date exists once per rules version, each with the date it took effect."""

    name: str
    description: str
    params: Params = field(default_factory=Params)
    sets: tuple[str, ...] | None = None  # a format the card data defines: only cards of these sets
    rules: tuple[Rule, ...] | None = None  # the format's own rules, in place of the game's
    rule_texts: Mapping[str, tuple[str, str]] = field(default_factory=dict)  # id -> (summary, source) it words its own way
    identity: Callable[["CardDatabase"], Callable[[Card], Hashable]] | None = None  # its own "same card"
    version: str | None = None  # the rules version this format is part of
    effective: date | None = None  # the date that version took effect
    aliases: tuple[str, ...] = ()
    card_list_bans: bool = True  # whether the card data's own Banned mark applies
    banned: Callable[[Card], str | None] | None = None  # the format's own ban list: why a card is on it

    @property
    def settings(self) -> dict[str, Any]:
        return self.params.settings()


def in_force(versions: list[Format], as_of: date | None) -> tuple[Format, bool]:
    """The version in force on `as_of` (today when None), and whether `as_of` comes before the
    oldest version (which is then the one used)."""
    dated = sorted(versions, key=lambda f: f.effective or date.min)
    when = as_of or date.today()
    current = [f for f in dated if (f.effective or date.min) <= when]
    return (current[-1], False) if current else (dated[0], True)


def _by_name(database: "CardDatabase") -> Callable[[Card], Hashable]:
    return same_name


@dataclass(frozen=True)
class Game:
    name: str
    title: str
    source: str  # the rulebook, as deckcheck rules names it
    formats: tuple[Format, ...]  # the first is the default
    rules: tuple[Rule, ...]  # the game's own; the rules every game shares are added by the engine
    zones: tuple[Zone, ...]  # the zones a deck of this game may have, in the order it is written
    goldfish: str  # the module of its goldfish model (imported only by `goldfish`: it needs numpy)
    type_order: tuple[str, ...] = ()  # card types in the order a canonical deck groups them
    # card types that may not stand in a zone (deck.wrong-zone), e.g. a general in main
    forbidden_types: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    # "the same card" for copy limits and ban lists: the game's identity rule over a database
    identity: Callable[["CardDatabase"], Callable[[Card], Hashable]] = _by_name

    def zone(self, name: str) -> Zone | None:
        return next((zone for zone in self.zones if zone.name == name), None)

    @property
    def default_format(self) -> str:
        return self.formats[0].name

    def canonical_format(self, name: str) -> str:
        """A format's name for one of its aliases (limited -> type1), or the name itself."""
        return next((f.name for f in self.formats if name in f.aliases), name)

    def format(self, name: str, defined: tuple[dict, ...] = (), as_of: date | None = None) -> Format | None:
        """The game's format `name` (or alias) in the version in force on `as_of`, or one the card
        data defines (its sets, the default's rules)."""
        return self.format_in_force(name, defined, as_of)[0]

    def format_in_force(self, name: str, defined: tuple[dict, ...] = (), as_of: date | None = None) -> tuple[Format | None, bool]:
        """format(), and whether `as_of` came before the oldest version of it."""
        name = self.canonical_format(name)
        versions = [f for f in self.formats if f.name == name]
        if versions:
            return in_force(versions, as_of)
        data = next((f for f in defined if f["name"] == name), None)
        if data is None:
            return None, False
        default = self.formats[0]
        label = data.get("label", name)
        described = f"{label}: {default.name} rules, cards of {len(data['sets'])} sets only"
        return Format(name, described, default.params, tuple(data["sets"])), False

    def format_names(self, defined: tuple[dict, ...] = ()) -> list[str]:
        return list(dict.fromkeys([f.name for f in self.formats] + [f["name"] for f in defined]))

    def rules_of(self, chosen: Format | None) -> tuple[Rule, ...]:
        """Every rule a deck of this format is checked by: those every game shares, then the
        format's own (or the game's), each worded as the format words it."""
        own = chosen.rules if chosen is not None and chosen.rules else self.rules
        texts = chosen.rule_texts if chosen is not None else {}
        return tuple(
            replace(rule, summary=texts[rule.id][0], source=texts[rule.id][1]) if rule.id in texts else rule for rule in COMMON_RULES + own
        )
