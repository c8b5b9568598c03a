"""No number inside the resolver changes a verdict, and its work stays bounded (issue 48, part 2).

A reading of a deck's names is judged in parts (check/readings.py): each card's lines alone by the
rules by card, the rules over the whole deck on the deck in short. Here the parts are held to the
whole deck judged at once, reading after reading, on decks of titles of several kinds built for it
and on the 58 championship decks written by title; and titles of several cards get every reading's
verdict however many a deck names."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from deckcheck.check import CheckOptions, load_deck, readings
from deckcheck.check.ambiguity import _names, judge
from deckcheck.check.readings import Readings
from deckcheck.loading.card_db import Databases, load_databases

from conftest import SHARED, exported_lines, run

# card types no Type 1 rule counts over the whole deck (Lost Souls, Dominants, Sites and Cities are)
UNCOUNTED = ("hero", "evil_character", "good_enhancement", "evil_enhancement", "artifact", "fortress", "covenant", "curse")
COUNTED = ("lost_soul", "good_dominant", "evil_dominant", "site", "city")


def _cards(tmp_path: Path, titles: int, kinds_of) -> Path:
    """A Redemption card list: fillers of each side, 30 Lost Souls, and `titles` titles each printed
    as the kinds `kinds_of(i)` gives (different cards of one title)."""
    cards = "".join(
        f"  - {{name: Good {i}, type: hero, brigades: [white]}}\n  - {{name: Evil {i}, type: evil_character, brigades: [black]}}\n"
        for i in range(80)
    )
    cards += "".join(f"  - {{name: Soul {i}, type: lost_soul, reference: 'Psalm {i}:1'}}\n" for i in range(30))
    cards += "".join(
        f"  - {{name: Title {i} ({kind}), id: title-{i}-{kind}, title: Title {i}, type: {kind}, brigades: [white]}}\n"
        for i in range(titles)
        for kind in kinds_of(i)
    )
    (tmp_path / "cards.yaml").write_text("game: redemption\ncards:\n" + cards)
    return tmp_path / "cards.yaml"


def _deck(titles: int, souls: int, size: int, format_name: str) -> str:
    lines = [f"1 Soul {i}" for i in range(souls)] + [f"1 Title {i}" for i in range(titles)]
    lines += [f"1 {side} {i}" for i in range(80) for side in ("Good", "Evil")][: size - len(lines)]
    return f"# game: redemption\n# format: {format_name}\n" + "\n".join(lines) + "\n"


def _walk(text: str, databases: Databases, steps: int, seed: int) -> int:
    """Random readings of a deck's names judged in parts and whole: the same errors and findings
    in each, and, each time one is made the current reading, the same findings' keys. Returns how
    many names the deck has that may mean several printings."""
    loaded = load_deck(Path("deck.txt"), CheckOptions(game="redemption"), databases, text.encode())
    deck, context = loaded.resolved()
    parts, whole = (
        Readings(deck, context, frozenset(), _names(deck, loaded.ambiguous, context.identity), by_parts=by) for by in (True, False)
    )
    rng = random.Random(seed)
    for _ in range(steps if parts.names else 0):
        changed = rng.sample(range(len(parts.names)), min(len(parts.names), rng.choice((1, 2, 5, 40))))
        changes = {i: rng.choice([card for printings in parts.names[i].cards for card in printings]) for i in changed}
        a, b = parts.outcome(changes), whole.outcome(changes)
        assert (a.errors, a.count) == (b.errors, b.count), changes
        if rng.random() < 0.3:
            parts.choose(changes)
            whole.choose(changes)
            assert parts.keys() == {parts.key(f) for f in whole.exact()}
    return len(parts.names)


@pytest.mark.parametrize("format_name", ["type1", "type1-unlimited", "type2", "paragon"])
def test_readings_judged_in_parts_get_what_the_whole_deck_gets(tmp_path, format_name):
    kinds = UNCOUNTED + COUNTED
    cards = _cards(tmp_path, 30, lambda i: random.Random(i).sample(kinds, 2 + i % 3))
    databases = Databases(load_databases([cards]))
    text = _deck(30, 9, 63, format_name) + "2 Title 3\n3 Title 7\n"  # a title twice, copies over the limits
    assert _walk(text, databases, 150, seed=1) == 31 - 1  # (Title 3 on two lines is one name)


@pytest.mark.parametrize("souls", [7, 8])  # short of the seven Lost Souls with either card of Title 0, or with one of them
def test_a_deck_of_few_readings_is_judged_whole_once_a_reading_as_in_parts(tmp_path, monkeypatch, souls):
    # a name of two cards: setting parts up would cost more runs of the rules than its two readings
    databases = Databases(load_databases([_cards(tmp_path, 1, lambda i: ("hero", "lost_soul"))]))
    text = _deck(1, souls - 1, 56, "type1").replace("1 Soul 0\n", "")
    runs = []
    counted = readings.run_rules
    monkeypatch.setattr(readings, "run_rules", lambda rules, deck, *rest: runs.append(deck) or counted(rules, deck, *rest))

    def judged() -> list[str]:
        loaded = load_deck(Path("deck.txt"), CheckOptions(game="redemption"), databases, text.encode())
        return sorted(f"{f.rule} {f.position.line}: {f.message}" for f in judge(loaded, frozenset()))

    whole = judged()
    assert len(runs) == 2 and all(len(deck.entries()) == 56 - 1 for deck in runs)  # each reading once, over the whole deck
    monkeypatch.setattr(readings, "FEW_READINGS", 0)
    assert judged() == whole and len(runs) > 2 + 2


def test_twenty_titles_of_cards_no_type1_rule_counts_leave_a_legal_deck_legal(tmp_path):
    """Each title an Enhancement, a Character, an Artifact, ... of its own: every reading is legal,
    so the deck is, and each name is a note (it was ILLEGAL past 16 such names, each an error saying
    every reading gave a legal deck)."""
    cards = _cards(tmp_path, 20, lambda i: (UNCOUNTED[i % 8], UNCOUNTED[(i * 3 + 1) % 8], UNCOUNTED[(i * 5 + 2) % 8]))
    (tmp_path / "deck.txt").write_text(_deck(20, 7, 50, "type1-unlimited"))
    outcome = run("check", tmp_path / "deck.txt", "--card-db", cards, "--output-format", "json")
    assert outcome.deck["legal"] is True and outcome.deck["findings"] == []
    assert sum("each gives the deck the same verdict" in note for note in outcome.deck["notes"]) == 20


NATIONALS = SHARED / "data" / "redemption-nationals-2024" / "decks"


@pytest.mark.slow
@pytest.mark.skipif(not NATIONALS.is_dir(), reason="../shared/data/redemption-nationals-2024 is not beside this checkout")
@pytest.mark.parametrize("format_name", ["type1", "type1-unlimited", "type2"])
def test_the_championship_decks_written_by_title_are_judged_in_parts_as_whole(real_database, format_name):
    databases = Databases(load_databases([real_database[0]]))
    titles = {card.name: card.get("title") or card.name for card in databases.for_game("redemption").cards}
    names = 0
    for seed, path in enumerate(sorted(NATIONALS.glob("*.txt"))):
        lines = [f"{count} {titles.get(name, name)}" for zone, count, name in exported_lines(path) if zone == "main"]
        names += _walk(f"# format: {format_name}\n" + "\n".join(lines) + "\n", databases, 25, seed)
    assert names > 58 * 10  # most lines of a deck written by title may mean several printings


def test_titles_read_by_their_sums_are_each_judged_at_their_best_card(tmp_path):
    """Six titles each of a Hero outside the Limited pool (listed first) and another Hero in it:
    64 readings, tried by their one distinct sum, whose first reading is every title's card
    outside the pool. Each name then takes its best card: every line gets one finding, the error
    naming both cards, and no redemption.format-sets for the card not meant (issue 47 part 4; on
    the championship decks written by title, 126 lines had both)."""
    cards = "".join(
        f"  - {{name: Good {i}, type: hero, brigades: [white], rotation: true}}\n"
        f"  - {{name: Evil {i}, type: evil_character, brigades: [black], rotation: true}}\n"
        for i in range(40)
    )
    cards += "".join(f"  - {{name: Soul {i}, type: lost_soul, reference: 'Psalm {i}:1', rotation: true}}\n" for i in range(7))
    cards += "".join(
        f"  - {{name: Twin {i} (Ap), id: twin-{i}-ap, title: Twin {i}, type: hero, brigades: [gold], set: Ap, rotation: false}}\n"
        f"  - {{name: Twin {i} (GoC), id: twin-{i}-goc, title: Twin {i}, type: hero, brigades: [purple], set: GoC, rotation: true}}\n"
        for i in range(6)
    )
    (tmp_path / "cards.yaml").write_text("game: redemption\ncards:\n" + cards)
    lines = [f"1 Soul {i}" for i in range(7)] + [f"1 Twin {i}" for i in range(6)]
    lines += [f"1 {side} {i}" for i in range(40) for side in ("Good", "Evil")][: 50 - len(lines)]
    (tmp_path / "deck.txt").write_text("# game: redemption\n# format: type1\n" + "\n".join(lines) + "\n")
    outcome = run("check", tmp_path / "deck.txt", "--card-db", tmp_path / "cards.yaml", "--output-format", "json")
    twins = {f["line"] for f in outcome.deck["findings"] if "Twin" in f["message"]}
    assert len(twins) == 6 and outcome.deck["legal"] is False
    assert [f["rule"] for f in outcome.deck["findings"] if f["line"] in twins] == ["deck.ambiguous-card"] * 6


SAME_SIDE = {0: ("hero", "good_enhancement"), 1: ("evil_character", "evil_enhancement")}


def _kinds(format_name: str):
    """Type 1 reads no card type of these; Type 2 reads each card's side, the same for both kinds."""
    if format_name == "type2":
        return lambda i: SAME_SIDE[i % 2]
    return lambda i: (UNCOUNTED[i % 8], UNCOUNTED[(i * 3 + 1) % 8], UNCOUNTED[(i * 5 + 2) % 8])


@pytest.mark.parametrize(
    "titles, size, souls, format_name", [(16, 50, 7, "type1-unlimited"), (30, 60, 8, "type1-unlimited"), (70, 139, 19, "type2")]
)
def test_set_less_titles_of_different_kinds_get_the_verdict_of_the_deck_written_with_sets(tmp_path, titles, size, souls, format_name):
    """A deck naming `titles` titles, each printed as cards of kinds the format's whole-deck rules
    read alike: written by title alone or with each card's printing, the same verdict, legal
    (issue 48 part 2; 18 such titles made a legal Type 1 deck ILLEGAL)."""
    kinds = _kinds(format_name)
    cards = _cards(tmp_path, titles, kinds)
    set_less = _deck(titles, souls, size, format_name)
    with_sets = "".join(f"1 Title {i} ({kinds(i)[i % 2]})\n" if i >= 0 else line + "\n" for i, line in _numbered(set_less))
    verdicts = []
    for name, text in (("set-less.txt", set_less), ("with-sets.txt", with_sets)):
        (tmp_path / name).write_text(text)
        outcome = run("check", tmp_path / name, "--card-db", cards, "--output-format", "json")
        verdicts.append((outcome.deck["legal"], sorted({f["rule"] for f in outcome.deck["findings"]})))
    assert verdicts == [(True, []), (True, [])]


def _numbered(text: str) -> list[tuple[int, str]]:
    """Each line of a deck with the title it names (-1 for another line)."""
    found = []
    for line in text.splitlines():
        title = line.removeprefix("1 Title ")
        found.append((int(title) if title.isdigit() else -1, line))
    return found
