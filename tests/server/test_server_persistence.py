"""Every accepted action is committed before it is broadcast, so restarts lose nothing.

Runs on SQLite and on PostgreSQL (skipped with the reason when no server is reachable).
"""

from __future__ import annotations

import asyncio
import datetime as dt
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import httpx

from stammtisch.records.record import GameRecord

from .live import Live, Player, live_server, open_player, settings

ROOT = Path(__file__).resolve().parents[2]
SAME = ("version", "seat", "view", "legal", "full_log", "result")


async def two_humans(live: Live) -> tuple[str, list[str], list[Player]]:
    created = await live.create(seats=[{"type": "open"}, {"type": "open"}])
    tid = created["table"]["id"]
    tokens = [created["token"], (await live.join(tid, "Bert"))["token"]]
    players = [await live.player(tid, t) for t in tokens]
    return tid, tokens, players


async def play(players: list[Player], start: int, moves: int) -> int:
    """Play ``moves`` moves (first legal) from version ``start``; returns the new version."""
    v = start
    for _ in range(moves):
        msgs = [await p.state(v) for p in players]
        if msgs[0]["result"] is not None:
            break
        mover = next(i for i, m in enumerate(msgs) if m["legal"])
        await players[mover].send({"type": "action", "action": msgs[mover]["legal"][-1], "version": v})
        v += 1
    for p in players:
        await p.state(v)
    return v


def same(a: dict[str, Any], b: dict[str, Any]) -> None:
    for key in SAME:
        assert a[key] == b[key], key


async def test_restart_resumes_every_table_exactly(db_url: str) -> None:
    async with live_server(settings(db_url)) as live:
        tid, tokens, players = await two_humans(live)
        spectator = await live.player(tid)
        v = await play(players, 0, 9)
        seen = [p.last_state() for p in players]
        watched = await spectator.state(v)
        for p in [*players, spectator]:
            await p.close()
    async with live_server(settings(db_url)) as live:
        again = [await live.player(tid, t) for t in tokens]
        for old, p in zip(seen, again, strict=True):
            same(old, await p.state(v))
        spectator = await live.player(tid)
        same(watched, await spectator.state(v))
        end = await play(again, v, 500)
        final = again[0].last_state()
        assert final["result"] is not None
        record = GameRecord.from_json((await live.http.get(f"/api/tables/{tid}/record")).json())
        assert len(record.actions) == end
        state = record.replay(check=True)
        assert final["view"] == state.observe(0)
        for p in [*again, spectator]:
            await p.close()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start_server(url: str, port: int, log: Path, args: Sequence[str] = ()) -> subprocess.Popen[bytes]:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    cmd = [sys.executable, "-m", "stammtisch.cli", "serve", "--port", str(port), "--database-url", url]
    cmd += ["--bot-delay", "0", "--log-level", "warning", *args]
    with log.open("ab") as out:
        proc = subprocess.Popen(cmd, env=env, stdout=out, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            pass
        if proc.poll() is not None:
            break
        time.sleep(0.1)
    proc.kill()
    raise AssertionError("server did not start: " + log.read_text())


async def subprocess_player(port: int, tid: str, token: str | None) -> Player:
    return await open_player(f"ws://127.0.0.1:{port}/ws/tables/{tid}", token)


async def test_kill9_loses_no_accepted_action(db_url: str, tmp_path: Path) -> None:
    port = free_port()
    log = tmp_path / "server.log"
    proc = start_server(db_url, port, log)
    try:
        base = f"http://127.0.0.1:{port}"
        async with httpx.AsyncClient(base_url=base) as http:
            created = (
                await http.post(
                    "/api/tables",
                    json={"game": "zwickern", "nickname": "A", "seats": [{"type": "open"}, {"type": "open"}]},
                )
            ).json()
            tid = created["table"]["id"]
            joined = (await http.post(f"/api/tables/{tid}/join", json={"nickname": "B"})).json()
            # A second table where a bot plays: it must go on after the restart.
            with_bot = (
                await http.post(
                    "/api/tables",
                    json={
                        "game": "zwickern",
                        "nickname": "C",
                        "seats": [{"type": "open"}, {"type": "bot", "level": "easy"}],
                    },
                )
            ).json()
        tokens = [created["token"], joined["token"]]
        players = [await subprocess_player(port, tid, t) for t in tokens]
        v = await play(players, 0, 11)
        seen = [p.last_state() for p in players]
        # One more move is sent and the server killed at once: it is either stored or not.
        mover = next(i for i, m in enumerate(seen) if m["legal"])
        await players[mover].send({"type": "action", "action": seen[mover]["legal"][0], "version": v})
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)
        for p in players:
            await asyncio.wait_for(p._task or asyncio.sleep(0), 10)

        proc = start_server(db_url, port, log)
        again = [await subprocess_player(port, tid, t) for t in tokens]
        now = [await p.state() for p in again]
        assert now[0]["version"] in (v, v + 1)
        for old, new in zip(seen, now, strict=True):
            if new["version"] == v:
                same(old, new)
            else:  # the last move made it: everything before it is unchanged
                assert new["full_log"][:v] == old["full_log"]
        end = await play(again, now[0]["version"], 500)
        assert again[0].last_state()["result"] is not None
        bot_table = await subprocess_player(port, with_bot["table"]["id"], with_bot["token"])
        first = await bot_table.state()
        assert first["version"] >= 0
        async with httpx.AsyncClient(base_url=base) as http:
            record = GameRecord.from_json((await http.get(f"/api/tables/{tid}/record")).json())
        assert len(record.actions) == end
        record.replay(check=True)
        for p in [*again, bot_table]:
            await p.close()
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()


async def test_turn_timer_goes_on_from_where_it_stood_after_a_restart(db_url: str) -> None:
    # An hour's timer whose turn began 3599.5 s ago (as stored): after the restart the
    # stand-in moves for the idle player within a second, instead of after a fresh hour.
    from sqlalchemy import update

    from stammtisch.server.db.engine import make_engine
    from stammtisch.server.db.repo import now
    from stammtisch.server.db.schema import tables

    async with live_server(settings(db_url)) as live:
        created = await live.create(
            seats=[{"type": "open"}, {"type": "bot", "level": "easy"}], turn_timer=3600
        )
        tid = created["table"]["id"]
        me = await live.player(tid, created["token"])
        mine = await me.wait_for(lambda m: m["type"] == "state" and m["legal"])
        v = mine["version"]
        await me.close()
    engine = make_engine(db_url)
    with engine.begin() as conn:
        conn.execute(
            update(tables).where(tables.c.id == tid).values(updated_at=now() - dt.timedelta(seconds=3599.5))
        )
    engine.dispose()
    async with live_server(settings(db_url)) as live:
        me = await live.player(tid, created["token"])
        later = await me.wait_for(lambda m: m["type"] == "state" and m["version"] > v, timeout=15)
        assert later["full_log"][v]["seat"] == 0  # the idle player's turn was played for it
        await me.close()
