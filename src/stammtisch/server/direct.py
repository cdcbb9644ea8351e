"""Table WebSockets served straight on the connection, without ASGI (``serve --workers``).

Under load, the layers around every WebSocket message on the ASGI path (uvicorn's receive
queue and protocol, Starlette's wrappers, and the per-connection sender task with its
queue) cost about a sixth of a worker's CPU per move (``benchmarks/server_load.txt``). A
worker process adopts each connection the front passes it; when the connection asks for
``GET /ws/tables/{id}``, the worker runs it on a :class:`DirectSocket` instead of uvicorn:
the ``websockets`` library's sans-I/O protocol parses the handshake and the frames, and the
same session as the ASGI route (:func:`stammtisch.server.ws.serve_socket`) runs on it.

Messages to the client are written to the connection at once, without a queue or a task.
A client that does not take them is cut off once more than :data:`MAX_BACKLOG` bytes wait
for it, as a full outbox is on the ASGI path. What uvicorn does for its connections is
done here too: the frame size limit (close code 1009), invalid UTF-8 (1007), keepalive
pings (a connection that leaves a ping unanswered for :data:`PING_INTERVAL` seconds is
dropped), closing with 1012 when the server stops, and a close handshake that a client
does not finish within :data:`CLOSE_TIMEOUT` seconds ends with the connection closed.
Only without per-message compression (the default); with ``--ws-compression`` uvicorn
serves every connection.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Callable, Coroutine, Mapping
from typing import Any
from urllib.parse import parse_qsl, urlsplit

from starlette.datastructures import Address
from websockets.datastructures import Headers
from websockets.frames import CloseCode, Frame, Opcode
from websockets.http11 import Request
from websockets.server import ServerProtocol

from stammtisch.server.clients import Message as Text
from stammtisch.server.shards import table_of_target

log = logging.getLogger("stammtisch.server")

#: Seconds between keepalive pings, and the time a client has to answer one (uvicorn's).
PING_INTERVAL = 20.0
#: Seconds a client has to answer the server's close frame.
CLOSE_TIMEOUT = 10.0
#: Bytes of unsent messages a client may leave waiting before it is cut off.
MAX_BACKLOG = 1 << 20

Message = dict[str, Any]
DATA = (Opcode.TEXT, Opcode.BINARY, Opcode.CONT)
Session = Callable[["DirectSocket", str], Coroutine[Any, Any, None]]


def is_table_socket(head: bytes) -> bool:
    """Whether a request head (at least its first line) opens a table's WebSocket."""
    line = head.partition(b"\r\n")[0]
    fields = line.split(b" ")
    if len(fields) != 3 or fields[0] != b"GET" or not fields[2].startswith(b"HTTP/1.1"):
        return False
    try:
        target = fields[1].decode("ascii")
    except UnicodeDecodeError:
        return False
    return _table_of_socket_path(target) is not None


def _table_of_socket_path(target: str) -> str | None:
    path = urlsplit(target).path
    if not path.startswith("/ws/tables/") or path.count("/") != 3:
        return None
    return table_of_target(target)


class DirectSocket(asyncio.Protocol):
    """One table WebSocket on its connection; the part of Starlette's WebSocket the
    session uses (:class:`stammtisch.server.ws.Socket`), plus :meth:`deliver`."""

    def __init__(self, session: Session, max_size: int, live: set[DirectSocket]) -> None:
        self._session = session
        self._live = live
        self.conn = ServerProtocol(max_size=max_size)
        self.transport: asyncio.Transport | None = None
        self.query_params: Mapping[str, str] = {}
        self.headers: Mapping[str, str] = Headers()
        #: The peer (host, port), as Starlette's ``WebSocket.client``.
        self.client: Address | None = None
        #: True from the handshake until a close frame was sent or received.
        self.open = False
        self._inbox: deque[Message] = deque()
        self._waiter: asyncio.Future[None] | None = None
        self._task: asyncio.Task[None] | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._pong_due = False
        self._kind = Opcode.TEXT
        self._parts: list[bytes] = []

    # --- asyncio.Protocol ------------------------------------------------------------------
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]
        self._live.add(self)
        peer = transport.get_extra_info("peername")
        if isinstance(peer, tuple) and len(peer) >= 2:
            self.client = Address(str(peer[0]), int(peer[1]))

    def data_received(self, data: bytes) -> None:
        conn = self.conn
        conn.receive_data(data)
        for event in conn.events_received():
            if isinstance(event, Request):
                self._handshake(event)
            elif not isinstance(event, Frame):
                continue
            elif event.opcode in DATA:
                self._data(event)
            elif event.opcode is Opcode.PONG:
                self._pong_due = False
            elif event.opcode is Opcode.CLOSE:
                self.open = False
                rcvd = conn.close_rcvd
                self._put({"type": "websocket.disconnect", "code": rcvd.code if rcvd else 1005})
        self._flush()
        if conn.parser_exc is not None and self.open:  # too big, not a WebSocket frame: closing
            self.open = False
            self._close_later()

    def eof_received(self) -> bool | None:
        self.conn.receive_eof()
        self._flush()
        return None

    def connection_lost(self, exc: Exception | None) -> None:
        self.open = False
        self._live.discard(self)
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self._put({"type": "websocket.disconnect", "code": 1006})

    # --- what the session uses -------------------------------------------------------------
    async def accept(self) -> None:
        """The handshake is done before the session starts."""

    async def receive(self) -> Message:
        while not self._inbox:
            self._waiter = asyncio.get_running_loop().create_future()
            await self._waiter
        return self._inbox.popleft()

    async def send_text(self, data: str) -> None:
        self.deliver(data)

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        self.close_now(code, reason or "")

    def deliver(self, text: Text | None) -> None:
        """Send one text message now (``str``, or its UTF-8 ``bytes`` as they are); ``None``:
        no more messages, the server goes away."""
        if not self.open:
            return
        if text is None:
            self.close_now(1012)
            return
        self.conn.send_text(text if isinstance(text, bytes) else text.encode())
        self._flush()
        transport = self.transport
        if transport is not None and transport.get_write_buffer_size() > MAX_BACKLOG:
            # The backlog cannot be taken back from the connection: drop it.
            log.warning("a client did not keep up and was cut off")
            self.open = False
            transport.abort()

    def close_now(self, code: int, reason: str = "") -> None:
        if not self.open:
            return
        self.open = False
        self.conn.send_close(code, reason)
        self._flush()
        self._close_later()

    # --- internals -------------------------------------------------------------------------
    def _handshake(self, request: Request) -> None:
        conn = self.conn
        table_id = _table_of_socket_path(request.path)
        response = conn.reject(404, "Not Found\n") if table_id is None else conn.accept(request)
        conn.send_response(response)
        self._flush()
        if response.status_code != 101 or table_id is None:
            return
        self.query_params = dict(parse_qsl(urlsplit(request.path).query, keep_blank_values=True))
        self.headers = request.headers
        self.open = True
        loop = asyncio.get_running_loop()
        self._timer = loop.call_later(PING_INTERVAL, self._ping)
        self._task = loop.create_task(self._session(self, table_id))

    def _data(self, frame: Frame) -> None:
        """A data frame; a fragmented message is put together first (the protocol checks
        the size of the whole)."""
        if frame.opcode is not Opcode.CONT:
            self._kind = frame.opcode
            self._parts.clear()
        if not frame.fin:
            self._parts.append(bytes(frame.data))
            return
        data = b"".join((*self._parts, frame.data)) if self._parts else bytes(frame.data)
        self._parts.clear()
        if self._kind is Opcode.BINARY:
            self._put({"type": "websocket.receive", "bytes": data})
            return
        try:
            text = data.decode()
        except UnicodeDecodeError:
            self.open = False
            self.conn.fail(CloseCode.INVALID_DATA, "invalid UTF-8")
            self._close_later()
            return
        self._put({"type": "websocket.receive", "text": text})

    def _put(self, message: Message) -> None:
        self._inbox.append(message)
        waiter = self._waiter
        if waiter is not None:
            self._waiter = None
            if not waiter.done():
                waiter.set_result(None)

    def _flush(self) -> None:
        transport = self.transport
        if transport is None or transport.is_closing():
            return
        for chunk in self.conn.data_to_send():
            if chunk:
                transport.write(chunk)
            else:  # the protocol is done with the connection
                transport.close()
                return

    def _ping(self) -> None:
        self._timer = None
        transport = self.transport
        if not self.open or transport is None:
            return
        if self._pong_due:  # the last ping went unanswered
            self.open = False
            transport.abort()
            return
        self._pong_due = True
        self.conn.send_ping(b"")
        self._flush()
        self._timer = asyncio.get_running_loop().call_later(PING_INTERVAL, self._ping)

    def _close_later(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        transport = self.transport
        if transport is not None:
            self._timer = asyncio.get_running_loop().call_later(CLOSE_TIMEOUT, transport.close)

    async def stop(self) -> None:
        """Server shutdown: close with 1012 and let the session end."""
        self.close_now(1012)
        self._put({"type": "websocket.disconnect", "code": 1012})
        if self._task is not None:
            try:
                await asyncio.wait_for(asyncio.shield(self._task), CLOSE_TIMEOUT)
            except Exception:  # a timeout, or the session's own error (logged there)
                pass
