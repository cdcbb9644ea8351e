"""``stammtisch serve --workers N``: one port, N server processes, each table in one of them.

One Python process runs one event loop on one core. To use more cores, the tables are split
between N worker processes (:mod:`stammtisch.server.worker`), each a whole server and the
single writer of the tables it owns (:func:`stammtisch.server.shards.owner`). This front
process listens on the port, reads the first request line of each new connection without
consuming it (``MSG_PEEK``), and passes the connection itself (its file descriptor, over a
Unix socket) to the owner of the table the path names, or to the next worker in turn when
the path names none. The worker answers on the connection directly.

So every WebSocket of a table lands in the table's own process, and plain HTTP requests
close their connection after the answer (see ``app.py``): the next request comes on a new
connection and is routed by its own path.

The front also supervises: a worker that dies is started again, and resumes its tables from
the database (every accepted action is committed before it is broadcast); one that fails
before it was ever ready stops the whole server with its exit status.
"""

from __future__ import annotations

import asyncio
import collections
import dataclasses
import json
import logging
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field

from stammtisch.server.config import Settings
from stammtisch.server.shards import owner, table_of_target, target_of_request
from stammtisch.server.worker import CONNECTION, READY

log = logging.getLogger("stammtisch.server.front")

#: Bytes of a request the router looks at; a first line longer than this goes to any worker.
PEEK_BYTES = 8192
#: Seconds a new connection may take to send its first request line.
FIRST_LINE_TIMEOUT = 10.0
#: Connections waiting for a worker that cannot take them yet (starting, or its channel full).
BACKLOG_LIMIT = 4096
#: Seconds a worker gets to finish its connections when the server stops.
STOP_TIMEOUT = 15.0


@dataclass
class Worker:
    index: int
    proc: subprocess.Popen[bytes]
    channel: socket.socket
    started: float
    ready: bool = False
    backlog: collections.deque[socket.socket] = field(default_factory=collections.deque)


class Front:
    def __init__(
        self,
        settings: Settings,
        host: str,
        port: int,
        workers: int,
        log_level: str = "info",
        ws_compression: bool = False,
    ) -> None:
        self.settings = settings
        self.host, self.port, self.count = host, port, workers
        self.log_level, self.ws_compression = log_level, ws_compression
        self.workers: list[Worker | None] = [None] * workers
        self.listener: socket.socket | None = None
        self.stopping = False
        self.failed: int | None = None  # exit status when a worker could not start
        self._turn = 0
        self._stop: asyncio.Event | None = None
        #: How a worker is started (its channel and settings are appended).
        self.worker_command = [sys.executable, "-m", "stammtisch.server.worker"]

    # --- workers ---------------------------------------------------------------------------
    def _spawn(self, index: int) -> Worker:
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        settings = dataclasses.replace(self.settings, worker=index, workers=self.count)
        if settings.node_id:  # each process of a node holds leases of its own
            settings = dataclasses.replace(settings, node_id=f"{settings.node_id}.{index}")
        cmd = [*self.worker_command, "--channel-fd", str(theirs.fileno())]
        cmd += ["--settings", json.dumps(dataclasses.asdict(settings)), "--log-level", self.log_level]
        if self.ws_compression:
            cmd.append("--ws-compression")
        # A session of its own: Ctrl+C in a terminal reaches the front only, which then stops
        # the workers in order (instead of seeing them exit and starting them again).
        proc = subprocess.Popen(cmd, pass_fds=(theirs.fileno(),), start_new_session=True)
        theirs.close()
        ours.setblocking(False)
        worker = Worker(index, proc, ours, time.monotonic())
        self.workers[index] = worker
        asyncio.get_running_loop().add_reader(ours.fileno(), self._from_worker, worker)
        return worker

    def _from_worker(self, worker: Worker) -> None:
        try:
            msg = worker.channel.recv(64)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            msg = b""
        if msg == READY:
            worker.ready = True
            self._flush(worker)
            return
        if not msg:  # the worker is gone
            self._lost(worker)

    @staticmethod
    def _close(worker: Worker) -> None:
        """Close a worker's channel and the connections still waiting for it (idempotent)."""
        if worker.channel.fileno() >= 0:
            loop = asyncio.get_running_loop()
            loop.remove_reader(worker.channel.fileno())
            loop.remove_writer(worker.channel.fileno())
            worker.channel.close()
        for conn in worker.backlog:
            conn.close()
        worker.backlog.clear()

    def _lost(self, worker: Worker) -> None:
        self._close(worker)
        code = worker.proc.wait()
        if self.workers[worker.index] is worker:
            self.workers[worker.index] = None
        if self.stopping:
            return
        if not worker.ready:
            log.error("worker %d could not start (exit status %s)", worker.index, code)
            self.failed = code or 1
            self.stop()
            return
        log.warning("worker %d ended (exit status %s); starting it again", worker.index, code)
        self._spawn(worker.index)

    # --- connections -----------------------------------------------------------------------
    def _accept(self) -> None:
        assert self.listener is not None
        loop = asyncio.get_running_loop()
        for _ in range(128):
            try:
                conn, _addr = self.listener.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError as exc:  # e.g. out of file descriptors: try again on the next wake-up
                log.warning("accept failed: %s", exc)
                return
            conn.setblocking(False)
            if conn.family in (socket.AF_INET, socket.AF_INET6):
                conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            loop.add_reader(conn.fileno(), self._route, conn, time.monotonic() + FIRST_LINE_TIMEOUT)

    def _route(self, conn: socket.socket, deadline: float) -> None:
        loop = asyncio.get_running_loop()
        try:
            head = conn.recv(PEEK_BYTES, socket.MSG_PEEK)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            head = b""
        loop.remove_reader(conn.fileno())
        if not head:  # closed before it asked for anything
            conn.close()
            return
        target = target_of_request(head)
        if target is None and b"\r\n" not in head and len(head) < PEEK_BYTES:
            # The first line is not complete yet. Its bytes stay readable, so waiting for
            # "readable" again would spin: look again shortly instead.
            if time.monotonic() > deadline:
                conn.close()
            else:
                loop.call_later(0.005, loop.add_reader, conn.fileno(), self._route, conn, deadline)
            return
        tid = table_of_target(target) if target is not None else None
        self._hand_over(owner(tid, self.count) if tid is not None else self._next(), conn)

    def _next(self) -> int:
        """The next worker in turn, for a request that names no table.

        Strictly in turn, also while a worker is still starting (its connections wait in
        its channel): new tables are created where their creation request lands, so this
        spreads the tables evenly over the workers.
        """
        self._turn = (self._turn + 1) % self.count
        return self._turn

    def _hand_over(self, index: int, conn: socket.socket) -> None:
        worker = self.workers[index]
        if worker is None or self.stopping:
            conn.close()
            return
        if worker.backlog or not self._send(worker, conn):
            if len(worker.backlog) >= BACKLOG_LIMIT:
                conn.close()
                return
            if not worker.backlog:
                asyncio.get_running_loop().add_writer(worker.channel.fileno(), self._flush, worker)
            worker.backlog.append(conn)

    def _send(self, worker: Worker, conn: socket.socket) -> bool:
        """Pass one connection to a worker; False when its channel is full for now."""
        try:
            socket.send_fds(worker.channel, [CONNECTION], [conn.fileno()])
        except (BlockingIOError, InterruptedError):
            return False
        except OSError:  # the worker is gone; the client reconnects
            pass
        conn.close()  # the worker has its own copy now
        return True

    def _flush(self, worker: Worker) -> None:
        while worker.backlog:
            if not self._send(worker, worker.backlog[0]):
                return
            worker.backlog.popleft()
        asyncio.get_running_loop().remove_writer(worker.channel.fileno())

    # --- life cycle ------------------------------------------------------------------------
    def stop(self) -> None:
        if self._stop is not None:
            self._stop.set()

    async def serve(self) -> int:
        loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, self.stop)
        try:
            self.listener = socket.create_server((self.host, self.port), backlog=2048)
        except OSError as exc:
            log.error("cannot listen on %s:%s: %s", self.host, self.port, exc)
            return 1
        self.listener.setblocking(False)
        for i in range(self.count):
            self._spawn(i)
        loop.add_reader(self.listener.fileno(), self._accept)
        try:
            await self._stop.wait()
        finally:
            await self._shutdown()
        return self.failed or 0

    async def _shutdown(self) -> None:
        self.stopping = True
        loop = asyncio.get_running_loop()
        if self.listener is not None:
            loop.remove_reader(self.listener.fileno())
            self.listener.close()
        running = [w for w in self.workers if w is not None]
        for w in running:
            if w.proc.poll() is None:
                w.proc.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + STOP_TIMEOUT
        for w in running:
            while w.proc.poll() is None and time.monotonic() < deadline:
                await asyncio.sleep(0.05)
            if w.proc.poll() is None:
                w.proc.kill()
                w.proc.wait()
            self._close(w)


def run_front(
    settings: Settings, host: str, port: int, workers: int, log_level: str, ws_compression: bool
) -> int:
    """Migrate the database once, then serve with ``workers`` processes until stopped."""
    from stammtisch.server.db.engine import make_engine
    from stammtisch.server.db.migrate import upgrade

    logging.basicConfig(level=log_level.upper(), format="%(levelname)s:     %(message)s")
    engine = make_engine(settings.database_url)
    upgrade(engine)  # once, before the workers start (each would otherwise race to do it)
    engine.dispose()
    front = Front(settings, host, port, workers, log_level, ws_compression)
    return asyncio.run(front.serve())
