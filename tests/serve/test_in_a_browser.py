"""`deckcheck serve` in a real browser: Debian's Chromium, driven by Selenium, through the page a
player sees (installed by .ci/run when missing; without it these tests say so and skip)."""

import re
import shutil
import socket
import subprocess
import threading
import time

import pytest

pytest.importorskip("starlette", reason='the serve extra (pip install "deckcheck[serve]") is not installed')
webdriver = pytest.importorskip("selenium.webdriver", reason="selenium drives the browser; it comes with the test extra")

from conftest import REPO  # noqa: E402

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
pytestmark = pytest.mark.skipif(
    not (CHROMIUM and DRIVER), reason="Debian's chromium and chromium-driver are not installed (.ci/run installs them)"
)
ILLEGAL = "game: redline\ngeneral: Valya Serova\nmain:\n  Supply Drop: 19\n  EF-9 Rabbit: 5\n"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    import uvicorn
    from deckcheck.loading.card_db import Databases
    from deckcheck.serve.app import Site, create_app

    registrations = tmp_path_factory.mktemp("registrations")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(create_app(Site(Databases(), (), registrations)), port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    for _ in range(100):
        if server.started:
            break
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}", registrations
    server.should_exit = True
    thread.join(timeout=5)


@pytest.fixture(scope="module")
def browser():
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1100,1400"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    yield driver
    driver.quit()


def submit(browser) -> str:
    """Send the form and wait for the answer's page."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    old = browser.find_element(By.TAG_NAME, "html")
    browser.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    WebDriverWait(browser, 20).until(lambda driver: driver.current_url.endswith("/check") and _replaced(old))
    WebDriverWait(browser, 20).until(lambda driver: driver.execute_script("return document.readyState") == "complete")
    return browser.find_element(By.TAG_NAME, "body").text


def _replaced(element) -> bool:
    from selenium.common.exceptions import StaleElementReferenceException

    try:
        element.tag_name
        return False
    except StaleElementReferenceException:
        return True


def paste(browser, url, deck, **fields):
    from selenium.webdriver.common.by import By

    browser.get(url + "/")
    browser.find_element(By.ID, "deck").send_keys(deck)
    for name, value in fields.items():
        element = browser.find_element(By.ID, name)
        if element.get_attribute("type") == "checkbox":
            element.click()
        else:
            element.send_keys(value)
    return submit(browser)


def test_paste_an_illegal_deck_and_see_its_rule_and_line(site, browser, tmp_path):
    url, _ = site
    text = paste(browser, url, ILLEGAL)
    assert "ILLEGAL" in text and "redline.copy-limit" in text and "5:3" in text
    assert browser.save_screenshot(str(tmp_path / "result.png"))  # what a player sees renders


def test_upload_a_dek(site, browser):
    from selenium.webdriver.common.by import By

    url, _ = site
    browser.get(url + "/")
    browser.find_element(By.ID, "file").send_keys(str(REPO / "tests" / "decks" / "redemption" / "deck-i.dek"))
    text = submit(browser)
    assert "redemption" in text and "deck.parse" not in text


def test_register_two_decks_and_see_them_on_the_organisers_page(site, browser):
    url, registrations = site
    assert "registered as" in paste(browser, url, ILLEGAL, player="Ann", register="yes")
    assert "registered as" in paste(browser, url, (REPO / "examples" / "redline-cpm.yaml").read_text(), player="Bob", register="yes")
    browser.get(url + "/organiser")
    text = browser.find_element("tag name", "body").text
    assert "2 decks in" in text and "ILLEGAL" in text and "legal" in text
    assert len(list(registrations.iterdir())) == 2


def test_a_printed_sheet_is_one_deck_a_page(site, browser, tmp_path):
    # printed by a browser of its own, as an organiser prints the page: the driven session's print
    # command answered "Printing failed" in two of four whole-suite runs here (never run alone)
    url, _ = site
    browser.get(url + "/organiser/report.html")
    decks = browser.page_source.count('class="sheet"')
    pdf = tmp_path / "report.pdf"
    printing = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer", f"--print-to-pdf={pdf}"]
    subprocess.run([*printing, url + "/organiser/report.html"], check=True, capture_output=True, timeout=120)
    assert decks >= 2 and len(re.findall(rb"/Type\s*/Page[^s]", pdf.read_bytes())) == 1 + decks


def test_a_card_name_with_html_shows_as_text(site, browser):
    url, _ = site
    text = paste(browser, url, '# game: redline\n1 <b onmouseover="alert(1)">bold</b>\n')
    assert '<b onmouseover="alert(1)">bold</b>' in text  # shown as text, not made bold
