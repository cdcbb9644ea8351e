"""A server that can face the open internet (issue 21): tokens, errors, origins, headers.

The limits have their own file (``test_server_limits.py``).
"""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from stammtisch.server.static import STATIC

from .live import Live, Player, hello, live_server, open_player, settings
from .test_server_persistence import free_port, start_server
from .test_server_workers import start_front


# --- 1. seat tokens never in a URL, never in the log ----------------------------------------
async def play_out(http: httpx.AsyncClient, ws_base: str) -> list[str]:
    """A whole game as a browser plays it (REST, WebSocket, a hint, a spectator, a bot
    seat, a rematch, leaving); returns every token handed out."""
    created = (
        await http.post(
            "/api/tables", json={"game": "zwickern", "nickname": "Anna", "seats": [{"type": "open"}] * 2}
        )
    ).json()
    tid = created["table"]["id"]
    joined = (await http.post(f"/api/tables/{tid}/join", json={"nickname": "Bert"})).json()
    tokens = [created["token"], joined["token"]]
    url = f"{ws_base}/ws/tables/{tid}?lang=de"
    players = [await open_player(url, t) for t in tokens]
    spectator = await open_player(url, None)
    for p in [*players, spectator]:
        await p.state()
    hinted = False
    while True:
        states = [p.last_state() for p in players]
        if states[0]["table"]["status"] == "over":
            break
        mover = next((i for i, s in enumerate(states) if s["legal"]), None)
        if mover is None:
            await asyncio.sleep(0.01)
            continue
        state = states[mover]
        if not hinted:
            r = await http.post(f"/api/tables/{tid}/suggest", json={"token": tokens[mover]})
            assert r.status_code == 200, r.text
            hinted = True
        await players[mover].send(
            {"type": "action", "action": state["legal"][0], "version": state["version"]}
        )
        await players[0].state(state["version"] + 1)
        await players[1].state(state["version"] + 1)
    # An old client that still puts the token in the URL is refused (and not logged).
    async with connect(f"{ws_base}/ws/tables/{tid}?token={tokens[0]}") as old:
        refused = json.loads(await old.recv())
        assert refused["code"] == "token_in_url"
    r = await http.post(f"/api/tables/{tid}/rematch", json={"token": tokens[1]})
    assert r.status_code == 200, r.text
    new = r.json()["table"]["id"]
    r = await http.post(f"/api/tables/{new}/leave", json={"token": tokens[0]})
    assert r.status_code == 200, r.text
    other = (await http.post("/api/tables", json={"game": "zwickern", "nickname": "Cleo"})).json()
    tokens.append(other["token"])
    oid = other["table"]["id"]
    r = await http.post(f"/api/tables/{oid}/seats/1/bot", json={"token": other["token"], "level": "easy"})
    assert r.status_code == 200, r.text
    for p in [*players, spectator]:
        await p.close()
    return tokens


@pytest.mark.parametrize("workers", [1, 2])
async def test_the_whole_server_log_of_a_played_game_holds_no_token(
    workers: int, sqlite_url: str, tmp_path: Path
) -> None:
    """REST, WebSocket and hints at debug level: the log shows the requests, never a token."""
    port = free_port()
    log = tmp_path / "server.log"
    args = ["--log-level", "debug"]
    proc = (
        start_front(sqlite_url, port, log, workers, args)
        if workers > 1
        else start_server(sqlite_url, port, log, args)
    )
    try:
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=20) as http:
            tokens = await play_out(http, f"ws://127.0.0.1:{port}")
            if workers > 1:
                # Point 9: an id longer than any table's is not found (not "misrouted").
                long_id = "x" * 40
                r = await http.get(f"/api/tables/{long_id}")
                assert r.status_code == 404 and r.json()["error"]["code"] == "table_not_found"
                async with connect(f"ws://127.0.0.1:{port}/ws/tables/{long_id}") as ws:
                    assert json.loads(await ws.recv())["code"] == "table_not_found"
    finally:
        proc.terminate()
        proc.wait(30)
    text = log.read_text()
    assert "POST /api/tables" in text and "/suggest" in text
    if workers == 1:  # (the worker processes serve table WebSockets without uvicorn's log)
        assert "WebSocket /ws/tables/" in text
        assert "token=[redacted]" in text  # the old client's URL, blanked
    for token in tokens:
        assert token not in text


# --- 3. and 4. the documented error shape -------------------------------------------------
def error_of(r: httpx.Response, status: int, code: str) -> dict[str, Any]:
    assert r.status_code == status, r.text
    err: dict[str, Any] = r.json()["error"]
    assert err["code"] == code and err["message"], err
    return err


async def test_nul_byte_paths_answer_404_in_the_error_shape(sqlite_url: str) -> None:
    async with live_server(settings(sqlite_url)) as live:
        for path in ("/%00", "/app.js%00.html", "/static/%00", "/t/%00/x", "/nothing-here.js"):
            error_of(await live.http.get(path), 404, "not_found")
        err = error_of(await live.http.get("/%00", params={"lang": "de"}), 404, "not_found")
        assert err["message"] == "Unter dieser Adresse gibt es nichts."


async def test_a_browser_on_a_wrong_address_gets_a_page_in_its_language(sqlite_url: str) -> None:
    """A person who follows a wrong link sees a page (their language, the way back to the
    lobby, the site's policy headers); a program, or anyone asking under /api/, gets the
    JSON error shape as before."""
    page = {"Accept": "text/html,application/xhtml+xml,*/*;q=0.8", "Accept-Language": "de-CH,de;q=0.9"}
    async with live_server(settings(sqlite_url)) as live:
        for path in ("/no-such-page", "/%00", "/static/nothing.html"):
            r = await live.http.get(path, headers=page)
            assert r.status_code == 404 and r.headers["content-type"].startswith("text/html"), path
            assert "Unter dieser Adresse gibt es nichts." in r.text and "Zurück zur Lobby" in r.text
            assert '<a class="button" href="/">' in r.text and '<html lang="de">' in r.text
            assert "default-src 'none'" in r.headers["content-security-policy"]
        r = await live.http.get("/no-such-page", headers={"Accept": "text/html"})
        assert "There is nothing at this address." in r.text and "Back to the lobby" in r.text
        error_of(await live.http.get("/api/no-such-thing", headers=page), 404, "not_found")
        error_of(await live.http.get("/no-such-page"), 404, "not_found")
        assert (await live.http.post("/no-such-page", headers=page)).status_code == 405


async def test_bad_bodies_and_methods_get_the_error_shape(sqlite_url: str) -> None:
    async with live_server(settings(sqlite_url)) as live:
        http = live.http
        headers = {"Content-Type": "application/json"}
        error_of(await http.post("/api/tables", content=b"{not json", headers=headers), 400, "bad_body")
        error_of(await http.post("/api/tables", content=b"\xff\xfe", headers=headers), 400, "bad_body")
        error_of(await http.post("/api/tables", content=b"[1, 2]", headers=headers), 422, "field_type")
        error_of(
            await http.post("/api/tables", content=b"x" * 70_000, headers=headers), 413, "body_too_large"
        )
        r = await http.request("OPTIONS", "/api/tables")
        err = error_of(r, 405, "method_not_allowed")
        assert r.headers["allow"] == "GET, HEAD, POST" and err["params"]["method"] == "OPTIONS"
        r = await http.delete("/api/tables")
        assert error_of(r, 405, "method_not_allowed") and r.headers["allow"] == "GET, HEAD, POST"
        r = await http.put("/api/tables/abc/join", params={"lang": "de"})
        err = error_of(r, 405, "method_not_allowed")
        assert r.headers["allow"] == "POST" and "PUT" in err["message"]
        error_of(await http.get("/api/no-such-thing"), 404, "not_found")


async def test_loose_types_are_refused_in_the_players_language(sqlite_url: str) -> None:
    async with live_server(settings(sqlite_url)) as live:
        body: dict[str, Any] = {"game": "zwickern", "nickname": "A", "seat": True}
        r = await live.http.post("/api/tables", json=body, params={"lang": "de"})
        err = error_of(r, 422, "field_type")
        assert err["message"] == "Das Feld 'seat' muss eine ganze Zahl sein."
        r = await live.http.post("/api/tables", json={**body, "seat": 1.0})
        assert error_of(r, 422, "field_type")["message"] == "The field 'seat' must be a whole number."
        r = await live.http.post(
            "/api/tables", json={"game": "zwickern", "nickname": "A", "options": {"players": "2"}}
        )
        assert "'2'" in error_of(r, 400, "bad_option_value")["message"]
        created = await live.create()
        tid = created["table"]["id"]
        error_of(
            await live.http.post(f"/api/tables/{tid}/join", json={"nickname": "B", "seat": "1"}),
            422,
            "field_type",
        )
        error_of(
            await live.http.post(f"/api/tables/{tid}/join", json={"nickname": "B", "seat": False}),
            422,
            "field_type",
        )
        r = await live.http.post(f"/api/tables/{tid}/leave", json={"token": 12345})
        error_of(r, 422, "field_type")
        # Nothing of it changed the table.
        info = (await live.http.get(f"/api/tables/{tid}")).json()
        assert [s["kind"] for s in info["seats"]] == ["human", "open"]


# --- 1. the hello message -----------------------------------------------------------------
async def test_the_seat_token_comes_in_the_hello_message(sqlite_url: str, transport: str) -> None:
    async with live_server(settings(sqlite_url, hello_timeout=0.5), direct=transport == "direct") as live:
        created = await live.create(seats=[{"type": "open"}, {"type": "bot", "level": "easy"}])
        tid = created["table"]["id"]
        url = f"{live.ws_base}/ws/tables/{tid}?lang=en"
        me = await open_player(url, created["token"])
        assert (await me.state())["seat"] == 0
        watcher = await open_player(url, None)
        assert (await watcher.state())["seat"] is None
        liar = await open_player(url, "not-a-token")
        assert (await liar.error(0))["code"] == "bad_token"
        await liar.closed_by_server()
        # A token in the URL is refused, and so is a connection that never says hello.
        for bad_url, code in ((f"{url}&token={created['token']}", "token_in_url"), (url, "bad_hello")):
            async with connect(bad_url) as ws:
                assert json.loads(await ws.recv())["code"] == code
                with pytest.raises(ConnectionClosed):
                    await ws.recv()
        async with connect(url) as ws:
            await ws.send(json.dumps({"type": "ping"}))
            assert json.loads(await ws.recv())["code"] == "bad_hello"
        # A second hello is not a way to change seats.
        seen = len(me.messages)
        await me.send({"type": "hello", "token": None})
        assert (await me.error(seen))["code"] == "bad_message"
        for p in (me, watcher):
            await p.close()


# --- 6. origins ----------------------------------------------------------------------------
async def origin_reply(live: Live, tid: str, token: str, origin: str) -> dict[str, Any]:
    url = f"{live.ws_base}/ws/tables/{tid}"
    async with connect(url, additional_headers={"Origin": origin}) as ws:
        try:
            await hello(ws, token)
        except ConnectionClosed:  # refused before the hello arrived
            pass
        first: dict[str, Any] = json.loads(await ws.recv())
        return first


async def test_a_foreign_origin_is_refused(sqlite_url: str, transport: str) -> None:
    async with live_server(settings(sqlite_url), direct=transport == "direct") as live:
        created = await live.create(seats=[{"type": "open"}, {"type": "bot", "level": "easy"}])
        tid, token = created["table"]["id"], created["token"]
        own = live.ws_base.replace("ws://", "http://")
        assert (await origin_reply(live, tid, token, own))["type"] == "state"
        refused = await origin_reply(live, tid, token, "https://evil.example")
        assert refused["code"] == "bad_origin" and "hand" not in json.dumps(refused)
        assert (await origin_reply(live, tid, token, "null"))["code"] == "bad_origin"
    allowed = settings(sqlite_url, allowed_origins=("https://friends.example",))
    async with live_server(allowed, direct=transport == "direct") as live:
        assert (await origin_reply(live, tid, token, "https://friends.example"))["type"] == "state"
        assert (await origin_reply(live, tid, token, "https://evil.example"))["code"] == "bad_origin"


# --- 8. security headers -------------------------------------------------------------------
async def test_pages_carry_the_security_headers(sqlite_url: str) -> None:
    async with live_server(settings(sqlite_url)) as live:
        for path in ("/", "/t/abc", "/static/app.js", "/api/games", "/nothing"):
            h = (await live.http.get(path)).headers
            assert h["x-content-type-options"] == "nosniff", path
            assert h["referrer-policy"] == "no-referrer", path
            csp = h["content-security-policy"]
            assert "script-src 'self';" in csp and "style-src 'self';" in csp, path
            assert "frame-ancestors 'none'" in csp and "unsafe" not in csp, path
        docs = (await live.http.get("/docs")).headers["content-security-policy"]
        assert "frame-ancestors 'none'" in docs


def test_the_pages_have_no_inline_script_or_style() -> None:
    """The CSP allows only the server's own files: no inline code may be needed."""
    files = [*STATIC.rglob("*.html"), *STATIC.rglob("*.js")]
    assert files
    for path in files:
        text = path.read_text(encoding="utf-8")
        if path.suffix == ".html":
            assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", text), path
            assert "<style" not in text, path
        assert not re.search(r"""\sstyle\s*=\s*["']""", text), path
        assert not re.search(r"\bon(click|load|error|input|change)\s*=\s*[\"']", text), path
        assert "eval(" not in text and "new Function(" not in text, path


__all__ = ["Player"]
