"""`deckcheck serve`'s page through HTTP (Starlette's test client): check, register, the
organiser's page, and bad input."""

import threading

import pytest

pytest.importorskip("starlette", reason='the serve extra (pip install "deckcheck[serve]") is not installed')

from deckcheck.loading.card_db import Databases  # noqa: E402
from deckcheck.serve.app import Site, create_app  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from conftest import DATA, REPO  # noqa: E402

EXAMPLES = REPO / "examples"
ILLEGAL = "game: redline\ngeneral: Valya Serova\nmain:\n  Supply Drop: 19\n  EF-9 Rabbit: 5\n"


@pytest.fixture
def client(tmp_path):
    site = Site(Databases(), (), tmp_path / "registrations", "s3cret")
    site.registrations.mkdir()
    with TestClient(create_app(site)) as client:
        client.site = site
        yield client


def test_the_form_needs_no_javascript(client):
    page = client.get("/").text
    assert '<form method="post" action="/check" enctype="multipart/form-data">' in page and "<script" not in page


def test_a_pasted_illegal_deck_shows_its_rule_and_line(client):
    page = client.post("/check", data={"deck": ILLEGAL}).text
    assert '<span class="illegal">ILLEGAL</span>' in page
    assert "<td>5:3</td>" in page and "redline.copy-limit" in page
    assert '<section class="sheet">' in page  # the printable sheet below


def test_an_uploaded_dek_is_read_as_lackey_xml(client):
    dek = REPO / "tests" / "decks" / "redemption" / "deck-i.dek"
    page = client.post("/check", files={"file": ("deck-i.dek", dek.read_bytes())}, data={"deck": ""}).text
    assert "redemption" in page and "deck.parse" not in page


def test_a_path_in_an_uploaded_file_name_is_ignored(client):
    page = client.post("/check", files={"file": ("../../etc/passwd.yaml", ILLEGAL.encode())}).text
    assert "passwd.yaml" in page and "../" not in page and "etc/passwd" not in page


def test_an_oversized_upload_gets_a_413_page_that_says_why(client):
    response = client.post("/check", files={"file": ("big.txt", b"1 Card\n" * 200_000)})
    assert response.status_code == 413 and "at most 1 MiB" in response.text


def test_a_file_that_is_not_utf8_shows_its_parse_finding(client):
    page = client.post("/check", files={"file": ("deck.txt", b"3 Caf\xe9\n")}).text
    assert "deck.parse" in page and "UTF-8" in page


def test_a_card_name_with_html_shows_as_text(client):
    page = client.post("/check", data={"deck": '# game: redline\n1 <img src=x onerror="alert(1)">\n'}).text
    assert "<img" not in page and "&lt;img src=x" in page


def test_registered_decks_get_a_name_of_the_players_and_show_on_the_organisers_page(client):
    for player, deck in (("Ann O'Neil", ILLEGAL), ("../Bob", (EXAMPLES / "redline-cpm.yaml").read_text())):
        page = client.post("/check", data={"deck": deck, "player": player, "register": "yes"}).text
        assert "registered as" in page
    names = sorted(p.name for p in client.site.registrations.iterdir())
    assert len(names) == 2 and names[0].startswith("ann-o-neil-") and names[1].startswith("bob-")
    assert client.get("/organiser").status_code == 403  # the token guards it
    organiser = client.get("/organiser?token=s3cret").text
    assert "2 decks in" in organiser and "1 legal" in organiser
    report = client.get("/organiser/report.html?token=s3cret").text
    assert report.count('<section class="sheet">') == 2


def test_the_organisers_page_rereads_a_deck_that_changed(client):
    client.post("/check", data={"deck": ILLEGAL, "player": "Ann", "register": "yes"})
    assert "0 legal" in client.get("/organiser?token=s3cret").text
    (saved,) = client.site.registrations.iterdir()
    saved.write_text((EXAMPLES / "redline-cpm.yaml").read_text())
    assert "1 legal" in client.get("/organiser?token=s3cret").text


def test_twenty_submissions_at_once_are_all_kept(client):
    decks = [ILLEGAL.replace("Supply Drop: 19", f"Supply Drop: {i + 1}") for i in range(20)]

    def submit(index):
        client.post("/check", data={"deck": decks[index], "player": f"Player {index}", "register": "yes"})

    threads = [threading.Thread(target=submit, args=(i,)) for i in range(20)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    saved = sorted(client.site.registrations.iterdir())
    assert len(saved) == 20 and not [p for p in saved if p.name.startswith(".registering")]
    assert {p.read_text() for p in saved} == set(decks)


def test_a_deck_against_a_card_database_of_ones_own(tmp_path):
    from deckcheck.loading.card_db import load_databases

    site = Site(Databases(load_databases([DATA / "redemption-cards.yaml"])))
    with TestClient(create_app(site)) as client:
        page = client.post("/check", data={"deck": "game: redemption\nmain:\n  Gideon (K): 4\n"}).text
    assert "redemption.copy-limit" in page
