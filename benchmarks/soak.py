"""Soak: a steady load of games starting and finishing against ``serve --workers 2``, with
the memory (RSS) of every server process sampled every 10 seconds.

    PYTHONPATH=src python benchmarks/soak.py --minutes 30          # writes soak.txt and soak.png

Starts ``stammtisch serve --workers 2`` on 127.0.0.1 (fresh SQLite file in a temporary
folder, bots without delay, ``--finished-ttl`` as given) and runs ``--lanes`` lanes at once,
each one game after another until the time is up. The lanes take turns between three kinds
of game, so that every path a finished table leaves behind is exercised:

* two scripted seats (Zwickern) and a spectator, all over WebSocket;
* one scripted seat against a bot (Himmel A… und Zwirn, three players: two bots), with a
  hint asked for once per game;
* a table of bots only (Zwickern), watched by a spectator until it ends.

A scripted seat plays the first legal action after a short pause (``--think``), like a quick
person. Every ``--every`` seconds the RSS of the front process and of each worker is read
from ``/proc``. The run fails (exit status 1) on any error (a refused action, a closed
connection, an unexpected answer). The summary says whether the memory is flat after the
warm-up: every sample of the total in the last two thirds of the run within ±10% of their
mean. The output goes to ``benchmarks/soak.txt`` and the plot to ``benchmarks/soak.png``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
#: The load comes from one address, far more than one person would send: no limits.
LIFTED_LIMITS = [
    "--limit=tables_per_minute=1000000",
    "--limit=joins_per_minute=1000000",
    "--limit=connections_per_address=1000000",
    "--limit=connections_per_table=1000000",
    "--limit=hints_per_minute=1000000",
    "--limit=hints_at_once=1000",
]


@dataclass
class Stats:
    games: int = 0
    moves: int = 0
    hints: int = 0
    errors: list[str] = field(default_factory=list)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def rss_kib(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def children(pid: int) -> list[int]:
    try:
        return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


class Conn:
    """One WebSocket to a table: the newest state, and every error message."""

    def __init__(self, ws: ClientConnection, stats: Stats) -> None:
        self.ws, self.stats = ws, stats
        self.state: dict[str, Any] | None = None
        self.changed = asyncio.Event()
        self.task = asyncio.create_task(self._read())

    @classmethod
    async def open(cls, base: str, tid: str, token: str | None, stats: Stats) -> Conn:
        ws = await connect(f"{base}/ws/tables/{tid}", max_size=None)
        await ws.send(json.dumps({"type": "hello", "token": token}))
        return cls(ws, stats)

    async def _read(self) -> None:
        try:
            async for text in self.ws:
                msg = json.loads(text)
                if msg["type"] == "state":
                    self.state = msg
                    self.changed.set()
                elif msg["type"] == "error":
                    self.stats.errors.append(f"{msg['code']}: {msg['message']}")
        except Exception as exc:  # a connection the server closed in the middle of a game
            if self.state is None or self.state["table"]["status"] != "over":
                self.stats.errors.append(f"connection lost: {exc!r}")
        self.changed.set()

    async def until(self, pred: Any, timeout: float = 120) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            if self.state is not None and pred(self.state):
                return self.state
            if self.task.done():
                raise RuntimeError("connection closed")
            self.changed.clear()
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no progress")
            try:
                await asyncio.wait_for(self.changed.wait(), left)
            except TimeoutError:
                raise TimeoutError("no progress") from None

    async def close(self) -> None:
        await self.ws.close()
        await self.task


async def play(seat: Conn, think: float, stats: Stats, hint: Any = None) -> None:
    """Play the first legal action whenever it is this seat's turn, until the game ends."""
    acted = -1
    while True:
        state = await seat.until(
            lambda s, acted=acted: (
                s["table"]["status"] == "over" or (bool(s["legal"]) and s["version"] > acted)
            )
        )
        if state["table"]["status"] == "over":
            return
        if hint is not None:
            await hint()
            hint = None
        await asyncio.sleep(think)
        acted = state["version"]
        await seat.ws.send(json.dumps({"type": "action", "action": state["legal"][0], "version": acted}))
        stats.moves += 1


async def game_two_scripted(http: httpx.AsyncClient, base: str, think: float, stats: Stats) -> None:
    created = await post(
        http, "/api/tables", {"game": "zwickern", "nickname": "A", "seats": [{"type": "open"}] * 2}
    )
    tid = created["table"]["id"]
    joined = await post(http, f"/api/tables/{tid}/join", {"nickname": "B"})
    seats = [await Conn.open(base, tid, t, stats) for t in (created["token"], joined["token"])]
    watcher = await Conn.open(base, tid, None, stats)
    await asyncio.gather(*(play(s, think, stats) for s in seats))
    await watcher.until(lambda s: s["table"]["status"] == "over")
    for c in (*seats, watcher):
        await c.close()


async def game_against_bots(http: httpx.AsyncClient, base: str, think: float, stats: Stats) -> None:
    bot = {"type": "bot", "level": "easy"}
    created = await post(
        http, "/api/tables", {"game": "himmel", "nickname": "A", "seats": [{"type": "open"}, bot, bot]}
    )
    tid, token = created["table"]["id"], created["token"]
    seat = await Conn.open(base, tid, token, stats)

    async def hint() -> None:
        await post(http, f"/api/tables/{tid}/suggest", {"token": token})
        stats.hints += 1

    await play(seat, think, stats, hint)
    await seat.close()


async def game_of_bots(http: httpx.AsyncClient, base: str, think: float, stats: Stats) -> None:
    bot = {"type": "bot", "level": "easy"}
    created = await post(
        http, "/api/tables", {"game": "zwickern", "nickname": "A", "seats": [{"type": "open"}, bot]}
    )
    tid = created["table"]["id"]
    await post(http, f"/api/tables/{tid}/leave", {"token": created["token"]})  # a bot takes over
    watcher = await Conn.open(base, tid, None, stats)
    await watcher.until(lambda s: s["table"]["status"] == "over" or (s["table"]["status"] == "waiting"))
    if watcher.state is not None and watcher.state["table"]["status"] == "waiting":
        # Left while waiting: the seat opened again. Fill it with a bot as its owner could.
        stats.errors.append("the creator's seat opened instead of going to a bot")
    await watcher.close()


KINDS = (game_two_scripted, game_against_bots, game_of_bots)


async def post(http: httpx.AsyncClient, path: str, body: dict[str, Any]) -> dict[str, Any]:
    r = await http.post(path, json=body)
    if r.status_code != 200:
        raise RuntimeError(f"{path}: {r.status_code} {r.text[:200]}")
    out: dict[str, Any] = r.json()
    return out


async def lane(i: int, base: str, stop: float, think: float, stats: Stats) -> None:
    kind = i % len(KINDS)
    async with httpx.AsyncClient(base_url=base.replace("ws://", "http://"), timeout=60) as http:
        while time.monotonic() < stop:
            try:
                await KINDS[kind](http, base, think, stats)
                stats.games += 1
            except Exception as exc:
                stats.errors.append(f"lane {i}: {exc!r}")
                await asyncio.sleep(1)
            kind = (kind + 1) % len(KINDS)


async def sample(
    pid: int, every: float, stop: float, stats: Stats, rows: list[list[Any]], start: float
) -> None:
    while True:
        procs = [pid, *children(pid)]
        now = time.monotonic()
        rows.append([round(now - start), stats.games, len(stats.errors), *(rss_kib(p) for p in procs)])
        line = rows[-1]
        print(f"{line[0]:>5} s  games {line[1]:>5}  errors {line[2]}  RSS KiB {line[3:]}", flush=True)
        if now >= stop:
            return
        await asyncio.sleep(min(every, max(0.0, stop - now)))


def start_server(port: int, data: Path, ttl: float, workers: int) -> subprocess.Popen[bytes]:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    cmd = [sys.executable, "-m", "stammtisch.cli", "serve", "--host", "127.0.0.1", "--port", str(port)]
    cmd += ["--data-dir", str(data), "--bot-delay", "0", "--log-level", "warning"]
    cmd += ["--workers", str(workers), "--finished-ttl", str(ttl), *LIFTED_LIMITS]
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=open(data / "server.log", "wb"))  # noqa: SIM115
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=2).status_code == 200:
                time.sleep(2)  # every worker up
                return proc
        except httpx.HTTPError:
            pass
        if proc.poll() is not None:
            break
        time.sleep(0.2)
    proc.kill()
    raise SystemExit("the server did not start: " + (data / "server.log").read_text()[-2000:])


def flat(totals: list[int]) -> tuple[bool, float, float, float]:
    """Whether the samples after the warm-up (the last two thirds) stay within ±10% of their
    mean; returns that, the mean (MiB) and the lowest and highest deviation (%)."""
    tail = totals[len(totals) // 3 :]
    mean = sum(tail) / len(tail)
    lo, hi = (min(tail) / mean - 1) * 100, (max(tail) / mean - 1) * 100
    return lo >= -10 and hi <= 10, mean / 1024, lo, hi


def plot(rows: list[list[Any]], out: Path, title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    minutes = [r[0] / 60 for r in rows]
    width = max(len(r) for r in rows) - 3
    fig, ax = plt.subplots(figsize=(9, 4.5), dpi=100)
    names = ["front", *(f"worker {i}" for i in range(width - 1))]
    for j in range(width):
        ax.plot(minutes, [(r[3 + j] if len(r) > 3 + j else 0) / 1024 for r in rows], label=names[j])
    ax.plot(minutes, [sum(r[3:]) / 1024 for r in rows], label="total", linewidth=2, color="black")
    ax.set_xlabel("minutes")
    ax.set_ylabel("RSS (MiB)")
    ax.set_ylim(bottom=0)
    ax.set_title(title)
    ax.grid(alpha=0.3)
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(out)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--minutes", type=float, default=30.0)
    ap.add_argument("--lanes", type=int, default=10, help="games at the same time")
    ap.add_argument("--think", type=float, default=0.1, help="seconds a scripted seat waits before moving")
    ap.add_argument("--every", type=float, default=10.0, help="seconds between RSS samples")
    ap.add_argument("--finished-ttl", type=float, default=300.0, help="the server's --finished-ttl")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", type=Path, default=HERE / "soak.txt")
    args = ap.parse_args()
    stats = Stats()
    rows: list[list[Any]] = []
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        proc = start_server(port, Path(tmp), args.finished_ttl, args.workers)
        began = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
        start = time.monotonic()
        stop = start + args.minutes * 60

        async def run() -> None:
            base = f"ws://127.0.0.1:{port}"
            lanes = [asyncio.create_task(lane(i, base, stop, args.think, stats)) for i in range(args.lanes)]
            await sample(proc.pid, args.every, stop, stats, rows, start)
            await asyncio.gather(*lanes)

        try:
            asyncio.run(run())
        finally:
            proc.terminate()
            proc.wait(30)
    totals = [sum(r[3:]) for r in rows]
    ok, mean, lo, hi = flat(totals)
    title = f"soak: serve --workers {args.workers}, {args.lanes} games at a time, {args.minutes:g} min"
    lines = [
        f"# benchmarks/soak.py --minutes {args.minutes:g} --lanes {args.lanes} --think {args.think:g} "
        f"--finished-ttl {args.finished_ttl:g} --workers {args.workers}",
        f"# started {began}; {os.cpu_count()} cores shared with other work; Python {sys.version.split()[0]}",
        f"# games finished {stats.games}, moves by scripted seats {stats.moves}, hints {stats.hints}, "
        f"errors {len(stats.errors)}",
        f"# total RSS after the warm-up (last two thirds): mean {mean:.1f} MiB, "
        f"{lo:+.1f}% .. {hi:+.1f}% -> {'flat (within ±10%)' if ok else 'NOT flat'}",
        f"# first sample {totals[0] / 1024:.1f} MiB, last {totals[-1] / 1024:.1f} MiB, "
        f"highest {max(totals) / 1024:.1f} MiB",
        "# seconds  games  errors  RSS KiB: front, worker 0, worker 1, ...",
        *("  ".join(str(x) for x in r) for r in rows),
        *(f"# error: {e}" for e in stats.errors[:20]),
    ]
    args.out.write_text("\n".join(lines) + "\n")
    plot(rows, args.out.with_suffix(".png"), title)
    print("\n".join(lines[:5]))
    sys.exit(0 if not stats.errors else 1)


if __name__ == "__main__":
    main()
