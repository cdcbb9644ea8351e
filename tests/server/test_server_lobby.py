"""The lobby's REST API: tables, seats, tokens, rematch, records, hints, OpenAPI."""

from __future__ import annotations

from typing import Any

from sqlalchemy import create_engine, select

import stammtisch
from stammtisch.server.db.schema import seats
from stammtisch.server.tokens import hash_token

from .live import Live, live_server, settings


async def post(live: Live, path: str, body: dict[str, Any], lang: str = "en") -> tuple[int, Any]:
    r = await live.http.post(path, json=body, params={"lang": lang})
    return r.status_code, r.json()


async def test_games_bots_and_openapi(sqlite_url: str) -> None:
    async with live_server(settings(sqlite_url)) as live:
        games = (await live.http.get("/api/games")).json()
        assert [g["name"] for g in games] == stammtisch.games()
        bots = (await live.http.get("/api/bots")).json()
        assert bots["levels"] == ["easy", "medium", "hard"] and "random" in bots["kinds"]
        spec = (await live.http.get("/openapi.json")).json()
        for path in (
            "/api/tables",
            "/api/tables/{table_id}/join",
            "/api/tables/{table_id}/leave",
            "/api/tables/{table_id}/seats/{seat}/bot",
            "/api/tables/{table_id}/rematch",
            "/api/tables/{table_id}/record",
            "/api/tables/{table_id}/suggest",
        ):
            assert path in spec["paths"], path
        assert "TableInfo" in spec["components"]["schemas"]


async def test_create_join_fill_and_start(sqlite_url: str) -> None:
    async with live_server(settings(sqlite_url)) as live:
        created = await live.create(options={"players": 3}, seat=1)
        tid = created["table"]["id"]
        assert created["invite_url"] == f"/t/{tid}" and created["spectator_url"] == f"/t/{tid}?watch=1"
        assert created["seat"] == 1 and created["table"]["status"] == "waiting"
        assert [t["id"] for t in (await live.http.get("/api/tables")).json()] == [tid]
        code, body = await post(live, f"/api/tables/{tid}/join", {"nickname": "Bert", "seat": 1}, "de")
        assert code == 409 and body["error"]["code"] == "seat_taken" and "Platz 1" in body["error"]["message"]
        joined = await live.join(tid, "Bert")
        assert joined["seat"] == 0
        code, body = await post(live, f"/api/tables/{tid}/seats/2/bot", {"token": "nope", "level": "easy"})
        assert code == 403 and body["error"]["code"] == "bad_token"
        code, body = await post(
            live, f"/api/tables/{tid}/seats/2/bot", {"token": joined["token"], "level": "x"}
        )
        assert code == 400 and body["error"]["code"] == "bad_level"
        code, body = await post(
            live, f"/api/tables/{tid}/seats/2/bot", {"token": joined["token"], "level": "hard"}
        )
        assert code == 200 and body["table"]["status"] == "playing"
        assert [s["kind"] for s in body["table"]["seats"]] == ["human", "human", "bot"]
        assert (await live.http.get("/api/tables")).json() == []
        code, body = await post(live, f"/api/tables/{tid}/join", {"nickname": "Cleo"})
        assert code == 409 and body["error"]["code"] == "table_full"
        # Only hashes are stored.
        engine = create_engine(sqlite_url)
        with engine.connect() as c:
            stored = {r.seat: r.token_hash for r in c.execute(select(seats).where(seats.c.table_id == tid))}
        engine.dispose()
        assert stored[1] == hash_token(created["token"]) and created["token"] not in stored.values()


async def test_bad_requests_are_coded_and_translated(sqlite_url: str) -> None:
    async with live_server(settings(sqlite_url)) as live:
        cases = [
            ({"game": "schach", "nickname": "A"}, 404, "unknown_game"),
            ({"game": "zwickern", "nickname": "A", "options": {"players": 9}}, 400, "bad_option_value"),
            ({"game": "zwickern", "nickname": "A", "options": {"colour": 1}}, 400, "unknown_option"),
            ({"game": "zwickern", "nickname": ""}, 400, "bad_nickname"),
            ({"game": "zwickern", "nickname": "A", "seat": 5}, 400, "bad_seat"),
            (
                {"game": "zwickern", "nickname": "A", "seats": [{"type": "bot"}, {"type": "open"}]},
                400,
                "creator_seat_not_open",
            ),
            (
                {
                    "game": "zwickern",
                    "nickname": "A",
                    "options": {"players": 2},
                    "seats": [{"type": "open"}] * 3,
                },
                400,
                "bad_seats",
            ),
            ({"game": "zwickern"}, 422, "missing_field"),
            # Loose types are refused (issue 21, point 5): no true for 1, no "2" for 2.
            ({"game": "zwickern", "nickname": "A", "seat": True}, 422, "field_type"),
            ({"game": "zwickern", "nickname": "A", "options": {"players": "2"}}, 400, "bad_option_value"),
            (
                {"game": "zwickern", "nickname": "A", "options": {"forced_capture": "yes"}},
                400,
                "bad_option_value",
            ),
            (
                {"game": "zwickern", "nickname": "A", "options": {"forced_capture": 1}},
                400,
                "bad_option_value",
            ),
            ({"game": "zwickern", "nickname": "A", "turn_timer": "5"}, 422, "field_type"),
            ({"game": "zwickern", "nickname": 7}, 422, "field_type"),
            ({"game": "zwickern", "nickname": "A", "colour": "red"}, 422, "unknown_field"),
        ]
        for body, status, code in cases:
            got, out = await post(live, "/api/tables", body, "de")
            assert (got, out["error"]["code"]) == (status, code), out
            assert out["error"]["message"]
        # The allowed values in the player's words, as data in the params.
        body = {"game": "zwickern", "nickname": "A", "options": {"forced_capture": "yes"}}
        got, out = await post(live, "/api/tables", body, "de")
        assert out["error"]["message"].endswith("erlaubt: ja oder nein."), out
        assert out["error"]["params"]["allowed"] == "true, false"
        r = await live.http.get("/api/tables/nope", headers={"Accept-Language": "de-CH,de;q=0.9"})
        assert r.status_code == 404 and r.json()["error"]["message"] == "Es gibt keinen Tisch 'nope'."


async def test_leave_reopens_a_waiting_seat_and_hands_a_playing_one_to_a_bot(sqlite_url: str) -> None:
    async with live_server(settings(sqlite_url)) as live:
        created = await live.create()
        tid = created["table"]["id"]
        code, body = await post(live, f"/api/tables/{tid}/leave", {"token": created["token"]})
        assert code == 200 and body["table"]["seats"][0]["kind"] == "open"
        # Nobody sits there any more: the lobby does not offer it to join ...
        waiting = (await live.http.get("/api/tables", params={"status": "waiting"})).json()
        assert tid not in [t["id"] for t in waiting]
        code, body = await post(live, f"/api/tables/{tid}/leave", {"token": created["token"]})
        assert code == 403
        a = await live.join(tid, "A")
        # ... until somebody sits down again (by its invite link).
        waiting = (await live.http.get("/api/tables", params={"status": "waiting"})).json()
        assert tid in [t["id"] for t in waiting]
        b = await live.join(tid, "B")
        p = await live.player(tid, a["token"])
        await p.state(0)
        code, body = await post(live, f"/api/tables/{tid}/leave", {"token": b["token"]})
        assert body["table"]["seats"][1]["kind"] == "bot"
        assert body["table"]["seats"][1]["nickname"] == "B"
        await p.close()


async def test_record_rematch_and_suggest(sqlite_url: str) -> None:
    async with live_server(settings(sqlite_url)) as live:
        created = await live.create(seats=[{"type": "open"}, {"type": "bot", "level": "easy"}])
        tid = created["table"]["id"]
        token = created["token"]
        r = await live.http.get(f"/api/tables/{tid}/record")
        assert r.status_code == 409 and r.json()["error"]["code"] == "not_over"
        code, body = await post(live, f"/api/tables/{tid}/rematch", {"token": token})
        assert code == 409 and body["error"]["code"] == "not_over"
        me = await live.player(tid, token)
        v = 0
        hinted = False
        while True:
            msg = await me.wait_for(
                lambda m, v=v: m["type"] == "state" and m["version"] >= v and (m["legal"] or m["result"])
            )
            if msg["result"] is not None:
                break
            if not hinted:
                r = await live.http.post(
                    f"/api/tables/{tid}/suggest", params={"lang": "de"}, json={"token": token}
                )
                hint = r.json()
                assert r.status_code == 200
                assert sorted(a["action"] for a in hint["actions"]) == sorted(msg["legal"])
                assert hint["available"] and all(isinstance(a["value"], float) for a in hint["actions"])
                hinted = True
            await me.send({"type": "action", "action": msg["legal"][0], "version": msg["version"]})
            v = msg["version"] + 1
        record = (await live.http.get(f"/api/tables/{tid}/record")).json()
        # A bot is named in the record with its level ("Vreni (bot:easy)").
        assert record["players"][0] == "Anna" and record["players"][1].endswith(" (bot:easy)")
        # ... and its seats' names as the table said them, for a replay in the terminal.
        bot = record["players"][1].removesuffix(" (bot:easy)")
        assert record["meta"]["names"] == ["Anna", bot]
        assert record["result"]["terminal"]
        code, body = await post(live, f"/api/tables/{tid}/rematch", {"token": token})
        assert code == 200
        new = body["table"]
        assert new["id"] != tid and new["status"] == "playing"
        assert [s["kind"] for s in new["seats"]] == ["human", "bot"]
        # The same token holds the same seat at the new table, and the old table links to it.
        again = await live.player(new["id"], token)
        assert (await again.state())["seat"] == 0
        assert (await me.wait_for(lambda m: m["type"] == "state" and m["table"]["rematch_id"]))["table"][
            "rematch_id"
        ] == new["id"]
        code, body = await post(live, f"/api/tables/{tid}/rematch", {"token": token})
        assert body["table"]["id"] == new["id"]
        await me.close()
        await again.close()
