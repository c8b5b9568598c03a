"""`deckcheck db lint`: the schema check of every file, then what a schema cannot see across
cards: duplicate ids, two cards with one name and nothing (brigade, art, set) to tell them apart,
numbers out of range. Every problem is `file:line:col: message`. `--coverage` counts, per type,
the cards each field is missing from."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from deckcheck.escaping import for_terminal, terminal_path
from deckcheck.loading.card_db import database_files
from deckcheck.loading.checked_yaml import FileProblems, load_checked, located, validator
from deckcheck.loading.names import normalise, slug

T = TypeVar("T")

HIGHEST = 99  # no card of these games prints a number above two digits
# the lowest value each number may take: Redemption's enhancements lower strength and toughness
NUMBERS = {
    "strength": -HIGHEST,
    "toughness": -HIGHEST,
    "cost": 0,
    "damage": 0,
    "armor": 0,
    "speed": 0,
    "capture_cost": 0,
    "recon": 0,
    "effort": 0,
    "offense": 0,
    "defense": 0,
    "wisdom": 0,
    "food": 0,
    "tokens": 0,
}
DISTINGUISHING = ("brigades", "art", "set", "image", "faction", "color")


@dataclass
class LintResult:
    problems: list[str] = field(default_factory=list)
    files: int = 0
    cards: int = 0
    # game -> type -> field -> cards of that type missing it; game -> type -> cards
    missing: dict[str, dict[str, Counter]] = field(default_factory=lambda: defaultdict(lambda: defaultdict(Counter)))
    by_type: dict[str, Counter] = field(default_factory=lambda: defaultdict(Counter))


def lint(paths: Iterable[Path]) -> LintResult:
    result = LintResult()
    seen: dict[tuple[str, str], str] = {}  # (game, id) -> where
    names: dict[tuple[str, str], list[tuple[dict, str]]] = defaultdict(list)
    for root in paths:
        if not root.exists():
            result.problems.append(located(root, None, "no such file or folder"))
            continue
        for path in database_files(root):
            result.files += 1
            try:
                document = load_checked(path, _schema_of(path))
            except FileProblems as exc:
                result.problems.extend(exc.problems)
                continue
            if _is_rules_version_file(path):
                continue
            game = document.data["game"]
            for index, card in enumerate(document.data["cards"]):
                position = document.position(("cards", index))
                where = f"{terminal_path(path)}:{position.line}:{position.column}" if position else terminal_path(path)
                result.cards += 1
                card_id = card.get("id") or slug(card["name"])
                if (game, card_id) in seen:
                    result.problems.append(f"{where}: duplicate id '{card_id}' (also at {seen[(game, card_id)]})")
                else:
                    seen[(game, card_id)] = where
                names[(game, normalise(card["name"]))].append((card, where))
                for key, lowest in NUMBERS.items():
                    value = card.get(key)
                    if isinstance(value, int) and not isinstance(value, bool) and not lowest <= value <= HIGHEST:
                        position = document.position(("cards", index, key))
                        result.problems.append(located(path, position, f"{key} {value} is out of range ({lowest} to {HIGHEST})"))
                _count_coverage(result, game, card)
    for group in names.values():
        for (a, where_a), (b, where_b) in _pairs(group):
            if all(a.get(key) == b.get(key) for key in DISTINGUISHING):
                result.problems.append(
                    f"{where_b}: '{for_terminal(b['name'])}' has the name of the card at {where_a} and nothing "
                    f"({', '.join(DISTINGUISHING)}) to tell them apart"
                )
    return result


def _is_rules_version_file(path: Path) -> bool:
    """A tournament rules version or the dictionary it uses (card_data/formats/<game>/), checked by its own schema."""
    return path.parent.parent.name == "formats"


# card_data/formats/<game>/ files with a schema of their own, by name (the others are rules versions)
_OWN_SCHEMA = {"sets": "{game}-sets", "set-names": "set-names", "paragon": "paragon-rules", "paragons": "paragons"}


def _schema_of(path: Path) -> str:
    """card_data/formats/<game>/: ordir-*.yaml a dictionary, sets.yaml the game's set dates, the
    Paragon format and its Paragons theirs, the rest rules versions."""
    if not _is_rules_version_file(path):
        return "card-db"
    if path.name.startswith("ordir-"):
        return "dictionary"
    return _OWN_SCHEMA.get(path.stem, "rules-version").format(game=path.parent.name)


def _pairs(group: list[T]) -> Iterator[tuple[T, T]]:
    for i, first in enumerate(group):
        for second in group[i + 1 :]:
            yield first, second


def _count_coverage(result: LintResult, game: str, card: dict) -> None:
    fields = _game_fields(game)
    kinds = card["type"] if isinstance(card["type"], list) else [card["type"]]
    for kind in kinds:
        result.by_type[game][kind] += 1
        for name in fields:
            if name not in card:
                result.missing[game][kind][name] += 1


def _game_fields(game: str) -> list[str]:
    document = validator("card-db").schema  # the validator's: assembled once a process
    schema = document["$defs"][game]["properties"] if isinstance(document, Mapping) else {}
    return [name for name in schema if name not in ("name", "id", "type", "notes", "tags", "title")]


def coverage_text(result: LintResult) -> str:
    from deckcheck.tables import tabulated

    parts = []
    for game, types in sorted(result.missing.items()):
        rows = []
        for kind, count in sorted(result.by_type[game].items()):
            missing = types.get(kind, Counter())
            shown = ", ".join(f"{name} {n}/{count}" for name, n in sorted(missing.items()) if n)
            rows.append((kind, count, shown or "-"))
        parts += [
            f"{game}: fields missing, per type (cards missing it / cards of the type)",
            tabulated(rows, headers=("type", "cards", "missing"), tablefmt="simple", maxcolwidths=[None, None, 90]),
            "",
        ]
    return "\n".join(parts)
