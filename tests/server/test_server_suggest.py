"""POST /api/tables/{id}/suggest: hints from the seat's own view, off the event loop."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

import stammtisch.server.suggest as server_suggest
from stammtisch.bots.base import Budget

from .live import Live, Player, live_server, settings

CALLS: list[tuple[str, dict[str, Any], list[str], Budget]] = []


@pytest.fixture
def spy(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, dict[str, Any], list[str], Budget]]:
    """The real hint engine, recording where it ran and what it was given."""
    real = server_suggest.engine

    def recording(
        game: Any, view: Mapping[str, Any], legal: Sequence[Any], budget: Budget, seed: int
    ) -> list[tuple[Any, float]]:
        CALLS.append((threading.current_thread().name, dict(view), [str(a) for a in legal], budget))
        return real(game, view, legal, budget, seed)

    monkeypatch.setattr(server_suggest, "engine", recording)
    CALLS.clear()
    return CALLS


async def two_seats(live: Live) -> tuple[str, list[str], list[Player], int]:
    created = await live.create(seats=[{"type": "open"}, {"type": "open"}])
    tid = created["table"]["id"]
    tokens = [created["token"], (await live.join(tid, "Bert"))["token"]]
    players = [await live.player(tid, t) for t in tokens]
    first = [await p.state(0) for p in players]
    mover = next(i for i, m in enumerate(first) if m["legal"])
    return tid, tokens, players, mover


async def test_seat_to_move_gets_its_moves_ranked_from_its_own_view(sqlite_url: str, spy: Any) -> None:
    async with live_server(settings(sqlite_url, suggest_seconds=0.2)) as live:
        tid, tokens, players, mover = await two_seats(live)
        msg = players[mover].last_state()
        r = await live.http.post(f"/api/tables/{tid}/suggest", json={"token": tokens[mover]})
        assert r.status_code == 200, r.text
        hint = r.json()
        assert hint["available"] is True and hint["version"] == 0 and hint["code"] is None
        ranked = [a["action"] for a in hint["actions"]]
        assert sorted(ranked) == sorted(msg["legal"]) and len(set(ranked)) == len(ranked)
        assert all(isinstance(a["value"], float) for a in hint["actions"])
        # The hint is told in words, as the same move in the state's "moves" (issue 17).
        told = {m["action"]: m["text"] for m in msg["moves"]}
        assert all(a["text"] == told[a["action"]] and a["text"]["de"] for a in hint["actions"])
        [(thread, view, legal, budget)] = spy
        assert thread.startswith("stammtisch-hint")
        assert view == msg["view"] and view["seat"] == mover
        assert legal == msg["legal"]
        assert budget.seconds == 0.2
        for p in players:
            await p.close()


async def test_asking_twice_shares_one_search(sqlite_url: str, spy: Any) -> None:
    async with live_server(settings(sqlite_url, suggest_seconds=0.2)) as live:
        tid, tokens, players, mover = await two_seats(live)
        url = f"/api/tables/{tid}/suggest"
        a, b = await asyncio.gather(
            live.http.post(url, json={"token": tokens[mover]}),
            live.http.post(url, json={"token": tokens[mover]}),
        )
        assert a.status_code == b.status_code == 200 and a.json() == b.json()
        assert len(spy) == 1
        for p in players:
            await p.close()


async def test_only_the_seat_to_move_may_ask(sqlite_url: str, spy: Any) -> None:
    async with live_server(settings(sqlite_url)) as live:
        waiting = await live.create(seats=[{"type": "open"}, {"type": "open"}])
        r = await live.http.post(
            f"/api/tables/{waiting['table']['id']}/suggest", json={"token": waiting["token"]}
        )
        assert r.status_code == 409 and r.json()["error"]["code"] == "not_started"
        tid, tokens, players, mover = await two_seats(live)
        url = f"/api/tables/{tid}/suggest"
        r = await live.http.post(url, params={"lang": "de"}, json={"token": tokens[1 - mover]})
        err = r.json()["error"]
        assert r.status_code == 409 and err["code"] == "not_your_turn"
        assert err["message"] == f"Du bist nicht am Zug (Platz {mover} ist dran)."
        r = await live.http.post(url, params={"lang": "en"}, json={"token": "not-a-token"})
        assert r.status_code == 403 and r.json()["error"]["code"] == "bad_token"
        r = await live.http.post(url, json={})  # a spectator has no token
        assert r.status_code == 422 and r.json()["error"]["code"] == "missing_field"
        assert r.json()["error"]["params"]["field"] == "token"
        assert spy == []
        for p in players:
            await p.close()


async def test_no_hint_after_the_end(sqlite_url: str, spy: Any) -> None:
    async with live_server(settings(sqlite_url)) as live:
        tid, tokens, players, _ = await two_seats(live)
        v = 0
        while True:
            msgs = [await p.state(v) for p in players]
            if msgs[0]["result"] is not None:
                break
            mover = next(i for i, m in enumerate(msgs) if m["legal"])
            await players[mover].send({"type": "action", "action": msgs[mover]["legal"][0], "version": v})
            v += 1
        r = await live.http.post(f"/api/tables/{tid}/suggest", json={"token": tokens[0]})
        assert r.status_code == 409 and r.json()["error"]["code"] == "game_over"
        assert spy == []
        for p in players:
            await p.close()
