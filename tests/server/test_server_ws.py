"""WebSocket play: the checks of the one writer, and bad input that changes nothing."""

from __future__ import annotations

import json
import random
from typing import Any

from sqlalchemy import create_engine, func, select

from stammtisch.records.record import GameRecord
from stammtisch.server.db.schema import actions

from .live import Live, Player, live_server, settings
from .test_server_hidden_info import Truth


async def two_humans(live: Live, lang: str = "en") -> tuple[str, Player, Player]:
    created = await live.create(seats=[{"type": "open"}, {"type": "open"}])
    tid = created["table"]["id"]
    joined = await live.join(tid, "Bert")
    a = await live.player(tid, created["token"], lang)
    b = await live.player(tid, joined["token"], lang)
    await a.state(0)
    await b.state(0)
    return tid, a, b


def stored_actions(url: str, tid: str) -> int:
    engine = create_engine(url)
    with engine.connect() as c:
        n = c.execute(select(func.count()).select_from(actions).where(actions.c.table_id == tid)).scalar_one()
    engine.dispose()
    return int(n)


async def test_two_people_play_a_whole_game(transport: str, sqlite_url: str) -> None:
    async with live_server(settings(sqlite_url), direct=transport == "direct") as live:
        tid, a, b = await two_humans(live)
        players = {0: a, 1: b}
        rng = random.Random(5)
        version = 0
        while True:
            msgs = {s: await p.state(version) for s, p in players.items()}
            if msgs[0]["result"] is not None:
                break
            cur = msgs[0]["view"]["current_player"]
            assert msgs[cur]["legal"], "the seat to move gets its legal actions"
            assert msgs[1 - cur]["legal"] == []
            await players[cur].send(
                {"type": "action", "action": rng.choice(msgs[cur]["legal"]), "version": version}
            )
            version += 1
        assert msgs[0]["table"]["status"] == "over"
        assert len(msgs[0]["full_log"]) == version
        assert msgs[0]["log_from"] == version - 1 and len(msgs[0]["log"]) == 1
        assert stored_actions(sqlite_url, tid) == version
        rec = (await live.http.get(f"/api/tables/{tid}/record")).json()
        assert len(rec["actions"]) == version and rec["result"]["terminal"] is True
        await a.close()
        await b.close()


async def test_bad_input_gets_a_clear_error_and_changes_nothing(transport: str, sqlite_url: str) -> None:
    async with live_server(settings(sqlite_url), direct=transport == "direct") as live:
        tid, a, b = await two_humans(live, lang="de")
        first = a.last_state()
        cur = first["view"]["current_player"]
        mover, other = (a, b) if cur == 0 else (b, a)
        legal = (await mover.state(0))["legal"]
        hand = (await mover.state(0))["view"]["hand"]
        not_legal = next((c for c in hand if c not in legal), None)

        cases: list[tuple[Player, Any, str]] = [
            (mover, "{not json", "bad_json"),
            (mover, json.dumps([1, 2]), "bad_message"),
            (mover, {"type": "dance"}, "bad_message"),
            (mover, {"type": "action", "action": 7, "version": 0}, "bad_message"),
            (mover, {"type": "action", "action": legal[0], "version": "0"}, "bad_message"),
            (mover, {"type": "action", "action": "ZZ", "version": 0}, "zw_bad_card"),
            (mover, {"type": "action", "action": legal[0], "version": 3}, "stale_version"),
            (other, {"type": "action", "action": legal[0], "version": 0}, "not_your_turn"),
            (mover, json.dumps({"type": "action", "action": "x" * 17000, "version": 0}), "message_too_large"),
        ]
        if not_legal is not None:
            cases.append((mover, {"type": "action", "action": not_legal, "version": 0}, "illegal"))
        for who, payload, code in cases:
            start = len(who.messages)
            await who.send(payload)
            err = await who.error(start)
            assert err["code"] == code, (payload, err)
            assert err["message"] and err["message"] != code
        # German, as asked for on connecting.
        start = len(mover.messages)
        await mover.send("{not json")
        assert (await mover.error(start))["message"] == "Die Nachricht ist kein gültiges JSON."
        # ... and English after switching.
        await mover.send({"type": "lang", "lang": "en"})
        start = len(mover.messages)
        await mover.send("{not json")
        assert (await mover.error(start))["message"] == "The message is not valid JSON."
        start = len(mover.messages)
        await mover.send({"type": "ping"})
        assert (await mover.wait_for(lambda m: m["type"] == "pong", start))["type"] == "pong"
        # Nothing changed: no action stored, the table is still at version 0.
        assert stored_actions(sqlite_url, tid) == 0
        info = (await live.http.get(f"/api/tables/{tid}")).json()
        assert info["version"] == 0
        # The connection survived all of it: a legal move still goes through.
        await mover.send({"type": "action", "action": legal[0], "version": 0})
        await other.state(1)
        await a.close()
        await b.close()


async def test_wrong_token_and_spectator_cannot_act(transport: str, sqlite_url: str) -> None:
    async with live_server(settings(sqlite_url), direct=transport == "direct") as live:
        tid, a, b = await two_humans(live)
        bad = await live.player(tid, "not-a-token", "de")
        err = await bad.wait_for(lambda m: m["type"] == "error")
        assert err["code"] == "bad_token" and "Platz" in err["message"]
        await bad.closed_by_server()
        assert bad.ws.close_code == 4403
        spectator = await live.player(tid)
        seen = await spectator.state(0)
        assert seen["seat"] is None and seen["legal"] == [] and "hand" not in seen["view"]
        start = len(spectator.messages)
        legal = (a.last_state()["legal"] or b.last_state()["legal"])[0]
        await spectator.send({"type": "action", "action": legal, "version": 0})
        assert (await spectator.error(start))["code"] == "bad_token"
        missing = await live.player("no-such-table")
        assert (await missing.wait_for(lambda m: m["type"] == "error"))["code"] == "table_not_found"
        await missing.closed_by_server()
        assert missing.ws.close_code == 4404
        for p in (a, b, spectator):
            await p.close()


async def test_game_over_is_refused(transport: str, sqlite_url: str) -> None:
    async with live_server(settings(sqlite_url), direct=transport == "direct") as live:
        created = await live.create(seats=[{"type": "open"}, {"type": "bot", "level": "easy"}])
        tid = created["table"]["id"]
        me = await live.player(tid, created["token"])
        rng = random.Random(1)
        v = 0
        while True:
            msg = await me.wait_for(
                lambda m, v=v: (
                    m["type"] == "state" and m["version"] >= v and (m["legal"] or m["result"] is not None)
                )
            )
            if msg["result"] is not None:
                break
            await me.send({"type": "action", "action": rng.choice(msg["legal"]), "version": msg["version"]})
            v = msg["version"] + 1
        start = len(me.messages)
        await me.send({"type": "action", "action": "X", "version": msg["version"]})
        assert (await me.error(start))["code"] == "game_over"
        await me.close()


async def test_late_spectator_and_returning_player_get_their_whole_log(
    transport: str, sqlite_url: str
) -> None:
    """Logs of recipients who were not connected are caught up (by replay) on connecting."""
    async with live_server(settings(sqlite_url, reconnect_timeout=0.2), direct=transport == "direct") as live:
        created = await live.create(seats=[{"type": "open"}, {"type": "bot", "level": "easy"}])
        tid = created["table"]["id"]
        anna = await live.player(tid, created["token"])
        msg = await anna.wait_for(lambda m: m["type"] == "state" and m["legal"])
        await anna.send({"type": "action", "action": msg["legal"][0], "version": msg["version"]})
        await anna.state(msg["version"] + 1)
        await anna.close()
        # A stand-in plays for Anna now; a spectator comes in late.
        spectator = await live.player(tid)
        late = await spectator.wait_for(lambda m: m["type"] == "state" and m["version"] >= 8, timeout=30)
        anna = await live.player(tid, created["token"])
        back = await anna.state()
        # Anna plays the game to its end; then both are compared with a replay of it.
        m = back
        while m["result"] is None:
            if m["legal"]:
                await anna.send({"type": "action", "action": m["legal"][0], "version": m["version"]})
            v = m["version"]
            m = await anna.wait_for(lambda x, v=v: x["type"] == "state" and x["version"] > v, timeout=30)
        record = GameRecord.from_json((await live.http.get(f"/api/tables/{tid}/record")).json())
        states = list(record.states())
        assert spectator.messages[0]["log_from"] == 0
        # (the words of each entry are checked against its events in test_server_hidden_info)
        assert _no_words(late["full_log"]) == Truth(states, None).log[: late["version"]]
        assert back["log_from"] == 0 and back["version"] > msg["version"] + 1
        assert _no_words(back["full_log"]) == Truth(states, 0).log[: back["version"]]
        await spectator.close()
        await anna.close()


def _no_words(log: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in entry.items() if k != "text"} for entry in log]
