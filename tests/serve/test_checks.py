"""A player's check runs in a worker process within a time limit: a deck still being checked at
the limit is stopped and the player told, and the page goes on checking other decks."""

import pytest

pytest.importorskip("starlette", reason='the serve extra (pip install "deckcheck[serve]") is not installed')

from deckcheck.loading.card_db import Databases  # noqa: E402
from deckcheck.serve.app import create_app  # noqa: E402
from deckcheck.serve.checking import Checks  # noqa: E402
from deckcheck.serve.site import Site  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from conftest import REPO  # noqa: E402

LEGAL = (REPO / "examples" / "redline-cpm.yaml").read_text()


def unknown_names(count: int) -> str:
    """A deck of `count` names no card has: slow to check, the slowest a stranger can send.

    The margin of the tests below: 30,000 such names take 0.9 s of CPU to check (measured on an idle
    2-core machine), 9 times their 0.1 s limit; a busy machine only makes the check slower, so
    more surely stopped."""
    return "game: redline\nmain:\n" + "".join(f"  Nothing Card Number {i}: 1\n" for i in range(count))


@pytest.fixture
def limited():
    site = Site(Databases(), checks=Checks(seconds=0.1), log=(lines := []).append, allowed_hosts=frozenset({"desk.test"}))
    site.logged = lines
    with TestClient(create_app(site), base_url="http://desk.test") as client:
        client.site = site
        yield client


def test_a_check_past_the_time_limit_is_stopped_and_said(limited):
    page = limited.post("/check", data={"deck": unknown_names(30_000)})
    assert page.status_code == 503
    assert "was still being checked after 0.1 seconds and was stopped" in page.text
    assert limited.site.logged == ["stopped the check of pasted deck after 0.1 s"]  # a line for the organiser
    limited.site.checks.seconds = 20  # the next check may start a new worker: its start counts
    after = limited.post("/check", data={"deck": LEGAL})
    assert after.status_code == 200 and "legal" in after.text.lower()


def test_the_api_says_so_too(limited):
    answer = limited.post("/api/check?game=redline", content=unknown_names(30_000).encode())
    assert answer.status_code == 503
    assert "stopped" in answer.json()["error"]


@pytest.mark.slow  # a desk with its check workers, a deck of 30,000 names checked until stopped
def test_the_organisers_page_checks_registrations_again_within_the_time_limit(tmp_path):
    """A registered deck that takes too long to check again is stopped as a player's check is, and
    the page lists it as stopped; the others are listed checked."""
    from datetime import date

    from deckcheck.serve.desk import Desk

    registrations = tmp_path / "registrations"
    registrations.mkdir()
    desk = Desk("redline", "standard", date(2026, 9, 1))
    site = Site(Databases(), desk=desk, registrations=registrations, token="t" * 16, allowed_hosts=frozenset({"desk.test"}))
    with TestClient(create_app(site), base_url="http://desk.test") as client:
        for player, deck in (("Slow", unknown_names(30_000)), ("Quick", LEGAL)):
            client.post("/check", data={"deck": deck, "player": player, "register": "yes"})
        site.checks.seconds = 0.1
        site._listed.clear()  # as after a restart: every registration is checked again
        page = client.get("/organiser?token=" + "t" * 16).text
    assert "not checked again:</span> checking it again was stopped after 0.1 seconds" in page
    assert '<td class="player">Slow' in page and '<td class="player">Quick' in page


def test_a_players_check_never_waits_behind_the_organisers_rechecks(monkeypatch):
    """The organiser's page re-checks every registration; with its one turn taken and more
    re-checks waiting, a player's check starts at once, in turns of its own."""
    import anyio
    from deckcheck.serve import checking

    started: list[str] = []
    release = anyio.Event()

    async def run_sync(function, sent, options, databases, **kwargs):
        started.append(sent)
        if sent.startswith("organiser"):
            await release.wait()  # a heavy deck, checked for as long as the test likes

    monkeypatch.setattr(checking.anyio.to_process, "run_sync", run_sync)
    checks = Checks(at_once=1, organiser_at_once=1)

    async def scene():
        async with anyio.create_task_group() as group:
            for number in range(3):
                group.start_soon(lambda n=number: checks.report(f"organiser {n}", None, None, organiser=True))
            await anyio.wait_all_tasks_blocked()
            await checks.report("player", None, None)  # would wait for the organiser's turn to free
            assert started == ["organiser 0", "player"]
            release.set()

    anyio.run(scene)
