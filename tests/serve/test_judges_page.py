"""The judges' page behind the organiser's token: a deck presented at the table compared with a
player's current registration, and the deck-check log drawn, recorded and exported."""

import pytest

pytest.importorskip("starlette", reason='the serve extra (pip install "deckcheck[serve]") is not installed')

from test_site import LEGAL, organiser, redline_desk, register  # noqa: E402


@pytest.fixture
def desk(tmp_path):
    """A REDLINE desk taking registrations, its organiser's token `s3cret`."""
    (tmp_path / "registrations").mkdir()
    with redline_desk(tmp_path / "registrations") as client:
        yield client


def test_the_judges_page_needs_the_token(desk):
    assert desk.get("/organiser/judges").status_code == 403
    for path in ("/organiser/judges/draw", "/organiser/judges/record", "/organiser/judges/compare"):
        assert desk.post(path, data={"count": "1"}).status_code == 403


def test_a_deck_presented_with_a_card_short_is_named_and_the_same_list_is_the_same(desk):
    register(desk, "Ann", LEGAL)
    organiser(desk)  # the token, kept in the cookie
    short = LEGAL.replace("EF-9 Rabbit: 3", "EF-9 Rabbit: 2")
    assert short != LEGAL
    page = desk.post("/organiser/judges/compare", data={"player": "ann", "deck": short}).text
    assert "DIFFERENT from the list registered: 1 card missing" in page and "EF-9 Rabbit" in page
    same = desk.post("/organiser/judges/compare", data={"player": "Ann", "deck": LEGAL}).text
    assert "THE SAME DECK as registered" in same
    nobody = desk.post("/organiser/judges/compare", data={"player": "Nobody", "deck": LEGAL})
    assert nobody.status_code == 400 and "Choose a registered player" in nobody.text


def test_draw_record_and_export_the_deck_checks(desk):
    for player in ("Ann", "Bob", "Cy"):
        register(desk, player, LEGAL)
    organiser(desk)
    drawn = desk.post("/organiser/judges/draw", data={"count": "2", "seed": "7"}).text
    assert "Drawn with seed 7: " in drawn
    recorded = desk.post("/organiser/judges/record", data={"player": "Bob", "judge": "Sam", "result": "pass", "note": "ok"}).text
    assert "Recorded: Bob, pass, by Sam" in recorded
    rows = desk.get("/organiser/judges/deck-checks.json").json()["deck_checks"]
    assert [r["kind"] for r in rows] == ["drawn", "drawn", "checked"] and {r["seed"] for r in rows[:2]} == {7}
    assert desk.get("/organiser/judges/deck-checks.csv").content.startswith("\ufeff".encode())
    bad = desk.post("/organiser/judges/draw", data={"count": "two"})
    assert bad.status_code == 400 and "not a number" in bad.text


def test_a_printing_that_makes_the_deck_illegal_is_said_why_on_the_judges_page(tmp_path):
    """Issue 48: the same card presented in a printing outside the pool fails the comparison and
    the page says why (`Christian Martyr (A)` for the registered `(I)`)."""
    from datetime import date

    from deckcheck.loading.card_db import Databases, load_databases
    from deckcheck.serve.desk import Desk
    from deckcheck.serve.site import Site
    from test_site import client_for

    from conftest import TWO_FACES_OF_ONE_CARD

    cards = tmp_path / "cards.yaml"
    cards.write_text(TWO_FACES_OF_ONE_CARD)
    (tmp_path / "registrations").mkdir()
    site = Site(
        Databases(load_databases([cards])),
        desk=Desk("redemption", "type1", date(2026, 9, 1)),
        registrations=tmp_path / "registrations",
        token="s3cret",
    )
    with client_for(site) as desk:
        register(desk, "Ann", "1 Christian Martyr (I)\n1 Soul 1\n")
        organiser(desk)
        page = desk.post("/organiser/judges/compare", data={"player": "Ann", "deck": "1 Christian Martyr (A)\n1 Soul 1\n"}).text
    assert "DIFFERENT from the list registered" in page and "illegal printing" in page
    assert "in a printing this deck may not hold" in page and "redemption.format-sets" in page
