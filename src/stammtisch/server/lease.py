"""One writer per table across nodes: table leases in PostgreSQL (``serve --node-id``).

Several ``stammtisch serve`` nodes share one PostgreSQL database behind a proxy that sends
every request of a table to one node (docs/deploy.md). A node writes a table only while it
holds the table's lease (``st_leases``: owner, epoch, expiry):

* **Taking.** The first request for a table that is not in memory takes its lease, then
  loads the table (so it reads every action the previous owner stored). A lease that another
  node holds and renews is not taken: the node asks the holder to hand the table over
  (``NOTIFY stammtisch_want``, and ``wanted_by`` in the lease row, which the holder reads at
  its next renewal should the note not arrive) and waits up to the lease time for it to be
  free. A new
  table (or rematch) is leased by the node that creates it.
* **Renewing.** The owner renews its leases every third of ``lease_ttl`` and hands over the
  tables another node wants; a lease it finds taken over is lost: the table leaves memory and its clients are told ``table_moved``
  (close code 4409) and reconnect through the proxy.
* **Fencing.** Every stored action names the epoch of its lease and the database stores it
  only if that is still the lease (:func:`stammtisch.server.db.repo.append_actions`); with
  the unique (table, version) key of ``st_actions`` two nodes can never both write a game,
  whatever the proxy or the network believe.
* **Failover.** A dead node stops renewing; after ``lease_ttl`` another node takes its
  tables on their next request, and tables that nobody asks for (bots only) are adopted by
  any node, resuming bots and turn timers.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Coroutine
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection
from sqlalchemy.engine import make_url

from stammtisch.server.db.repo import Fence
from stammtisch.server.errors import ServerError
from stammtisch.server.shards import owner
from stammtisch.server.table import MOVED_CLOSE, PLAYING, LiveTable

if TYPE_CHECKING:
    from stammtisch.server.hub import Hub

log = logging.getLogger("stammtisch.server")

#: The channel on which a node asks the holder of a lease to hand its table over.
WANT_CHANNEL = "stammtisch_want"

_TAKE = (
    "INSERT INTO st_leases (table_id, owner, address, epoch, expires_at)"
    " SELECT %(t)s::text, %(node)s::text, %(addr)s::text, 1, now() + %(ttl)s * interval '1 second'"
    " WHERE EXISTS (SELECT 1 FROM st_tables WHERE id = %(t)s::text)"
    " ON CONFLICT (table_id) DO UPDATE SET owner = EXCLUDED.owner, address = EXCLUDED.address,"
    " epoch = st_leases.epoch + 1, expires_at = EXCLUDED.expires_at, wanted_by = NULL"
    " WHERE st_leases.expires_at <= now() OR st_leases.owner = EXCLUDED.owner"
    " RETURNING epoch"
)
_CLAIM_NEW = (
    "INSERT INTO st_leases (table_id, owner, address, epoch, expires_at)"
    " VALUES (%(t)s, %(node)s, %(addr)s, 1, now() + %(ttl)s * interval '1 second')"
    " ON CONFLICT (table_id) DO NOTHING RETURNING epoch"
)
_HOLDER = "SELECT owner, address FROM st_leases WHERE table_id = %(t)s"
_RENEW = (
    "UPDATE st_leases AS l SET expires_at = now() + %(ttl)s * interval '1 second'"
    " FROM unnest(%(ids)s::text[], %(epochs)s::bigint[]) AS m(table_id, epoch)"
    " WHERE l.table_id = m.table_id AND l.epoch = m.epoch AND l.owner = %(node)s"
    " RETURNING l.table_id, l.wanted_by"
)
_WANT = "UPDATE st_leases SET wanted_by = %(node)s WHERE table_id = %(t)s AND owner <> %(node)s"
_RELEASE = (
    "UPDATE st_leases SET expires_at = now()"
    " WHERE table_id = %(t)s AND owner = %(node)s AND epoch = %(epoch)s"
)
#: Unfinished tables whose lease ran out a whole lease time ago: nobody serves them.
_ORPHANS = (
    "SELECT l.table_id FROM st_leases AS l JOIN st_tables AS t ON t.id = l.table_id"
    " WHERE t.status IN ('waiting', 'playing')"
    " AND l.expires_at < now() - %(ttl)s * interval '1 second'"
    " ORDER BY l.expires_at LIMIT 50"
)


def _run(conn: Connection, sql: str, params: dict[str, Any]) -> list[tuple[Any, ...]]:
    cursor = conn.connection.cursor()
    try:
        cursor.execute(sql, params)
        return list(cursor.fetchall()) if cursor.description is not None else []
    finally:
        cursor.close()


class Leases:
    """The leases of this node, their renewal, hand-over and adoption of orphaned tables."""

    def __init__(self, hub: Hub) -> None:
        settings = hub.settings
        self.hub = hub
        self.registry = hub.registry
        self.writer = hub.writer
        self.node = settings.node_id
        self.address = settings.node_address or None
        self.ttl = settings.lease_ttl
        self.fence = Fence(self.node)
        self.writer.fence = self.fence
        self.writer.on_lease_lost = self.lost
        self.registry.leases = self
        dropped = self.registry.on_drop

        def on_drop(table_id: str) -> None:
            dropped(table_id)
            self._release_soon(table_id)

        self.registry.on_drop = on_drop
        self._tasks: list[asyncio.Task[None]] = []
        self._handovers: set[asyncio.Task[None]] = set()
        self._listener: Any = None

    def _params(self, table_id: str) -> dict[str, Any]:
        return {"t": table_id, "node": self.node, "addr": self.address, "ttl": self.ttl}

    # --- life cycle ----------------------------------------------------------------------
    async def start(self) -> None:
        self._tasks.append(asyncio.create_task(self._renew_forever()))
        self._tasks.append(asyncio.create_task(self._adopt_forever()))
        self._tasks.append(asyncio.create_task(self._listen_forever()))

    async def close(self) -> None:
        """Stop renewing and give every lease up, so that other nodes take over at once."""
        tasks = [*self._tasks, *self._handovers]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if self._listener is not None:
            with contextlib.suppress(Exception):
                await self._listener.close()
        held = dict(self.fence.epochs)
        self.fence.epochs.clear()
        if held:

            def release_all(c: Connection) -> None:
                for tid, epoch in held.items():
                    _run(c, _RELEASE, {**self._params(tid), "epoch": epoch})

            with contextlib.suppress(Exception):
                await self.writer.run(release_all)

    # --- taking --------------------------------------------------------------------------
    async def take(self, table_id: str) -> bool:
        """Take the table's lease before loading it. False: there is no such table.

        Raises ``table_moved`` when another node keeps it for longer than a lease time.
        """
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.ttl + 1.0
        asked = False
        while True:
            rows = await self.writer.run(lambda c: _run(c, _TAKE, self._params(table_id)))
            if rows:
                self.fence.epochs[table_id] = int(rows[0][0])
                return True
            holder = await self.writer.run(lambda c: _run(c, _HOLDER, self._params(table_id)))
            if not holder:
                return False  # no lease and no table
            if not asked:
                asked = True
                await self._want(table_id)
            if loop.time() >= deadline:
                raise ServerError("table_moved", table=table_id, node=str(holder[0][0]))
            await asyncio.sleep(0.1)

    def claim_new(self, table_id: str) -> None:
        """Lease a table this node has just created (queued before any of its actions)."""

        def claim(c: Connection) -> int | None:
            rows = _run(c, _CLAIM_NEW, self._params(table_id))
            return int(rows[0][0]) if rows else None

        def done(fut: asyncio.Future[int | None]) -> None:
            if fut.cancelled() or fut.exception() is not None:
                return
            epoch = fut.result()
            if epoch is None:  # another node was asked for it first and took it
                self.lost(table_id)
            else:
                self.fence.epochs[table_id] = epoch

        self.writer.submit_soon(claim).add_done_callback(done)

    def loaded(self, table: LiveTable) -> None:
        """A table this node has just taken over: its bots, stand-ins and timer go on."""
        autoplay = self.hub.autoplay
        if table.status == PLAYING:
            for s in table.seats:
                if s.kind == "human" and not table.connections[s.seat]:
                    autoplay.schedule_away(table, s.seat)
        autoplay.kick(table)  # a turn timer counts from the turn's start, as after a restart

    # --- losing and giving up ------------------------------------------------------------
    def lost(self, table_id: str) -> None:
        """Another node holds the lease now: forget the table, send its clients there."""
        self.fence.epochs.pop(table_id, None)
        table = self.registry.tables.pop(table_id, None)
        if table is None:
            return
        log.warning("node %s: table %s moved to another node", self.node, table_id)
        table.moved = True
        self.registry.on_drop(table_id)
        self._send_away(table)

    def _send_away(self, table: LiveTable) -> None:
        from stammtisch.server.ws import error_message  # the routes sit above this module

        err = ServerError("table_moved", table=table.id, node="")
        for client in list(table.clients):
            client.push(error_message(err, client.lang))
            client.close_code = MOVED_CLOSE
            client.push_none()

    async def give_up(self, table_id: str) -> None:
        """Another node was sent this table's requests (the proxy changed its mind): hand it
        over once no change is under way."""
        table = self.registry.tables.get(table_id)
        if table is None:
            return
        async with table.exclusive():
            if self.registry.tables.get(table_id) is not table:
                return
            del self.registry.tables[table_id]
            table.moved = True
            self.registry.on_drop(table_id)  # releases the lease
        log.info("node %s: table %s handed over", self.node, table_id)
        self._send_away(table)

    def release(self, table_id: str) -> None:
        """Give the lease up (a table this node could not load, or dropped): it is not renewed
        any more and expires now, so any node may take it."""
        self._release_soon(table_id)

    def _release_soon(self, table_id: str) -> None:
        epoch = self.fence.epochs.pop(table_id, None)
        if epoch is None:
            return
        params = {**self._params(table_id), "epoch": epoch}
        self.writer.submit_soon(lambda c: _run(c, _RELEASE, params)).add_done_callback(
            lambda f: None if f.cancelled() else f.exception()
        )

    # --- background ----------------------------------------------------------------------
    async def _renew_forever(self) -> None:
        while True:
            await asyncio.sleep(self.ttl / 3)
            try:
                await self.renew()
            except Exception:
                log.exception("node %s: renewing leases failed", self.node)

    async def renew(self) -> list[str]:
        """Renew every lease of this node; the tables whose lease was taken over are lost."""
        held = dict(self.fence.epochs)
        if not held:
            return []
        params = {
            "node": self.node,
            "ttl": self.ttl,
            "ids": list(held),
            "epochs": list(held.values()),
        }
        rows = await self.writer.run(lambda c: _run(c, _RENEW, params))
        kept = {str(r[0]) for r in rows}
        gone = [tid for tid in held if tid not in kept and self.fence.epochs.get(tid) == held[tid]]
        for tid in gone:
            self.lost(tid)
        # Tables another node asked for, whether or not its NOTIFY reached this node.
        for tid, wanted_by in rows:
            if wanted_by is not None and str(wanted_by) != self.node:
                self._spawn(self.give_up(str(tid)))
        return gone

    def _spawn(self, job: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(job)
        self._handovers.add(task)
        task.add_done_callback(self._handovers.discard)

    async def _adopt_forever(self) -> None:
        while True:
            await asyncio.sleep(self.ttl)
            try:
                await self.adopt()
            except Exception:
                log.exception("node %s: adopting tables failed", self.node)

    async def adopt(self) -> int:
        """Take unfinished tables whose node is gone and that nobody asked for since."""
        rows = await self.writer.run(lambda c: _run(c, _ORPHANS, {"ttl": self.ttl}))
        taken = 0
        settings = self.hub.settings
        for (tid,) in rows:
            if tid in self.registry.tables or owner(str(tid), settings.workers) != settings.worker:
                continue  # ours already, or another process of this node serves it
            with contextlib.suppress(ServerError):
                await self.registry.get(str(tid))
                taken += 1
        return taken

    # --- hand-over between nodes (LISTEN/NOTIFY) -------------------------------------------
    def _conninfo(self) -> str:
        url = make_url(str(self.writer.engine.url.render_as_string(hide_password=False)))
        return url.set(drivername="postgresql").render_as_string(hide_password=False)

    async def _listen_forever(self) -> None:
        """Hand tables over when asked; a lost listening connection is opened again (meanwhile
        the tables still move, by ``wanted_by`` read at the next renewal)."""
        import psycopg

        while True:
            try:
                conn = await psycopg.AsyncConnection.connect(self._conninfo(), autocommit=True)
                self._listener = conn
                await conn.execute(f"LISTEN {WANT_CHANNEL}")
                async for note in conn.notifies():
                    sender, _, table_id = note.payload.partition(" ")
                    if sender != self.node and table_id in self.registry.tables:
                        await self.give_up(table_id)
            except Exception:
                log.exception("node %s: listening for table hand-overs failed", self.node)
            await asyncio.sleep(1.0)

    async def _want(self, table_id: str) -> None:
        """Ask the holder for the table: at once by ``NOTIFY``, and in the lease row, which the
        holder reads at its next renewal (a third of the lease time) if the note is lost."""
        payload = f"{self.node} {table_id}"

        def want(c: Connection) -> None:
            _run(c, _WANT, self._params(table_id))
            _run(c, "SELECT pg_notify(%(ch)s, %(p)s)", {"ch": WANT_CHANNEL, "p": payload})

        await self.writer.run(want)
