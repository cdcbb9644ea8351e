"""GET /api/tables/{id}/replay: a finished game step by step, as a spectator saw it."""

from __future__ import annotations

import json
from typing import Any

import stammtisch
from stammtisch.records.record import GameRecord

from .live import Live, live_server, settings


async def finished_bot_game(live: Live, game: str, players: int) -> str:
    """A table where bots play every seat to the end (the creator leaves at once)."""
    created = await live.create(
        game=game,
        options={"players": players},
        seats=[{"type": "open"}] + [{"type": "bot", "level": "easy"}] * (players - 1),
    )
    tid = created["table"]["id"]
    r = await live.http.get(f"/api/tables/{tid}/replay")
    assert r.status_code == 409 and r.json()["error"]["code"] == "not_over"
    watcher = await live.player(tid)
    await live.http.post(f"/api/tables/{tid}/leave", json={"token": created["token"]})
    await watcher.wait_for(lambda m: m["type"] == "state" and m["result"] is not None, timeout=120)
    await watcher.close()
    return tid


def norm(obj: Any) -> Any:
    return json.loads(json.dumps(obj))


async def test_replay_has_every_spectator_view_the_log_and_the_record(sqlite_url: str) -> None:
    async with live_server(settings(sqlite_url)) as live:
        for game in stammtisch.games():
            tid = await finished_bot_game(live, game, stammtisch.info(game).min_players)
            r = await live.http.get(f"/api/tables/{tid}/replay")
            assert r.status_code == 200, r.text
            replay = r.json()
            record = (await live.http.get(f"/api/tables/{tid}/record")).json()
            assert replay["record"] == record
            states = list(GameRecord.from_json(record).states())
            # One spectator view per step, from an independent replay of the record.
            assert replay["views"] == [norm(s.observe(None)) for s in states]
            assert all("hand" not in v for v in replay["views"])
            # Beside them every seat's hand at every step: the game is over, nothing is secret.
            seats = range(len(record["players"]))
            assert replay["hands"] == [[norm(s.observe(p).get("hand")) for p in seats] for s in states]
            # The log is the one a spectator connecting now gets over the WebSocket.
            spectator = await live.player(tid)
            first = await spectator.state()
            assert first["log_from"] == 0 and replay["log"] == first["log"]
            assert [e["move"] for e in replay["log"]] == list(range(1, len(states)))
            # Every move is told by its events, the spectator's own (issue 17), the last
            # card of a Zwickern round included.
            assert [e["events"] for e in replay["log"]] == [v["events"] for v in replay["views"][1:]]
            assert all(e["events"] and e["events"][0]["seat"] == e["seat"] for e in replay["log"])
            await spectator.close()
            # Asked again: the same answer (built once per finished table).
            again = await live.http.get(f"/api/tables/{tid}/replay")
            assert again.content == r.content


async def test_replay_of_unknown_table_is_a_clear_error(sqlite_url: str) -> None:
    async with live_server(settings(sqlite_url)) as live:
        r = await live.http.get("/api/tables/nope/replay", params={"lang": "de"})
        assert r.status_code == 404
        err = r.json()["error"]
        assert err["code"] == "table_not_found" and err["message"]
