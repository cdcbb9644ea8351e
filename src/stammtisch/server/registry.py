"""Which tables live in this process's memory: loaded on first use, dropped when idle.

:class:`Registry` hands out :class:`~stammtisch.server.table.LiveTable` objects by id. A table
is loaded from the database the first time it is asked for (replaying its seed and actions
off the event loop; two requests at once share one load), and a finished table that nobody
has used for ``Settings.finished_ttl`` seconds is dropped again (it stays in the database).
With ``serve --workers`` only the tables this process owns are ever loaded here.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from concurrent.futures import Executor
from typing import TYPE_CHECKING, Any

from stammtisch.core.game import JSON
from stammtisch.server.config import Settings
from stammtisch.server.db import repo
from stammtisch.server.db.repo import TableRow
from stammtisch.server.db.writer import DbWriter
from stammtisch.server.errors import ServerError
from stammtisch.server.shards import MAX_ID, new_owned_id, owner
from stammtisch.server.table import OVER, WAITING, LiveTable

if TYPE_CHECKING:
    from stammtisch.server.lease import Leases


class Registry:
    def __init__(self, settings: Settings, writer: DbWriter, pool: Executor) -> None:
        self.settings = settings
        self.writer = writer
        self.pool = pool
        self.tables: dict[str, LiveTable] = {}
        self._loading: dict[str, asyncio.Future[LiveTable | None]] = {}
        #: Called with the id of every table dropped from memory (its bots go too).
        self.on_drop: Callable[[str], None] = lambda _tid: None
        #: Called with every table loaded from the database (not with new ones).
        self.on_load: Callable[[LiveTable], None] = lambda _table: None
        #: Node mode (``serve --node-id``): a table is ours while we hold its lease.
        self.leases: Leases | None = None

    # --- which tables are ours (``serve --workers``) ----------------------------------------
    def owns(self, table_id: str) -> bool:
        if self.leases is not None:  # node mode: only what this node has taken
            return table_id in self.tables
        return owner(table_id, self.settings.workers) == self.settings.worker

    def new_id(self) -> str:
        """A new table id of this process."""
        return new_owned_id(self.settings.worker, self.settings.workers)

    def add(self, row: TableRow) -> LiveTable:
        """A table just created (its row is in the database)."""
        table = LiveTable(row, self.writer.append)
        self.tables[row.id] = table
        if self.leases is not None:
            self.leases.claim_new(row.id)
        return table

    # --- loading ---------------------------------------------------------------------------
    async def get(self, table_id: str) -> LiveTable:
        table = self.tables.get(table_id)
        if table is not None:
            table.last_used = time.monotonic()
            return table
        if self.leases is None and not self.owns(table_id):
            # Another process is its single writer; an id no table can have is simply unknown.
            if len(table_id) > MAX_ID:
                raise ServerError("table_not_found", table=table_id[:MAX_ID])
            raise ServerError("misrouted", table=table_id)
        pending = self._loading.get(table_id)
        if pending is None:
            pending = asyncio.get_running_loop().create_future()
            self._loading[table_id] = pending
            try:
                pending.set_result(await self._load(table_id))
            except BaseException as exc:
                pending.set_exception(exc)
                raise
            finally:
                del self._loading[table_id]
        result = await asyncio.shield(pending)
        if result is None:
            raise ServerError("table_not_found", table=table_id[:MAX_ID])
        return result

    async def _load(self, table_id: str) -> LiveTable | None:
        if len(table_id) > MAX_ID:
            return None
        if self.leases is not None and not await self.leases.take(table_id):
            return None
        loaded: LiveTable | None = None
        try:
            loaded = await self._read(table_id)
        finally:
            if loaded is None and self.leases is not None:
                # Not loaded, so not served here: the lease goes at once (it is not renewed
                # any more), and the next request, on this node or another, tries afresh.
                self.leases.release(table_id)
        if loaded is None:
            return None
        self.tables[table_id] = loaded
        self.on_load(loaded)
        if self.leases is not None:
            self.leases.loaded(loaded)
        return loaded

    async def _read(self, table_id: str) -> LiveTable | None:
        row = await self.writer.run(lambda c: repo.load_table(c, table_id))
        if row is None:
            return None
        # Replaying a long game is work: not on the event loop.
        return await asyncio.get_running_loop().run_in_executor(self.pool, LiveTable, row, self.writer.append)

    # --- memory ----------------------------------------------------------------------------
    def sweep(self, now: float | None = None) -> list[str]:
        """Drop finished tables nobody has used for ``finished_ttl`` seconds.

        They stay in the database and are loaded again on demand (:meth:`get`). A table with
        a connection, or one in the middle of a change, stays.
        """
        now = time.monotonic() if now is None else now
        ttl = self.settings.finished_ttl
        gone = [
            tid for tid, t in self.tables.items() if t.status == OVER and t.idle and now - t.last_used >= ttl
        ]
        for tid in gone:
            self.tables.pop(tid).moved = True  # a connection on its way in reconnects
            self.on_drop(tid)
        return gone

    # --- the lobby's list ------------------------------------------------------------------
    def open_tables(self) -> list[LiveTable]:
        """The waiting tables of this process, newest first."""
        return sorted(
            (t for t in self.tables.values() if t.status == WAITING),
            key=lambda t: t.row.created_at,
            reverse=True,
        )

    async def open_table_infos(self) -> list[JSON]:
        """Every waiting table's :meth:`LiveTable.info`, newest first.

        With one process these are all in memory. With several, the other processes' tables
        are read from the database (what it does not hold, whether a seated player is
        connected right now, reads as not connected).
        """
        if self.settings.workers <= 1 and self.leases is None:
            return [t.info() for t in self.open_tables()]

        def job(c: Any) -> list[TableRow]:
            rows = (repo.load_table(c, tid) for tid in repo.table_ids(c, (WAITING,)))
            return [r for r in rows if r is not None and r.status == WAITING]

        infos: list[tuple[Any, JSON]] = []
        for row in await self.writer.run(job):
            live = self.tables.get(row.id)
            if live is not None and live.status != WAITING:
                continue
            table = live if live is not None else LiveTable(row, self.writer.append)
            infos.append((row.created_at, table.info()))
        infos.sort(key=lambda item: item[0], reverse=True)
        return [i for _, i in infos]
