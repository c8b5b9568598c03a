"""Redemption's formats: the quick-start rulebook's, and one per category of each tournament rules
version (the version in force on the date checked is the one used). Each selects, from the one set
of rules in deck_rules.py, those its build has, and supplies their numbers (its DeckBuilding)."""

from __future__ import annotations

from functools import partial

from deckcheck.games.redemption.building import QUICKSTART, DeckBuilding, ban_reason
from deckcheck.games.redemption.deck_rules import (
    LIMIT_RULES,
    alignment_balance,
    deck_size,
    dominant_cap,
    exclusive_pair,
    lost_soul_count,
    reserve_content,
    reserve_size,
    site_cap,
    special_card_limit,
)
from deckcheck.games.redemption.duplicate_cards import quickstart_identity
from deckcheck.games.redemption.paragon import (
    ParagonBuilding,
    dominant_max,
    no_lost_souls,
    paragon_buildings,
    paragon_named,
    paragon_numbers,
)
from deckcheck.games.redemption.pools import format_sets
from deckcheck.games.redemption.rules_version import versions
from deckcheck.games.redemption.same_card import tournament_identity
from deckcheck.rules import Format, Rule


def rules_of(building: DeckBuilding) -> tuple[Rule[DeckBuilding], ...]:
    """The rules a build has (the engine adds those every game shares), in the order they report.
    Every build has redemption.paragon: a Paragon deck names its Paragon, another names none."""
    build, version = building.build, building.version
    paragon = isinstance(building, ParagonBuilding)
    own: list[Rule[DeckBuilding]] = [deck_size, paragon_named]
    own += [paragon_numbers, no_lost_souls] if paragon else [lost_soul_count]
    own += [r for r in LIMIT_RULES if build.limits_of(r.id)]
    if version.special_limits:
        own.append(special_card_limit)
    own += [site_cap, dominant_max if paragon else dominant_cap]
    if build.reserve is not None:
        own += [reserve_size, reserve_content]
    if build.alignment_balance:
        own.append(alignment_balance)
    if version.exclusive_pairs:
        own.append(exclusive_pair)
    return (*own, format_sets)


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
            building = DeckBuilding(version=version, category=category)
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
