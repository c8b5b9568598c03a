"""The organiser's desk at a Redemption event, in Chromium: ten championship decks registered
through the page print as one sheet a player (the sheet hosts print, with the player's name and
the list's fingerprint), and the organiser's list reads at 412 and 1280 px. Screenshots go to
$DECKCHECK_SCREENSHOTS when it is set."""

import os
import re
import subprocess
from datetime import date
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason='the serve extra (pip install "deckcheck[serve]") is not installed')

from test_in_a_browser import CHROMIUM, DRIVER, serving  # noqa: E402

from conftest import SHARED  # noqa: E402

NATIONALS = SHARED / "data" / "redemption-nationals-2024" / "decks"
pytestmark = [
    pytest.mark.browser,
    pytest.mark.slow,
    pytest.mark.skipif(not (CHROMIUM and DRIVER), reason="Debian's chromium and chromium-driver are not installed (.ci/run installs them)"),
    pytest.mark.skipif(not NATIONALS.is_dir(), reason="../shared/data/redemption-nationals-2024 is not beside this checkout"),
]
PLAYERS = ["Tim Estes", "Zoë Álvarez", "李雷", "Conan O'Brien", "Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]


@pytest.fixture(scope="module")
def championship_desk(tmp_path_factory, real_database):
    """A Type 1 desk on the real card list, ten of the 2024 championship decks registered through the page."""
    from deckcheck.loading.card_db import Databases, load_databases
    from deckcheck.serve.desk import Desk
    from deckcheck.serve.site import Site

    registrations = tmp_path_factory.mktemp("registrations")
    databases = Databases(load_databases([real_database[0]]))
    site = Site(databases, desk=Desk("redemption", "type1", date(2026, 11, 25)), registrations=registrations, token="t" * 16)
    with serving(site) as url:
        decks = sorted(NATIONALS.glob("*.txt"))[:10]
        for player, deck in zip(PLAYERS, decks, strict=True):
            answer = _http(f"{url}/check", {"deck": deck.read_text(encoding="utf-8"), "player": player, "register": "yes"})
            assert "registered as" in answer, player
        yield url


def _http(url: str, form: dict | None = None, headers: dict | None = None) -> str:
    """A page as a script gets it (the standard library's client: no cookie kept)."""
    from urllib.parse import urlencode
    from urllib.request import Request, urlopen

    data = urlencode(form).encode() if form is not None else None
    with urlopen(Request(url, data=data, headers=headers or {}), timeout=60) as answer:
        return answer.read().decode("utf-8")


def _body_once_it_says(browser, words: str) -> str:
    """The page's text once it holds `words`. The organiser's page is reached through a redirect
    (the token moved from the URL into a cookie) and checks every registration again before it
    answers: a read made as the page is replaced finds no body (it failed once in CI)."""
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.support.ui import WebDriverWait

    waited = WebDriverWait(browser, 60, ignored_exceptions=(StaleElementReferenceException,))
    waited.until(lambda driver: words in driver.find_element("tag name", "body").text)
    return browser.find_element("tag name", "body").text


def _shot(browser, name: str) -> None:
    shots = os.environ.get("DECKCHECK_SCREENSHOTS")
    if shots:
        browser.save_screenshot(str(Path(shots) / name))


def test_ten_registered_decks_print_one_sheet_a_player_with_name_and_fingerprint(championship_desk, tmp_path):
    report = _http(f"{championship_desk}/organiser/report.html", headers={"Authorization": "Bearer " + "t" * 16})
    sheets = report.split('<section class="sheet">')[1:]
    assert len(sheets) == 10
    for sheet in sheets:
        running = sheet.split('<th class="running">')[1].split("</th>")[0]
        assert re.search(r"Player: .+ · .+ · fingerprint [0-9a-f]{4}(-[0-9a-f]{4}){3}", running)
        assert "<h2>T1 Deck Check Sheet</h2>" in sheet
    assert {re.search(r"Player: (.+?) · ", s).group(1).replace("&#x27;", "'") for s in sheets} == set(PLAYERS)
    pdf = tmp_path / "sheets.pdf"
    printing = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer", f"--print-to-pdf={pdf}"]
    subprocess.run([*printing, f"{championship_desk}/organiser/report.html?token={'t' * 16}"], check=True, capture_output=True, timeout=120)
    assert len(re.findall(rb"/Type\s*/Page[^s]", pdf.read_bytes())) == 10  # a page a player (the overview is for the screen)


def _printed(browser, paper: dict) -> dict:
    """Chromium's print of the page to PDF. Its driven print answers "Printing failed" now and then
    on a busy machine (CI met it once in a whole-suite run): asked again, it prints."""
    from selenium.common.exceptions import WebDriverException

    for _ in range(2):
        try:
            return browser.execute_cdp_cmd("Page.printToPDF", paper)
        except WebDriverException:
            continue  # asked again; the third answer is the test's
    return browser.execute_cdp_cmd("Page.printToPDF", paper)


def _what_was_printed(browser, pages: int) -> str:
    sheets = browser.execute_script("return document.querySelectorAll('section.sheet').length")
    said = browser.find_element("tag name", "body").text
    return f"{pages} pages printed of a page of {sheets} sheets, which says: {said[:600]!r}"


@pytest.mark.parametrize("paper", [(8.5, 11), (8.27, 11.69)], ids=["Letter", "A4"])
def test_each_sheet_fits_a_page_of_letter_and_of_a4(championship_desk, paper, tmp_path):
    import base64

    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu"):
        options.add_argument(flag)
    browser = webdriver.Chrome(service=Service(DRIVER), options=options)
    try:
        browser.get(f"{championship_desk}/organiser/report.html?token={'t' * 16}")
        # printed once the page is laid out with its fonts: on a busy machine a print taken sooner
        # came out a page short now and then (9 of 10 sheets, 1 CI run in 10), the page holding all ten
        browser.execute_async_script("document.fonts.ready.then(() => requestAnimationFrame(() => arguments[0]()))")
        width, height = paper
        for _ in range(2):  # and printed once more where a page is still missing; a second short print fails
            printed = _printed(browser, {"paperWidth": width, "paperHeight": height, "printBackground": False})
            pdf = base64.b64decode(printed["data"])
            pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
            if pages == 10:
                break
        (tmp_path / "sheets.pdf").write_bytes(pdf)
        assert pages == 10, _what_was_printed(browser, pages)
    finally:
        browser.quit()


@pytest.mark.parametrize("width", [412, 1280])
def test_the_organisers_list_shows_every_column_and_breaks_no_word(championship_desk, width):
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", f"--window-size={width},1000"):
        options.add_argument(flag)
    browser = webdriver.Chrome(service=Service(DRIVER), options=options)
    try:
        browser.set_window_size(width, 1000)
        browser.get(f"{championship_desk}/organiser?token={'t' * 16}")
        assert "10 players registered" in _body_once_it_says(browser, "players registered")
        overflow = browser.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0
        off_screen = browser.execute_script(
            "return [...document.querySelectorAll('.registered td')].filter(td => td.offsetParent !== null"
            " && td.getBoundingClientRect().right > window.innerWidth + 1).length"
        )
        assert off_screen == 0
        broken = browser.execute_script(
            "return [...document.querySelectorAll('th, .legal, .illegal')].filter(el => el.offsetParent !== null"
            " && !el.textContent.trim().includes(' ')).filter(el => { const r = document.createRange();"
            " r.selectNodeContents(el); return r.getClientRects().length > 1; }).map(el => el.textContent)"
        )
        assert broken == []  # no header or verdict broken mid-word ("Verdic t", "ILLEGA L")
        _shot(browser, f"organiser-{width}.png")
        browser.get(f"{championship_desk}/organiser/report.html")
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
        _shot(browser, f"sheets-print-{width}.png")
    finally:
        browser.quit()
