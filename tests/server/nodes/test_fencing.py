"""One writer per table across nodes (issue 22): leases and fenced appends in PostgreSQL.

Two nodes run on one database, each in this test's event loop. The tests make both believe
they own a table and check that the database refuses the node that lost the lease, that its
clients are told to reconnect and reach the owner, and that no action is lost or doubled;
and that a table whose node went away is adopted by another node, whose bots finish it.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest
from sqlalchemy import create_engine, select, text
from tests.server.live import Live, Player, live_server, settings

from stammtisch.server.db.schema import actions, leases

pytestmark = pytest.mark.postgres


async def _seat_two(live: Live) -> tuple[str, dict[int, str]]:
    created = await live.create(seats=[{"type": "open"}, {"type": "open"}])
    tid = created["table"]["id"]
    joined = await live.join(tid, "Bert")
    return tid, {0: created["token"], 1: joined["token"]}


async def _connect(live: Live, tid: str, tokens: dict[int, str], version: int) -> dict[int, Player]:
    players = {s: await live.player(tid, tok) for s, tok in tokens.items()}
    for p in players.values():
        await p.state(version)
    return players


async def _play(
    players: dict[int, Player],
    version: int,
    moves: int | None,
    done: list[tuple[int, str]],
    rng: random.Random,
) -> int:
    """Play ``moves`` moves (None: to the end); every acknowledged move goes to ``done``."""
    while moves is None or moves > 0:
        msgs = {s: await p.state(version) for s, p in players.items()}
        if msgs[0]["result"] is not None:
            break
        cur = msgs[0]["view"]["current_player"]
        action = rng.choice(msgs[cur]["legal"])
        await players[cur].send({"type": "action", "action": action, "version": version})
        version += 1
        await players[cur].state(version)  # acknowledged: the new state came back
        done.append((cur, action))
        moves = None if moves is None else moves - 1
    return version


def _stored(url: str, tid: str) -> tuple[list[tuple[int, int, str]], list[Any]]:
    return [(i, s, n) for i, s, n, _ in _stored_with_epochs(url, tid)[0]], _stored_with_epochs(url, tid)[1]


def _stored_with_epochs(url: str, tid: str) -> tuple[list[tuple[int, int, str, int]], list[Any]]:
    """The table's stored actions (version, seat, notation, lease epoch) and its lease."""
    engine = create_engine(url)
    with engine.connect() as c:
        rows = c.execute(
            select(actions.c.idx, actions.c.seat, actions.c.notation, actions.c.epoch)
            .where(actions.c.table_id == tid)
            .order_by(actions.c.idx)
        ).all()
        lease = c.execute(select(leases.c.owner, leases.c.epoch).where(leases.c.table_id == tid)).all()
    engine.dispose()
    return [(int(i), int(s), str(n), int(e)) for i, s, n, e in rows], list(lease)


def _expire(url: str, tid: str) -> None:
    """The owner's lease runs out while it still believes it owns the table (a stalled
    process, a network partition: it did not renew in time)."""
    engine = create_engine(url)
    with engine.begin() as c:
        c.execute(
            text("UPDATE st_leases SET expires_at = now() - interval '1 second' WHERE table_id = :t"),
            {"t": tid},
        )
    engine.dispose()


async def test_a_node_that_lost_its_lease_is_refused_and_its_clients_move_to_the_owner(nodes_db: str) -> None:
    rng = random.Random(22)
    # Leases long enough that node a does not notice by renewing during the test.
    async with (
        live_server(settings(nodes_db, node_id="a", lease_ttl=60)) as node_a,
        live_server(settings(nodes_db, node_id="b", lease_ttl=60)) as node_b,
    ):
        tid, tokens = await _seat_two(node_a)
        at_a = await _connect(node_a, tid, tokens, 0)
        done: list[tuple[int, str]] = []
        version = await _play(at_a, 0, 4, done, rng)
        assert _stored(nodes_db, tid)[1] == [("a", 1)]

        _expire(nodes_db, tid)
        info = (await node_b.http.get(f"/api/tables/{tid}")).json()
        assert info["version"] == version, "node b read every action node a stored"
        assert _stored(nodes_db, tid)[1] == [("b", 2)], "taking the lease raised its epoch"
        assert tid in node_a.app.state.hub.tables, "node a still believes it owns the table"

        # Node a's player to move acts: the database refuses node a's write.
        msgs = {s: p.last_state() for s, p in at_a.items()}
        cur = msgs[0]["view"]["current_player"]
        start = len(at_a[cur].messages)
        refused = rng.choice(msgs[cur]["legal"])
        await at_a[cur].send({"type": "action", "action": refused, "version": version})
        err = await at_a[cur].error(start)
        assert err["code"] == "table_moved" and err["params"]["table"] == tid
        for p in at_a.values():  # both of node a's clients are sent away to reconnect
            await p.closed_by_server()
            assert p.ws.close_code == 4409
        assert tid not in node_a.app.state.hub.tables
        stored, _ = _stored(nodes_db, tid)
        assert len(stored) == version, "the refused action was not stored"

        # Through the proxy they would now reach node b: they carry on there, to the end.
        at_b = await _connect(node_b, tid, tokens, version)
        version = await _play(at_b, version, None, done, rng)
        assert at_b[0].last_state()["table"]["status"] == "over"
        for p in at_b.values():
            await p.close()

        stored, lease = _stored_with_epochs(nodes_db, tid)
        assert [i for i, _, _, _ in stored] == list(range(1, version + 1)), "each version stored once"
        assert [(s, n) for _, s, n, _ in stored] == done, "every acknowledged move, nothing else"
        assert [e for _, _, _, e in stored] == [1] * 4 + [2] * (version - 4), "node a, then node b only"
        assert lease == [("b", 2)]


async def test_a_node_asked_for_a_table_it_holds_hands_it_over(nodes_db: str) -> None:
    rng = random.Random(7)
    async with (
        live_server(settings(nodes_db, node_id="a", lease_ttl=60)) as node_a,
        live_server(settings(nodes_db, node_id="b", lease_ttl=60)) as node_b,
    ):
        tid, tokens = await _seat_two(node_a)
        at_a = await _connect(node_a, tid, tokens, 0)
        done: list[tuple[int, str]] = []
        version = await _play(at_a, 0, 3, done, rng)
        # The proxy now sends the table's requests to node b (a node came or went): node b
        # asks node a, which hands the table over well before its lease would run out.
        info = (await node_b.http.get(f"/api/tables/{tid}")).json()
        assert info["version"] == version
        for p in at_a.values():
            await p.closed_by_server()
            assert p.ws.close_code == 4409
        at_b = await _connect(node_b, tid, tokens, version)
        version = await _play(at_b, version, 3, done, rng)
        stored, lease = _stored(nodes_db, tid)
        assert [(s, n) for _, s, n in stored] == done
        assert lease == [("b", 2)]
        for p in at_b.values():
            await p.close()


def _status(url: str, tid: str) -> tuple[str, int]:
    engine = create_engine(url)
    with engine.connect() as c:
        status, version = c.execute(
            text("SELECT status, version FROM st_tables WHERE id = :t"), {"t": tid}
        ).one()
    engine.dispose()
    return str(status), int(version)


async def _until(pred: Any, timeout: float) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not pred():
        assert loop.time() < deadline, "timed out"
        await asyncio.sleep(0.05)


async def test_a_table_nobody_asks_for_is_adopted_and_its_bots_play_on(nodes_db: str) -> None:
    # Node a runs a game of a bot and a stand-in (the player never came) and goes away;
    # nobody asks for the table, and node b adopts it once its lease has run out.
    quick = {"lease_ttl": 1.0, "bot_delay": 0.05, "reconnect_timeout": 0.2}
    async with live_server(settings(nodes_db, node_id="a", **quick)) as node_a:
        created = await node_a.create(seats=[{"type": "open"}, {"type": "bot", "level": "easy"}])
        tid = created["table"]["id"]
        await _until(lambda: _status(nodes_db, tid)[1] >= 3, 20)
    status, version = _status(nodes_db, tid)
    assert status == "playing", "node a left in the middle of the game"
    async with live_server(settings(nodes_db, node_id="b", **quick)) as node_b:
        await _until(lambda: _status(nodes_db, tid)[0] == "over", 40)
        assert tid in node_b.app.state.hub.tables
    stored, lease = _stored_with_epochs(nodes_db, tid)
    assert [i for i, _, _, _ in stored] == list(range(1, len(stored) + 1))
    epochs = [e for _, _, _, e in stored]
    assert epochs == [1] * version + [2] * (len(stored) - version), "node a's moves, then node b's"
    assert lease == [("b", 2)]
