"""Table chat: the seated players write, everybody at the table (spectators too) reads.

A message is plain text (the client shows it as text, never as markup), at most
``Settings.chat_max_chars`` characters, and one connection may send
``Settings.chat_per_minute`` of them a minute. The creator of a table can turn chat off
(``TableRow.chat``). Messages are stored with the game (``st_chat``), so a reload, a late
spectator and the record see them. On the wire (server to client):

    {"type": "chat", "enabled": true, "from": 0, "messages": [{"seat": 1, "text": "…", "at": "…Z"}]}

``from`` is the number of messages before these: 0 with the whole history (sent after
connecting), then one message at a time. A message that is one of the browser's quick
phrases (``web.chat_quick_*``), in either language, also carries its key (``"quick":
"chat_quick_hello"``), so that each reader sees it in their own language.
"""

from __future__ import annotations

import datetime as dt
import functools
import unicodedata
from typing import Any

from sqlalchemy import Connection, insert, select

from stammtisch.core.game import JSON
from stammtisch.core.i18n import LANGUAGES, t
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


#: The browser's quick phrases (``table/chat.js``): keys of the ``web`` catalogue.
QUICK = ("chat_quick_hello", "chat_quick_nice", "chat_quick_oops", "chat_quick_thanks", "chat_quick_gg")


@functools.cache
def _quick_keys() -> dict[str, str]:
    """Each quick phrase's text, in every language, to its key."""
    return {t(f"web.{key}", lang): key for key in QUICK for lang in LANGUAGES}


def message(seat: int, text: str, at: str) -> JSON:
    """One message as it is sent (with ``quick`` where the text is a quick phrase)."""
    out: JSON = {"seat": seat, "text": text, "at": at}
    key = _quick_keys().get(text)
    if key is not None:
        out["quick"] = key
    return out


def _load(conn: Connection, table_id: str) -> list[JSON]:
    rows = conn.execute(
        select(chat_rows.c.seat, chat_rows.c.text, chat_rows.c.created_at)
        .where(chat_rows.c.table_id == table_id)
        .order_by(chat_rows.c.idx)
    ).all()
    return [message(int(seat), str(text), _iso(at)) for seat, text, at in rows]


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
            said = message(seat, kept, at.isoformat())
            room.append(said)
            text_out = wire.dumps({"type": "chat", "enabled": True, "from": idx - 1, "messages": [said]})
            for other in list(table.clients):
                other.push(text_out)
