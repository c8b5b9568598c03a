"""Redemption's Paragon format (card_data/formats/redemption/paragon.yaml): 40-card decks led by a
Paragon (paragons.py), no Lost Souls in decks (the game plays a shared Soul Deck), the Paragon's
five numbers counted over deck and Reserve. What the rules' text does not settle is the web app's
reading, marked provisional in the data; the two open questions are settings an event chooses.

Each Paragon version is played with the Type 1 rules that carry over from the deck building rules
in force on the same date (exclusive pairs, special cards, Sites and Cities, "same card"): the
format exists once for each date either changes.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import date
from functools import cache
from typing import Any

from deckcheck.games.redemption.building import DOMINANTS, DeckBuilding
from deckcheck.games.redemption.paragons import KINDS, PARAGON, Paragon, paragons
from deckcheck.games.redemption.rules_version import Build, Category, RulesVersion, Where, alignment, build_of, versions
from deckcheck.loading import resources
from deckcheck.loading.checked_yaml import checked_data
from deckcheck.model import Card, Deck, Entry, Finding, Severity
from deckcheck.records import record
from deckcheck.rules import Doc, Example, Findings, rule, setting
from deckcheck.wording import plural

NAME = "paragon"
LISTED = 6  # cards a numbers finding names of each kind
_KIND_WORDS = {
    "primary_good": "{good} good",
    "other_good": "other good",
    "neutral": "neutral",
    "primary_evil": "{evil} evil",
    "other_evil": "other evil",
}


@record
class ParagonVersion:
    """A version of the Paragon format's rules and the day it took effect."""

    version: str
    effective: date
    note: str | None


@record
class ParagonRules:
    """The format's rules as data: its versions, its build (the rules it runs and their numbers),
    the most Dominants, and its pool."""

    title: str
    source: str
    versions: tuple[ParagonVersion, ...]
    excluded_sets: frozenset[str]
    build: Build


@cache
def paragon_rules() -> ParagonRules:
    path = resources.format_rules_folder("redemption") / "paragon.yaml"
    data = checked_data(path, "paragon-rules")
    return ParagonRules(
        title=data["title"],
        source=data["source"],
        versions=tuple(
            ParagonVersion(v["version"], date.fromisoformat(v["effective"]), v.get("note"))
            for v in sorted(data["versions"], key=lambda v: v["effective"])
        ),
        excluded_sets=frozenset(data["excluded_sets"]),
        build=build_of(NAME, data["build"], {}, Where(path, "paragon-rules", ("build",))),
    )


@dataclass(frozen=True, kw_only=True)
class ParagonBuilding(DeckBuilding):
    """A Paragon version, with the deck building rules in force beside it (`version`, whose
    Type 1 lists carry over), and the event's answers to the questions the rules' text leaves open."""

    paragon: ParagonVersion
    effective: date  # the date this pairing of Paragon and deck building rules took effect
    shared_souls: int = 21  # the shared Soul Deck (the web app's reading; 3 of it in play)
    # "exact" (the web app's reading) or "at_least": whether each number is the count or its least
    paragon_numbers: str = setting("exact", event={"enum": ["exact", "at_least"]})
    # a card of two brigades, one the Paragon's: "primary" (the web app's reading) or "other"
    paragon_two_brigades: str = setting("primary", event={"enum": ["primary", "other"]})

    def __reduce__(self) -> tuple[Any, ...]:
        # the rules versions hold read-only mappings, which do not pickle: a worker finds them again
        return (_building_again, (self.effective, self.settings()))

    def section(self, key: str) -> str:
        """The Paragon rules for the build and what they add; the deck building rules' own sections for what carries over."""
        if key in ("build", NAME):
            return f"{paragon_rules().title} {self.paragon.version}"
        return self.version.section(key)

    def references(self) -> dict[str, str]:
        return {**super().references(), NAME: f"{paragon_rules().title} {self.paragon.version}"}


def _building_again(effective: date, settings: Mapping[str, Any]) -> ParagonBuilding:
    """The Paragon building of that date, with the settings the run chose (an event's, --win-at)."""
    return next(b for b in paragon_buildings() if b.effective == effective).with_settings(settings)


def _category(rules: ParagonRules) -> Category:
    return Category(NAME, "Paragon", (), rules.build, "all", excluded_sets=rules.excluded_sets)


def _in_force(tournament: list[RulesVersion], when: date) -> RulesVersion:
    current = [v for v in tournament if v.effective is not None and v.effective <= when]
    return current[-1] if current else tournament[0]


@cache
def paragon_buildings() -> tuple[ParagonBuilding, ...]:
    """One for each date the Paragon rules or the deck building rules beside them change, from
    the first Paragon version (before the oldest deck building rules, the oldest are applied: their
    own date changes nothing then)."""
    rules = paragon_rules()
    category = _category(rules)
    tournament = [v for v in versions() if v.effective is not None]
    dates = sorted({v.effective for v in rules.versions} | {v.effective for v in tournament if v.effective})
    found: list[ParagonBuilding] = []
    for when in (d for d in dates if d >= rules.versions[0].effective):
        version, paragon = _in_force(tournament, when), [p for p in rules.versions if p.effective <= when][-1]
        if not found or (found[-1].version, found[-1].paragon) != (version, paragon):
            found.append(
                ParagonBuilding(
                    version=version, category=category, paragon=paragon, effective=when, rescues_to_win=category.build.rescues_to_win
                )
            )
    return tuple(found)


# --- what a Paragon deck counts ------------------------------------------------------------------


def the_paragon(deck: Deck) -> Paragon | None:
    """The Paragon a deck names (the first, where it names several), or None."""
    named = next((e.card.name for e in deck.entries(NAME) if e.card is not None and e.card.is_a(PARAGON)), None)
    return next((p for p in paragons() if p.name == named), None)


def kind_of(card: Card, paragon: Paragon, building: ParagonBuilding) -> str | None:
    """Which of the Paragon's five numbers a card counts toward (None: a Lost Soul, counted by none)."""
    if card.is_a("lost_soul"):
        return None
    return kind_of_side(alignment(card), frozenset(card.get("brigades") or ()), paragon, building)


def kind_of_side(side: str, brigades: frozenset[str], paragon: Paragon, building: ParagonBuilding) -> str:
    """Which number a card of this alignment and these brigades counts toward, a Lost Soul aside
    (what `counted` gives of a card in a Paragon deck: its limits read it so)."""
    if side == "neutral":
        return "neutral"
    own = paragon.good if side == "good" else paragon.evil
    primary = own in brigades and (building.paragon_two_brigades == "primary" or len(brigades) == 1)
    return f"{'primary' if primary else 'other'}_{side}"


def counted(deck: Deck, paragon: Paragon, building: ParagonBuilding) -> dict[str, list[Entry]]:
    """The deck's and Reserve's entries by the number each counts toward."""
    kinds: dict[str, list[Entry]] = {kind: [] for kind in KINDS}
    for entry in deck.entries("main", "side"):
        kind = kind_of(entry.card, paragon, building) if entry.card is not None else None
        if kind is not None:
            kinds[kind].append(entry)
    return kinds


def tallies(deck: Deck, building: DeckBuilding) -> tuple[Paragon, list[tuple[str, int, int]]] | None:
    """A Paragon deck's Paragon and, for each of its numbers, what it counts, the deck's count
    and the Paragon's; None for a deck of another format or naming no known Paragon."""
    if not isinstance(building, ParagonBuilding):
        return None
    paragon = the_paragon(deck)
    if paragon is None:
        return None
    kinds = counted(deck, paragon, building)
    return paragon, [(described(kind, paragon), sum(e.count for e in kinds[kind]), paragon.numbers[kind]) for kind in KINDS]


def noted(deck: Deck, building: DeckBuilding) -> list[str]:
    """What a report says of a Paragon deck beside its findings: its Paragon and its five counts."""
    found = tallies(deck, building)
    if found is None:
        return []
    paragon, rows = found
    counts = ", ".join(f"{what} {have} of {wanted}" for what, have, wanted in rows)
    return [f"Paragon {paragon.name} ({paragon.title}): {counts}"]


def described(kind: str, paragon: Paragon) -> str:
    words = _KIND_WORDS[kind]
    return words.format(good=paragon.good.replace("_", " ").title(), evil=paragon.evil.replace("_", " ").title()) + " cards"


def _listed(entries: list[Entry]) -> str:
    names = [f"{e.card.name if e.card else e.typed}" + (f" x{e.count}" if e.count > 1 else "") for e in entries[:LISTED]]
    more = f", and {plural(len(entries) - LISTED, 'other')}" if len(entries) > LISTED else ""
    return ": " + ", ".join(names) + more if names else ""


# --- its rules -----------------------------------------------------------------------------------

_EXAMPLE_CARDS = "game: redemption\ncards:\n  - {name: Moses (Pa), id: ex-moses, set: RR, type: hero, brigades: [blue], alignment: good}\n"


@rule(
    "redemption.paragon",
    Severity.ERROR,
    lambda building: (
        "the deck names its Paragon (paragon: NAME), one of the 42, not among its cards"
        if isinstance(building, ParagonBuilding)
        else "no Paragon: only a Paragon deck names one"
    ),
    lambda building: building.section(NAME) if isinstance(building, ParagonBuilding) else building.section("build"),
    doc=Doc(
        what="A Paragon deck names its Paragon, one of the 42 (`paragon: Abraham` in YAML, `Paragon: Abraham` on a line of "
        "a text deck), outside its 40 cards; a deck of another format names none.",
        why="The Paragon sets the numbers the deck is built to and is in play from the start: a judge must know which.",
        example=Example(
            "game: redemption\nformat: type1\nparagon: Abraham\nmain:\n  Moses (Pa): 1\n",
            "game: redemption\nformat: type1\nmain:\n  Moses (Pa): 1\n",
            cards=_EXAMPLE_CARDS,
        ),
    ),
    reads=DeckBuilding,
)
def paragon_named(deck: Deck, findings: Findings[DeckBuilding]) -> Iterator[Finding]:
    named = list(deck.entries(NAME))
    if not isinstance(findings.params, ParagonBuilding):
        if named:
            label = findings.params.category.label
            yield findings.about_entries(named, f"a {label} deck plays no Paragon; only a Paragon deck names one (format: paragon)")
        return
    if not named:
        yield findings.about_zone("main", "a Paragon deck names its Paragon: `paragon: NAME` (deckcheck cards --type paragon lists them)")
    elif len(named) > 1 or named[0].count > 1:
        yield findings.about_entries(named, f"a deck plays one Paragon; this one names {plural(sum(e.count for e in named), 'Paragon')}")


@rule(
    "redemption.paragon-numbers",
    Severity.ERROR,
    lambda building: (
        f"the Paragon's five numbers, {'exactly' if getattr(building, 'paragon_numbers', 'exact') == 'exact' else 'at least'}: "
        "good cards of its good brigade, other good cards, neutral cards, evil cards of its evil brigade, other evil cards, "
        "over deck and Reserve (Lost Souls aside; a good and evil card is neutral)"
    ),
    lambda building: building.section(NAME),
    doc=Doc(
        what="The deck and Reserve together hold the numbers the Paragon prints: good cards of its good brigade (primary "
        "good), other good cards, neutral cards, evil cards of its evil brigade (primary evil) and other evil cards. Lost Souls "
        "count toward none; Dominants count by their alignment; a card both good and evil counts as neutral.",
        why="The numbers are what makes each Paragon's deck its own: 42 Paragons, 42 shapes of deck.",
        no_example="a deck of 40 singletons; tests/games/test_redemption_paragon.py builds one to Abraham's numbers and one short of them",
    ),
    reads=DeckBuilding,
)
def paragon_numbers(deck: Deck, findings: Findings[DeckBuilding]) -> Iterator[Finding]:
    building = findings.params
    if not isinstance(building, ParagonBuilding):
        return
    paragon = the_paragon(deck)
    if paragon is None:
        return  # redemption.paragon says what is missing
    exact = building.paragon_numbers == "exact"
    for kind, entries in counted(deck, paragon, building).items():
        have, wanted = sum(e.count for e in entries), paragon.numbers[kind]
        if have == wanted or (not exact and have > wanted):
            continue
        wants = f"{paragon.name} wants {'' if exact else 'at least '}{wanted} {described(kind, paragon)}"
        finding = f"{wants}; this deck has {have}{_listed(entries)}"
        yield findings.about_entries(entries[:LISTED], finding) if entries else findings.about_zone("main", finding)


@rule(
    "redemption.no-lost-souls",
    Severity.ERROR,
    "no Lost Soul in the deck: the game plays a shared Soul Deck",
    lambda building: building.section(NAME),
    doc=Doc(
        what="A Paragon deck holds no Lost Soul: the game plays a shared Soul Deck of 21 Lost Souls that no player owns.",
        why="Every player rescues from the same souls; a deck's own would be souls only its opponent could rescue.",
        no_example="a Paragon deck is 40 singletons; tests/games/test_redemption_paragon.py puts a Lost Soul in one",
    ),
    reads=DeckBuilding,
)
def no_lost_souls(deck: Deck, findings: Findings[DeckBuilding]) -> Iterator[Finding]:
    souls = [e for e in deck.entries("main") if e.card is not None and e.card.is_a("lost_soul")]
    if souls:
        said = f"{plural(sum(e.count for e in souls), 'Lost Soul')} in a {findings.params.category.label} deck; it may hold none"
        yield findings.about_entries(souls, said + _listed(souls))


@rule(
    "redemption.dominant-max",
    Severity.ERROR,
    lambda building: f"at most {building.build.dominants} Dominants",
    lambda building: building.section(NAME),
    doc=Doc(
        what="A Paragon deck holds at most 7 Dominants, good and evil together (one of each, as redemption.dominant-limit says).",
        why="Without Lost Souls of its own a Paragon deck has no Dominant cap by Lost Souls; the format sets a number instead.",
        no_example="a Paragon deck is 40 singletons; tests/games/test_redemption_paragon.py puts 8 Dominants in one",
    ),
    reads=DeckBuilding,
)
def dominant_max(deck: Deck, findings: Findings[DeckBuilding]) -> Iterator[Finding]:
    most = findings.params.build.dominants
    if most is None:
        return  # a build that names the rule without its number: the data's load check says so
    dominants = [e for e in deck.entries("main", "side") if e.card is not None and e.card.is_a(*DOMINANTS)]
    have = sum(e.count for e in dominants)
    if have > most:
        yield findings.about_entries(
            dominants, f"{plural(have, 'Dominant')}; a {findings.params.category.label} deck may hold at most {most}{_listed(dominants)}"
        )
