"""One worker process of ``stammtisch serve --workers N``: a whole server for its own tables.

A worker is the ordinary application (:func:`~stammtisch.server.app.create_app`) under
uvicorn, except that it does not listen itself: the front process
(:mod:`stammtisch.server.front`) accepts the connections and passes each one over a Unix
socket (``SCM_RIGHTS``) to the worker that owns the table it asks for. The worker adopts
the socket into uvicorn as if it had accepted it, and from then on the front is out of the
way: no byte of the connection passes through it. A table's WebSocket (``GET
/ws/tables/{id}``) is not given to uvicorn but served without ASGI on a
:class:`~stammtisch.server.direct.DirectSocket` (unless per-message compression is on).

Started by the front as ``python -m stammtisch.server.worker`` with the settings as JSON
and the inherited Unix socket's file descriptor. When the front goes away (the socket
reaches its end), the worker shuts down.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import socket
from typing import Any

import uvicorn

from stammtisch.server.config import Settings
from stammtisch.server.direct import DirectSocket, is_table_socket

log = logging.getLogger("stammtisch.server")

#: Sent by the worker over its channel once it is ready to take connections.
READY = b"ready"
#: One byte per passed connection (the file descriptor rides along as ancillary data).
CONNECTION = b"c"
#: Bytes of a new connection looked at to tell a table's WebSocket from other requests.
PEEK_BYTES = 1024


class AdoptingServer(uvicorn.Server):
    """A uvicorn server that takes its connections from a channel instead of a listener."""

    def __init__(self, config: uvicorn.Config, channel: socket.socket, app: Any = None) -> None:
        super().__init__(config)
        self.channel = channel
        self._adopting: set[asyncio.Task[Any]] = set()
        #: The application whose hub serves table WebSockets directly (None: uvicorn does).
        self.app = app
        self.direct: set[DirectSocket] = set()

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets=[])  # no listener of its own
        loop = asyncio.get_running_loop()
        self.channel.setblocking(False)
        loop.add_reader(self.channel.fileno(), self._receive)
        self.channel.send(READY)

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        try:
            asyncio.get_running_loop().remove_reader(self.channel.fileno())
        except (ValueError, OSError):
            pass
        await asyncio.gather(*(s.stop() for s in list(self.direct)))
        await super().shutdown(sockets=sockets)

    def _protocol(self) -> asyncio.Protocol:
        # What uvicorn's own listener would create for an accepted connection.
        protocol: asyncio.Protocol = self.config.http_protocol_class(  # type: ignore[call-arg]
            config=self.config, server_state=self.server_state, app_state=self.lifespan.state
        )
        return protocol

    def _receive(self) -> None:
        while True:
            try:
                msg, fds, _flags, _addr = socket.recv_fds(self.channel, 16, 16)
            except (BlockingIOError, InterruptedError):
                return
            except OSError:
                msg, fds = b"", []
            if not msg and not fds:  # the front is gone: stop
                asyncio.get_running_loop().remove_reader(self.channel.fileno())
                self.should_exit = True
                return
            for fd in fds:
                self._adopt(socket.socket(fileno=fd))

    def _adopt(self, sock: socket.socket) -> None:
        if self.should_exit:
            sock.close()
            return
        sock.setblocking(False)
        loop = asyncio.get_running_loop()
        factory: Any = self._protocol
        if self.app is not None and is_table_socket(_peek(sock)):
            factory = self._direct_socket
        task = loop.create_task(loop.connect_accepted_socket(factory, sock))
        self._adopting.add(task)
        task.add_done_callback(self._adopted)

    def _direct_socket(self) -> DirectSocket:
        return DirectSocket(self._session, self.config.ws_max_size, self.direct)

    async def _session(self, sock: DirectSocket, table_id: str) -> None:
        from stammtisch.server import ws  # the whole application: not for the front process

        await ws.serve_direct(sock, self.app.state.hub, table_id)

    def _adopted(self, task: asyncio.Task[Any]) -> None:
        self._adopting.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.warning("could not take over a connection: %s", task.exception())


def _peek(sock: socket.socket) -> bytes:
    """The start of the request, left in the socket (the front saw its first line arrive)."""
    try:
        return sock.recv(PEEK_BYTES, socket.MSG_PEEK)
    except OSError:
        return b""


def run_worker(settings: Settings, channel_fd: int, log_level: str, ws_compression: bool) -> None:
    from stammtisch.server.app import create_app
    from stammtisch.server.runtime import tune_gc, uvicorn_options

    channel = socket.socket(fileno=channel_fd)
    app = create_app(settings)
    tune_gc()
    config = uvicorn.Config(app, **uvicorn_options(settings, log_level, ws_compression))
    # Per-message compression is uvicorn's (websockets' extension there); without it, the
    # table WebSockets are served directly. A node behind a proxy (``--node-id``) leaves them
    # to uvicorn too: it reads the client's address from the proxy's X-Forwarded-For.
    direct = not ws_compression and not settings.node_id
    server = AdoptingServer(config, channel, app=app if direct else None)
    server.run()


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description="a worker process of stammtisch serve --workers N")
    ap.add_argument("--channel-fd", type=int, required=True)
    ap.add_argument("--settings", required=True, help="Settings as JSON")
    ap.add_argument("--log-level", default="info")
    ap.add_argument("--ws-compression", action="store_true")
    args = ap.parse_args(argv)
    settings = Settings(**json.loads(args.settings))
    run_worker(settings, args.channel_fd, args.log_level, args.ws_compression)


if __name__ == "__main__":
    main()
