"""Bots on the server: off the event loop, only views, stand-ins for absent players, timers."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from stammtisch.bots import BOT_KINDS
from stammtisch.bots.base import Bot
from stammtisch.server.hub import derive_seed

from .live import live_server, settings

CALLS: list[tuple[str, Any, list[str], int]] = []


class SpyBot(Bot):
    """Plays the first legal action and remembers what it was given, and where it ran."""

    kind = "spy"

    def choose(self, view: Mapping[str, Any], legal: Sequence[Any]) -> Any:
        CALLS.append((threading.current_thread().name, dict(view), [str(a) for a in legal], self.seat))
        return legal[0]


@pytest.fixture
def spy(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, Any, list[str], int]]:
    monkeypatch.setitem(BOT_KINDS, "spy", SpyBot)
    CALLS.clear()
    return CALLS


def test_bot_seeds_differ_by_table_seat_and_move() -> None:
    seeds = {derive_seed(t, s, v) for t in (1, 2) for s in range(4) for v in range(10)}
    assert len(seeds) == 80
    assert derive_seed(7, 1, 3) == derive_seed(7, 1, 3)
    assert all(0 <= x < 2**63 for x in seeds)


async def test_bots_think_in_a_worker_thread_and_see_only_their_view(sqlite_url: str, spy: Any) -> None:
    async with live_server(settings(sqlite_url)) as live:
        created = await live.create(seats=[{"type": "open"}, {"type": "bot", "level": "spy"}])
        tid = created["table"]["id"]
        watcher = await live.player(tid)
        await live.http.post(f"/api/tables/{tid}/leave", json={"token": created["token"]})
        final = await watcher.wait_for(lambda m: m["type"] == "state" and m["result"] is not None)
        assert final["version"] > 0
        seat1 = [c for c in spy if c[3] == 1]
        assert seat1, "the spy bot moved"
        for thread, view, legal, _ in seat1:
            assert thread.startswith("stammtisch-bot")
            assert view["seat"] == 1 and "hand" in view
            assert legal and all(card in view["hand"] for card in legal)
        await watcher.close()


async def test_absent_player_is_replaced_and_can_reclaim_the_seat(sqlite_url: str) -> None:
    async with live_server(settings(sqlite_url, reconnect_timeout=0.3)) as live:
        created = await live.create(seats=[{"type": "open"}, {"type": "open"}])
        tid = created["table"]["id"]
        joined = await live.join(tid, "Bert")  # Bert never connects
        anna = await live.player(tid, created["token"])
        away = await anna.wait_for(lambda m: m["type"] == "state" and m["table"]["seats"][1]["away"])
        assert away["table"]["seats"][1]["connected"] is False
        # Anna plays; whenever it is Bert's turn, the stand-in bot moves for him.
        v = away["version"]
        for _ in range(6):
            msg = await anna.wait_for(
                lambda m, v=v: m["type"] == "state" and m["version"] >= v and m["legal"]
            )
            await anna.send({"type": "action", "action": msg["legal"][0], "version": msg["version"]})
            v = msg["version"] + 1
        bert = await live.player(tid, joined["token"])
        back = await anna.wait_for(
            lambda m: m["type"] == "state" and not m["table"]["seats"][1]["away"] and m["version"] >= v
        )
        assert back["table"]["seats"][1]["connected"] is True
        # Bert now moves himself: the stand-in may have made one last move while he was
        # connecting, so Anna plays on until it is Bert's turn, which no bot takes any more.
        start = anna.messages.index(back)
        while True:
            last = await anna.wait_for(lambda m, v=v: m["type"] == "state" and m["version"] >= v, start)
            start = anna.messages.index(last) + 1
            if last["table"]["current_player"] == 1:
                break
            if last["legal"]:
                await anna.send({"type": "action", "action": last["legal"][0], "version": last["version"]})
            v = last["version"] + 1
        mine = await bert.wait_for(lambda m: m["type"] == "state" and bool(m["legal"]), timeout=10)
        await asyncio.sleep(0.2)  # time in which a bot would have moved (bot_delay is 0)
        # Other messages (presence, notices) may follow; only a newer state would mean a move.
        states = [m for m in bert.messages if m["type"] == "state"]
        assert states[-1]["version"] == mine["version"], "a bot moved for Bert"
        await bert.send({"type": "action", "action": mine["legal"][0], "version": mine["version"]})
        await bert.state(mine["version"] + 1)
        await anna.close()
        await bert.close()


async def test_turn_timer_lets_a_bot_move_for_an_idle_player(sqlite_url: str) -> None:
    async with live_server(settings(sqlite_url)) as live:
        created = await live.create(
            seats=[{"type": "open"}, {"type": "bot", "level": "easy"}], turn_timer=0.1
        )
        me = await live.player(created["table"]["id"], created["token"])
        # Do nothing: the timer and the bot take turns; the seat stays Anna's.
        later = await me.wait_for(lambda m: m["type"] == "state" and m["version"] >= 6, timeout=30)
        assert later["table"]["seats"][0]["kind"] == "human"
        assert not later["table"]["seats"][0]["away"]
        movers = [e["seat"] for e in later["full_log"]]
        assert 0 in movers and 1 in movers
        await me.close()
