"""A real server in the test's event loop (uvicorn on a free loopback port) and WS players."""

from __future__ import annotations

import asyncio
import json
import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field, replace
from typing import Any

import httpx
import orjson
import uvicorn
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from stammtisch.server import ws
from stammtisch.server.app import create_app
from stammtisch.server.config import Settings
from stammtisch.server.direct import DirectSocket

#: Tests play faster than people and open many tables: the limits per address and per
#: connection are lifted, except where a test sets one to see it work.
NO_LIMITS: dict[str, Any] = {
    "tables_per_minute": 100_000,
    "joins_per_minute": 100_000,
    "connections_per_address": 100_000,
    "connections_per_table": 100_000,
    "hints_per_minute": 100_000,
    "hints_at_once": 100,
    "frames_per_second": 100_000.0,
}


def settings(url: str, **kw: Any) -> Settings:
    base = Settings(database_url=url, bot_delay=0.0, reconnect_timeout=60.0, **NO_LIMITS)
    return replace(base, **kw)


@dataclass
class Live:
    base: str
    http: httpx.AsyncClient
    app: Any
    #: Where the table WebSockets are served: the ASGI route, or DirectSocket's listener.
    ws_base: str = ""

    def __post_init__(self) -> None:
        self.ws_base = self.ws_base or self.base.replace("http://", "ws://")

    async def create(self, **body: Any) -> dict[str, Any]:
        body.setdefault("game", "zwickern")
        body.setdefault("nickname", "Anna")
        r = await self.http.post("/api/tables", json=body)
        assert r.status_code == 200, r.text
        out: dict[str, Any] = r.json()
        return out

    async def join(self, table_id: str, nickname: str, seat: int | None = None) -> dict[str, Any]:
        r = await self.http.post(f"/api/tables/{table_id}/join", json={"nickname": nickname, "seat": seat})
        assert r.status_code == 200, r.text
        out: dict[str, Any] = r.json()
        return out

    async def player(self, table_id: str, token: str | None = None, lang: str = "en") -> Player:
        url = f"{self.ws_base}/ws/tables/{table_id}?lang={lang}"
        return await open_player(url, token)


async def hello(ws: ClientConnection, token: str | None) -> None:
    """The first message of a table connection: the seat token (None: a spectator)."""
    await ws.send(json.dumps({"type": "hello", "token": token}))


async def open_player(url: str, token: str | None, **kw: Any) -> Player:
    ws = await connect(url, max_size=None, **kw)
    try:
        await hello(ws, token)
    except ConnectionClosed:  # refused before it could say hello; the reader gets why
        pass
    p = Player(ws)
    p.start()
    return p


def tcp_socket() -> socket.socket:
    # IPPROTO_TCP spelled out: asyncio turns Nagle's algorithm off (TCP_NODELAY) only on
    # sockets that say they are TCP, and accepted sockets inherit it. Without it every
    # other message waits for a delayed ACK (40 ms), as a real server's never do.
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.bind(("127.0.0.1", 0))
    return sock


@asynccontextmanager
async def live_server(s: Settings, direct: bool = False) -> AsyncIterator[Live]:
    """The app under uvicorn; ``direct``: its table WebSockets on DirectSocket instead, as
    the worker processes of ``serve --workers`` serve them (on a port of their own)."""
    app = create_app(s)
    sock = tcp_socket()
    port = sock.getsockname()[1]
    server = uvicorn.Server(
        uvicorn.Config(app, log_level="warning", ws_max_size=4 * 65536, ws_per_message_deflate=False)
    )
    task = asyncio.create_task(server.serve(sockets=[sock]))
    while not server.started:
        if task.done():
            task.result()
        await asyncio.sleep(0.01)
    base = f"http://127.0.0.1:{port}"
    sockets: set[DirectSocket] = set()
    direct_server: asyncio.Server | None = None
    ws_base = ""
    if direct:

        def session(sock: DirectSocket, table_id: str) -> Any:
            return ws.serve_direct(sock, app.state.hub, table_id)

        dsock = tcp_socket()
        direct_server = await asyncio.get_running_loop().create_server(
            lambda: DirectSocket(session, 4 * 65536, sockets), sock=dsock
        )
        ws_base = f"ws://127.0.0.1:{dsock.getsockname()[1]}"
    try:
        async with httpx.AsyncClient(base_url=base, timeout=10) as http:
            yield Live(base, http, app, ws_base)
    finally:
        if direct_server is not None:
            direct_server.close()
            await asyncio.gather(*(d.stop() for d in list(sockets)))
        server.should_exit = True
        await asyncio.wait_for(task, 20)
        sock.close()


@dataclass
class Player:
    """A WebSocket client that keeps every message it got, in order.

    Like the browser client it puts the move log together: a ``state`` message carries the
    entries after the first ``log_from`` ones. Each kept ``state`` message gets the log the
    connection has after it as ``full_log`` (not part of the protocol).
    """

    ws: ClientConnection
    messages: list[dict[str, Any]] = field(default_factory=list)
    raw: list[str] = field(default_factory=list)
    log: list[Any] = field(default_factory=list)
    _new: asyncio.Event = field(default_factory=asyncio.Event)
    _task: asyncio.Task[None] | None = None
    closed: bool = False

    def start(self) -> None:
        self._task = asyncio.create_task(self._read())

    async def _read(self) -> None:
        try:
            async for text in self.ws:
                assert isinstance(text, str)
                self.raw.append(text)
                msg = orjson.loads(text)
                if msg.get("type") == "state":
                    self._merge_log(msg)
                self.messages.append(msg)
                self._new.set()
        except Exception:
            pass
        self.closed = True
        self._new.set()

    def _merge_log(self, msg: dict[str, Any]) -> None:
        start = msg["log_from"]
        assert start == 0 or start == len(self.log), (start, len(self.log))
        assert [e["move"] for e in msg["log"]] == list(range(start + 1, msg["version"] + 1))
        self.log = self.log[:start] + msg["log"]
        msg["full_log"] = self.log

    async def send(self, data: Any) -> None:
        await self.ws.send(data if isinstance(data, str) else json.dumps(data))

    async def wait_for(self, pred: Any, start: int = 0, timeout: float = 10) -> dict[str, Any]:
        """The first message from index ``start`` on that satisfies ``pred``."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        i = start
        while True:
            while i < len(self.messages):
                if pred(self.messages[i]):
                    return self.messages[i]
                i += 1
            if self.closed:
                raise AssertionError(f"connection closed; got {self.messages[start:]}")
            self._new.clear()
            left = deadline - loop.time()
            if left <= 0:
                raise AssertionError(f"timed out; last messages {self.messages[-3:]}")
            try:
                await asyncio.wait_for(self._new.wait(), left)
            except TimeoutError:
                pass

    async def state(self, version: int | None = None, start: int = 0, **kw: Any) -> dict[str, Any]:
        return await self.wait_for(
            lambda m: m["type"] == "state" and (version is None or m["version"] == version), start, **kw
        )

    async def error(self, start: int) -> dict[str, Any]:
        return await self.wait_for(lambda m: m["type"] == "error", start)

    async def closed_by_server(self, timeout: float = 10) -> None:
        assert self._task is not None
        await asyncio.wait_for(asyncio.shield(self._task), timeout)

    def last_state(self) -> dict[str, Any]:
        return next(m for m in reversed(self.messages) if m["type"] == "state")

    async def close(self) -> None:
        await self.ws.close()
        if self._task is not None:
            await self._task
