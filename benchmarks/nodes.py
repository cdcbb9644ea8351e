"""Several nodes behind HAProxy: moves per second and move latency with 1, 2 and 3 nodes,
and what the proxy adds per move (issue 22, docs/deploy.md).

Each configuration starts N ``stammtisch serve --node-id`` processes on a fresh PostgreSQL
database (127.0.0.1:5432) and HAProxy with ``deploy/haproxy.cfg`` on loopback ports. Scripted
players (two people per Zwickern table, no bots) play as fast as the server answers through
the proxy, starting a new table when a game ends. A move's latency is the time from sending
the action to receiving the state after it on the mover's connection (the server sends it
only after the move is stored in PostgreSQL, fenced by the table's lease).

On a machine with two cores the nodes, the proxy, PostgreSQL and the players share the
same cores: the figures show what routing and leases cost, not how far more machines scale.

    .venv/bin/python benchmarks/nodes.py --out benchmarks/nodes.txt
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import random
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.server.live import open_player  # noqa: E402
from tests.server.nodes.cluster import Cluster, haproxy  # noqa: E402

ADMIN = "postgresql://postgres@127.0.0.1:5432/postgres"


@contextmanager
def database() -> Iterator[str]:
    import psycopg

    name = f"stammtisch_bench_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(ADMIN, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield f"postgresql+psycopg://postgres@127.0.0.1:5432/{name}"
    finally:
        with psycopg.connect(ADMIN, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


async def new_table(http: httpx.AsyncClient) -> tuple[str, list[str]]:
    r = await http.post(
        "/api/tables",
        json={"game": "zwickern", "nickname": "A", "seats": [{"type": "open"}, {"type": "open"}]},
    )
    r.raise_for_status()
    tid, tokens = r.json()["table"]["id"], [r.json()["token"]]
    r = await http.post(f"/api/tables/{tid}/join", json={"nickname": "B"})
    r.raise_for_status()
    return tid, [*tokens, r.json()["token"]]


async def play_tables(http_base: str, ws_base: str, until: float, latencies: list[float], seed: int) -> None:
    """One pair of players: table after table until ``until``; every move's latency kept."""
    rng = random.Random(seed)
    async with httpx.AsyncClient(base_url=http_base, timeout=30) as http:
        while time.perf_counter() < until:
            tid, tokens = await new_table(http)
            players = [await open_player(f"{ws_base}/ws/tables/{tid}", t) for t in tokens]
            version = 0
            try:
                while time.perf_counter() < until:
                    msgs = [await p.state(version, timeout=30) for p in players]
                    if msgs[0]["result"] is not None:
                        break
                    cur = msgs[0]["view"]["current_player"]
                    t0 = time.perf_counter()
                    await players[cur].send(
                        {"type": "action", "action": rng.choice(msgs[cur]["legal"]), "version": version}
                    )
                    version += 1
                    await players[cur].state(version, timeout=30)
                    latencies.append(time.perf_counter() - t0)
            finally:
                for p in players:
                    await p.close()


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def cpu_seconds(pid: int) -> float:
    """User and system CPU time a process has used so far (Linux ``/proc``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@dataclass
class Run:
    """What one route measured: every move's latency, the seconds played, each round's
    moves per second, and the CPU seconds the node and the players' process used."""

    latencies: list[float] = field(default_factory=list)
    took: float = 0.0
    rounds: list[float] = field(default_factory=list)
    node_cpu: float = 0.0
    client_cpu: float = 0.0


async def load(http_base: str, ws_base: str, pairs: int, seconds: float, latencies: list[float]) -> float:
    """Play for ``seconds`` with ``pairs`` pairs of players; returns the seconds it took."""
    start = time.perf_counter()
    until = start + seconds
    await asyncio.gather(*(play_tables(http_base, ws_base, until, latencies, i) for i in range(pairs)))
    return time.perf_counter() - start


def measure(run: Run, url: str, pairs: int, seconds: float, node_pid: int) -> None:
    before = len(run.latencies), cpu_seconds(node_pid), time.process_time()
    took = asyncio.run(load(url, url.replace("http", "ws"), pairs, seconds, run.latencies))
    run.took += took
    run.rounds.append((len(run.latencies) - before[0]) / took)
    run.node_cpu += cpu_seconds(node_pid) - before[1]
    run.client_cpu += time.process_time() - before[2]


def row(label: str, latencies: list[float], took: float) -> str:
    return (
        f"{label}  {len(latencies) / took:>8.0f} {statistics.median(latencies) * 1e3:>8.2f}"
        f" {pct(latencies, 0.99) * 1e3:>8.2f} {len(latencies):>7}"
    )


def compare(base: str, direct: str, pairs: int, seconds: float, rounds: int, node_pid: int) -> dict[str, Run]:
    """Through the proxy and directly to the node, in rounds ordered proxy-direct,
    direct-proxy, ... (the machine is shared and load drifts: the order evens it out)."""
    out = {"proxy": Run(), "direct": Run()}
    routes = [("proxy", base), ("direct", direct)]
    for i in range(rounds):
        for key, url in routes if i % 2 == 0 else routes[::-1]:
            measure(out[key], url, pairs, seconds / rounds, node_pid)
    return out


def detail(key: str, run: Run) -> str:
    moves = len(run.latencies)
    return (
        f"  {key:<6}  moves/s per round {min(run.rounds):.0f}-{max(run.rounds):.0f};"
        f" CPU per move: node {run.node_cpu / moves * 1e3:.2f} ms,"
        f" players {run.client_cpu / moves * 1e3:.2f} ms"
    )


def run(out: list[str], pairs: int, seconds: float) -> None:
    out.append(f"{pairs} pairs of players, {seconds:.0f} s per configuration, Zwickern, two people per table")
    out.append("")
    out.append("nodes  route          moves/s   p50 ms   p99 ms   moves")
    single: list[str] = []
    # Players leave their last table in the middle of a game: no stand-in bots play those
    # tables on while the next configuration is measured.
    for n in (1, 2, 3):
        with (
            database() as url,
            tempfile.TemporaryDirectory() as tmp,
            Cluster(url, Path(tmp), reconnect_timeout=3600) as cluster,
        ):
            cluster.start_nodes(n)
            cluster.start_proxy()
            asyncio.run(load(cluster.base, cluster.ws_base, pairs, 2.0, []))  # warm-up
            if n > 1:
                lat: list[float] = []
                took = asyncio.run(load(cluster.base, cluster.ws_base, pairs, seconds, lat))
                out.append(row(f"{n:>5}  via HAProxy ", lat, took))
                continue
            port, proc = next(iter(cluster.nodes.values()))
            direct = f"http://127.0.0.1:{port}"
            asyncio.run(load(direct, direct.replace("http", "ws"), pairs, 2.0, []))  # warm-up
            both = compare(cluster.base, direct, pairs, seconds, 4, proc.pid)
            out.append(row(f"{n:>5}  via HAProxy ", both["proxy"].latencies, both["proxy"].took))
            out.append(row(f"{n:>5}  direct      ", both["direct"].latencies, both["direct"].took))
            single += [detail(k, both[k]) for k in ("proxy", "direct")]
            # One pair alone: a move's latency without queueing behind other tables.
            alone = compare(cluster.base, direct, 1, seconds, 4, proc.pid)
            p50 = {k: statistics.median(v.latencies) * 1e3 for k, v in alone.items()}
            p99 = {k: pct(v.latencies, 0.99) * 1e3 for k, v in alone.items()}
            single.append(
                f"one pair alone, 1 node ({len(alone['proxy'].latencies)} and"
                f" {len(alone['direct'].latencies)} moves):"
                f" p50 {p50['direct']:.2f} ms direct, {p50['proxy']:.2f} ms via HAProxy"
                f" (the proxy adds {p50['proxy'] - p50['direct']:+.2f} ms per move);"
                f" p99 {p99['direct']:.2f} / {p99['proxy']:.2f} ms"
            )
    out.append("")
    out.append(f"1 node, {pairs} pairs, proxy and direct in alternating rounds:")
    out.extend(single)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--pairs", type=int, default=8)
    ap.add_argument("--seconds", type=float, default=8.0)
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    if haproxy() is None:
        raise SystemExit("haproxy is not installed (apt-get install haproxy)")
    lines = [
        "benchmarks/nodes.py: several stammtisch nodes on PostgreSQL behind HAProxy",
        f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}; "
        "nodes, HAProxy, PostgreSQL and the players share them",
        "",
    ]
    run(lines, args.pairs, args.seconds)
    text = "\n".join(lines) + "\n"
    print(text, end="")
    if args.out is not None:
        args.out.write_text(text)


if __name__ == "__main__":
    main()
