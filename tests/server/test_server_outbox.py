"""A client that cannot keep up is cut off (code 1013) instead of slowing the table down."""

from __future__ import annotations

import asyncio

from stammtisch.server.clients import OUTBOX_LIMIT, Client
from stammtisch.server.ws import _sender


class FakeSocket:
    def __init__(self) -> None:
        self.sent: list[str] = []
        self.closed: int | None = None

    async def send_text(self, text: str) -> None:
        self.sent.append(text)

    async def close(self, code: int = 1000) -> None:
        self.closed = code


async def test_a_full_outbox_drops_its_backlog_and_closes_with_1013() -> None:
    client = Client(0, "de")
    for i in range(OUTBOX_LIMIT):
        client.push(f"m{i}")
    assert not client.overflowed
    client.push("one too many")
    assert client.overflowed
    client.push("after the overflow")  # ignored: the connection is being closed
    ws = FakeSocket()
    await asyncio.wait_for(_sender(ws, client), timeout=5)  # type: ignore[arg-type]
    assert ws.sent == []  # the backlog was dropped, nothing stale goes out
    assert ws.closed == 1013


async def test_a_client_that_keeps_up_gets_every_message_in_order() -> None:
    client = Client(None, "en")
    ws = FakeSocket()
    sender = asyncio.create_task(_sender(ws, client))  # type: ignore[arg-type]
    for i in range(3 * OUTBOX_LIMIT):
        client.push(f"m{i}")
        if i % 50 == 0:
            await asyncio.sleep(0)
    client.push_none()
    await asyncio.wait_for(sender, timeout=5)
    assert not client.overflowed
    assert ws.sent == [f"m{i}" for i in range(3 * OUTBOX_LIMIT)]
    assert ws.closed is None
