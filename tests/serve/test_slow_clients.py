"""A request's head must arrive whole within its deadline (deckcheck.serve.slow_clients): a real
uvicorn server on this computer, clients on raw sockets sending heads slowly, in part, or not at all."""

import socket
import time

import pytest

uvicorn = pytest.importorskip("uvicorn", reason='the serve extra (pip install "deckcheck[serve]") is not installed')

from deckcheck.serve.slow_clients import DeadlineH11Protocol  # noqa: E402
from uvicorn_thread import served  # noqa: E402

HEAD = b"GET / HTTP/1.1\r\nHost: desk.test\r\n\r\n"


class QuickDeadline(DeadlineH11Protocol):
    head_seconds = 0.5


async def hello(scope, receive, send):
    if scope["type"] != "http":
        return
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-length", b"5")]})
    await send({"type": "http.response.body", "body": b"hello"})


@pytest.fixture(scope="module")
def port():
    with served(hello, http=QuickDeadline, timeout_keep_alive=30) as address:
        yield address[1]


def answer(client: socket.socket, seconds: float = 5) -> tuple[bytes, float]:
    """Everything the server sends until it closes the connection (or `seconds` pass), and when it closed."""
    client.settimeout(seconds)
    start, received = time.monotonic(), b""
    try:
        while chunk := client.recv(4096):
            received += chunk
    except TimeoutError:
        return received, float("inf")
    return received, time.monotonic() - start


def hello_answered(client: socket.socket) -> bytes:
    """The whole of one answer to HEAD: its head and its 5-byte body may come in separate reads."""
    client.settimeout(5)
    received = b""
    while not received.endswith(b"hello"):
        chunk = client.recv(4096)
        assert chunk, f"closed after {received!r}"
        received += chunk
    return received


@pytest.mark.slow
def test_a_half_sent_head_is_answered_408_and_closed(port):
    with socket.create_connection(("127.0.0.1", port)) as client:
        client.sendall(b"GET / HTTP/1.1\r\nHost: desk")
        received, closed_after = answer(client)
    assert received.startswith(b"HTTP/1.1 408 ")
    assert closed_after < 3


@pytest.mark.slow
def test_a_connection_that_sends_nothing_is_closed(port):
    with socket.create_connection(("127.0.0.1", port)) as client:
        received, closed_after = answer(client)
    assert received.startswith(b"HTTP/1.1 408 ") and closed_after < 3


def test_a_head_sent_in_pieces_within_the_deadline_is_answered(port):
    with socket.create_connection(("127.0.0.1", port)) as client:
        for piece in (HEAD[:10], HEAD[10:20], HEAD[20:]):
            client.sendall(piece)
            time.sleep(0.1)
        assert hello_answered(client).startswith(b"HTTP/1.1 200 ")


@pytest.mark.slow
def test_each_request_of_a_kept_connection_has_its_deadline(port):
    with socket.create_connection(("127.0.0.1", port)) as client:
        client.sendall(HEAD)
        assert hello_answered(client).startswith(b"HTTP/1.1 200 ")
        time.sleep(1)  # idle between requests: the keep-alive's business, not the head's deadline
        client.sendall(b"GET / HTTP/1.1\r\nHo")
        received, closed_after = answer(client)
    assert received.startswith(b"HTTP/1.1 408 ") and closed_after < 3


def test_a_body_trickled_past_its_deadline_is_answered_and_the_connection_closed(monkeypatch):
    """The page answers 408 when a body has not all come in time (READ_SECONDS), and closes the
    connection: a client that goes on sending a byte at a time no longer holds it."""
    from deckcheck.loading.card_db import Databases
    from deckcheck.serve import reading
    from deckcheck.serve.app import create_app
    from deckcheck.serve.site import Site

    monkeypatch.setattr(reading, "READ_SECONDS", 0.5)
    app = create_app(Site(Databases(), allowed_hosts=frozenset({"desk.test"})))
    with served(app, timeout_keep_alive=30, lifespan="off") as address:
        received, closed_at = _trickled(address, "/api/check", "desk.test")
    assert received.startswith(b"HTTP/1.1 408") and closed_at < 3


def test_uvicorns_lines_are_one_line_each_and_never_a_traceback(capsys):
    import logging
    import sys

    from deckcheck.serve.logs import OneLine

    try:
        raise ConnectionResetError("peer gone")
    except ConnectionResetError:
        record = logging.LogRecord("uvicorn.error", logging.ERROR, __file__, 1, "Exception in ASGI application\nmore", None, sys.exc_info())
    OneLine().emit(record)
    said = capsys.readouterr().err
    assert said == "deckcheck serve: Exception in ASGI application (ConnectionResetError)\n"


def test_an_abandoned_upload_leaves_nothing_on_the_terminal(capfd):
    """A client that sends half a body and leaves: no traceback, no line at all."""
    from deckcheck.loading.card_db import Databases
    from deckcheck.serve.app import create_app
    from deckcheck.serve.logs import LOG_CONFIG
    from deckcheck.serve.site import Site

    app = create_app(Site(Databases(), allowed_hosts=frozenset({"desk.test"})))
    with served(app, log_config=LOG_CONFIG, lifespan="off") as address:
        for path in (b"/check", b"/api/check"):
            with socket.create_connection(address) as client:
                head = b"POST " + path + b" HTTP/1.1\r\nHost: desk.test\r\nContent-Type: text/plain\r\nContent-Length: 100000\r\n\r\n"
                client.sendall(head + b"1 Crate\n" * 100)
            time.sleep(0.5)
    assert "Traceback" not in capfd.readouterr().err


def _trickled(address, path: str, host: str) -> tuple[bytes, float]:
    """A POST of a 100,000-byte body sent a byte at a time: what came back, and when the server
    closed the connection (inf: not within 4 s)."""
    with socket.create_connection(address) as client:
        client.sendall(f"POST {path} HTTP/1.1\r\nHost: {host}\r\nContent-Length: 100000\r\n\r\n".encode())
        client.settimeout(0.2)
        received, start = b"", time.monotonic()
        while time.monotonic() - start < 4:
            try:
                client.sendall(b"x")
                chunk = client.recv(4096)
            except (TimeoutError, BlockingIOError):
                continue
            except OSError:
                break
            if not chunk:
                break
            received += chunk
        return received, time.monotonic() - start if time.monotonic() - start < 4 else float("inf")


@pytest.mark.parametrize(
    "path, host, status",
    [("/organiser/withdraw", "desk.test", b"403"), ("/nowhere", "desk.test", b"404"), ("/api/check", "elsewhere.test", b"421")],
)
def test_a_body_no_route_reads_is_answered_and_its_connection_closed(tmp_path, path, host, status):
    """An answer given from the head alone closes the connection: a client trickling the body on
    holds nothing (it was held for as long as the client kept sending)."""
    from deckcheck.loading.card_db import Databases
    from deckcheck.serve.app import create_app
    from deckcheck.serve.site import Site

    app = create_app(Site(Databases(), allowed_hosts=frozenset({"desk.test"}), registrations=tmp_path, token="t" * 20))
    with served(app, timeout_keep_alive=30, lifespan="off") as address:
        received, closed_at = _trickled(address, path, host)
    assert received.startswith(b"HTTP/1.1 " + status) and closed_at < 2
