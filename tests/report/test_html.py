"""--output-format html: one self-contained page, a summary and a deck-check sheet per deck."""

import re

import pytest

from conftest import DATA, REPO, run

EXAMPLES = REPO / "examples"


def html(*args) -> str:
    outcome = run("check", *args, "--output-format", "html")
    assert outcome.exit_code in (0, 1), outcome.stderr
    return outcome.stdout


def test_a_page_with_a_summary_and_a_sheet_per_deck():
    page = html(EXAMPLES, REPO / "tests" / "decks" / "redline" / "mistakes.yaml")
    decks = len(list(EXAMPLES.iterdir())) + 1
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    assert page.count('<section class="sheet">') == decks
    summary = page.split('<table class="summary">')[1].split("</table>")[0]
    assert summary.count("<tr>") == decks + 1  # the header and a row per deck
    assert "ILLEGAL" in summary and "legal" in summary
    # self-contained: no script, nothing fetched; each sheet on pages of its own when printed
    assert "<script" not in page and not re.search(r"(src|href)=", page)
    assert ".sheet ~ .sheet { break-before: page; }" in page and ".overview { display: none; }" in page
    assert page.count("Player signature") == decks and page.count("Judge initials") == decks


def _redemption_sheet(tmp_path, main: str, reserve: str = "", *options: str) -> str:
    deck = tmp_path / "deck.yaml"
    deck.write_text(
        f"game: redemption\nname: Sheet test\nmain:\n{main}reserve:\n{reserve or '  {}'}\n".replace("reserve:\n  {}", "reserve: {}")
    )
    page = html(deck, "--card-db", DATA / "redemption-cards.yaml", *options)
    return page.split('<section class="sheet">')[1]


def _box(sheet: str, label: str) -> str:
    return sheet.split(f"<h4>{label}: (")[1].split("</table>")[0]


def test_redemption_sheet_is_the_one_hosts_print_boxes_columns_and_numbered_reserve(tmp_path):
    main = "  Soul 1: 2\n  Good Dominant 1: 2\n  Gideon (K): 3\n  Site 1: 1\n  Saph (I): 1\n"
    sheet = _redemption_sheet(tmp_path, main, "  Peter (Ap): 1\n")
    assert "<h2>T1 Deck Check Sheet</h2>" in sheet
    for header in ("<th>Name</th>", "<th>Event</th>", "<th>Checked by</th>", "<th>Total Cards</th>"):
        assert header in sheet
    assert '<th>Total Cards</th><td class="fill">9</td>' in sheet
    # the paper's boxes in its three columns: Dominants, Heroes, GE | Lost Souls, EC, EE | Artifacts..., Sites..., Misc., Reserve
    order = ["Dominants", "Heroes", "Good Enhancements", "Lost Souls", "Evil Characters", "Evil Enhancements"]
    order += ["Artifacts/Curses/Covenants", "Sites/Fortresses/Cities", "Misc."]
    assert [sheet.index(f"<h4>{label}: (") for label in order] == sorted(sheet.index(f"<h4>{label}: (") for label in order)
    assert sheet.count('<div class="column">') == 3
    assert "<h4>Dominants: (2)</h4>" in sheet and _box(sheet, "Dominants").count("Good Dominant 1") == 2  # one a line
    assert "<h4>Lost Souls: (2)</h4>" in sheet and _box(sheet, "Lost Souls").count("Soul 1") == 2
    assert '<td class="count">3</td><td class="name">Gideon (K)</td>' in _box(sheet, "Heroes")
    assert "Site 1" in _box(sheet, "Sites/Fortresses/Cities") and "Saph (I)" in _box(sheet, "Evil Characters")
    reserve = sheet.split("<h4>Reserve: (1) cards</h4>")[1].split("</table>")[0]
    assert reserve.count('<td class="n">') == 10 and '<td class="n">1.</td><td class="name">Peter (Ap)</td>' in reserve
    assert "Sheet test" in sheet


def test_the_type_2_sheet_gives_the_reserve_twenty_lines_and_more_when_it_holds_more(tmp_path):
    sheet = _redemption_sheet(tmp_path, "  Soul 1: 2\n", "", "--format", "type2")
    assert "<h2>T2 Deck Check Sheet</h2>" in sheet
    assert sheet.split("<h4>Reserve: (0) cards</h4>")[1].split("</table>")[0].count('<td class="n">') == 20
    reserve = "".join(f"  Site {n}: 1\n" for n in range(1, 10)) + "  Soul 3: 3\n  Soul 4: 3\n  Soul 5: 3\n  Soul 6: 3\n"
    sheet = _redemption_sheet(tmp_path, "  Soul 1: 2\n", reserve, "--format", "type2")
    assert sheet.split("<h4>Reserve: (21) cards</h4>")[1].split("</table>")[0].count('<td class="n">') == 21


def test_every_sheet_says_what_deckcheck_adds_and_heads_each_page_with_the_list_fingerprint(tmp_path):
    sheet = _redemption_sheet(tmp_path, "  Soul 1: 2\n  Good Dominant 1: 2\n", "", "--as-of", "2026-09-01")
    fingerprint = json_fingerprint(tmp_path / "deck.yaml")
    running = sheet.split('<th class="running">')[1].split("</th>")[0]
    assert "Sheet test" in running and f"fingerprint {fingerprint}" in running
    added = sheet.split('<div class="added">')[1]
    assert "ILLEGAL" in added and "redemption/type1, rules 2.0, rules in force on 2026-09-01" in added
    assert "redemption.deck-size" in added  # an error in full
    warnings = [part for part in added.split("<div ") if "one-line" in part]
    assert all("warning" in part for part in warnings)


def json_fingerprint(deck) -> str:
    return run("check", deck, "--card-db", DATA / "redemption-cards.yaml", "--output-format", "json").deck["fingerprint"]


def test_a_card_of_two_boxes_types_is_written_in_misc(tmp_path):
    cards = tmp_path / "cards.yaml"
    cards.write_text(
        "game: redemption\ncards:\n  - {name: Both Sides, type: [hero, evil_character]}\n"
        "  - {name: Two Doms, type: [good_dominant, evil_dominant]}\n"
    )
    deck = tmp_path / "deck.txt"
    deck.write_text("# game: redemption\n1 Both Sides\n1 Two Doms\n")
    sheet = html(deck, "--card-db", cards).split('<section class="sheet">')[1]
    assert "Both Sides" in _box(sheet, "Misc.") and "Two Doms" in _box(sheet, "Dominants")


def test_other_games_keep_their_grouping_under_the_same_header(tmp_path):
    sheet = html(EXAMPLES / "redline-cpm.yaml").split('<section class="sheet">')[1]
    assert "<h2>Redline Deck Check Sheet</h2>" in sheet and "<th>Checked by</th>" in sheet and '<div class="columns">' not in sheet
    assert "<h3>Main (60)</h3>" in sheet
    assert "<tr><th>General</th><td>Valya Serova</td></tr>" in sheet  # a zone of one card totals as its card


def test_a_finding_stands_beside_the_line_it_is_about(tmp_path):
    deck = tmp_path / "deck.yaml"
    deck.write_text("game: redline\ngeneral: Valya Serova\nmain:\n  Supply Drop: 19\n  EF-9 Rabbit: 5\n")
    sheet = html(deck).split('<section class="sheet">')[1]
    row = next(line for line in sheet.splitlines() if '<td class="name">EF-9 Rabbit</td>' in line)
    assert "line 5" in row and "redline.copy-limit" in row
    assert "redline.arsenal-size" in sheet.split('<div class="added">')[1]  # about the whole deck: below the cards


def test_names_are_text_never_markup(tmp_path):
    cards = tmp_path / "cards.yaml"
    cards.write_text(
        'game: redline\ncards:\n  - {name: G, type: general, faction: cpm}\n  - {name: "<script>alert(1)</script>", type: resource}\n'
    )
    deck = tmp_path / 'a <b> & "x".yaml'
    deck.write_text('game: redline\nname: "<i>mine</i>"\ngeneral: G\nmain:\n  "<script>alert(1)</script>": 60\n')
    page = html(deck, "--card-db", cards)
    assert "<script" not in page and "<i>mine" not in page and "<b>" not in page
    assert "a &lt;b&gt; &amp; &quot;x&quot;.yaml" in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page and "&lt;i&gt;mine&lt;/i&gt;" in page


def chromium() -> str | None:
    import shutil

    return shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.mark.slow
def test_printed_in_a_real_browser_each_deck_has_pages_of_its_own(tmp_path):
    import pytest

    browser = chromium()
    if browser is None:
        pytest.skip("Debian's chromium is not installed (.ci/run installs it): the printed pages are not checked")
    import re
    import subprocess

    report = tmp_path / "report.html"
    decks = [
        EXAMPLES / "redemption-deck-i.yaml",
        EXAMPLES / "redline-cpm.yaml",
        REPO / "tests" / "decks" / "redline" / "mistakes.yaml",
        REPO / "tests" / "decks" / "redemption" / "type1-export.txt",  # 50 cards, a Reserve, two findings beside cards
    ]
    outcome = run("check", *decks, "--output-format", "html", "--output", report)
    assert outcome.exit_code == 1
    pdf = tmp_path / "report.pdf"
    subprocess.run(
        [browser, "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer", f"--print-to-pdf={pdf}", report.as_uri()],
        check=True,
        capture_output=True,
        timeout=120,
    )
    pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf.read_bytes()))
    assert pages == len(decks)  # one page a deck (a 50-card Redemption sheet, Reserve and all, fits on one); the overview is for the screen
