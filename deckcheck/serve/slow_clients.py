"""A deadline for a request's head. Uvicorn times out a connection idle between requests, and the
page times out a body that does not arrive (READ_SECONDS), but a client that opens a connection
and sends its request line and headers slowly, or half of them and then nothing, would hold that
connection for as long as it likes: a hundred such clients hold a hundred. Here the head of each
request must arrive whole within HEAD_SECONDS of its first byte (of the connection, for the first
request), or the client is answered 408 and the connection closed."""

from __future__ import annotations

import asyncio

import h11
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from uvicorn.protocols.http.h11_impl import H11Protocol

HEAD_SECONDS = 10.0
SAID = b"the request came too slowly"
TOO_SLOW = (
    b"HTTP/1.1 408 Request Timeout\r\nContent-Type: text/plain\r\nConnection: close\r\n" + b"Content-Length: %d\r\n\r\n" % len(SAID) + SAID
)


class DeadlineH11Protocol(H11Protocol):
    """Uvicorn's HTTP/1.1 protocol, with the deadline for a request's head."""

    head_seconds = HEAD_SECONDS
    _head_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self._waiting_for_head():
            self._arm()
        else:
            self._disarm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _waiting_for_head(self) -> bool:
        # h11 leaves a client IDLE until a request's head has arrived whole
        return self.conn.their_state is h11.IDLE

    def _arm(self) -> None:
        if self._head_timer is None:
            self._head_timer = self.loop.call_later(self.head_seconds, self._too_slow)

    def _disarm(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _too_slow(self) -> None:
        self._head_timer = None
        if self._waiting_for_head() and not self.transport.is_closing():
            self.transport.write(TOO_SLOW)
            self.transport.close()


class ClosingUnread:
    """ASGI middleware: an answer to a request whose body the application did not read to the end
    (a 403, 404 or 421 answered from the head alone) says `Connection: close`, and the server
    closes the connection once it is sent: a client trickling a body no one reads holds nothing."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or ())
        read = {"all": b"content-length" not in headers and b"transfer-encoding" not in headers}

        async def reading() -> Message:  # the body as the application reads it, noting when it has all come
            message = await receive()
            if message["type"] == "http.request" and not message.get("more_body", False):
                read["all"] = True
            return message

        async def sending(message: Message) -> None:
            said = message.get("headers", ())
            if message["type"] == "http.response.start" and not read["all"] and not any(k.lower() == b"connection" for k, _ in said):
                message = {**message, "headers": [*said, (b"connection", b"close")]}
            await send(message)

        await self.app(scope, reading, sending)
