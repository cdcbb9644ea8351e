"""Finished tables leave memory when nobody uses them, and come back from the database."""

from __future__ import annotations

import time
from typing import Any

from stammtisch.server.hub import Hub

from .live import Live, live_server, settings


async def play_to_the_end(live: Live) -> tuple[str, list[str], list[dict[str, Any]]]:
    created = await live.create(seats=[{"type": "open"}, {"type": "open"}])
    tid = created["table"]["id"]
    tokens = [created["token"], (await live.join(tid, "Bert"))["token"]]
    players = [await live.player(tid, t) for t in tokens]
    v = 0
    while True:
        msgs = [await p.state(v) for p in players]
        if msgs[0]["result"] is not None:
            break
        mover = next(i for i, m in enumerate(msgs) if m["legal"])
        await players[mover].send({"type": "action", "action": msgs[mover]["legal"][0], "version": v})
        v += 1
    for p in players:
        await p.close()
    return tid, tokens, msgs


async def test_idle_finished_table_is_dropped_and_reloaded_on_demand(sqlite_url: str) -> None:
    async with live_server(settings(sqlite_url, finished_ttl=30)) as live:
        hub: Hub = live.app.state.hub
        tid, tokens, final = await play_to_the_end(live)
        playing = (await live.create(seats=[{"type": "open"}, {"type": "bot", "level": "easy"}]))["table"][
            "id"
        ]
        watcher = await live.player(tid)
        await watcher.state()
        later = time.monotonic() + 31
        assert hub.sweep(later) == [], "a finished table with a connection stays"
        await watcher.close()
        assert hub.sweep(time.monotonic()) == [], "not idle long enough yet"
        assert hub.sweep(time.monotonic() + 31) == [tid]
        assert tid not in hub.tables and playing in hub.tables  # unfinished tables stay
        # Everything still works, loaded again from the database.
        info = (await live.http.get(f"/api/tables/{tid}")).json()
        assert info["status"] == "over" and info["version"] == final[0]["version"]
        assert tid in hub.tables
        record = (await live.http.get(f"/api/tables/{tid}/record")).json()
        assert len(record["actions"]) == final[0]["version"]
        again = [await live.player(tid, t) for t in tokens]
        for old, p in zip(final, again, strict=True):
            new = await p.state()
            for key in ("version", "seat", "view", "legal", "result"):
                assert new[key] == old[key], key
            assert new["full_log"] == old["full_log"]
        for p in again:
            await p.close()
        r = await live.http.post(f"/api/tables/{tid}/rematch", json={"token": tokens[0]})
        assert r.status_code == 200 and r.json()["table"]["status"] == "playing"
