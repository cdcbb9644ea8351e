"""Three nodes on one PostgreSQL database behind HAProxy (``deploy/haproxy.cfg``), one of them
killed mid-game (issue 22).

Games with bots and scripted seats are played through the proxy. When every game is under
way, the node holding the most tables gets ``kill -9``. The test checks that every move a
client saw acknowledged is in the database once, that each table's actions were written
under one lease at a time (their lease epochs never go back), that the games finish (bots and
the killed node's tables resume on another node), that the killed node's clients
reconnected through the proxy, and that spectators watching through the proxy saw their
games to the end.
"""

from __future__ import annotations

import asyncio
import random
from collections import Counter
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, text
from tests.server.live import open_player
from tests.server.nodes.cluster import Cluster, haproxy
from websockets.exceptions import WebSocketException

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(haproxy() is None, reason="haproxy is not installed (.ci/run installs it)"),
]

#: Pause of a scripted seat before each move, so that the games are under way for a while.
THINK = 0.05


async def scripted_seat(
    ws_base: str,
    tid: str,
    token: str,
    seat: int,
    rng: random.Random,
    acked: list[tuple[str, int, int, str]],
    reconnects: Counter[str],
    go: asyncio.Event,
) -> None:
    """A seat that plays random legal moves through the proxy and reconnects when cut off.

    A move counts as acknowledged when the state after it arrives: the server sends it only
    after the move is stored.
    """
    await go.wait()
    while True:
        try:
            p = await open_player(f"{ws_base}/ws/tables/{tid}", token)
        except (OSError, WebSocketException):  # no connection, or the proxy answered 502/503
            reconnects[tid] += 1
            await asyncio.sleep(0.2)
            continue
        seen = 0
        pending: tuple[int, str] | None = None
        try:
            while True:
                msg = await p.wait_for(lambda m: m["type"] == "state", seen, timeout=30)
                seen = p.messages.index(msg) + 1
                if pending is not None and msg["version"] == pending[0] + 1:
                    acked.append((tid, msg["version"], seat, pending[1]))
                pending = None
                if msg["result"] is not None:
                    await p.close()
                    return
                if msg["legal"]:
                    await asyncio.sleep(THINK)
                    if p.last_state() is not msg:  # something newer came meanwhile
                        continue
                    action = rng.choice(msg["legal"])
                    pending = (msg["version"], action)
                    await p.send({"type": "action", "action": action, "version": msg["version"]})
        except AssertionError:  # the connection was closed: the node died or the table moved
            reconnects[tid] += 1
            await asyncio.sleep(0.2)
        except Exception:
            reconnects[tid] += 1
            await asyncio.sleep(0.2)


async def spectator(ws_base: str, tid: str, seen: dict[str, int], reconnects: Counter[str]) -> None:
    """Watches a table through the proxy to its end, reconnecting when cut off; ``seen``:
    the newest version it was shown."""
    while True:
        try:
            p = await open_player(f"{ws_base}/ws/tables/{tid}", None)
            msg = await p.wait_for(lambda m: m["type"] == "state" and m["result"] is not None, timeout=40)
            seen[tid] = msg["version"]
            await p.close()
            return
        except (AssertionError, OSError, WebSocketException):
            reconnects[tid] += 1
            await asyncio.sleep(0.2)


def db_rows(url: str, sql: str, **params: Any) -> list[Any]:
    engine = create_engine(url)
    with engine.connect() as c:
        rows = list(c.execute(text(sql), params).all())
    engine.dispose()
    return rows


async def finish(
    tasks: list[asyncio.Task[None]], seconds: float, url: str, workdir: Path, reconnects: Counter[str]
) -> None:
    """Wait for the seats and spectators; if they are not done in time, fail with what the
    tables, their leases and the nodes' logs say (a lone timeout tells nothing)."""
    done, pending = await asyncio.wait(tasks, timeout=seconds)
    for task in done:
        task.result()  # a seat that failed fails the test with its own error
    if not pending:
        return
    for task in pending:
        task.cancel()
    await asyncio.gather(*pending, return_exceptions=True)
    tables = db_rows(
        url,
        "SELECT t.id, t.status, t.version, l.owner, l.epoch, l.expires_at - now(), l.wanted_by"
        " FROM st_tables AS t LEFT JOIN st_leases AS l ON l.table_id = t.id WHERE t.status <> 'over'",
    )
    logs = "\n".join(
        f"--- {f.name}\n{f.read_text(errors='replace')[-4000:]}" for f in sorted(workdir.glob("*.log"))
    )
    raise AssertionError(
        f"{len(pending)} of {len(tasks)} clients not done after {seconds} s; reconnects {dict(reconnects)};"
        f" unfinished tables (id, status, version, owner, epoch, lease left, wanted by): {tables}\n{logs}"
    )


async def test_three_nodes_behind_haproxy_survive_a_killed_node(nodes_db: str, tmp_path: Path) -> None:
    rng = random.Random(2222)
    with Cluster(nodes_db, tmp_path, lease_ttl=2.0, bot_delay=0.02) as cluster:
        cluster.start_nodes(3)
        cluster.start_proxy()
        acked: list[tuple[str, int, int, str]] = []
        reconnects: Counter[str] = Counter()
        tasks: list[asyncio.Task[None]] = []
        tables: list[str] = []
        go = asyncio.Event()  # the games start together, once every table is open
        async with httpx.AsyncClient(base_url=cluster.base, timeout=20) as http:
            for i in range(9):
                # Six tables of a person against a bot, three of two people.
                two = i % 3 == 0
                seats = [{"type": "open"}, {"type": "open"} if two else {"type": "bot", "level": "easy"}]
                r = await http.post(
                    "/api/tables", json={"game": "zwickern", "nickname": "Anna", "seats": seats}
                )
                assert r.status_code == 200, r.text
                tid, tokens = r.json()["table"]["id"], [r.json()["token"]]
                if two:
                    r = await http.post(f"/api/tables/{tid}/join", json={"nickname": "Bert"})
                    assert r.status_code == 200, r.text
                    tokens.append(r.json()["token"])
                tables.append(tid)
                tasks += [
                    asyncio.create_task(
                        scripted_seat(
                            cluster.ws_base,
                            tid,
                            tok,
                            seat,
                            random.Random(rng.random()),
                            acked,
                            reconnects,
                            go,
                        )
                    )
                    for seat, tok in enumerate(tokens)
                ]

            # A spectator at every third table, connected through the proxy like the players.
            watched: dict[str, int] = {}
            watching: Counter[str] = Counter()
            tasks += [
                asyncio.create_task(spectator(cluster.ws_base, tid, watched, watching)) for tid in tables[::3]
            ]
            go.set()
            # Every game is under way: kill the node that holds the most of those in play.
            loop = asyncio.get_running_loop()
            deadline = loop.time() + 20
            while loop.time() < deadline:
                versions = db_rows(nodes_db, "SELECT version FROM st_tables")
                if len(versions) == len(tables) and min(v for (v,) in versions) >= 4:
                    break
                await asyncio.sleep(0.05)
            owners = dict(db_rows(nodes_db, "SELECT table_id, owner FROM st_leases"))
            playing = {t for (t,) in db_rows(nodes_db, "SELECT id FROM st_tables WHERE status = 'playing'")}
            victim, _ = Counter(owners[t] for t in playing).most_common(1)[0]
            moved = [t for t in tables if owners[t] == victim and t in playing]
            assert moved, "the node is killed in the middle of some of its games"
            cluster.kill(victim)

            await finish(tasks, 60, nodes_db, tmp_path, reconnects)

            # Replays through the proxy still work for every table.
            for tid in tables:
                r = await http.get(f"/api/tables/{tid}/record")
                assert r.status_code == 200, r.text
                assert r.json()["result"]["terminal"] is True

        statuses = dict(db_rows(nodes_db, "SELECT id, status FROM st_tables"))
        assert all(statuses[t] == "over" for t in tables), statuses
        stored: dict[tuple[str, int], tuple[int, str]] = {}
        for tid in tables:
            rows = db_rows(
                nodes_db,
                "SELECT idx, seat, notation, epoch FROM st_actions WHERE table_id = :t ORDER BY idx",
                t=tid,
            )
            version = db_rows(nodes_db, "SELECT version FROM st_tables WHERE id = :t", t=tid)[0][0]
            assert [r[0] for r in rows] == list(range(1, version + 1)), "every version stored once"
            epochs = [r[3] for r in rows]
            assert epochs == sorted(epochs), "one writer at a time: the lease epochs never go back"
            for idx, seat, notation, _ in rows:
                stored[(tid, idx)] = (seat, notation)
        # The spectators saw every watched game to its end, wherever it was served.
        for tid in tables[::3]:
            assert watched[tid] == len(
                db_rows(nodes_db, "SELECT idx FROM st_actions WHERE table_id = :t", t=tid)
            )
        # Every acknowledged move is stored, at the version it made, as its seat's move.
        assert len(acked) > len(tables)
        for tid, idx, seat, notation in acked:
            assert stored[(tid, idx)] == (seat, notation)
        # The killed node's games went on on other nodes, and their clients came back
        # through the proxy.
        after = dict(db_rows(nodes_db, "SELECT table_id, owner FROM st_leases"))
        for tid in moved:
            assert reconnects[tid] > 0, f"the clients of {tid} reconnected"
            assert after[tid] != victim


async def test_nodes_of_several_processes_each_play_through_the_proxy(nodes_db: str, tmp_path: Path) -> None:
    # Two nodes of two processes (serve --node-id n --workers 2): each process holds its
    # own leases (n1.0, n1.1, ...) and the tables go through both routings, the proxy's and
    # the node's own.
    rng = random.Random(44)
    # No node is killed here: a lease time of 5 s, not 2, so that a process the loaded CI
    # machine starves for a second or two keeps its tables instead of losing them.
    with Cluster(nodes_db, tmp_path, lease_ttl=5.0, bot_delay=0.0) as cluster:
        cluster.start_nodes(2, workers=2)
        cluster.start_proxy()
        acked: list[tuple[str, int, int, str]] = []
        reconnects: Counter[str] = Counter()
        go = asyncio.Event()
        go.set()
        tasks = []
        tables = []
        async with httpx.AsyncClient(base_url=cluster.base, timeout=20) as http:
            for _ in range(6):
                seats = [{"type": "open"}, {"type": "bot", "level": "easy"}]
                r = await http.post(
                    "/api/tables", json={"game": "zwickern", "nickname": "Anna", "seats": seats}
                )
                assert r.status_code == 200, r.text
                tid, token = r.json()["table"]["id"], r.json()["token"]
                tables.append(tid)
                tasks.append(
                    asyncio.create_task(
                        scripted_seat(
                            cluster.ws_base, tid, token, 0, random.Random(rng.random()), acked, reconnects, go
                        )
                    )
                )
            await finish(tasks, 60, nodes_db, tmp_path, reconnects)
        for tid in tables:
            rows = db_rows(
                nodes_db, "SELECT idx, seat, notation, epoch FROM st_actions WHERE table_id = :t", t=tid
            )
            version = db_rows(nodes_db, "SELECT version FROM st_tables WHERE id = :t", t=tid)[0][0]
            assert sorted(r[0] for r in rows) == list(range(1, version + 1))
            stored = {r[0]: (r[1], r[2]) for r in rows}
            for t, idx, seat, notation in acked:
                if t == tid:
                    assert stored[idx] == (seat, notation)
        owners = {o for (o,) in db_rows(nodes_db, "SELECT owner FROM st_leases")}
        assert owners <= {"n1.0", "n1.1", "n2.0", "n2.1"} and len(owners) > 1, owners
