"""An event's registration window and its legal-only setting (issue 49 part 1): registration
closes at the time the organiser set or when they close it from their page, whichever comes
first; then lists are locked (no registering, no withdrawing by a player), a restarted desk stays
closed, and the player still sees their verdict. With --legal-only an illegal list is not
registered, and the player is told why."""

from datetime import UTC, datetime, timedelta

import pytest

pytest.importorskip("starlette", reason='the serve extra (pip install "deckcheck[serve]") is not installed')

from deckcheck.loading.card_db import Databases  # noqa: E402
from deckcheck.serve.site import Site  # noqa: E402
from test_site import ILLEGAL, LEGAL, REDLINE_DESK, client_for, organiser, register  # noqa: E402

from conftest import run  # noqa: E402


def desk(folder, **settings):
    return client_for(Site(Databases(), desk=REDLINE_DESK, registrations=folder, token="s3cret", **settings))


def test_registration_closes_at_the_time_set_and_the_list_registered_before_stands(tmp_path):
    with desk(tmp_path, close_at=datetime.now(UTC) + timedelta(hours=1)) as open_desk:
        assert "registered as" in register(open_desk, "Ann", LEGAL)
        assert "Registration is open until" in organiser(open_desk).text
    with desk(tmp_path, close_at=datetime.now(UTC) - timedelta(minutes=1)) as closed_desk:
        answer = register(closed_desk, "Ann", ILLEGAL)  # a new list after the close
        assert "not registered: registration closed at" in answer and "the list you registered before stands" in answer
        assert "ILLEGAL" in answer  # the verdict is still shown
        page = organiser(closed_desk).text
        assert "Registration closed at" in page and "1 player registered" in page and "ILLEGAL" not in page.split("<tbody>")[1]


def test_the_organiser_closes_registration_and_a_restarted_desk_stays_closed(tmp_path):
    with desk(tmp_path) as client:
        answer = register(client, "Ann", LEGAL)
        assert client.post("/organiser/close").status_code == 403  # the token first
        organiser(client)  # (keeps the token in a cookie)
        assert client.post("/organiser/close", follow_redirects=False).status_code == 303
        assert "not registered: registration closed at" in register(client, "Bob", LEGAL)
        code = answer.split("withdrawal code is ")[1].split(" ")[0]
        refused = client.post("/withdraw", data={"player": "Ann", "code": code})
        assert refused.status_code == 400 and "registration closed at" in refused.text
    with desk(tmp_path) as restarted:
        assert "not registered: registration closed at" in register(restarted, "Bob", LEGAL)
        assert "Close registration now" not in organiser(restarted).text


def test_a_legal_only_desk_registers_legal_lists_and_tells_a_player_why_not(tmp_path):
    with desk(tmp_path, legal_only=True) as client:
        refused = register(client, "Ann", ILLEGAL)
        assert "not registered: this event registers legal lists only" in refused and "redline.copy-limit" in refused
        assert "registered as" in register(client, "Bob", LEGAL)
        assert "1 player registered" in organiser(client).text


def test_close_at_is_refused_unless_it_is_a_time(tmp_path):
    outcome = run("serve", "--registrations", tmp_path, "--game", "redline", "--format", "standard", "--close-at", "tomorrow noon")
    assert outcome.exit_code == 2 and "--close-at: not a time: 'tomorrow noon'" in outcome.stderr
