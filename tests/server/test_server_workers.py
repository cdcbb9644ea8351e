"""``stammtisch serve --workers N``: tables split between processes, one port, nothing lost.

The routing functions are checked on their own; then a real front with two worker processes
(as a subprocess, on SQLite and on PostgreSQL) is played through: tables land in the
process that owns them, the lobby lists every process's tables, games of both processes
are played to the end over WebSockets, and a worker killed with SIGKILL is started again
and resumes its tables without losing an accepted action.
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import httpx
import pytest

from stammtisch.server.errors import ServerError
from stammtisch.server.front import Front
from stammtisch.server.shards import new_owned_id, owner, table_of_target, target_of_request

from .live import Player, live_server, open_player, settings
from .test_server_persistence import free_port

ROOT = Path(__file__).resolve().parents[2]


# --- routing ---------------------------------------------------------------------------------
def test_owner_is_stable_in_range_and_spreads_tables() -> None:
    ids = [new_owned_id(0, 1) for _ in range(2000)]
    assert all(owner(t, 1) == 0 for t in ids)
    for n in (2, 3, 4):
        counts = Counter(owner(t, n) for t in ids)
        assert set(counts) == set(range(n))
        assert min(counts.values()) > 2000 / n * 0.8, counts  # roughly even
        assert [owner(t, n) for t in ids[:50]] == [owner(t, n) for t in ids[:50]]


def test_new_ids_belong_to_the_worker_that_makes_them() -> None:
    for worker in range(3):
        for _ in range(50):
            assert owner(new_owned_id(worker, 3), 3) == worker


@pytest.mark.parametrize(
    ("target", "table"),
    [
        ("/ws/tables/abc123?token=x&lang=de", "abc123"),
        ("/ws/tables/abc123", "abc123"),
        ("/api/tables/abc123", "abc123"),
        ("/api/tables/abc123/join", "abc123"),
        ("/api/tables/abc123/seats/1/bot", "abc123"),
        ("/api/tables/a%2Db/record", "a-b"),
        ("/api/tables", None),  # list and create: any worker
        ("/api/tables/", None),
        ("/api/tables?x=1", None),
        ("/api/games", None),
        ("/t/abc123", None),  # the page is static
        ("/", None),
        ("/static/app.js", None),
        ("/api/tables/" + "x" * 40, None),  # longer than any id: not a table
        ("*", None),
    ],
)
def test_the_router_reads_the_table_from_the_path(target: str, table: str | None) -> None:
    assert table_of_target(target) == table


@pytest.mark.parametrize(
    ("head", "target"),
    [
        (b"GET /ws/tables/abc HTTP/1.1\r\nHost: x\r\n\r\n", "/ws/tables/abc"),
        (b"POST /api/tables HTTP/1.1\r\n", "/api/tables"),
        (b"GET /ws/tables/abc HTTP/1.1", None),  # the line is not complete yet
        (b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03\r\n", None),  # TLS, not HTTP
        (b"GET /\xff HTTP/1.1\r\n", None),
        (b"GARBAGE\r\n", None),
    ],
)
def test_the_router_reads_the_request_line(head: bytes, target: str | None) -> None:
    assert target_of_request(head) == target


async def test_a_worker_refuses_a_table_it_does_not_own(sqlite_url: str) -> None:
    async with live_server(settings(sqlite_url, workers=2, worker=0)) as live:
        created = await live.create(seats=[{"type": "open"}, {"type": "open"}])
        tid = created["table"]["id"]
        assert owner(tid, 2) == 0  # made by worker 0, so it is worker 0's
        foreign = new_owned_id(1, 2)
        for lang, word in (("en", "another server process"), ("de", "anderen Serverprozess")):
            r = await live.http.get(f"/api/tables/{foreign}?lang={lang}")
            assert r.status_code == 421
            assert r.json()["error"]["code"] == "misrouted"
            assert word in r.json()["error"]["message"]
        # Every plain HTTP answer closes its connection and names the worker.
        r = await live.http.get(f"/api/tables/{tid}")
        assert r.headers["connection"] == "close"
        assert r.headers["x-stammtisch-worker"] == "0"
        with pytest.raises(ServerError) as err:
            await live.app.state.hub.get(foreign)
        assert err.value.code == "misrouted"


# --- a real front with two workers -----------------------------------------------------------
def start_front(
    url: str, port: int, log: Path, workers: int = 2, args: Sequence[str] = ()
) -> subprocess.Popen[bytes]:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    cmd = [sys.executable, "-m", "stammtisch.cli", "serve", "--port", str(port), "--database-url", url]
    cmd += ["--workers", str(workers), "--bot-delay", "0", "--log-level", "warning", *args]
    with log.open("ab") as out:
        proc = subprocess.Popen(cmd, env=env, stdout=out, stderr=subprocess.STDOUT)
    seen: set[str] = set()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and len(seen) < workers:  # every worker answers
        try:
            r = httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=2)
            if r.status_code == 200:
                seen.add(r.headers["x-stammtisch-worker"])
                continue
        except httpx.HTTPError:
            pass
        if proc.poll() is not None:
            break
        time.sleep(0.1)
    if len(seen) < workers:
        proc.kill()
        raise AssertionError("server did not start: " + log.read_text())
    return proc


def children(pid: int) -> list[int]:
    return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]


async def ws_player(port: int, tid: str, token: str) -> Player:
    return await open_player(f"ws://127.0.0.1:{port}/ws/tables/{tid}", token)


async def play_against_bot(p: Player, moves: int) -> dict[str, Any]:
    """Make up to ``moves`` moves (first legal) against the bot; returns the newest state."""
    for _ in range(moves):
        msg = await p.wait_for(lambda m: m["type"] == "state")
        msg = p.last_state()
        if msg["result"] is not None:
            return msg
        if not msg["legal"]:  # the bot is to move
            await p.wait_for(lambda m, v=msg["version"]: m["type"] == "state" and m["version"] > v)
            continue
        await p.send({"type": "action", "action": msg["legal"][0], "version": msg["version"]})
        await p.wait_for(lambda m, v=msg["version"]: m["type"] == "state" and m["version"] > v)
    return p.last_state()


@pytest.mark.skipif(not hasattr(__import__("socket"), "send_fds"), reason="needs Unix sockets")
async def test_two_workers_play_route_and_survive_a_killed_worker(db_url: str, tmp_path: Path) -> None:
    port = free_port()
    log = tmp_path / "server.log"
    proc = start_front(db_url, port, log)
    base = f"http://127.0.0.1:{port}"
    try:
        async with httpx.AsyncClient(base_url=base, timeout=30) as http:
            made: list[dict[str, Any]] = []
            for i in range(6):
                r = await http.post(
                    "/api/tables",
                    json={
                        "game": "zwickern",
                        "nickname": f"N{i}",
                        "seats": [{"type": "open"}, {"type": "bot", "level": "easy"}],
                    },
                )
                assert r.status_code == 200, r.text
                assert r.headers["connection"] == "close"
                tid = r.json()["table"]["id"]
                assert int(r.headers["x-stammtisch-worker"]) == owner(tid, 2)
                made.append(r.json())
            by_worker = Counter(owner(m["table"]["id"], 2) for m in made)
            assert by_worker == {0: 3, 1: 3}  # creations go to the workers in turn
            waiting = await http.post(
                "/api/tables", json={"game": "dog", "nickname": "W", "seats": [{"type": "open"}] * 4}
            )
            wid = waiting.json()["table"]["id"]
            # The lobby lists the waiting tables of both workers, whichever answers.
            for _ in range(2):
                listed = {t["id"] for t in (await http.get("/api/tables")).json()}
                assert wid in listed
            # A table's own requests reach its owner.
            for m in made:
                tid = m["table"]["id"]
                r = await http.get(f"/api/tables/{tid}")
                assert r.status_code == 200
                assert int(r.headers["x-stammtisch-worker"]) == owner(tid, 2)

        # One game in each worker, half-way.
        first = {w: next(m for m in made if owner(m["table"]["id"], 2) == w) for w in (0, 1)}
        players = {w: await ws_player(port, m["table"]["id"], m["token"]) for w, m in first.items()}
        halfway = {w: await play_against_bot(p, 8) for w, p in players.items()}
        assert all(s["result"] is None and s["version"] > 0 for s in halfway.values())

        # Kill worker 1 outright: the front starts it again, and its table resumes exactly.
        pids = children(proc.pid)
        assert len(pids) == 2
        victim = next(pid for pid in pids if b'"worker": 1' in Path(f"/proc/{pid}/cmdline").read_bytes())
        os.kill(victim, signal.SIGKILL)
        await asyncio.wait_for(players[1].closed_by_server(), 10)
        tid1 = first[1]["table"]["id"]
        deadline = time.monotonic() + 60
        async with httpx.AsyncClient(base_url=base, timeout=5) as http:
            while True:
                try:
                    r = await http.get(f"/api/tables/{tid1}")
                    if r.status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                assert time.monotonic() < deadline, log.read_text()
                await asyncio.sleep(0.2)
        assert victim not in children(proc.pid) and len(children(proc.pid)) == 2
        again = await ws_player(port, tid1, first[1]["token"])
        now = await again.state()
        # Everything the player saw was committed first; the bot may have moved once more
        # (committed, not yet sent) just before the kill.
        before = players[1].last_state()
        assert before["version"] <= now["version"] <= before["version"] + 1
        assert now["full_log"][: before["version"]] == before["full_log"]
        if now["version"] == before["version"]:
            assert now["view"] == before["view"] and now["legal"] == before["legal"]
        # Worker 0 never noticed; both games go on to their ends.
        ends = [await play_against_bot(players[0], 500), await play_against_bot(again, 500)]
        assert all(s["result"] is not None for s in ends)
        async with httpx.AsyncClient(base_url=base, timeout=30) as http:
            for w, end in zip((0, 1), ends, strict=True):
                r = await http.get(f"/api/tables/{first[w]['table']['id']}/record")
                assert r.status_code == 200
                assert len(r.json()["actions"]) == end["version"]
        for p in (players[0], again):
            await p.close()
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            code = proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            raise
    assert code == 0, log.read_text()


@pytest.mark.skipif(not hasattr(__import__("socket"), "send_fds"), reason="needs Unix sockets")
async def test_a_worker_that_cannot_start_stops_the_server(
    sqlite_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    # A worker that dies before it is ready (here: one that exits at once with status 3)
    # is not started again and again: the front stops and reports its exit status.
    front = Front(settings(sqlite_url), "127.0.0.1", free_port(), 2)
    front.worker_command = [sys.executable, "-c", "raise SystemExit(3)"]
    code = await asyncio.wait_for(front.serve(), 30)
    assert code == 3
    assert "could not start (exit status 3)" in caplog.text
    assert all(w is None or w.proc.poll() is not None for w in front.workers)
