"""Play over WebSocket: ``/ws/tables/{id}?lang=de|en``, then ``{"type": "hello", "token": ...}``.

The seat token never travels in the URL (URLs end up in logs): the first message names it
(no token, or null: a spectator). Before that the connection's ``Origin`` is checked, and
the limits per table and per address; afterwards each frame spends one of the
connection's frame budget (a flood is refused, and closed when it goes on).

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
from stammtisch.server.clients import Client, Message
from stammtisch.server.config import MAX_MESSAGE_BYTES
from stammtisch.server.errors import ServerError, pick_language
from stammtisch.server.hub import Hub
from stammtisch.server.security import origin_allowed
from stammtisch.server.table import LiveTable

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
            await ws.send_text(text if isinstance(text, str) else text.decode())
    except Exception:  # the socket is gone; the reader notices too
        return
    if client.overflowed:
        await ws.close(code=1013)
    elif client.close_code is not None:
        await ws.close(code=client.close_code)


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
    ws: Socket, hub: Hub, table_id: str, deliver: Callable[[Message | None], None] | None = None
) -> None:
    """One connection's session. ``deliver``: sends a message at once (then no sender task
    is needed); ``None`` tells it that no more will come."""
    lang = pick_language(ws.query_params.get("lang"), ws.headers.get("accept-language"))
    await ws.accept()
    opened = await _open(ws, hub, table_id, lang)
    if opened is None:
        return
    table, address, seat = opened
    client = Client(seat, lang, deliver, hub.settings)
    sender = asyncio.create_task(_sender(ws, client)) if deliver is None else None
    try:
        await hub.attach(table, client)
        await _read_loop(ws, hub, table, client)
    except WebSocketDisconnect:
        pass
    finally:
        hub.limits.socket_closed(address)
        hub.detach(table, client)
        if sender is not None:
            await sender


async def _refuse(ws: Socket, exc: ServerError, lang: str, code: int) -> None:
    await ws.send_text(error_message(exc, lang))
    await ws.close(code=code)


async def _open(ws: Socket, hub: Hub, table_id: str, lang: str) -> tuple[LiveTable, str, int | None] | None:
    """The checks before a connection joins its table: origin, table, limits, hello.

    Returns the table, the client's address and its seat (None: a spectator), or None when
    the connection was refused (it has been sent the error and closed).
    """
    settings = hub.settings
    if not origin_allowed(ws.headers, settings.allowed_origins):
        await _refuse(ws, ServerError("bad_origin", origin=ws.headers.get("origin", "")[:100]), lang, 4403)
        return None
    if "token" in ws.query_params:
        await _refuse(ws, ServerError("token_in_url"), lang, 4400)
        return None
    try:
        table = await hub.get(table_id)
    except ServerError as exc:  # table_moved (another node, docs/deploy.md): reconnect
        await _refuse(ws, exc, lang, 4409 if exc.code == "table_moved" else 4404)
        return None
    address = client_address(ws)
    try:
        hub.limits.socket_opened(address, len(table.clients))
    except ServerError as exc:
        await _refuse(ws, exc, lang, 4429)
        return None
    try:
        token = await _hello(ws, settings.hello_timeout)
        seat = table.seat_of_token(token) if token else None
        if token and seat is None:
            raise ServerError("bad_token")
    except ServerError as exc:
        hub.limits.socket_closed(address)
        await _refuse(ws, exc, lang, 4403 if exc.code == "bad_token" else 4400)
        return None
    except WebSocketDisconnect:
        hub.limits.socket_closed(address)
        return None
    return table, address, seat


async def _hello(ws: Socket, timeout: float) -> str | None:
    """Wait for ``{"type": "hello", "token": ...}`` (the token absent or null: a spectator)."""
    try:
        msg = await asyncio.wait_for(ws.receive(), timeout)
    except TimeoutError:
        raise ServerError("bad_hello") from None
    if msg["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(msg.get("code", 1000))
    try:
        data = read_message(_text_of(msg))
    except ServerError:
        raise ServerError("bad_hello") from None
    token = data.get("token")
    if data["type"] != "hello" or not (token is None or isinstance(token, str)):
        raise ServerError("bad_hello")
    return token or None


def _text_of(msg: Mapping[str, Any]) -> str:
    text = msg.get("text")
    if text is None:
        raw = msg.get("bytes") or b""
        text = raw.decode("utf-8", errors="replace") if len(raw) <= MAX_MESSAGE_BYTES else "x" * len(raw)
    return str(text)


def client_address(ws: Socket) -> str:
    peer = getattr(ws, "client", None)
    host = getattr(peer, "host", None)
    return str(host) if host else "-"


async def _read_loop(ws: Socket, hub: Hub, table: LiveTable, client: Client) -> None:
    refused = 0  # frames refused in a row for flooding
    while True:
        msg = await ws.receive()
        if msg["type"] == "websocket.disconnect":
            return
        if not client.frames.take():
            refused += 1
            if refused >= hub.settings.flood_close_after:
                client.push(error_message(ServerError("too_many_frames"), client.lang))
                if client.deliver is not None:
                    await ws.close(code=1008)
                else:  # the sender task closes once it has sent what is queued
                    client.close_code = 1008
                    client.push_none()
                return
            if refused == 1:  # one error per burst, not one per flooded frame
                client.push(error_message(ServerError("too_many_frames"), client.lang))
            continue
        refused = 0
        try:
            await _handle(hub, table, client, read_message(_text_of(msg)))
        except StammtischError as exc:
            client.push(error_message(exc, client.lang))
            if exc.code == "stale_version":
                table.send_state(client)


async def _handle(hub: Hub, table: LiveTable, client: Client, data: dict[str, Any]) -> None:
    kind = data["type"]
    if kind == "action":
        await hub.act(table, client, data.get("action"), data.get("version"))
    elif kind == "undo":
        await hub.undo(table, client, data.get("version"))
    elif kind == "undo_answer":
        await hub.undo_answer(table, client, data.get("accept"))
    elif kind == "ping":
        client.push(PONG)
    elif kind == "chat":
        await hub.chat.say(table, client, data.get("text"))
    elif kind == "lang":
        new = data.get("lang")
        if new not in LANGUAGES:
            raise ServerError("bad_message", reason="'lang' must be 'de' or 'en'")
        client.lang = str(new)
    elif kind == "hello":
        raise ServerError("bad_message", reason="hello only once, as the first message")
    else:
        raise ServerError("bad_message", reason=f"unknown type {kind!r}")
