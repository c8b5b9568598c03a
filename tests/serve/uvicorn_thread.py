"""A real uvicorn server in a thread of the test process, on a port it binds itself (port 0: no
other process can take the port between choosing it and binding it)."""

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import uvicorn

STARTUP_SECONDS = 60  # a busy CI machine running two workers and Chromium can take seconds


@contextmanager
def served(app, **config) -> Iterator[tuple[str, int]]:
    """`app` served while the block runs: (host, port). The socket listens before uvicorn starts, so
    a first request sent early waits in the backlog instead of being refused; a server that never
    starts fails the test that needs it, saying so."""
    listening = socket.socket()  # closed by uvicorn when it shuts down
    listening.bind(("127.0.0.1", 0))
    listening.listen()
    server = uvicorn.Server(uvicorn.Config(app, **{"log_level": "warning", **config}))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listening]}, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + STARTUP_SECONDS
        while not server.started:
            if not thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError(f"uvicorn did not start within {STARTUP_SECONDS} s")
            time.sleep(0.05)
        yield listening.getsockname()
    finally:
        server.should_exit = True
        thread.join(timeout=10)
