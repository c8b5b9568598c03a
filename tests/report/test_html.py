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
    assert ".sheet { break-before: page;" in page
    assert page.count("Player signature") == decks and page.count("Judge initials") == decks


def test_redemption_sheet_lists_lost_souls_and_dominants_one_a_line_and_the_reserve_apart(tmp_path):
    deck = tmp_path / "deck.yaml"
    deck.write_text(
        "game: redemption\nname: Sheet test\nmain:\n  Soul 1: 2\n  Good Dominant 1: 2\n  Gideon (K): 3\nreserve:\n  Peter (Ap): 1\n"
    )
    page = html(deck, "--card-db", DATA / "redemption-cards.yaml")
    sheet = page.split('<section class="sheet">')[1]
    assert sheet.count('<td class="name">Soul 1</td>') == 2 and sheet.count('<td class="name">Good Dominant 1</td>') == 2  # one a line
    assert sheet.count('<td class="name">Gideon (K)</td>') == 1 and '<td class="count">3</td><td class="name">Gideon (K)</td>' in sheet
    assert sheet.index("<h3>Main (7)</h3>") < sheet.index("<h3>Reserve (1)</h3>") < sheet.index('<td class="name">Peter (Ap)</td>')
    # groups in the rulebook's order of types, with their counts
    assert sheet.index("<h4>Hero (3)</h4>") < sheet.index("<h4>Good dominant (2)</h4>") < sheet.index("<h4>Lost soul (2)</h4>")
    assert "<th>Lost Souls</th><td>2 (7 required for 7 cards)</td>" in sheet
    assert "Sheet test" in sheet


def test_a_finding_stands_beside_the_line_it_is_about(tmp_path):
    deck = tmp_path / "deck.yaml"
    deck.write_text("game: redline\ngeneral: Valya Serova\nmain:\n  Supply Drop: 19\n  EF-9 Rabbit: 5\n")
    sheet = html(deck).split('<section class="sheet">')[1]
    row = next(line for line in sheet.splitlines() if '<td class="name">EF-9 Rabbit</td>' in line)
    assert "line 5" in row and "redline.copy-limit" in row
    assert "redline.arsenal-size" in sheet.split("About the whole deck")[1]


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
    assert pages == 1 + len(decks)  # the summary, then one page a deck (a 50-card Redemption sheet, Reserve and all, fits on one)
