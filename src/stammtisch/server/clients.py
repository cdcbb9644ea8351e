"""A connected WebSocket client as the table sees it: a seat (or spectator) and an outbox.

The table never awaits a socket: it puts finished text into each client's bounded outbox
and a per-connection task sends it, or, where the connection can take a message at once
(:class:`~stammtisch.server.direct.DirectSocket`), hands the text straight to it. A client
that cannot keep up is disconnected instead of slowing the table down for everybody else.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from stammtisch.server.config import Settings
from stammtisch.server.limits import Bucket, per_minute

OUTBOX_LIMIT = 256

#: One message: a JSON text, as ``str`` or already encoded as UTF-8 ``bytes`` (the state
#: messages are built as bytes and written as they are; see ``LiveTable.state_message``).
Message = str | bytes


class Client:
    def __init__(
        self,
        seat: int | None,
        lang: str,
        deliver: Callable[[Message | None], None] | None = None,
        settings: Settings | None = None,
    ) -> None:
        self.seat = seat
        self.lang = lang
        #: Move log entries this connection has been sent (its next ``log_from``).
        self.log_sent = 0
        self.outbox: asyncio.Queue[Message | None] = asyncio.Queue(OUTBOX_LIMIT)
        self.overflowed = False
        #: Set when the server ends the connection (e.g. 1008 for a flood), after the outbox.
        self.close_code: int | None = None
        #: Sends a text at once (``None``: the end); then the outbox stays unused.
        self.deliver = deliver
        s = settings or Settings(database_url="")
        #: Frames this connection may still send now, and chat messages (Settings limits).
        self.frames = Bucket(s.frames_per_second, 2 * s.frames_per_second)
        self.chat = per_minute(s.chat_per_minute)

    def push(self, text: Message) -> None:
        self._send(text)

    def close(self) -> None:
        self.push_none()

    def push_none(self) -> None:
        self._send(None)

    def _send(self, item: Message | None) -> None:
        """Deliver ``item`` or queue it; a full outbox overflows: emptied, it ends the connection."""
        if self.deliver is not None:
            self.deliver(item)
            return
        if item is not None and self.overflowed:
            return
        try:
            self.outbox.put_nowait(item)
        except asyncio.QueueFull:
            self.overflowed = True
            # Make room for the close signal: the sender task stops at ``None``.
            while not self.outbox.empty():
                self.outbox.get_nowait()
            self.outbox.put_nowait(None)
