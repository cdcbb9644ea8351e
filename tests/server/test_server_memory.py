"""Finished tables leave memory when nobody uses them, and come back from the database."""

from __future__ import annotations

import random
import time
import tracemalloc
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

import stammtisch
from stammtisch.core import words
from stammtisch.server import history, tableinfo
from stammtisch.server.clients import Client
from stammtisch.server.db.repo import SeatRow, TableRow
from stammtisch.server.hub import Hub
from stammtisch.server.table import OVER, PLAYING, LiveTable

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
        dropped = hub.tables[tid]
        assert hub.sweep(time.monotonic() + 31) == [tid]
        assert tid not in hub.tables and playing in hub.tables  # unfinished tables stay
        assert dropped.moved  # a connection that was on its way to it reconnects
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


async def finished_table(game: str, players: int, seed: int) -> LiveTable:
    """A game played to its end on a LiveTable with every seat and a spectator connected,
    who then all leave."""

    async def store(_row: Any) -> None:
        return None

    g = stammtisch.load(game, players=players)
    row = TableRow(
        id=f"m{seed}",
        game=game,
        options=dict(g.options),
        seed=seed,
        status=PLAYING,
        seats=[SeatRow(i, "human", f"p{i}", None, "x") for i in range(players)],
        turn_timer=None,
    )
    table = LiveTable(row, store)
    clients = [Client(s, "en", deliver=lambda _text: None) for s in [*range(players), None]]
    for c in clients:
        await table.attach(c, ThreadPoolExecutor(1))
    rng = random.Random(seed)
    while table.state is not None and not table.state.is_terminal:
        state = table.state
        await table.submit(state.current_player, rng.choice(list(state.legal_notations())), table.version)
    for c in clients:
        table.detach(c)
    return table


@pytest.mark.parametrize(("game", "players", "limit_kib"), [("zwickern", 2, 64), ("himmel", 3, 96)])
async def test_a_finished_table_nobody_watches_keeps_little_more_than_its_moves(
    game: str, players: int, limit_kib: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 21: finished tables held ~1 MB each (every move log entry sat in a 4 KiB
    buffer, and every recipient's log was kept). Now such a table keeps its record only.

    The words memos (``core.words``, the encoded log words of ``server.history`` and the
    encoded legal moves of ``server.tableinfo``) are process-wide caches with a fixed bound,
    not memory of a table: each is kept to one entry here so that only the tables are
    measured."""
    monkeypatch.setattr(words, "_MEMO_SIZE", 0)
    monkeypatch.setattr(history, "_TEXTS_SIZE", 0)
    monkeypatch.setattr(tableinfo, "_MOVES_SIZE", 0)
    await finished_table(game, players, 1)  # imports and caches warmed up
    tracemalloc.start()
    try:
        before = tracemalloc.take_snapshot()
        tables = [await finished_table(game, players, seed) for seed in range(2, 6)]
        after = tracemalloc.take_snapshot()
    finally:
        tracemalloc.stop()
    per_table = sum(d.size_diff for d in after.compare_to(before, "filename")) / len(tables) / 1024
    assert all(t.status == OVER for t in tables)
    assert per_table < limit_kib, f"{per_table:.0f} KiB per finished table"
    # Somebody who comes back gets the whole log again (rebuilt from the moves).
    back = Client(0, "en", deliver=lambda _text: None)
    await tables[0].attach(back, ThreadPoolExecutor(1))
    assert len(tables[0].log(0)) == tables[0].version
