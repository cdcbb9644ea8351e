"""DirectSocket: a table WebSocket served without ASGI, as the worker processes serve them.

The session on it is the ASGI route's (``test_server_ws`` and ``test_server_hidden_info``
run on both); here, what DirectSocket itself does in uvicorn's place: which connections it
takes, the handshake, frames and their limits, keepalive pings, a client that does not
keep up, and closing.
"""

from __future__ import annotations

import asyncio
import base64
import os
import socket
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from stammtisch.server import direct
from stammtisch.server.direct import DirectSocket, is_table_socket

MAX_SIZE = 4096


@pytest.mark.parametrize(
    ("head", "expected"),
    [
        (b"GET /ws/tables/abc123?token=x&lang=de HTTP/1.1\r\nHost: x\r\n", True),
        (b"GET /ws/tables/abc123 HTTP/1.1\r\n", True),
        (b"GET /ws/tables/abc123/ HTTP/1.1\r\n", False),  # not the route
        (b"GET /ws/tables/ HTTP/1.1\r\n", False),
        (b"GET /api/tables/abc123 HTTP/1.1\r\n", False),
        (b"POST /ws/tables/abc123 HTTP/1.1\r\n", False),
        (b"GET /ws/tables/abc123 HTTP/1.0\r\n", False),
        (b"GET /ws/tables/" + b"x" * 40 + b" HTTP/1.1\r\n", False),
        (b"GET /ws/tables/\xff HTTP/1.1\r\n", False),
        (b"", False),
    ],
)
def test_only_a_table_socket_request_is_taken(head: bytes, expected: bool) -> None:
    assert is_table_socket(head) is expected


Session = Callable[[DirectSocket, str], Any]


@asynccontextmanager
async def direct_server(session: Session) -> AsyncIterator[tuple[str, set[DirectSocket]]]:
    live: set[DirectSocket] = set()
    server = await asyncio.get_running_loop().create_server(
        lambda: DirectSocket(session, MAX_SIZE, live), "127.0.0.1", 0
    )
    port = server.sockets[0].getsockname()[1]
    try:
        yield f"ws://127.0.0.1:{port}", live
    finally:
        server.close()
        await asyncio.gather(*(s.stop() for s in list(live)))
        await server.wait_closed()


async def echo(sock: DirectSocket, table_id: str) -> None:
    """Answers every text with what it knows of the connection and the text."""
    await sock.accept()
    lang = sock.query_params.get("lang")
    header = sock.headers.get("accept-language")
    while True:
        msg = await sock.receive()
        if msg["type"] == "websocket.disconnect":
            return
        if msg.get("text") == "bye":
            await sock.close(4000)
            return
        sock.deliver(f"{table_id}|{lang}|{header}|{msg.get('text', msg.get('bytes'))}")


async def test_messages_both_ways_with_the_path_query_and_headers() -> None:
    async with direct_server(echo) as (base, live):
        async with connect(
            f"{base}/ws/tables/t1?lang=de&token=", additional_headers={"Accept-Language": "en"}
        ) as c:
            await c.send("hallo")
            assert await c.recv() == "t1|de|en|hallo"
            await c.send(b"\x01\x02")
            assert await c.recv() == "t1|de|en|b'\\x01\\x02'"
            await c.send("bye")
            with pytest.raises(ConnectionClosed) as closed:
                await c.recv()
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4000
        await asyncio.sleep(0.05)
        assert not live  # the connection is gone on the server too


async def test_a_fragmented_message_arrives_whole() -> None:
    async with direct_server(echo) as (base, _), connect(f"{base}/ws/tables/t1") as c:
        await c.send(["hal", "lo ", "wö", "rld"])  # one message in four frames
        assert await c.recv() == "t1|None|None|hallo wörld"


async def test_a_path_that_is_not_a_table_socket_gets_404() -> None:
    async with direct_server(echo) as (base, _):
        with pytest.raises(InvalidStatus) as refused:
            async with connect(f"{base}/ws/other/t1"):
                pass
        assert refused.value.response.status_code == 404


async def test_a_request_without_upgrade_is_refused() -> None:
    async with direct_server(echo) as (base, _):
        port = int(base.rsplit(":", 1)[1])
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(b"GET /ws/tables/t1 HTTP/1.1\r\nHost: x\r\n\r\n")
        status = await asyncio.wait_for(reader.readline(), 5)
        assert status.startswith(b"HTTP/1.1 426"), status
        assert await asyncio.wait_for(reader.read(), 5) is not None  # then the connection ends
        writer.close()


async def test_a_frame_over_the_limit_closes_with_1009() -> None:
    async with direct_server(echo) as (base, _), connect(f"{base}/ws/tables/t1") as c:
        await c.send("x" * (MAX_SIZE + 1))
        with pytest.raises(ConnectionClosed) as closed:
            await c.recv()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009


async def test_invalid_utf8_in_a_text_frame_closes_with_1007(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(direct, "CLOSE_TIMEOUT", 0.1)
    async with direct_server(echo) as (base, _):
        reader, writer = await raw_client(base)
        writer.write(masked_frame(0x81, b"\xff\xfe"))
        head = await asyncio.wait_for(reader.readexactly(4), 5)
        assert head[0] == 0x88 and int.from_bytes(head[2:4], "big") == 1007
        # The client does not answer the close: the server ends the connection anyway.
        await asyncio.wait_for(reader.read(), 5)
        assert reader.at_eof()
        writer.close()


async def test_pings_keep_a_live_client_and_drop_a_silent_one(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(direct, "PING_INTERVAL", 0.05)
    async with direct_server(echo) as (base, live):
        async with connect(f"{base}/ws/tables/t1") as c:  # answers pings by itself
            await asyncio.sleep(0.3)
            await c.send("still here")
            assert (await c.recv()).endswith("still here")
        reader, writer = await raw_client(base)  # never answers
        data = await asyncio.wait_for(reader.read(), 5)
        assert data.startswith(b"\x89")  # it got a ping, then the connection was dropped
        writer.close()
        await asyncio.sleep(0.05)
        assert not live


async def test_a_client_that_does_not_read_is_cut_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(direct, "MAX_BACKLOG", 64 * 1024)
    ended = asyncio.Event()
    sent = 0

    async def flood(sock: DirectSocket, table_id: str) -> None:
        nonlocal sent
        chunk = "x" * 60_000
        for _ in range(2000):  # 120 MB, far more than the socket buffers take
            if not sock.open:
                break
            sock.deliver(chunk)
            sent += 1
            await asyncio.sleep(0)
        while (await sock.receive())["type"] != "websocket.disconnect":
            pass
        ended.set()

    async with direct_server(flood) as (base, live):
        _reader, writer = await raw_client(base)  # reads nothing more
        await asyncio.wait_for(ended.wait(), 10)
        assert sent < 2000
        assert not live
        writer.close()


async def test_stopping_the_server_closes_with_1012() -> None:
    async with direct_server(echo) as (base, live), connect(f"{base}/ws/tables/t1") as c:
        await c.send("x")
        await c.recv()
        [sock] = list(live)
        await asyncio.wait_for(sock.stop(), 5)
        with pytest.raises(ConnectionClosed) as closed:
            await c.recv()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1012


async def test_deliver_none_ends_the_connection_with_1012() -> None:
    async def one_then_none(sock: DirectSocket, table_id: str) -> None:
        sock.deliver("one")
        sock.deliver(None)
        sock.deliver("after the end")  # dropped
        while (await sock.receive())["type"] != "websocket.disconnect":
            pass

    async with direct_server(one_then_none) as (base, _), connect(f"{base}/ws/tables/t1") as c:
        assert await c.recv() == "one"
        with pytest.raises(ConnectionClosed) as closed:
            await c.recv()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1012


# --- a client by hand, for what a well-behaved library will not do --------------------------
async def raw_client(base: str) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    port = int(base.rsplit(":", 1)[1])
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    key = base64.b64encode(os.urandom(16)).decode()
    writer.write(
        (
            "GET /ws/tables/t1 HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 5)
    assert head.startswith(b"HTTP/1.1 101"), head
    return reader, writer


def masked_frame(first: int, payload: bytes) -> bytes:
    mask = os.urandom(4)
    body = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    return bytes((first, 0x80 | len(payload))) + mask + body


def test_the_raw_client_masks_as_rfc_6455_says() -> None:
    frame = masked_frame(0x81, b"ab")
    mask = frame[2:6]
    assert frame[:2] == b"\x81\x82"
    assert bytes(b ^ mask[i] for i, b in enumerate(frame[6:])) == b"ab"
    assert socket.AF_INET  # the module's socket import is used by the tests above
