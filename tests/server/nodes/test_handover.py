"""Hand-over between nodes when things go wrong (issue 22).

* LISTEN/NOTIFY is down (the owner's listening connection is gone, or a pooler between the
  node and PostgreSQL does not pass LISTEN on): the node that wants a table still gets it,
  because the want is also written to the lease row and the owner, at its next renewal,
  stops holding the table and lets the lease expire.
* A node that took a lease but could not load the table gives the lease up at once, so the
  next request (on any node) does not wait for it to run out.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest
from tests.server.live import Live, live_server, settings
from tests.server.nodes.test_fencing import _connect, _play, _seat_two, _stored, _stored_with_epochs

from stammtisch.server.db import repo
from stammtisch.server.lease import Leases

pytestmark = pytest.mark.postgres


def leases_of(live: Live) -> Leases:
    found: Leases | None = live.app.state.hub.registry.leases
    assert found is not None, "the node runs with leases"
    return found


async def _deafen(live: Live) -> None:
    """The node's LISTEN connection goes away and does not come back."""
    leases = leases_of(live)
    listener = leases._tasks[-1]
    listener.cancel()
    await asyncio.gather(listener, return_exceptions=True)
    await leases._listener.close()


async def test_without_listen_notify_the_wanting_node_takes_over_by_the_lease(nodes_db: str) -> None:
    rng = random.Random(18)
    quick = {"lease_ttl": 2.0}
    async with (
        live_server(settings(nodes_db, node_id="a", **quick)) as node_a,
        live_server(settings(nodes_db, node_id="b", **quick)) as node_b,
    ):
        tid, tokens = await _seat_two(node_a)
        at_a = await _connect(node_a, tid, tokens, 0)
        done: list[tuple[int, str]] = []
        version = await _play(at_a, 0, 3, done, rng)
        await _deafen(node_a)
        # Node a stays up and renews its leases, but hears no NOTIFY: the proxy now sends
        # the table to node b, which gets it once node a has read the want at its renewal.
        info = (await node_b.http.get(f"/api/tables/{tid}")).json()
        assert info["version"] == version
        assert tid not in node_a.app.state.hub.tables
        for p in at_a.values():
            await p.closed_by_server()
            assert p.ws.close_code == 4409
        at_b = await _connect(node_b, tid, tokens, version)
        version = await _play(at_b, version, 3, done, rng)
        await leases_of(node_a).renew()  # node a does not take it back
        stored, lease = _stored(nodes_db, tid)
        assert [(s, n) for _, s, n in stored] == done, "every acknowledged move, once"
        assert lease == [("b", 2)]
        for p in at_b.values():
            await p.close()


async def test_a_node_that_fails_to_load_a_table_gives_the_lease_up(
    nodes_db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = random.Random(5)
    # Leases far longer than the test: a lease kept by mistake would hold the table up.
    async with (
        live_server(settings(nodes_db, node_id="a", lease_ttl=60)) as node_a,
        live_server(settings(nodes_db, node_id="b", lease_ttl=60)) as node_b,
    ):
        tid, tokens = await _seat_two(node_a)
        at_a = await _connect(node_a, tid, tokens, 0)
        done: list[tuple[int, str]] = []
        version = await _play(at_a, 0, 2, done, rng)
        await leases_of(node_a).give_up(tid)  # as when node b asks for it
        for p in at_a.values():
            await p.closed_by_server()

        real = repo.load_table
        failures: list[str] = []

        def flaky(conn: Any, table_id: str) -> Any:
            if table_id == tid and not failures:
                failures.append(table_id)
                raise RuntimeError("the database went away while reading")
            return real(conn, table_id)

        monkeypatch.setattr(repo, "load_table", flaky)
        r = await node_b.http.get(f"/api/tables/{tid}")
        assert r.status_code >= 500 and failures == [tid]
        assert tid not in node_b.app.state.hub.tables
        assert tid not in leases_of(node_b).fence.epochs, "node b does not keep the lease"
        assert await leases_of(node_b).renew() == []
        # Node a (the proxy's next choice) takes the table at once and the game goes on.
        info = (await node_a.http.get(f"/api/tables/{tid}")).json()
        assert info["version"] == version
        at_a = await _connect(node_a, tid, tokens, version)
        version = await _play(at_a, version, 2, done, rng)
        stored, lease = _stored_with_epochs(nodes_db, tid)
        assert [(s, n) for _, s, n, _ in stored] == done
        assert lease == [("a", 3)], "a took it, b took it and gave it up, a took it again"
        for p in at_a.values():
            await p.close()
