"""A deck-check sheet prints on one page, as the paper one does (issue 49 part 1): the type is
made smaller where a long deck would run past it, and where one of the paper's columns would
(thirty Heroes), the boxes in the paper's order flow over three columns of even height, a box
that runs on continued at the top of the next. In Chromium: each of the 58 championship decks,
and a 70-card deck of the list's longest names with a 10-card Reserve, one Letter page each."""

import re
import shutil
import subprocess
from datetime import date
from pathlib import Path

import pytest
from deckcheck.check import CheckOptions, check_file
from deckcheck.loading.card_db import Databases, load_databases
from deckcheck.report import sheet as sheets

from conftest import SHARED, run

NATIONALS = SHARED / "data" / "redemption-nationals-2024" / "decks"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def _report(tmp_path, heroes: int, length: int):
    """A Type 1 deck of `heroes` Heroes whose names are `length` characters long, 9 Lost Souls."""
    names = [f"Hero {i} " + "x" * (length - 6 - len(str(i))) for i in range(heroes)]
    cards = "".join(f"  - {{name: '{n}', type: hero, brigades: [white], rotation: true}}\n" for n in names)
    cards += "".join(f"  - {{name: Soul {i}, type: lost_soul, reference: 'Psalm {i}:1', rotation: true}}\n" for i in range(9))
    (tmp_path / "cards.yaml").write_text("game: redemption\ncards:\n" + cards)
    deck = "# format: type1\n" + "".join(f"1 {n}\n" for n in names) + "".join(f"1 Soul {i}\n" for i in range(9))
    databases = Databases(load_databases([tmp_path / "cards.yaml"]))
    return check_file(Path("deck.txt"), CheckOptions(game="redemption", as_of=date(2026, 11, 25)), databases, deck.encode())


def test_a_deck_that_fits_is_printed_as_the_paper_is(tmp_path):
    html = sheets.sheet(_report(tmp_path, 20, 12))
    assert '<section class="sheet">' in html and "continued" not in html


def test_thirty_long_heroes_flow_over_three_columns_in_smaller_type(tmp_path):
    html = sheets.sheet(_report(tmp_path, 61, 45))
    assert '<section class="sheet flowing" style="--print-size: ' in html
    size = float(re.search(r"--print-size: ([\d.]+)pt", html)[1])
    assert sheets.SMALLEST_PRINT_SIZE <= size < sheets.PRINT_SIZE
    columns = html.split('<div class="column">')[1:]
    assert len(columns) == 3 and all("Heroes: (61)" in c for c in columns)  # the box runs over all three
    assert sum(", continued</h4>" in c for c in columns) == 2 and html.index("Dominants") < html.index("Heroes")


def test_boxes_flow_in_order_into_columns_of_even_height():
    boxes = [sheets.Box(f"Box {i}", tuple((f"<tr>{i}.{r}</tr>", 1) for r in range(size))) for i, size in enumerate((30, 2, 10, 4))]
    columns = sheets._flowed(boxes, 3)
    heights = [sum(box.lines for box in column) for column in columns]
    assert max(heights) - min(heights) <= 3 and sum(heights) == sum(b.lines for b in boxes) + 2  # two titles continued
    rows = [html for column in columns for box in column for html, _ in box.rows]
    assert rows == [html for box in boxes for html, _ in box.rows]  # every card once, in order


def _pages(html: Path, tmp_path: Path) -> int:
    pdf = tmp_path / (html.stem + ".pdf")
    printing = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer", f"--print-to-pdf={pdf}"]
    subprocess.run([*printing, html.as_uri()], check=True, capture_output=True, timeout=180)
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf.read_bytes()))


@pytest.mark.slow
@pytest.mark.browser
@pytest.mark.skipif(not CHROMIUM, reason="Debian's chromium is not installed (.ci/run installs it)")
@pytest.mark.skipif(not NATIONALS.is_dir(), reason="../shared/data/redemption-nationals-2024 is not beside this checkout")
def test_every_championship_deck_and_the_longest_names_print_one_letter_page_each(real_database, tmp_path):
    """Chromium prints to Letter (its default paper). The 50th-place deck printed on two pages,
    the second holding only its totals."""
    common = ["--card-db", real_database[0], "--as-of", "2026-11-25", "--format", "type1", "--output-format", "html"]
    every = tmp_path / "championship.html"
    every.write_text(run("check", NATIONALS, *common).stdout, encoding="utf-8")
    assert _pages(every, tmp_path) == len(list(NATIONALS.glob("*.txt")))
    cards = Databases(load_databases([real_database[0]])).for_game("redemption").cards
    longest = sorted(cards, key=lambda c: -len(c.name))
    of = lambda kind, n: [c.name for c in longest if c.types == (kind,)][:n]  # noqa: E731
    main = of("hero", 30) + of("lost_soul", 9) + of("good_dominant", 9) + of("good_enhancement", 22)
    deck = tmp_path / "longest.txt"
    deck.write_text("\n".join([*(f"1\t{n}" for n in main), "", "Reserve:", *(f"1\t{n}" for n in of("evil_character", 10))]) + "\n")
    page = tmp_path / "longest.html"
    page.write_text(run("check", deck, *common).stdout, encoding="utf-8")
    assert _pages(page, tmp_path) == 1


@pytest.mark.slow
@pytest.mark.browser
@pytest.mark.skipif(not CHROMIUM, reason="Debian's chromium is not installed (.ci/run installs it)")
def test_a_type_2_deck_of_the_longest_names_prints_one_letter_page(real_database, tmp_path):
    """140 cards and a 20-card Reserve, every one among the list's longest names of its type (41
    characters on average): two pages before, where the type stopped at 6 points and a name was
    counted as wrapping as often in small type as at full size. The findings such a deck gets
    (printings outside the pool, a made-up count) are ignored: a sheet lists its errors, and it
    is the cards' lines that must fit."""
    cards = Databases(load_databases([real_database[0]])).for_game("redemption").cards
    longest = sorted(cards, key=lambda c: -len(c.name))
    of = lambda kind, n: [c.name for c in longest if c.types == (kind,)][:n]  # noqa: E731
    main = of("hero", 45) + of("lost_soul", 19) + of("good_dominant", 10) + of("evil_dominant", 9)
    main += of("good_enhancement", 30) + of("evil_character", 27)
    deck = tmp_path / "longest-t2.txt"
    reserve = of("evil_enhancement", 20)
    deck.write_text("\n".join([*(f"1\t{n}" for n in main), "", "Reserve:", *(f"1\t{n}" for n in reserve)]) + "\n")
    common = ["--card-db", real_database[0], "--as-of", "2026-11-25", "--format", "type2"]
    found = run("check", deck, *common, "--output-format", "json").report["decks"][0]["findings"]
    ignored = [option for rule in sorted({f["rule"] for f in found}) for option in ("--ignore", rule)]
    page = tmp_path / "longest-t2.html"
    page.write_text(run("check", deck, *common, *ignored, "--output-format", "html").stdout, encoding="utf-8")
    assert len(main) == 140 and _pages(page, tmp_path) == 1


def test_a_box_runs_on_after_the_rows_its_column_has_room_for():
    """A name of 60 characters takes three lines at full size, two in 6-point type."""
    box = sheets.Box("Heroes: (4)", tuple((f"<tr>{i}</tr>", length) for i, length in enumerate((10, 60, 10, 10))))
    assert [sheets._rows_within(box, room, sheets.PRINT_SIZE) for room in (0, 1, 3, 4, 5, 99)] == [0, 1, 1, 2, 3, 4]
    assert sheets._rows_within(box, 3, 6.0) == 2
