"""`deckcheck serve` killed (SIGKILL: nothing cleans up) at random points of 200 registrations sent
four at a time, and started again: every registration a player was told of is whole in the store,
and whatever else is there is whole too (a registration kept in the moment before the kill whose
answer never left), never half a registration. A real server in its own process, as an event runs it."""

import hashlib
import http.client
import os
import random
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait

import pytest

pytest.importorskip("uvicorn", reason='the serve extra (pip install "deckcheck[serve]") is not installed')

from deckcheck.serve.registrations import by_player, deck_of, read_all  # noqa: E402
from deckcheck.serve.store import Store  # noqa: E402
from test_site import LEGAL  # noqa: E402

from conftest import run  # noqa: E402

REGISTRATIONS = 200
STARTUP_SECONDS = 60


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _start(folder, port) -> subprocess.Popen:
    command = [sys.executable, "-m", "deckcheck", "serve", "--registrations", str(folder), "--game", "redline"]
    command += ["--format", "standard", "--port", str(port)]
    server = subprocess.Popen(command, env={**os.environ, "DECKCHECK_TOKEN": "k" * 16}, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5).close()
            return server
        except OSError:
            time.sleep(0.1)
    server.kill()
    raise RuntimeError(f"deckcheck serve did not answer within {STARTUP_SECONDS} s")


def _deck(number: int) -> str:
    return LEGAL + f"# registration {number}\n"


def _register(port: int, number: int) -> bool:
    """Whether the page told player `number` their deck was registered."""
    form = urllib.parse.urlencode({"deck": _deck(number), "player": f"Player {number}", "register": "yes"}).encode()
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/check", data=form, timeout=30) as answer:
            return "registered as" in answer.read().decode("utf-8")
    except (OSError, urllib.error.URLError, http.client.HTTPException):
        return False  # the server was killed before it answered, or while it sent the answer (IncompleteRead)


@pytest.mark.slow
def test_registrations_acknowledged_before_a_kill_are_whole_and_nothing_is_half_written(tmp_path):
    folder, port, chance = tmp_path / "registrations", _free_port(), random.Random(2026)
    acknowledged: set[int] = set()
    sent = 0
    server = _start(folder, port)
    try:
        with ThreadPoolExecutor(4) as senders:
            while sent < REGISTRATIONS:
                batch = range(sent, min(REGISTRATIONS, sent + chance.randint(8, 40)))
                answers = {number: senders.submit(_register, port, number) for number in batch}
                wait(answers.values(), timeout=STARTUP_SECONDS, return_when=FIRST_COMPLETED)  # however busy the machine
                time.sleep(chance.uniform(0, 0.3))
                server.send_signal(signal.SIGKILL)  # mid-batch: some answered, some being kept, some not begun
                server.wait()
                acknowledged |= {number for number, answer in answers.items() if answer.result()}
                sent = batch.stop
                server = _start(folder, port)
    finally:
        server.kill()
        server.wait()
    store = Store(folder)
    kept = {int(record.player.split()[1]): record for record in read_all(store)}
    assert acknowledged and acknowledged <= set(kept)  # every registration a player was told of
    for number, record in kept.items():  # and each one kept, told of or not, whole
        assert deck_of(store, record.deck_file).decode() == _deck(number)
        assert record.sha256 == hashlib.sha256(_deck(number).encode()).hexdigest() and record.legal
    assert len(by_player(read_all(store))) == len(kept)
    assert len(run("check", folder, "--current", "--output-format", "json").report["decks"]) == len(kept)
