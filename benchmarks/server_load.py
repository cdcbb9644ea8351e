"""Load test of the web server: N tables played at bot speed over loopback WebSockets.

    PYTHONPATH=src python benchmarks/server_load.py                  # the goal's set-up
    PYTHONPATH=src python benchmarks/server_load.py --tables 40 --game dog|himmel
    PYTHONPATH=src python benchmarks/server_load.py --workers 2,1 --repeat 5   # side by side

Defaults: 80 Zwickern tables of two against ``serve --workers 2`` (a process per core of a
2-core machine), 20 s measured after 3 s of warm-up.

Starts ``stammtisch serve`` as a separate process on 127.0.0.1 (fresh SQLite file in a
temporary folder, or ``--database-url``), opens ``--tables`` tables with two people each
(``--game dog`` and ``--game himmel``: four; ``--players`` to change it)
(the clients answer every ``state`` that offers them legal actions at once, with a random
one) and plays game after game (rematch) for ``--seconds``. Reported: accepted moves per
second, and the latency of a move = from sending the action to receiving the state with the
new version on the mover's connection (commit to the database included), and the CPU time
the server process used per move (the clients run on the same cores, so moves/s alone says
little about the server on a shared machine). ``--profile FILE`` runs the server under
cProfile (event-loop thread only; slower) and prints its top functions (with ``--workers N``
every process of the server is profiled, the workers included, and the profiles added up). Loopback only,
bounded in count and time.

The shared machine's speed moves by a third within an hour, so one run says little about a
goal near the machine's limit: ``--repeat K`` runs K rounds (with ``--workers 1,2`` each
set-up once per round, alternating) and ends with a summary per set-up: in how many runs
the goal was met, and the median and range of moves/s, p99 and CPU per move.

The WebSocket clients are a minimal RFC 6455 client of their own (:class:`Seat`, every
frame handled in ``data_received``): with the ``websockets`` library they took ~180 us of
CPU per move, now ~100, and they share the two cores with the server.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import hashlib
import os
import platform
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from orjson import dumps, loads  # the clients share the cores with the server: cheap JSON

ROOT = Path(__file__).resolve().parents[1]
MAX_TABLES = 500
MAX_SECONDS = 300.0
WS_GUID = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11"  # RFC 6455, section 1.3


# The server under cProfile, from SIGUSR1 (sent when the measurement starts, so start-up and
# warm-up stay out) to the end. uvicorn re-raises SIGTERM after its graceful shutdown; a
# handler that exits normally lets the profile be written.
PROFILED = """
import cProfile, signal, sys, time
# CPU time of the event-loop thread, not wall time: on a shared machine a wall clock charges
# the time the thread waits for a core (or for the GIL) to whatever function it is in.
prof = cProfile.Profile(time.thread_time)
def stop(*_):
    raise SystemExit(0)
signal.signal(signal.SIGTERM, stop)
signal.signal(signal.SIGUSR1, lambda *_: prof.enable())
from stammtisch.cli import app
path = sys.argv[1]
sys.argv = ["stammtisch", *sys.argv[2:]]
try:
    app()
finally:
    prof.disable()
    prof.dump_stats(path)
"""

# With --workers N the tables are served by the worker processes (python -m
# stammtisch.server.worker), which the front starts: each process of the server, workers
# included, loads this as its sitecustomize, profiles its event-loop thread from SIGUSR1 on
# and writes <folder>/<pid>.prof when it exits; the files are added up.
PROFILED_WORKER = """
import atexit, cProfile, os, signal, sys, time
folder = os.environ.get("STAMMTISCH_LOAD_PROFILE")
if folder:
    prof = cProfile.Profile(time.thread_time)
    signal.signal(signal.SIGUSR1, lambda *_: prof.enable())
    # uvicorn re-raises SIGTERM after its graceful shutdown: exit normally, so atexit runs.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    def _dump():
        prof.disable()
        prof.dump_stats(os.path.join(folder, f"{os.getpid()}.prof"))
    atexit.register(_dump)
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.moves = 0
        self.messages = 0  # state messages received while measuring (every move goes to every seat)
        self.games = 0
        self.errors = 0
        self.measuring = False


class Seat(asyncio.Protocol):
    """One seat's WebSocket connection (RFC 6455, the part this test needs), no library.

    The clients share the cores with the server, so they are as cheap as they can be: every
    frame is handled in ``data_received`` (no task, queue or future per message). Checked:
    the handshake (status 101 and ``Sec-WebSocket-Accept``), unmasked frames from the server,
    UTF-8 and JSON of every message (``loads``). Pings are answered; a close the test did not
    start counts as an error and ends the game. Not supported (the server does not use them
    here): extensions such as per-message deflate.
    """

    def __init__(self, rng: random.Random, stats: Stats, stop: float, done: asyncio.Event) -> None:
        self.rng, self.stats, self.stop, self.done = rng, stats, stop, done
        self.key = base64.b64encode(rng.randbytes(16))
        loop = asyncio.get_running_loop()
        self.opened: asyncio.Future[None] = loop.create_future()
        self.closed: asyncio.Future[None] = loop.create_future()
        self.transport: asyncio.Transport | None = None
        self.buf = bytearray()
        self.handshake = False
        self.fragments: list[bytes] = []
        self.close_sent = False
        self.finished = False
        self.sent_at: float | None = None
        self.waiting_for = -1
        self.acted = -1  # a seat acts once per version (a state may be re-sent, e.g. on connects)

    # --- asyncio.Protocol ------------------------------------------------------------------
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]  # uvloop's is not a subclass

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.opened.done():
            self.opened.set_exception(ConnectionError("connection lost during the handshake"))
        if not self.close_sent and not self.finished:
            self.stats.errors += 1  # the server went away in the middle of a game
            self.finish()
        if not self.closed.done():
            self.closed.set_result(None)

    def data_received(self, data: bytes) -> None:
        buf = self.buf
        buf += data
        if not self.handshake and not self._handshake():
            return
        while True:
            n = len(buf)
            if n < 2:
                return
            b0, b1 = buf[0], buf[1]
            if b1 & 0x80:
                raise RuntimeError("the server sent a masked frame")
            length, pos = b1 & 0x7F, 2
            if length == 126:
                if n < 4:
                    return
                length, pos = int.from_bytes(buf[2:4], "big"), 4
            elif length == 127:
                if n < 10:
                    return
                length, pos = int.from_bytes(buf[2:10], "big"), 10
            if n < pos + length:
                return
            payload = bytes(buf[pos : pos + length])
            del buf[: pos + length]
            self._frame(b0 & 0x80, b0 & 0x0F, payload)

    def _handshake(self) -> bool:
        end = self.buf.find(b"\r\n\r\n")
        if end < 0:
            return False
        head = bytes(self.buf[:end]).decode("latin-1").split("\r\n")
        del self.buf[: end + 4]
        headers = {k.strip().lower(): v.strip() for k, _, v in (h.partition(":") for h in head[1:])}
        accept = base64.b64encode(hashlib.sha1(self.key + WS_GUID).digest()).decode()
        if not head[0].startswith("HTTP/1.1 101") or headers.get("sec-websocket-accept") != accept:
            self.opened.set_exception(ConnectionError(f"handshake refused: {head[0]}"))
            return False
        self.handshake = True
        self.opened.set_result(None)
        return True

    def _frame(self, fin: int, opcode: int, payload: bytes) -> None:
        if opcode in (0, 1, 2):  # continuation, text, binary
            if not fin:
                self.fragments.append(payload)
                return
            if self.fragments:
                payload = b"".join((*self.fragments, payload))
                self.fragments.clear()
            self.message(payload)
        elif opcode == 8:  # close: answer it; the server then closes the connection
            if not self.close_sent:
                if not self.finished:
                    self.stats.errors += 1
                    self.finish()
                self._send(0x88, payload[:2])
                self.close_sent = True
        elif opcode == 9:  # ping
            self._send(0x8A, payload)

    def _send(self, first: int, data: bytes) -> None:
        """One masked frame (clients must mask, RFC 6455 5.3)."""
        n = len(data)
        mask = self.rng.randbytes(4)
        head = bytes((first, 0x80 | n)) if n < 126 else bytes((first, 0xFE)) + n.to_bytes(2, "big")
        masked = (int.from_bytes(data, "big") ^ int.from_bytes((mask * (n // 4 + 1))[:n], "big")).to_bytes(
            n, "big"
        )
        assert self.transport is not None
        self.transport.write(head + mask + masked)

    # --- the player ------------------------------------------------------------------------
    def finish(self) -> None:
        self.finished = True
        self.done.set()

    def message(self, text: bytes) -> None:
        if self.finished or self.close_sent:
            return
        msg = loads(text)
        stats = self.stats
        if msg["type"] == "error":
            stats.errors += 1
            return
        if msg["type"] != "state":
            return
        version = msg["version"]
        now = time.perf_counter()
        if stats.measuring:
            stats.messages += 1
        if self.sent_at is not None and version >= self.waiting_for:
            if stats.measuring:
                stats.latencies.append(now - self.sent_at)
                stats.moves += 1
            self.sent_at = None
        if msg["result"] is not None or now >= self.stop:
            self.finish()
            return
        if msg["legal"] and version > self.acted:
            self.acted = version
            self.waiting_for = version + 1
            self.sent_at = now
            action = {"type": "action", "action": self.rng.choice(msg["legal"]), "version": version}
            self._send(0x81, dumps(action))

    async def close(self) -> None:
        if not self.close_sent and self.transport is not None and not self.transport.is_closing():
            self.close_sent = True
            self._send(0x88, (1000).to_bytes(2, "big"))
        try:
            await asyncio.wait_for(asyncio.shield(self.closed), 10)
        except TimeoutError:
            pass
        if self.transport is not None:
            self.transport.close()


#: The load comes from one address, far more than one person would send: no limits.
LIFTED_LIMITS = [
    "--limit=tables_per_minute=1000000",
    "--limit=joins_per_minute=1000000",
    "--limit=connections_per_address=1000000",
    "--limit=connections_per_table=1000000",
]


async def open_seat(
    port: int, path: str, rng: random.Random, stats: Stats, stop: float, done: asyncio.Event, token: str
) -> Seat:
    loop = asyncio.get_running_loop()
    _, seat = await loop.create_connection(lambda: Seat(rng, stats, stop, done), "127.0.0.1", port)
    assert seat.transport is not None
    seat.transport.write(
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
        f"Connection: Upgrade\r\nSec-WebSocket-Key: {seat.key.decode()}\r\n"
        "Sec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    await seat.opened
    seat._send(0x81, dumps({"type": "hello", "token": token}))  # the seat token: never in the URL
    return seat


async def post(port: int, path: str, body: object) -> dict[str, Any]:
    """One JSON POST on a connection of its own (``Connection: close``), no library.

    A general HTTP client (httpx) took a quarter of the load client's CPU for the one
    rematch per game; this needs a fraction of that. Status 200 and a JSON body, or an error.
    """
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    data = dumps(body)
    writer.write(
        b"POST %s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Type: application/json\r\n"
        b"Content-Length: %d\r\nConnection: close\r\n\r\n%s" % (path.encode(), port, len(data), data)
    )
    try:
        raw = await reader.read()  # the server closes after its answer
    finally:
        writer.close()
    head, _, payload = raw.partition(b"\r\n\r\n")
    status = head.split(b" ", 2)[1] if head.startswith(b"HTTP/1.1 ") else b"?"
    if status != b"200":
        raise RuntimeError(f"POST {path}: {head[:80]!r} {payload[:200]!r}")
    out: dict[str, Any] = loads(payload)
    return out


async def table_loop(port: int, index: int, stats: Stats, stop: float, game: str, players: int) -> None:
    rng = random.Random(index)
    created = await post(
        port,
        "/api/tables",
        {
            "game": game,
            "options": {"players": players},
            "nickname": "P0",
            "seats": [{"type": "open"}] * players,
        },
    )
    tid = created["table"]["id"]
    tokens = [created["token"]]
    for i in range(1, players):
        joined = await post(port, f"/api/tables/{tid}/join", {"nickname": f"P{i}"})
        tokens.append(joined["token"])
    while time.perf_counter() < stop:
        done = asyncio.Event()
        seats = [await open_seat(port, f"/ws/tables/{tid}", rng, stats, stop, done, t) for t in tokens]
        await done.wait()
        for seat in seats:
            await seat.close()
        if time.perf_counter() >= stop:
            break
        stats.games += 1
        tid = (await post(port, f"/api/tables/{tid}/rematch", {"token": tokens[0]}))["table"]["id"]


async def run(base: str, tables: int, seconds: float, warmup: float, game: str, players: int) -> Stats:
    stats = Stats()
    start = time.perf_counter()
    stop = start + warmup + seconds
    port = int(base.rsplit(":", 1)[1])
    runners = [asyncio.create_task(table_loop(port, i, stats, stop, game, players)) for i in range(tables)]
    await asyncio.sleep(warmup)
    stats.measuring = True
    t0 = time.perf_counter()
    await asyncio.gather(*runners)
    stats.latencies.sort()
    stats.elapsed = time.perf_counter() - t0  # type: ignore[attr-defined]
    return stats


def pct(sorted_values: list[float], p: float) -> float:
    if not sorted_values:
        return float("nan")
    return sorted_values[min(len(sorted_values) - 1, int(p / 100 * len(sorted_values)))]


def processes(pid: int) -> list[int]:
    """``pid`` and all its descendants (``serve --workers N``: the front and its workers)."""
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        try:
            todo += [int(c) for c in Path(f"/proc/{p}/task/{p}/children").read_text().split()]
        except OSError:
            pass
    return out


def cpu_seconds(pid: int, tree: bool = False) -> float:
    """User + system CPU time of a process (``tree``: with its descendants) so far.

    Linux ``/proc`` only (NaN elsewhere).
    """
    total = 0.0
    for p in processes(pid) if tree else [pid]:
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            if p == pid:
                return float("nan")
            continue
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def thread_cpu(pid: int) -> tuple[float, float, float]:
    """CPU seconds of the server's main threads (user, system) and of all its other threads.

    Summed over the server process and its worker processes. A main thread runs an event
    loop (in the front: the router); the others are the database writers and the bot/hint
    pools. Linux ``/proc`` only (NaN elsewhere).
    """
    tick = os.sysconf("SC_CLK_TCK")
    user = system = others = 0.0
    for proc in processes(pid):
        try:
            tasks = list(Path(f"/proc/{proc}/task").iterdir())
        except OSError:
            continue
        for task in tasks:
            try:
                fields = (task / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:  # the thread ended meanwhile
                continue
            u, s = int(fields[11]) / tick, int(fields[12]) / tick
            if task.name == str(proc):
                user, system = user + u, system + s
            else:
                others += u + s
    return user, system, others


def host_ticks() -> list[int]:
    """The machine's CPU time so far (``/proc/stat``: user nice system idle iowait irq softirq
    steal), in clock ticks summed over all cores; empty where there is no such file."""
    try:
        first = Path("/proc/stat").read_text().split("\n", 1)[0].split()
    except OSError:
        return []
    return [int(x) for x in first[1:9]] if first and first[0] == "cpu" else []


def host_shares(before: list[int], after: list[int]) -> tuple[float, float]:
    """Idle and steal as fractions of the machine's CPU time between two readings.

    Steal is time the hypervisor gave to other guests while this one wanted to run: on a
    shared host it is the clearest sign that a slow run was the host's, not the server's.
    """
    if len(before) != 8 or len(after) != 8:
        return float("nan"), float("nan")
    d = [b - a for a, b in zip(before, after, strict=True)]
    total = sum(d) or 1
    return (d[3] + d[4]) / total, d[7] / total


def merge_profiles(folder: Path, path: str) -> None:
    """Add up the profiles of the server's processes (``--workers N``) into ``path``."""
    import pstats

    files = sorted(str(f) for f in folder.glob("*.prof"))
    if not files:
        raise SystemExit("no profile was written by the server's processes")
    stats = pstats.Stats(files[0])
    for f in files[1:]:
        stats.add(f)
    stats.dump_stats(path)


def print_profile(path: str, top: int = 25) -> None:
    import pstats

    print(
        f"server profile (cProfile, CPU time of the event-loop thread, measured part), top {top} by own time:"
    )
    stats = pstats.Stats(path)
    total = stats.total_tt  # type: ignore[attr-defined]
    rows = sorted(stats.stats.items(), key=lambda kv: -kv[1][2])  # type: ignore[attr-defined]
    for (file, line, func), (_cc, nc, tt, ct, _callers) in rows[:top]:
        where = f"{Path(file).name}:{line}({func})" if line else func
        print(f"  {tt / total * 100:5.1f}% own  {ct / total * 100:5.1f}% cum  {nc:>9} calls  {where}")


DEFAULT_PLAYERS = {"zwickern": 2, "dog": 4, "himmel": 4}  # people per table unless --players
GOAL_MOVES_PER_S = 5000.0  # the issue's goal: >= 5,000 moves/s at p99 < 50 ms on 2 cores
GOAL_P99_MS = 50.0


def measure(args: argparse.Namespace, workers: int) -> dict[str, float]:
    """Start a server with ``workers`` processes, load it, print the report, return figures."""
    tables = max(1, min(args.tables, MAX_TABLES))
    players = args.players or DEFAULT_PLAYERS.get(args.game, 2)
    seconds = max(1.0, min(args.seconds, MAX_SECONDS))
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        url = args.database_url or f"sqlite:///{tmp}/load.sqlite3"
        env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
        cmd = [sys.executable]
        by_process = args.profile and workers > 1
        if by_process:  # every process profiles itself (PROFILED_WORKER)
            Path(tmp, "site").mkdir()
            Path(tmp, "site", "sitecustomize.py").write_text(PROFILED_WORKER)
            Path(tmp, "prof").mkdir()
            env["PYTHONPATH"] += os.pathsep + str(Path(tmp, "site"))
            env["STAMMTISCH_LOAD_PROFILE"] = str(Path(tmp, "prof"))
        cmd += ["-c", PROFILED, args.profile] if args.profile and not by_process else ["-m", "stammtisch.cli"]
        cmd += ["serve", "--host", "127.0.0.1", "--port", str(port)]
        cmd += ["--database-url", url, "--bot-delay", "0", "--log-level", "warning"]
        cmd += ["--workers", str(workers), *LIFTED_LIMITS, *args.server_arg]
        server = subprocess.Popen(cmd, env=env)
        try:
            base = f"http://127.0.0.1:{port}"
            for _ in range(300):
                try:
                    if httpx.get(f"{base}/api/games", timeout=1).status_code == 200:
                        break
                except httpx.HTTPError:
                    time.sleep(0.1)
            cpu = [0.0, 0.0, 0.0, 0.0]
            threads = [(0.0, 0.0, 0.0), (0.0, 0.0, 0.0)]
            host: list[list[int]] = [[], []]

            async def measured() -> Stats:
                task = asyncio.create_task(run(base, tables, seconds, args.warmup, args.game, players))
                await asyncio.sleep(args.warmup)
                if args.profile:
                    for pid in processes(server.pid) if by_process else [server.pid]:
                        os.kill(pid, signal.SIGUSR1)
                cpu[0] = cpu_seconds(server.pid, tree=True)
                threads[0] = thread_cpu(server.pid)
                cpu[2] = cpu_seconds(os.getpid())
                host[0] = host_ticks()
                result = await task
                host[1] = host_ticks()
                cpu[1] = cpu_seconds(server.pid, tree=True)
                threads[1] = thread_cpu(server.pid)
                cpu[3] = cpu_seconds(os.getpid())
                return result

            stats = asyncio.run(measured())
        finally:
            server.terminate()
            server.wait(timeout=20)
        if by_process:
            merge_profiles(Path(tmp, "prof"), args.profile)
    server_cpu = cpu[1] - cpu[0]
    client_cpu = cpu[3] - cpu[2]
    lat = stats.latencies
    elapsed: float = stats.elapsed  # type: ignore[attr-defined]
    print(
        f"stammtisch server load: {tables} tables x {players} WebSocket clients, {args.game}, {seconds:.0f} s measured"
    )
    print(
        "server: one process"
        if workers == 1
        else f"server: serve --workers {workers} (a front process routing connections + {workers} worker processes)"
    )
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores (shared; load average {load}), "
        f"Python {platform.python_version()}; server and clients on the same cores"
    )
    idle, steal = host_shares(host[0], host[1])
    if steal == steal:  # not NaN
        print(
            f"host during the measurement: idle {idle * 100:.0f}%, steal {steal * 100:.1f}% "
            "(CPU time the hypervisor gave to other guests)"
        )
    print(
        f"database: {'sqlite (temporary file)' if args.database_url is None else args.database_url.split('@')[-1]}"
    )
    print(
        f"moves: {stats.moves} in {elapsed:.1f} s = {stats.moves / elapsed:,.0f} moves/s; games finished: {stats.games}; errors: {stats.errors}"
    )
    print(
        f"state messages to the clients: {stats.messages / elapsed:,.0f} per second ({players} seats see every move)"
    )
    if stats.moves:
        print(
            f"server CPU: {server_cpu:.1f} s of {elapsed:.1f} s wall ({server_cpu / elapsed * 100:.0f}% of one core), "
            f"{server_cpu / stats.moves * 1e6:.0f} us per move (= {stats.moves / server_cpu:,.0f} moves/s per server core)"
        )
        print(
            f"  server and clients together: {(server_cpu + client_cpu) / elapsed * 100:.0f}% of one core "
            f"({os.cpu_count()} cores = {(os.cpu_count() or 1) * 100}%)"
        )
        user, system, others = (b - a for a, b in zip(threads[0], threads[1], strict=True))
        print(
            f"  of which main threads (event loops) {(user + system) / stats.moves * 1e6:.0f} us per move "
            f"(user {user / stats.moves * 1e6:.0f}, kernel {system / stats.moves * 1e6:.0f}), "
            f"other threads (database, pools) {others / stats.moves * 1e6:.0f} us per move"
        )
        print(
            f"client CPU (this process, all {players * tables} clients): {client_cpu:.1f} s "
            f"({client_cpu / elapsed * 100:.0f}% of one core), {client_cpu / stats.moves * 1e6:.0f} us per move"
        )
    if lat:
        print(
            f"latency ms: p50 {pct(lat, 50) * 1000:.1f}  p90 {pct(lat, 90) * 1000:.1f}  "
            f"p99 {pct(lat, 99) * 1000:.1f}  max {lat[-1] * 1000:.1f}  mean {statistics.fmean(lat) * 1000:.1f}"
        )
    if args.profile:
        print_profile(args.profile)
    moves = max(stats.moves, 1)
    return {
        "moves_per_s": stats.moves / elapsed,
        "messages_per_s": stats.messages / elapsed,
        "p99_ms": pct(lat, 99) * 1000 if lat else float("nan"),
        "server_us": server_cpu / moves * 1e6,
        "client_us": client_cpu / moves * 1e6,
        "errors": float(stats.errors),
        "steal_pct": steal * 100,
    }


def summary(workers: int, runs: list[dict[str, float]]) -> None:
    """The runs of one server set-up: spread, and how many reached the goal."""

    def spread(key: str, fmt: str) -> str:
        values = sorted(r[key] for r in runs)
        return f"median {statistics.median(values):{fmt}} ({values[0]:{fmt}}-{values[-1]:{fmt}})"

    met = sum(1 for r in runs if r["moves_per_s"] >= GOAL_MOVES_PER_S and r["p99_ms"] < GOAL_P99_MS)
    label = "one process" if workers == 1 else f"--workers {workers}"
    print(
        f"{label}, {len(runs)} runs: goal (>= {GOAL_MOVES_PER_S:,.0f} moves/s at p99 < {GOAL_P99_MS:.0f} ms) met in {met}"
    )
    print(f"  moves/s {spread('moves_per_s', ',.0f')}; p99 ms {spread('p99_ms', '.1f')}")
    print(f"  state messages/s {spread('messages_per_s', ',.0f')}")
    print(
        f"  server CPU us/move {spread('server_us', '.0f')}; client CPU us/move {spread('client_us', '.0f')}"
        " (the client's work per move is fixed: it shows the host's speed at the time)"
    )
    print(f"  host steal % {spread('steal_pct', '.1f')}; errors: {sum(r['errors'] for r in runs):.0f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tables", type=int, default=80)
    ap.add_argument(
        "--game", default="zwickern", help="zwickern (about 60 moves a game), himmel or dog (over 1000)"
    )
    ap.add_argument(
        "--players", type=int, default=None, help="people per table (default: zwickern 2, dog and himmel 4)"
    )
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument("--warmup", type=float, default=3.0)
    ap.add_argument(
        "--workers",
        default="2",
        help="server processes (serve --workers; a front routes by table; default 2); a list "
        "such as 2,1 alternates the set-ups run by run",
    )
    ap.add_argument("--repeat", type=int, default=1, help="rounds (each set-up of --workers once per round)")
    ap.add_argument("--database-url", default=None)
    ap.add_argument("--profile", default=None, help="write the server's cProfile output here")
    ap.add_argument("--server-arg", action="append", default=[], help="extra argument for serve")
    args = ap.parse_args()
    try:
        setups = [max(1, int(w)) for w in str(args.workers).split(",") if w.strip()]
    except ValueError:
        ap.error("--workers takes a number or a list such as 1,2")
    if not setups:
        ap.error("--workers takes a number or a list such as 1,2")
    rounds = max(1, min(args.repeat, 50))
    try:
        import uvloop

        uvloop.install()
    except ImportError:
        pass
    results: dict[int, list[dict[str, float]]] = {w: [] for w in setups}
    for r in range(rounds):
        for workers in setups:
            if rounds > 1 or len(setups) > 1:
                label = "one process" if workers == 1 else f"--workers {workers}"
                print(f"\n### round {r + 1} of {rounds}, {label}", flush=True)
            results[workers].append(measure(args, workers))
            sys.stdout.flush()
    if rounds > 1 or len(setups) > 1:
        print("\n### summary")
        for workers in setups:
            summary(workers, results[workers])


if __name__ == "__main__":
    main()
