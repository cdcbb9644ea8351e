"""Play over WebSocket: ``/ws/tables/{id}?token=...&lang=de|en`` (no token: spectator).

One session (:func:`serve_socket`) for both kinds of connection: Starlette's WebSocket on
the ASGI route, where a sender task drains the client's outbox, and, in the worker
processes of ``serve --workers``, a :class:`~stammtisch.server.direct.DirectSocket` that
writes each message at once. Every refusal is an ``error`` message in the client's
language and changes nothing.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Protocol

from fastapi import WebSocket
from starlette.websockets import WebSocketDisconnect

from stammtisch.core.errors import StammtischError
from stammtisch.core.i18n import LANGUAGES
from stammtisch.server import wire
from stammtisch.server.clients import Client
from stammtisch.server.config import MAX_MESSAGE_BYTES
from stammtisch.server.errors import ServerError, pick_language
from stammtisch.server.hub import Hub

if TYPE_CHECKING:
    from stammtisch.server.direct import DirectSocket

log = logging.getLogger("stammtisch.server")

PONG = '{"type":"pong"}'


class Socket(Protocol):
    """What a session needs of its WebSocket (Starlette's has it, and more)."""

    @property
    def query_params(self) -> Mapping[str, str]: ...

    @property
    def headers(self) -> Mapping[str, str]: ...

    async def accept(self) -> None: ...

    async def receive(self) -> Mapping[str, Any]: ...

    async def send_text(self, data: str) -> None: ...

    async def close(self, code: int = 1000, reason: str | None = None) -> None: ...


def error_message(exc: StammtischError, lang: str) -> str:
    return wire.dumps({"type": "error", **exc.to_json(lang)})


def read_message(text: str) -> dict[str, Any]:
    """Size, JSON and shape checks of one incoming text frame."""
    if len(text) > MAX_MESSAGE_BYTES or len(text.encode("utf-8")) > MAX_MESSAGE_BYTES:
        raise ServerError("message_too_large", size=len(text.encode("utf-8")), limit=MAX_MESSAGE_BYTES)
    try:
        data = wire.loads(text)
    except ValueError:
        raise ServerError("bad_json") from None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ServerError("bad_message", reason="expected an object with a 'type'")
    return data


async def _sender(ws: Socket, client: Client) -> None:
    try:
        while True:
            text = await client.outbox.get()
            if text is None:
                break
            await ws.send_text(text)
    except Exception:  # the socket is gone; the reader notices too
        return
    if client.overflowed:
        await ws.close(code=1013)


async def table_socket(ws: WebSocket, table_id: str) -> None:
    """The ASGI route."""
    await serve_socket(ws, ws.app.state.hub, table_id)


async def serve_direct(sock: DirectSocket, hub: Hub, table_id: str) -> None:
    """A session on a worker's DirectSocket: each message is written at once."""
    try:
        await serve_socket(sock, hub, table_id, sock.deliver)
    except Exception:
        log.exception("a table WebSocket session failed")
        sock.close_now(1011)


async def serve_socket(
    ws: Socket, hub: Hub, table_id: str, deliver: Callable[[str | None], None] | None = None
) -> None:
    """One connection's session. ``deliver``: sends a message at once (then no sender task
    is needed); ``None`` tells it that no more will come."""
    lang = pick_language(ws.query_params.get("lang"), ws.headers.get("accept-language"))
    token = ws.query_params.get("token")
    await ws.accept()
    try:
        table = await hub.get(table_id)
    except ServerError as exc:
        await ws.send_text(error_message(exc, lang))
        await ws.close(code=4404)
        return
    seat = table.seat_of_token(token) if token else None
    if token and seat is None:
        await ws.send_text(error_message(ServerError("bad_token"), lang))
        await ws.close(code=4403)
        return
    client = Client(seat, lang, deliver)
    sender = asyncio.create_task(_sender(ws, client)) if deliver is None else None
    await hub.attach(table, client)
    try:
        while True:
            msg = await ws.receive()
            if msg["type"] == "websocket.disconnect":
                break
            text = msg.get("text")
            if text is None:
                raw = msg.get("bytes") or b""
                text = (
                    raw.decode("utf-8", errors="replace") if len(raw) <= MAX_MESSAGE_BYTES else "x" * len(raw)
                )
            try:
                data = read_message(text)
                kind = data["type"]
                if kind == "action":
                    await hub.act(table, client, data.get("action"), data.get("version"))
                elif kind == "ping":
                    client.push(PONG)
                elif kind == "lang":
                    new = data.get("lang")
                    if new not in LANGUAGES:
                        raise ServerError("bad_message", reason="'lang' must be 'de' or 'en'")
                    client.lang = str(new)
                else:
                    raise ServerError("bad_message", reason=f"unknown type {kind!r}")
            except StammtischError as exc:
                client.push(error_message(exc, client.lang))
                if exc.code == "stale_version":
                    table.send_state(client)
    except WebSocketDisconnect:
        pass
    finally:
        hub.detach(table, client)
        if sender is not None:
            await sender
