"""Table chat: the seated players write, everybody at the table (spectators too) reads.

A message is plain text (the client shows it as text, never as markup), at most
``Settings.chat_max_chars`` characters, and one connection may send
``Settings.chat_per_minute`` of them a minute. The creator of a table can turn chat off
(``TableRow.chat``). Messages are stored with the game (``st_chat``), so a reload, a late
spectator and the record see them. On the wire (server to client):

    {"type": "chat", "enabled": true, "from": 0, "messages": [{"seat": 1, "text": "…", "at": "…Z"}]}

``from`` is the number of messages before these: 0 with the whole history (sent after
connecting), then one message at a time.
"""

from __future__ import annotations

import datetime as dt
import unicodedata
from typing import Any

from sqlalchemy import Connection, insert, select

from stammtisch.core.game import JSON
from stammtisch.server import wire
from stammtisch.server.clients import Client
from stammtisch.server.config import Settings
from stammtisch.server.db.schema import chat as chat_rows
from stammtisch.server.db.writer import DbWriter
from stammtisch.server.errors import ServerError
from stammtisch.server.table import LiveTable


def clean(text: Any, limit: int) -> str:
    """The message as it is kept: no control characters, trimmed, checked for length."""
    if not isinstance(text, str):
        raise ServerError("bad_message", reason="'text' must be a string")
    kept = "".join(" " if unicodedata.category(ch).startswith("C") else ch for ch in text).strip()
    if not kept:
        raise ServerError("chat_empty")
    if len(kept) > limit:
        raise ServerError("chat_too_long", limit=limit)
    return kept


def _load(conn: Connection, table_id: str) -> list[JSON]:
    rows = conn.execute(
        select(chat_rows.c.seat, chat_rows.c.text, chat_rows.c.created_at)
        .where(chat_rows.c.table_id == table_id)
        .order_by(chat_rows.c.idx)
    ).all()
    return [{"seat": int(seat), "text": str(text), "at": _iso(at)} for seat, text, at in rows]


def _iso(at: dt.datetime) -> str:
    if at.tzinfo is None:  # SQLite drops the zone
        at = at.replace(tzinfo=dt.UTC)
    return at.isoformat()


class Chat:
    """The chat of every table in this process's memory (loaded on first use)."""

    def __init__(self, settings: Settings, writer: DbWriter) -> None:
        self.settings = settings
        self.writer = writer
        self._rooms: dict[str, list[JSON]] = {}

    def forget(self, table_id: str) -> None:
        self._rooms.pop(table_id, None)

    async def messages(self, table: LiveTable) -> list[JSON]:
        room = self._rooms.get(table.id)
        if room is None:
            tid = table.id
            loaded = await self.writer.run(lambda c: _load(c, tid))
            room = self._rooms.setdefault(table.id, loaded)
        return room

    async def welcome(self, table: LiveTable, client: Client) -> None:
        """A new connection gets the whole history (and whether chat is on)."""
        room = await self.messages(table)
        client.push(wire.dumps({"type": "chat", "enabled": table.row.chat, "from": 0, "messages": room}))

    async def say(self, table: LiveTable, client: Client, text: Any) -> None:
        if not table.row.chat:
            raise ServerError("chat_off")
        if client.seat is None:
            raise ServerError("chat_spectator")
        kept = clean(text, self.settings.chat_max_chars)
        if not client.chat.take():
            raise ServerError("too_many_chat", seconds=max(1, round(client.chat.wait())))
        room = await self.messages(table)
        at = dt.datetime.now(dt.UTC)
        seat, tid = client.seat, table.id
        async with table.exclusive():  # one order of messages, stored as shown
            idx = len(room) + 1

            def job(c: Connection) -> None:
                c.execute(
                    insert(chat_rows),
                    {"table_id": tid, "idx": idx, "seat": seat, "text": kept, "created_at": at},
                )

            await self.writer.run(job)
            message: JSON = {"seat": seat, "text": kept, "at": at.isoformat()}
            room.append(message)
            text_out = wire.dumps({"type": "chat", "enabled": True, "from": idx - 1, "messages": [message]})
            for other in list(table.clients):
                other.push(text_out)
