"""The 58 championship decks as players post them (issue 47): each export of
../shared/data/redemption-nationals-2024 rewritten, at test time, in the posting styles people use
(Discord, forums, phones, the community app, a store's product page, ...) and by title and set
abbreviation, must get the verdict and the rule ids of the export it was made from. The decks are
not copied into this repository: the styles below are what is ours."""

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from deckcheck.check import CheckOptions, check_file
from deckcheck.games import game_named
from deckcheck.loading.card_db import Databases, load_databases
from deckcheck.loading.set_names import set_codes

from conftest import SHARED, exported_lines

NATIONALS = SHARED / "data" / "redemption-nationals-2024" / "decks"
DECKS = sorted(NATIONALS.glob("*.txt")) if NATIONALS.is_dir() else []

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not DECKS, reason="../shared/data/redemption-nationals-2024 is not beside this checkout"),
]

Line = tuple[str, int, str]  # zone, count, name as exported

# how posts head a card type's group (the words players use, plural)
GROUPS = {
    "lost_soul": "Lost Souls",
    "hero": "Heroes",
    "evil_character": "Evil Characters",
    "good_enhancement": "Good Enhancements",
    "evil_enhancement": "Evil Enhancements",
    "good_dominant": "Dominants",
    "evil_dominant": "Dominants",
    "site": "Sites",
    "fortress": "Fortresses",
    "artifact": "Artifacts",
    "covenant": "Covenants",
    "curse": "Curses",
}


@pytest.fixture(scope="module")
def real(real_database):
    return Databases(load_databases([real_database[0]]))


@pytest.fixture(scope="module")
def names(real):
    """How check finds the export's names (errata names and all): each card's facts for the writers."""
    return game_named("redemption").names(real.for_game("redemption"))


def _verdict(report) -> tuple[bool, list[str]]:
    return report.legal, sorted({f.rule for f in report.findings})


def _check(text: str, databases: Databases):
    return check_file(Path("deck.txt"), CheckOptions(game="redemption"), databases, text.encode("utf-8"))


def _zones(
    lines: list[Line], reserve: str, write: Callable[[int, str], str], head: Callable[[str], list[str]] = lambda zone: []
) -> list[str]:
    out, zone = head("main"), "main"
    for where, count, name in lines:
        if where != zone:
            out += ["", reserve, *head(where)]
            zone = where
        out.append(write(count, name))
    return out


def _grouped(lines: list[Line], database, header: Callable[[str, int], str], write: Callable[[int, str], str]) -> list[str]:
    """The deck in groups of a card type, each under `header(words, size)`, the Reserve last."""
    out: list[str] = []
    for zone in ("main", "reserve"):
        groups: dict[str, list[tuple[int, str]]] = {}
        for where, count, name in lines:
            if where == zone:
                found = database.resolve(name).printings  # (none for a name the export misspells)
                groups.setdefault(GROUPS.get(found[0].types[0], "Other") if found else "Other", []).append((count, name))
        if zone == "reserve" and groups:
            out += ["", "Reserve:"]
        for words, cards in groups.items():
            out += ["", header(words, sum(c for c, _ in cards))] + [write(c, n) for c, n in cards]
    return out


def _curly(name: str) -> str:
    return re.sub(r'"([^"]*)"', "\u201c\\1\u201d", name).replace("-", "\u2013") if "Lost Soul" in name else name.replace("'", "\u2019")


def _store(name: str) -> str:
    """A Lost Soul as the store's product page writes it: its nickname in doubled apostrophes, its reference in parentheses."""
    return re.sub(r"\[([^\[\]]*\d:\d[^\[\]]*)\]", r"(\1)", name.replace('"', "''")) if name.startswith("Lost Soul") else name


STYLES: dict[str, Callable[[list[Line], object], list[str]]] = {
    "discord bold headers": lambda lines, db: _grouped(lines, db, lambda w, n: f"**{w} ({n})**", lambda c, n: f"{c}x {n}"),
    "forum 1x with brackets": lambda lines, db: _zones(lines, "[b]Reserve[/b]", lambda c, n: f"{c}x {n}"),
    "x1 suffixes": lambda lines, db: _zones(lines, "Reserve:", lambda c, n: f"{n} x{c}"),
    "app export": lambda lines, db: _zones(lines, "Reserve:", lambda c, n: f"{c} {n}"),
    "by-set export": lambda lines, db: _grouped(lines, db, lambda w, n: f"{w}:", lambda c, n: f"{c}\t{n}"),
    "phone paste, dashes and curly quotes": lambda lines, db: _zones(lines, "Reserve \u2013", lambda c, n: f"- {c} {_curly(n)}"),
    "prose sections": lambda lines, db: (
        ["Here is what I am bringing, feedback welcome!", ""]
        + _grouped(lines, db, lambda w, n: f"{w} - {n}", lambda c, n: f"{c} {n}")
        + ["", "Thanks for looking!"]
    ),
    "counts only where a card repeats (x2)": lambda lines, db: _zones(lines, "Reserve", lambda c, n: n if c == 1 else f"{n} x{c}"),
    "markdown": lambda lines, db: ["# My deck", ""] + _grouped(lines, db, lambda w, n: f"## {w}", lambda c, n: f"* {c} {n}"),
    "store product page": lambda lines, db: _grouped(lines, db, lambda w, n: w, lambda c, n: f"{c} {_store(n)}"),
    "bare names": lambda lines, db: _zones(lines, "Reserve:", lambda c, n: "\n".join([n] * c)),
}


SKIPS_A_SENTENCE = {"prose sections"}


@pytest.mark.parametrize("style", STYLES)
def test_each_championship_deck_posted_in_a_style_gets_its_exports_verdict(real, names, style):
    database = names
    differ = []
    for path in DECKS:
        lines = exported_lines(path)
        legal, rules = _verdict(_check(path.read_text(encoding="utf-8"), real))
        # a closing sentence is skipped, as a warning saying so: the verdict is the export's
        expected = (legal, sorted({*rules, "deck.skipped-line"}) if style in SKIPS_A_SENTENCE else rules)
        text = "\n".join(STYLES[style](lines, database)) + "\n"
        got = _verdict(_check(text, real))
        if got != expected:
            differ.append((path.stem, expected, got))
    assert differ == [], f"{len(differ)} of {len(DECKS)} differ"


def _abbreviation(code: str) -> str:
    """The first way set-names.yaml writes a set code (the dictionary's abbreviation, where it has one)."""
    for written, codes in set_codes("redemption").items():
        if codes == {code.casefold()}:
            return written
    return code


@pytest.mark.parametrize("brackets", ["()", "[]"])
def test_each_championship_deck_by_title_and_set_gets_its_exports_verdict(real, brackets):
    """Each card written by its title and its set's abbreviation (`Golgotha (GC)`), as the export's
    check read it (a name the card list gives two cards stays as written), with counts only where a
    card repeats, gets the export's verdict and rule ids; but where the written name is itself
    another printing's exact name outside the pool (the pool is of printings)."""
    database = real.for_game("redemption")
    differ = []
    for path in DECKS:
        exported = _check(path.read_text(encoding="utf-8"), real)
        lines, collisions = [], set()
        for line in exported.cards:
            card = database.by_id.get(line.id or "")
            written = (
                line.name
                if card is None
                else f"{card.get('title') or card.name} {brackets[0]}{_abbreviation(str(card.get('set')))}{brackets[1]}"
            )
            lines.append(("reserve" if line.zone == "side" else "main", line.count, written))
            exact = database.names.resolve(written).card
            if card is not None and exact is not None and exact.id != card.id:
                collisions.add(written)  # another printing's own name: that printing
        text = "\n".join(_zones(lines, "Reserve:", lambda c, n: n if c == 1 else f"{n} x{c}")) + "\n"
        written = _check(text, real)
        expected, got = _verdict(exported), _verdict(written)
        if got != expected:
            # `Goliath's Spear (L)`, title and set, is the exact name of the out-of-pool printing of the
            # card `Goliath's Spear [L]` (the pool is of printings): an error naming the printing to write
            other = [f for f in written.findings if f.rule not in expected[1]]
            assert other and all(f.rule == "redemption.format-sets" and "write the one meant" in f.message for f in other), path.stem
            assert {card for f in other for card in f.cards} <= collisions, path.stem
            differ.append(path.stem)
    print(f"{len(DECKS) - len(differ)} of {len(DECKS)} the export's; where not, an exact name of another printing: {differ}")
