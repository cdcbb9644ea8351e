"""Limits per address and per connection (issue 21, point 7): each answers with its own
error, changes nothing, and leaves the other tables alone."""

from __future__ import annotations

import json
import time
from typing import Any

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from stammtisch.server.limits import Bucket

from .live import Live, Player, live_server, open_player, settings


def refused(r: httpx.Response, code: str) -> dict[str, Any]:
    assert r.status_code == 429, r.text
    err: dict[str, Any] = r.json()["error"]
    assert err["code"] == code and err["message"], err
    return err


async def playable(live: Live, tid: str, token: str) -> None:
    """The table still plays: its seat to move gets its move accepted."""
    p = await open_player(f"{live.ws_base}/ws/tables/{tid}", token)
    state = await p.wait_for(lambda m: m["type"] == "state" and bool(m["legal"]))
    await p.send({"type": "action", "action": state["legal"][0], "version": state["version"]})
    await p.state(state["version"] + 1)
    await p.close()


def bot_table() -> dict[str, Any]:
    return {"seats": [{"type": "open"}, {"type": "bot", "level": "easy"}]}


def test_a_bucket_refills_at_its_rate() -> None:
    b = Bucket(rate=2.0, burst=2)
    t = b.stamp
    assert b.take(t) and b.take(t) and not b.take(t)
    assert not b.take(t + 0.4) and b.take(t + 0.5)  # one token every half second
    assert b.take(t + 10) and b.take(t + 10) and not b.take(t + 10)  # no more than the burst


async def test_table_creation_per_address(sqlite_url: str) -> None:
    async with live_server(settings(sqlite_url, tables_per_minute=2)) as live:
        first = await live.create(**bot_table())
        await live.create()
        r = await live.http.post(
            "/api/tables", json={"game": "zwickern", "nickname": "A"}, params={"lang": "de"}
        )
        err = refused(r, "too_many_tables")
        assert err["params"]["seconds"] >= 1 and "Tische" in err["message"]
        assert len((await live.http.get("/api/tables")).json()) == 1  # nothing was created
        await playable(live, first["table"]["id"], first["token"])


async def test_joins_per_address(sqlite_url: str) -> None:
    async with live_server(settings(sqlite_url, joins_per_minute=1)) as live:
        a = await live.create(options={"players": 3})
        tid = a["table"]["id"]
        await live.join(tid, "B")
        r = await live.http.post(f"/api/tables/{tid}/join", json={"nickname": "C"})
        refused(r, "too_many_joins")
        info = (await live.http.get(f"/api/tables/{tid}")).json()
        assert [s["kind"] for s in info["seats"]] == ["human", "human", "open"]


async def test_hints_per_address(sqlite_url: str) -> None:
    async with live_server(settings(sqlite_url, hints_per_minute=1, suggest_seconds=0.05)) as live:
        created = await live.create(**bot_table())
        tid, token = created["table"]["id"], created["token"]
        p = await open_player(f"{live.ws_base}/ws/tables/{tid}", token)
        await p.wait_for(lambda m: m["type"] == "state" and bool(m["legal"]))
        url = f"/api/tables/{tid}/suggest"
        assert (await live.http.post(url, json={"token": token})).status_code == 200
        refused(await live.http.post(url, json={"token": token}), "too_many_hints")
        await p.close()
        await playable(live, tid, token)


async def crowd(live: Live, tid: str, n: int) -> list[Player]:
    out = [await open_player(f"{live.ws_base}/ws/tables/{tid}", None) for _ in range(n)]
    for p in out:
        await p.state()
    return out


async def test_connections_per_table_and_per_address(sqlite_url: str, transport: str) -> None:
    s = settings(sqlite_url, connections_per_table=3, connections_per_address=5)
    async with live_server(s, direct=transport == "direct") as live:
        a = await live.create(**bot_table())
        b = await live.create(**bot_table())
        ta, tb = a["table"]["id"], b["table"]["id"]
        watchers = await crowd(live, ta, 3)
        extra = await open_player(f"{live.ws_base}/ws/tables/{ta}", None)
        err = await extra.error(0)
        assert err["code"] == "table_crowded" and err["params"]["limit"] == 3
        await extra.closed_by_server()
        # Another table is not crowded; the address has two more connections.
        others = await crowd(live, tb, 2)
        last = await open_player(f"{live.ws_base}/ws/tables/{tb}", None)
        assert (await last.error(0))["code"] == "too_many_connections"
        await last.closed_by_server()
        for p in [*watchers, *others]:
            await p.close()
        await playable(live, tb, b["token"])  # connections closed count no more


async def test_a_frame_flood_is_refused_then_closed(sqlite_url: str, transport: str) -> None:
    s = settings(sqlite_url, frames_per_second=5.0, flood_close_after=40)
    async with live_server(s, direct=transport == "direct") as live:
        a = await live.create(**bot_table())
        b = await live.create(**bot_table())
        url = f"{live.ws_base}/ws/tables/{a['table']['id']}"
        async with connect(url) as ws:
            await ws.send(json.dumps({"type": "hello", "token": a["token"]}))
            assert json.loads(await ws.recv())["type"] == "state"
            started = time.monotonic()
            for _ in range(200):
                try:
                    await ws.send('{"type":"ping"}')
                except ConnectionClosed:
                    break
            got: list[dict[str, Any]] = []
            try:
                async for text in ws:
                    got.append(json.loads(text))
            except ConnectionClosed:
                pass
            # The allowance refills at the allowed rate for as long as the server reads the
            # flood (a loaded machine sends and reads it slowly, until the close): the burst
            # plus that many may be answered.
            refilled = int(5.0 * (time.monotonic() - started)) + 1
            assert ws.close_code == 1008
        codes = [m.get("code") for m in got if m["type"] == "error"]
        assert "too_many_frames" in codes
        assert sum(m["type"] == "pong" for m in got) <= 10 + refilled  # about the burst was answered
        await playable(live, b["table"]["id"], b["token"])
        await playable(live, a["table"]["id"], a["token"])  # the flood changed nothing there
