"""Redemption's formats: the quick-start rulebook's, and one per category of each tournament rules
version (the version in force on the date checked is the one used). Each selects, from the one set
of rules in deck_rules.py, those its build has, and supplies their numbers (its DeckBuilding)."""

from __future__ import annotations

from functools import partial

from deckcheck.games.redemption.building import QUICKSTART, DeckBuilding, ban_reason, building_for
from deckcheck.games.redemption.copy_limits import LIMIT_RULES, special_card_limit
from deckcheck.games.redemption.deck_rules import (
    alignment_balance,
    deck_size,
    dominant_cap,
    exclusive_pair,
    lost_soul_count,
    reserve_content,
    reserve_size,
    site_cap,
)
from deckcheck.games.redemption.duplicate_cards import quickstart_identity
from deckcheck.games.redemption.paragon import (
    dominant_max,
    no_lost_souls,
    paragon_buildings,
    paragon_named,
    paragon_numbers,
)
from deckcheck.games.redemption.pools import format_sets
from deckcheck.games.redemption.rules_version import Where, versions
from deckcheck.games.redemption.same_card import tournament_identity
from deckcheck.loading.checked_yaml import FileProblems, load_checked, located
from deckcheck.registry import close_to
from deckcheck.rules import Format, Rule

# every rule a Redemption build may name in its data, by id (the engine adds those every game shares)
RULES: dict[str, Rule[DeckBuilding]] = {
    each.id: each
    for each in (
        deck_size,
        paragon_named,
        lost_soul_count,
        paragon_numbers,
        no_lost_souls,
        *LIMIT_RULES,
        special_card_limit,
        site_cap,
        dominant_cap,
        dominant_max,
        reserve_size,
        reserve_content,
        alignment_balance,
        exclusive_pair,
        format_sets,
    )
}


def rules_of(building: DeckBuilding) -> tuple[Rule[DeckBuilding], ...]:
    """The rules a build names in its data, in the order they report. Raises FileProblems, each
    at its line, for an id no rule has, and for a copy limit of a rule the build does not run: a
    misspelt id would otherwise switch its limit off without a word."""
    build = building.build
    problems: list[tuple[tuple[str | int, ...], str]] = [
        (("rules", index), f"no rule has the id {rule_id!r}{close_to(rule_id, list(RULES))}")
        for index, rule_id in enumerate(build.rules)
        if rule_id not in RULES
    ]
    problems += [
        (("limits", index, "rule"), f"a copy limit of {limit.rule!r}, a rule this build does not run (its rules: name it there)")
        for index, limit in enumerate(build.limits)
        if limit.rule not in build.rules
    ]
    if dominant_max.id in build.rules and build.dominants is None:
        problems.append(
            (("rules", build.rules.index(dominant_max.id)), f"{dominant_max.id!r} reads the build's dominants:, which it does not set")
        )
    limits = {rule.id for rule in LIMIT_RULES}
    problems += [
        (("rules", index), f"{rule_id!r} caps nothing: the build has no copy limit of it (limits:)")
        for index, rule_id in enumerate(build.rules)
        if rule_id in limits and not build.limits_of(rule_id)
    ]
    if problems:
        raise FileProblems(_located(build.where, problems))
    return tuple(RULES[rule_id] for rule_id in build.rules)


def _located(where: Where | None, problems: list[tuple[tuple[str | int, ...], str]]) -> list[str]:
    """Each problem as `file:line:col: message`, at the place in the build's file it is about."""
    if where is None:
        return [message for _, message in problems]
    document = load_checked(where.path, where.schema, remember=False)
    return [located(where.path, document.position((*where.keys, *keys)), message) for keys, message in problems]


QUICKSTART_FORMAT = Format(
    "quickstart",
    "the quick-start rulebook's deck building rules",
    QUICKSTART,
    identity=quickstart_identity,
)


def paragon_formats() -> tuple[Format, ...]:
    """The Paragon format, once for each date its rules or the deck building rules beside them change."""
    found = []
    for building in paragon_buildings():
        carried = building.version
        reserve = building.build.reserve[1] if building.build.reserve else 0
        description = (
            f"Paragon: {building.build.deck[0]} cards led by a Paragon, a Reserve of up to {reserve}, "
            f"no Lost Souls, without the sets the web app excludes ({len(building.category.excluded_sets)} set codes) "
            f"(Paragon Format Rules {building.paragon.version} "
            f"with Type 1 of {carried.title}, from {building.effective.isoformat()})"
            + (f"; {building.paragon.note}" if building.paragon.note else "")
        )
        found.append(
            Format(
                building.category.name,
                description,
                building,
                rules=rules_of(building),
                identity=partial(tournament_identity, version=carried),
                version=f"paragon {building.paragon.version} with {carried.version}",
                effective=building.effective,
                card_list_bans=False,
                banned=partial(ban_reason, building),
            )
        )
    return tuple(found)


def tournament_formats() -> tuple[Format, ...]:
    formats = []
    for version in versions():
        for category in version.categories.values():
            building = building_for(version, category)
            build = category.build
            pool = "the Rotation pool" if category.pool == "rotation" else "every card"
            reserve = build.reserve[1] if build.reserve else 0
            effective = version.effective.isoformat() if version.effective else "undated"
            description = (
                f"{category.label}: {build.deck[0]}-{build.deck[1]} cards, a Reserve of up to {reserve}, "
                f"{pool} ({version.title}, from {effective})"
            )
            formats.append(
                Format(
                    category.name,
                    description,
                    building,
                    rules=rules_of(building),
                    identity=partial(tournament_identity, version=version),
                    version=version.version,
                    effective=version.effective,
                    aliases=category.aliases,
                    card_list_bans=version.card_list_bans,
                    banned=partial(ban_reason, building),
                )
            )
    return (*formats, *paragon_formats())
