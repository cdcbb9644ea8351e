"""Load test of the web server: N tables played at bot speed over loopback WebSockets.

    PYTHONPATH=src python benchmarks/server_load.py --tables 50 --seconds 20 [--game dog]

Starts ``stammtisch serve`` as a separate process on 127.0.0.1 (fresh SQLite file in a
temporary folder, or ``--database-url``), opens ``--tables`` tables with two people each
(``--game dog``: four)
(the clients answer every ``state`` that offers them legal actions at once, with a random
one) and plays game after game (rematch) for ``--seconds``. Reported: accepted moves per
second, and the latency of a move = from sending the action to receiving the state with the
new version on the mover's connection (commit to the database included), and the CPU time
the server process used per move (the clients run on the same cores, so moves/s alone says
little about the server on a shared machine). ``--profile FILE`` runs the server under
cProfile (event-loop thread only; slower) and prints its top functions. Loopback only,
bounded in count and time.
"""

from __future__ import annotations

import argparse
import asyncio
import json
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

import httpx
from websockets.asyncio.client import ClientConnection, connect

try:  # the clients share the cores with the server: parse as cheaply as the server sends
    from orjson import loads
except ImportError:
    from json import loads

ROOT = Path(__file__).resolve().parents[1]
MAX_TABLES = 500
MAX_SECONDS = 300.0
COMPRESSION: str | None = None


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


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.moves = 0
        self.games = 0
        self.errors = 0
        self.measuring = False


async def seat_loop(
    ws: ClientConnection, rng: random.Random, stats: Stats, stop: float, done: asyncio.Event
) -> None:
    sent_at: float | None = None
    waiting_for = -1
    acted = -1  # a seat acts once per version (a state may be re-sent, e.g. on connects)
    async for text in ws:
        msg = loads(text)
        if msg["type"] == "error":
            stats.errors += 1
            continue
        if msg["type"] != "state":
            continue
        version = msg["version"]
        if sent_at is not None and version >= waiting_for:
            if stats.measuring:
                stats.latencies.append(time.perf_counter() - sent_at)
                stats.moves += 1
            sent_at = None
        if msg["result"] is not None:
            done.set()
            return
        if msg["legal"] and version > acted and time.perf_counter() < stop:
            acted = version
            waiting_for = version + 1
            sent_at = time.perf_counter()
            await ws.send(
                json.dumps({"type": "action", "action": rng.choice(msg["legal"]), "version": version})
            )
        if time.perf_counter() >= stop:
            done.set()
            return


async def table_loop(base: str, index: int, stats: Stats, stop: float, game: str, players: int) -> None:
    rng = random.Random(index)
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        created = (
            await http.post(
                "/api/tables",
                json={
                    "game": game,
                    "options": {"players": players},
                    "nickname": "P0",
                    "seats": [{"type": "open"}] * players,
                },
            )
        ).json()
        tid = created["table"]["id"]
        tokens = [created["token"]]
        for i in range(1, players):
            joined = await http.post(f"/api/tables/{tid}/join", json={"nickname": f"P{i}"})
            tokens.append(joined.json()["token"])
        ws_base = base.replace("http://", "ws://")
        while time.perf_counter() < stop:
            done = asyncio.Event()
            conns = [
                await connect(f"{ws_base}/ws/tables/{tid}?token={t}", max_size=None, compression=COMPRESSION)
                for t in tokens
            ]
            tasks = [asyncio.create_task(seat_loop(c, rng, stats, stop, done)) for c in conns]
            await done.wait()
            for c in conns:
                await c.close()
            await asyncio.gather(*tasks, return_exceptions=True)
            if time.perf_counter() >= stop:
                break
            stats.games += 1
            r = await http.post(f"/api/tables/{tid}/rematch", json={"token": tokens[0]})
            tid = r.json()["table"]["id"]


async def run(base: str, tables: int, seconds: float, warmup: float, game: str, players: int) -> Stats:
    stats = Stats()
    start = time.perf_counter()
    stop = start + warmup + seconds
    runners = [asyncio.create_task(table_loop(base, i, stats, stop, game, players)) for i in range(tables)]
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


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux ``/proc``; NaN elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def thread_cpu(pid: int) -> tuple[float, float, float]:
    """CPU seconds of a process's main thread (user, system) and of all its other threads.

    The server's main thread runs the event loop; the others are the database writer and
    the bot/hint pools. Linux ``/proc`` only (NaN elsewhere).
    """
    tick = os.sysconf("SC_CLK_TCK")
    user = system = others = 0.0
    try:
        for task in Path(f"/proc/{pid}/task").iterdir():
            try:
                fields = (task / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:  # the thread ended meanwhile
                continue
            u, s = int(fields[11]) / tick, int(fields[12]) / tick
            if task.name == str(pid):
                user, system = u, s
            else:
                others += u + s
    except OSError:
        return (float("nan"),) * 3
    return user, system, others


def print_profile(path: str, top: int = 25) -> None:
    import pstats

    print(f"server profile (cProfile, CPU time of the event-loop thread, measured part), top {top} by own time:")
    stats = pstats.Stats(path)
    total = stats.total_tt  # type: ignore[attr-defined]
    rows = sorted(stats.stats.items(), key=lambda kv: -kv[1][2])  # type: ignore[attr-defined]
    for (file, line, func), (_cc, nc, tt, ct, _callers) in rows[:top]:
        where = f"{Path(file).name}:{line}({func})" if line else func
        print(f"  {tt / total * 100:5.1f}% own  {ct / total * 100:5.1f}% cum  {nc:>9} calls  {where}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tables", type=int, default=50)
    ap.add_argument("--game", default="zwickern", help="zwickern (about 60 moves a game) or dog (over 1000)")
    ap.add_argument("--players", type=int, default=None, help="people per table (default: 2, dog 4)")
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument("--warmup", type=float, default=3.0)
    ap.add_argument("--database-url", default=None)
    ap.add_argument("--profile", default=None, help="write the server's cProfile output here")
    ap.add_argument("--server-arg", action="append", default=[], help="extra argument for serve")
    args = ap.parse_args()
    tables = max(1, min(args.tables, MAX_TABLES))
    players = args.players or (4 if args.game == "dog" else 2)
    seconds = max(1.0, min(args.seconds, MAX_SECONDS))
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        url = args.database_url or f"sqlite:///{tmp}/load.sqlite3"
        env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
        cmd = [sys.executable]
        cmd += ["-c", PROFILED, args.profile] if args.profile else ["-m", "stammtisch.cli"]
        cmd += ["serve", "--host", "127.0.0.1", "--port", str(port)]
        cmd += ["--database-url", url, "--bot-delay", "0", "--log-level", "warning", *args.server_arg]
        server = subprocess.Popen(cmd, env=env)
        try:
            base = f"http://127.0.0.1:{port}"
            for _ in range(300):
                try:
                    if httpx.get(f"{base}/api/games", timeout=1).status_code == 200:
                        break
                except httpx.HTTPError:
                    time.sleep(0.1)
            try:
                import uvloop

                uvloop.install()
            except ImportError:
                pass
            cpu = [0.0, 0.0, 0.0, 0.0]
            threads = [(0.0, 0.0, 0.0), (0.0, 0.0, 0.0)]

            async def measured() -> Stats:
                task = asyncio.create_task(run(base, tables, seconds, args.warmup, args.game, players))
                await asyncio.sleep(args.warmup)
                if args.profile:
                    os.kill(server.pid, signal.SIGUSR1)
                cpu[0] = cpu_seconds(server.pid)
                threads[0] = thread_cpu(server.pid)
                cpu[2] = cpu_seconds(os.getpid())
                result = await task
                cpu[1] = cpu_seconds(server.pid)
                threads[1] = thread_cpu(server.pid)
                cpu[3] = cpu_seconds(os.getpid())
                return result

            stats = asyncio.run(measured())
        finally:
            server.terminate()
            server.wait(timeout=20)
    server_cpu = cpu[1] - cpu[0]
    lat = stats.latencies
    elapsed: float = stats.elapsed  # type: ignore[attr-defined]
    print(
        f"stammtisch server load: {tables} tables x {players} WebSocket clients, {args.game}, {seconds:.0f} s measured"
    )
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores (shared; load average {load}), "
        f"Python {platform.python_version()}; server and clients on the same cores"
    )
    print(
        f"database: {'sqlite (temporary file)' if args.database_url is None else args.database_url.split('@')[-1]}"
    )
    print(
        f"moves: {stats.moves} in {elapsed:.1f} s = {stats.moves / elapsed:,.0f} moves/s; games finished: {stats.games}; errors: {stats.errors}"
    )
    if stats.moves:
        print(
            f"server CPU: {server_cpu:.1f} s of {elapsed:.1f} s wall ({server_cpu / elapsed * 100:.0f}% of one core), "
            f"{server_cpu / stats.moves * 1e6:.0f} us per move (= {stats.moves / server_cpu:,.0f} moves/s per server core)"
        )
        user, system, others = (b - a for a, b in zip(threads[0], threads[1], strict=True))
        print(
            f"  of which event-loop thread {(user + system) / stats.moves * 1e6:.0f} us per move "
            f"(user {user / stats.moves * 1e6:.0f}, kernel {system / stats.moves * 1e6:.0f}), "
            f"other threads (database, pools) {others / stats.moves * 1e6:.0f} us per move"
        )
        client_cpu = cpu[3] - cpu[2]
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


if __name__ == "__main__":
    main()
