"""Redemption's rules over the whole deck as limits on sums (rules/sum_limits.py), and the verdict
they give a deck of titles past every number of readings (check/limited.py; issue 48, part 2).

The limits are held to the rules deck after deck, and the verdict found from them to the verdict
of every reading tried one by one, on decks built legal for each format and nudged across its
bounds: the Lost Soul chart, the Site and Dominant caps, Type 2's balance, a Paragon's numbers,
the exclusive pairs, and the copy limits a card read by several names may pass."""

from __future__ import annotations

from datetime import date
from itertools import combinations
from pathlib import Path

import pytest
from deckcheck.check import CheckOptions, check_file, load_deck
from deckcheck.loading.card_db import Databases, load_databases
from deckcheck.rules import run_rules
from deckcheck.rules.sum_limits import Bound
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

# a card of each kind the whole-deck rules read differently: (type, brigades, alignment)
KINDS = {
    "soul": ("lost_soul", [], "neutral"),
    "good_dom": ("good_dominant", [], "good"),
    "evil_dom": ("evil_dominant", [], "evil"),
    "site": ("site", [], "neutral"),
    "city": ("city", [], "neutral"),
    "blue": ("hero", ["blue"], "good"),
    "green": ("hero", ["green"], "good"),
    "black": ("evil_character", ["black"], "evil"),
    "brown": ("evil_character", ["brown"], "evil"),
    "artifact": ("artifact", [], "neutral"),
}
TITLED = 2  # titles printed as each pair and each three of kinds
# the titles of exclusive pairs, each printed as a card of the pair and another
PAIR_TITLES = {"Chariot of Fire": ("artifact", "good_dom"), "Son of God": ("blue", "good_dom"), "New Jerusalem": ("site", "good_dom")}
PAIR_TITLES |= {"The Second Coming": ("artifact", "evil_dom")}
FORMATS = [(name, when) for name in ("type1", "type2", "paragon") for when in (date(2026, 6, 1), date(2026, 11, 28))]


def _card(name: str, kind: str, number: int, title: str | None = None) -> str:
    card_type, brigades, side = KINDS[kind]
    fields = f"name: '{name}', id: c{number}, type: {card_type}, brigades: {brigades}, alignment: {side}"
    fields += f", reference: 'Psalm {number}:1'" if kind == "soul" else ""
    return f"  - {{{fields}{f', title: {title!r}' if title else ''}}}\n"


def _titles() -> dict[tuple[str, ...], list[str]]:
    """The titles of several kinds, by their kinds: TITLED of each pair and each three."""
    kinds = sorted(KINDS)
    return {
        combination: [f"T {' '.join(combination)} {n}" for n in range(TITLED)]
        for size in (2, 3)
        for combination in combinations(kinds, size)
    }


@pytest.fixture(scope="module")
def databases(tmp_path_factory) -> Databases:
    lines, number = [], 0
    for kind in KINDS:
        for n in range(60):
            number += 1
            lines.append(_card(f"{kind} {n}", kind, number))
    for combination, titles in _titles().items():
        for title in titles:
            for kind in combination:
                number += 1
                lines.append(_card(f"{title} ({kind})", kind, number, title))
    for title, kinds in PAIR_TITLES.items():
        for kind in kinds:
            number += 1
            lines.append(_card(f"{title} ({kind})", kind, number, title))
    path = tmp_path_factory.mktemp("cards") / "cards.yaml"
    path.write_text("game: redemption\ncards:\n" + "".join(lines))
    return Databases(load_databases([path]))


# --- decks built legal for a format, nudged -------------------------------------------------------


def _legal(format_name: str, draw) -> list[tuple[str, str]]:
    """(zone, kind) of each line (one copy each) of a deck the format finds legal."""
    if format_name == "paragon":  # Abraham: 11 Blue good, 14 other good, 5 neutral, 10 Black evil, 10 other evil; 40 + 10
        good_doms, evil_doms = draw(st.integers(0, 4)), draw(st.integers(0, 3))
        main = ["blue"] * 11 + ["good_dom"] * good_doms + ["green"] * (14 - good_doms) + ["artifact"] * 5
        main += ["black"] * (10 - evil_doms) + ["evil_dom"] * evil_doms
        reserve = ["black"] * evil_doms + ["brown"] * (10 - evil_doms)
        return [("main", kind) for kind in main] + [("side", kind) for kind in reserve]
    type2 = format_name == "type2"
    size = draw(st.integers(100, 104) if type2 else st.integers(50, 56))
    souls = 14 if type2 else 7
    sites, doms = draw(_near(souls)), draw(_near(souls))
    good_doms = draw(st.integers(0, doms))
    rest = size - souls - sites - doms
    neutral = draw(st.integers(0, rest)) if not type2 else (rest - abs(2 * good_doms - doms)) % 2
    main = ["soul"] * souls + ["site", "city"] * (sites // 2) + ["site"] * (sites % 2) + ["artifact"] * neutral
    main += ["good_dom"] * good_doms + ["evil_dom"] * (doms - good_doms)
    sides = rest - neutral
    if type2:  # as many good as evil: the Dominants' difference made up by characters
        good = (sides - (good_doms - (doms - good_doms))) // 2
        main += ["blue"] * good + ["black"] * (sides - good)
    else:
        main += [draw(st.sampled_from(("blue", "green", "black", "brown"))) for _ in range(sides)]
    reserve = ["green", "brown"] * draw(st.integers(0, 2))
    return [("main", kind) for kind in main] + [("side", kind) for kind in reserve]


def _near(most: int):
    """A number up to `most`, often within two of it: where names together may pass a cap."""
    return st.one_of(st.integers(most - 2, most), st.integers(0, most))


NUDGES = {"soul": 1, "site": 1, "good_dom": 1, "evil_dom": 1, "blue": 1, "black": 1, "artifact": 1}


@st.composite
def decks(draw, titled: bool):
    """A deck text and its format's date: a legal deck, perhaps nudged by a card added or taken,
    some of its lines written as titles of that card's kind and others (`titled`), or as one of
    those kinds' cards."""
    format_name, when = draw(st.sampled_from(FORMATS))
    lines = _legal(format_name, draw)
    nudge = draw(st.sampled_from([None, *NUDGES]))
    if nudge is not None:
        if draw(st.booleans()) and ("main", nudge) in lines:
            lines.remove(("main", nudge))
        else:
            lines.append(("main", nudge))
    titles = _titles()
    used: set[str] = set()
    written, count = [], {kind: 0 for kind in KINDS}
    chosen = set(draw(st.lists(st.integers(0, len(lines) - 1), max_size=8)))
    for index, (zone, kind) in enumerate(lines):
        name = f"{kind} {count[kind]}"
        count[kind] += 1
        if index in chosen:
            name = _titled(draw, kind, titles, used) if titled else _printing(draw, kind, titles)
        written.append((zone, name))
    return format_name, when, _text(format_name, written)


def _titled(draw, kind: str, titles: dict, used: set[str]) -> str:
    """A title not yet written that may mean a card of `kind` and of one or two other kinds."""
    pair = [title for title, kinds in PAIR_TITLES.items() if kind in kinds and title not in used]
    # (the kinds the caps count drawn more often: names that pass a cap together are what is tried)
    likely = sorted(set(KINDS) - {kind}) + [other for other in ("site", "good_dom", "evil_dom") if other != kind] * 3
    others = draw(st.lists(st.sampled_from(likely), min_size=1, max_size=2, unique=True))
    free = [title for title in titles[tuple(sorted({kind, *others}))] if title not in used]
    title = draw(st.sampled_from(pair + free)) if pair + free else f"{kind} 59"
    used.add(title)
    return title


def _printing(draw, kind: str, titles: dict) -> str:
    """A card of another kind, or one of an exclusive pair, written with its printing."""
    pair = [f"{title} ({kind})" for title, kinds in PAIR_TITLES.items() if kind in kinds]
    other = draw(st.sampled_from(sorted(set(KINDS) - {kind})))
    title = titles[tuple(sorted({kind, other}))][0]
    return draw(st.sampled_from([*pair, f"{title} ({other})"]))


def _text(format_name: str, written: list[tuple[str, str]]) -> str:
    head = f"# game: redemption\n# format: {format_name}\n" + ("Paragon: Abraham\n" if format_name == "paragon" else "")
    main = [f"1 {name}" for zone, name in written if zone == "main"]
    side = [f"1 {name}" for zone, name in written if zone == "side"]
    return head + "\n".join(main) + ("\n\nReserve:\n" + "\n".join(side) if side else "") + "\n"


# --- the limits say what the rules say --------------------------------------------------------------


def _broken(limit, deck, context) -> bool:
    counted = context.game.counted

    def total(weight) -> int:
        return sum(
            weight(zone, counted(e.card, context.params)) * e.count
            for zone, entries in deck.zones.items()
            for e in entries
            if e.card is not None
        )

    if isinstance(limit, Bound):
        return not limit.holds(total(limit.weight))
    return total(limit.first) > 0 and total(limit.second) > 0


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(example=decks(titled=False))
def test_each_rule_over_the_whole_deck_finds_a_problem_where_its_limits_are_broken(databases, example):
    format_name, when, text = example
    loaded = load_deck(Path("deck.txt"), CheckOptions(game="redemption", as_of=when), databases, text.encode())
    deck, context = loaded.resolved()
    limits = context.game.sum_limits(deck, context.params)
    for rule in context.rules:
        if rule.check is not None and not rule.per_card and limits[rule.id]:  # (a rule of none: the same in every reading)
            found = bool(list(run_rules((rule,), deck, context, frozenset())))
            assert found == any(_broken(limit, deck, context) for limit in limits[rule.id]), (rule.id, text)


def test_every_rule_over_the_whole_deck_of_every_format_is_stated_as_limits(databases):
    """A rule the limits leave out would leave a deck of titles past every number unjudged by it."""
    from deckcheck.games import game_named

    for each in game_named("redemption").formats:  # every version of every format, on the day it took effect
        text = f"# game: redemption\n# format: {each.name}\n1 soul 0\n"
        options = CheckOptions(game="redemption", as_of=each.effective or date(2026, 11, 28))
        deck, context = load_deck(Path("deck.txt"), options, databases, text.encode()).resolved()
        assert context.params is each.params, (each.name, each.version)
        whole_deck = {rule.id for rule in context.rules if rule.check is not None and not rule.per_card}
        assert whole_deck <= context.game.sum_limits(deck, context.params).keys(), (each.name, each.version)


# --- past every number, every reading's verdict ---------------------------------------------------


@pytest.mark.slow
@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(example=decks(titled=True))
def test_titles_judged_by_the_limits_get_the_verdict_of_every_reading_tried(databases, example):
    """The same deck judged twice: every reading of its titles tried one by one, and (no reading
    nor sum tried, as past MOST_SUMS) by the readings the limits find."""
    format_name, when, text = example
    tried, limited = _both_ways(databases, text, when)
    assert tried == limited, text


def _both_ways(databases: Databases, text: str, when: date = date(2026, 11, 28)) -> list[bool]:
    """The deck's verdict with every reading tried, then with only the readings the limits find."""
    import deckcheck.check.ambiguity as ambiguity

    verdicts = []
    for readings, sums in ((10**9, 10**9), (0, 0)):
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(ambiguity, "MOST_READINGS", readings)
            patch.setattr(ambiguity, "MOST_SUMS", sums)
            report = check_file(Path("deck.txt"), CheckOptions(game="redemption", as_of=when), databases, text.encode())
            assert not any("too many such cards" in f.message for f in report.findings)
            verdicts.append(report.legal)
    return verdicts


@pytest.mark.parametrize("sites, legal", [(5, True), (6, False)])
def test_two_titles_that_pass_the_site_cap_only_together_decide_the_verdict(databases, sites, legal):
    """Seven Lost Souls, `sites` Sites, and two titles each a Hero or a Site: each alone keeps the
    Sites within the Lost Souls; both as Sites take 6 to 8."""
    written = [("main", f"soul {i}") for i in range(7)] + [("main", f"site {i}") for i in range(sites)]
    written += [("main", f"blue {i}") for i in range(41 - sites)] + [("main", "T blue site 0"), ("main", "T blue site 1")]
    assert _both_ways(databases, _text("type1", written)) == [legal, legal]


def _small(tmp_path: Path, cards: str, lines: str) -> tuple[Databases, str]:
    """A card list of 50 Heroes, 7 Lost Souls and `cards`; a Type 1 deck of the Souls, 41 Heroes and `lines`."""
    listed = "".join(f"  - {{name: Hero {i}, id: h{i}, type: hero, brigades: [blue], alignment: good}}\n" for i in range(50))
    listed += "".join(f"  - {{name: Soul {i}, id: s{i}, type: lost_soul, reference: 'Psalm {i}:1'}}\n" for i in range(7))
    (tmp_path / "cards.yaml").write_text("game: redemption\ncards:\n" + listed + cards)
    text = "# game: redemption\n# format: type1\n" + "".join(f"1 Soul {i}\n" for i in range(7))
    return Databases(load_databases([tmp_path / "cards.yaml"])), text + "".join(f"1 Hero {i}\n" for i in range(41)) + lines


def test_two_names_that_may_be_both_cards_of_an_exclusive_pair_decide_the_verdict(tmp_path):
    """`SG`, a name the list gives a Hero and a Son of God, and `Chariot of Fire` (an Artifact or
    the Dominant of the pair): each alone may be its card of the pair, not both.
    (Read first as the Hero and the Artifact, where every card gives the same.)"""
    cards = "  - {name: SG, id: shepherd, title: Shepherd, type: hero, brigades: [blue]}\n"
    cards += "  - {name: SG, id: son, title: Son of God, type: good_dominant}\n"
    cards += "  - {name: Chariot of Fire (Art), id: chariot-art, title: Chariot of Fire, type: artifact}\n"
    cards += "  - {name: Chariot of Fire (Dom), id: chariot-dom, title: Chariot of Fire, type: good_dominant}\n"
    assert _both_ways(*_small(tmp_path, cards, "1 SG\n1 Chariot of Fire\n")) == [False, False]


def test_two_names_that_may_each_be_the_same_dominant_decide_the_verdict(tmp_path):
    """`Twin` (the Dominant Twin, or an Artifact) and `Twin (B)` (a printing of that Dominant, or
    an Artifact the list also calls so): one copy of the Dominant is allowed, two are not.
    (Read first as the Artifacts, where every card gives the same.)"""
    cards = "  - {name: Twin (C), id: twin-c, title: Twin, type: artifact}\n"
    cards += "  - {name: Twin (B), id: shadow-b, title: Twin Shadow, type: artifact}\n"
    cards += "  - {name: Twin (A), id: twin-a, title: Twin, type: good_dominant, art: twin}\n"
    cards += "  - {name: Twin (B), id: twin-b, title: Twin, type: good_dominant, art: twin}\n"
    assert _both_ways(*_small(tmp_path, cards, "1 Twin\n1 Twin (B)\n")) == [False, False]
