"""The 58 decks of the 2024 national championship, as the players' LackeyCCG exports wrote them
(../shared/data, where it is beside this checkout), against the real card list: the everyday case.
Our own fixtures hold each behaviour too (test_redemption_names.py)."""

import re

import pytest
from deckcheck.loading.card_db import load_databases
from deckcheck.loading.names import normalise

from conftest import SHARED, run

NATIONALS = SHARED / "data" / "redemption-nationals-2024" / "decks"
CHAMPION = NATIONALS / "nats2024_1st_tim_estes.txt"
SETTINGS = {"2.0, Limited": (), "1.3.0, Unlimited": ("--format", "type1-unlimited", "--as-of", "2026-07-01")}

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not NATIONALS.is_dir(), reason="../shared/data/redemption-nationals-2024 is not beside this checkout"),
]


@pytest.fixture(scope="module")
def database(real_database):
    return load_databases([real_database[0]])["redemption"]


def _lines(path):
    """(line number, count, name) of each card line of an export, Tokens aside."""
    found = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.strip() == "Tokens:":
            break
        if "\t" in line:
            count, name = line.split("\t", 1)
            found.append((number, count, name))
    return found


def _exactly(database):
    """Each name of the card list (loosened as names are), with the printings that bear it."""
    by_name: dict[str, list] = {}
    for card in database.cards:
        by_name.setdefault(normalise(card.name), []).append(card)
    return by_name


@pytest.mark.parametrize("setting", SETTINGS)
def test_the_decks_as_exported_get_no_ambiguity_but_where_two_cards_share_a_name(real_database, database, setting):
    outcome = run("check", NATIONALS, "--card-db", real_database[0], "--output-format", "json", *SETTINGS[setting])
    decks = outcome.report["decks"]
    assert len(decks) == 58
    assert not [f for d in decks for f in d["findings"] if f["severity"] == "warning"]  # `strict` can fail on nothing else
    by_name = _exactly(database)
    for deck in decks:
        for finding in deck["findings"]:
            if finding["rule"] == "deck.ambiguous-card":
                (typed,) = finding["cards"]
                assert len(by_name[normalise(typed)]) > 1, (deck["path"], typed)  # Potiphera, Priest of On; A New Creation


@pytest.mark.parametrize("setting", SETTINGS)
def test_each_deck_has_the_verdict_of_its_lines_written_as_their_printings(real_database, database, tmp_path, setting):
    """Written by ids (each name the printing of that name), a deck gets the verdict it gets as
    exported; where the card list gives a name two cards, the export is legal only if both are."""
    by_name = _exactly(database)
    readings: dict[str, list] = {}
    for path in sorted(NATIONALS.glob("*.txt")):
        lines = _lines(path)
        choices = [[c.id for c in by_name.get(normalise(name), [])] or [name] for _, _, name in lines]
        variants = [[ids[0] for ids in choices]] + [
            [ids[min(k, len(ids) - 1)] for ids in choices] for k in range(1, max(len(ids) for ids in choices))
        ]
        for index, variant in enumerate(variants):
            text = path.read_text(encoding="utf-8").splitlines()
            for (number, count, _), written in zip(lines, variant):
                text[number - 1] = f"{count}\t{written}"
            out = tmp_path / f"{path.stem}--{index}.txt"
            out.write_text("\n".join(["# game: redemption", *text]) + "\n", encoding="utf-8")
            readings.setdefault(path.stem, []).append(out.name)
    by_ids = run("check", tmp_path, "--card-db", real_database[0], "--output-format", "json", *SETTINGS[setting])
    legal_by_ids = {d["path"].rsplit("/", 1)[-1]: d["legal"] for d in by_ids.report["decks"]}
    exported = run("check", NATIONALS, "--card-db", real_database[0], "--output-format", "json", *SETTINGS[setting])
    for deck in exported.report["decks"]:
        stem = deck["path"].rsplit("/", 1)[-1].removesuffix(".txt")
        assert deck["legal"] == all(legal_by_ids[name] for name in readings[stem]), stem


def _without_printing_marks(name: str, database) -> str:
    """The name as a player types it from memory: its printing's marks taken off the end, one at a
    time, down to its title (what names the card: `New Jerusalem (Bride of Christ)`, a quoted art
    name, a Lost Soul's reference stay)."""
    title = normalise(database.names.resolve(name).card.title)
    while (mark := re.search(r"\s*(\([^()]*\)|\[[^\[\]]*\])\s*$", name)) and normalise(name) != title:
        if re.search(r"\d:\d", mark.group(1)):
            break
        name = name[: mark.start()]
    return name


def test_the_champions_list_typed_by_plain_names_is_wrong_only_where_the_reading_decides(real_database, database, tmp_path):
    """The champion's list with every printing mark removed: an error only on a name whose reading
    changes the verdict (an older printing named exactly, a title of cards whose verdicts differ),
    each naming the printing the champion wrote among those to write; legal once those are written."""
    lines = _lines(CHAMPION)
    plain = {number: _without_printing_marks(name, database) for number, _, name in lines}
    assert sum(plain[n] != name for n, _, name in lines) > 30
    text = CHAMPION.read_text(encoding="utf-8").splitlines()
    for number, count, _ in lines:
        text[number - 1] = f"{count}\t{plain[number]}"
    deck = tmp_path / "champion.txt"
    deck.write_text("\n".join(text) + "\n", encoding="utf-8")
    outcome = run("check", deck, "--card-db", real_database[0], "--output-format", "json")
    findings = outcome.deck["findings"]
    assert findings and all(f["severity"] == "error" for f in findings)
    written = {number: name for number, _, name in lines}
    for finding in findings:
        number = finding["line"]
        assert finding["rule"] in ("redemption.format-sets", "deck.ambiguous-card") and plain[number] != written[number], finding
        assert f"'{normalise(written[number])}'" in normalise(finding["message"]), finding  # the printing to write
        text[number - 1] = f"1\t{written[number]}"
    deck.write_text("\n".join(text) + "\n", encoding="utf-8")
    fixed = run("check", deck, "--card-db", real_database[0], "--output-format", "json")
    assert fixed.deck["legal"] and not fixed.deck["findings"]


def test_the_champions_deck_with_the_dominant_chariot_of_fire_is_illegal(real_database, tmp_path):
    text = CHAMPION.read_text(encoding="utf-8").replace("1\tNo Straw!\n", "1\tChariot of Fire\n")
    deck = tmp_path / "champion.txt"
    deck.write_text(text, encoding="utf-8")
    outcome = run("check", deck, "--card-db", real_database[0], "--output-format", "json")
    (pair,) = outcome.findings("redemption.exclusive-pair")
    assert "'Chariot of Fire (Roots)' (RR, another card)" in pair["message"] and outcome.exit_code == 1


def _forum_post(export, database) -> str:
    """The export as players post it (issue 33): a title line, bold and plain headers of their own
    words with a number, bullets, `1x`, names without their printing where that name finds the
    same card alone, a Reserve; its Tokens left out, as a post does."""
    by_name = _exactly(database)
    main, reserve, zone = [], [], None  # (count, name) of each card line
    for line in export.read_text(encoding="utf-8").splitlines():
        if line.strip() in ("Reserve:", "Tokens:"):
            zone = line.strip()
        elif "\t" in line and zone != "Tokens:":
            count, name = line.split("\t", 1)
            (reserve if zone else main).append((int(count), name))

    def plain(name: str) -> str:
        (card, *others) = by_name[normalise(name)]
        title = card.title or name
        return title if not others and list(database.names.resolve(title).printings) == [card] else name

    souls = [(c, n) for c, n in main if n.startswith("Lost Soul")]
    others = [(c, n) for c, n in main if not n.startswith("Lost Soul")]
    half = len(others) // 2
    groups = [
        ("**Lost Souls ({})**", souls, "- {c}x {n}"),
        ("Offense ({})", others[:half], "{c}x {n}"),
        ("__Defense and the rest__", others[half:], "* {c} {n}"),
        ("**Reserve ({})**", reserve, "- {c}x {n}"),
    ]
    out = [f"{CHAMPION.stem.replace('_', ' ')} - as posted", ""]
    for header, cards, style in groups:
        out.append(header.format(sum(c for c, _ in cards)))
        out += [style.format(c=c, n=plain(n)) for c, n in cards]
        out.append("")
    return "\n".join(out)


def _judged(path, real_database) -> tuple:
    deck = run("check", path, "--card-db", real_database[0], "--output-format", "json").deck
    cards = sorted((card["zone"], card["id"], card["count"]) for card in deck["cards"])
    return deck["legal"], cards, sorted(f["rule"] for f in deck["findings"])


def test_the_champions_list_as_posted_on_a_forum_checks_as_the_export_and_fmt_keeps_every_line(tmp_path, real_database, database):
    post = tmp_path / "posted.txt"
    post.write_text(_forum_post(CHAMPION, database), encoding="utf-8")
    export = tmp_path / "export.txt"  # the export without its Tokens, which no rule counts
    export.write_text(CHAMPION.read_text(encoding="utf-8").split("Tokens:")[0], encoding="utf-8")
    judged = _judged(post, real_database)
    assert judged == _judged(export, real_database) and judged[0] is True
    written = post.read_text(encoding="utf-8")
    assert run("fmt", post, "--card-db", real_database[0]).exit_code == 0
    assert run("fmt", "--check", post, "--card-db", real_database[0]).exit_code == 0
    formatted = post.read_text(encoding="utf-8").splitlines()
    assert len(formatted) == len(written.splitlines())
    for before, after in zip(written.splitlines(), formatted, strict=True):  # every line where it stood
        assert after == before or re.sub(r"^[-*] |x(?= )", "", before) == after, (before, after)
    assert _judged(post, real_database) == judged
