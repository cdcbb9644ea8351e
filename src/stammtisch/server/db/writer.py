"""The one database thread: all reads and writes, with group commit.

Callers on the event loop ``await writer.run(fn)``; ``fn(connection)`` runs on the writer
thread. Jobs that are waiting together are run in one transaction and committed once
(group commit), and only after that commit does any of their callers resume. So "commit
before broadcast" costs one commit per batch, not one per move, when many tables play. A
job that fails is retried alone, so it cannot take the others of its batch down with it.
"""

from __future__ import annotations

import asyncio
import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from sqlalchemy import Connection, Engine

from stammtisch.server.db.repo import ActionRow, append_actions

T = TypeVar("T")

MAX_BATCH = 512


@dataclass
class _Job:
    fn: Callable[[Connection], Any] | None  # None: store ``action``
    loop: asyncio.AbstractEventLoop
    future: asyncio.Future[Any]
    action: ActionRow | None = None


Outcome = tuple[asyncio.Future[Any], Any, BaseException | None]


def _resolve_all(outcomes: list[Outcome]) -> None:
    for fut, value, exc in outcomes:
        if fut.cancelled():
            continue
        if exc is not None:
            fut.set_exception(exc)
        else:
            fut.set_result(value)


class DbWriter:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._queue: queue.SimpleQueue[list[_Job] | None] = queue.SimpleQueue()
        # Jobs of one event-loop turn are handed over together: one thread wake-up each.
        self._pending: list[_Job] = []
        self._thread = threading.Thread(target=self._loop, name="stammtisch-db", daemon=True)
        self._thread.start()
        self.batches = 0
        self.jobs = 0

    async def run(self, fn: Callable[[Connection], T]) -> T:
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[T] = loop.create_future()
        self._submit(_Job(fn, loop, fut))
        return await fut

    def _submit(self, job: _Job) -> None:
        if not self._pending:
            job.loop.call_soon(self._flush)
        self._pending.append(job)

    def _flush(self) -> None:
        jobs, self._pending = self._pending, []
        if jobs:
            self._queue.put(jobs)

    async def append(self, row: ActionRow) -> None:
        """Store one accepted action; returns once it is committed.

        The actions of one batch are written with two statements (see
        :func:`~stammtisch.server.db.repo.append_actions`).
        """
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[None] = loop.create_future()
        self._submit(_Job(None, loop, fut, row))
        await fut

    def close(self) -> None:
        self._flush()
        self._queue.put(None)
        self._thread.join(timeout=10)
        self.engine.dispose()

    # --- writer thread -----------------------------------------------------------------
    def _loop(self) -> None:
        while True:
            first = self._queue.get()
            if first is None:
                return
            batch = list(first)
            stop = False
            while len(batch) < MAX_BATCH:
                try:
                    nxt = self._queue.get_nowait()
                except queue.Empty:
                    break
                if nxt is None:
                    stop = True
                    break
                batch.extend(nxt)
            self._run_batch(batch)
            if stop:
                return

    @staticmethod
    def _deliver(outcomes: list[tuple[_Job, Any, BaseException | None]]) -> None:
        """Wake each event loop once per batch, not once per job."""
        by_loop: dict[asyncio.AbstractEventLoop, list[Outcome]] = {}
        for job, value, exc in outcomes:
            by_loop.setdefault(job.loop, []).append((job.future, value, exc))
        for loop, items in by_loop.items():
            try:
                loop.call_soon_threadsafe(_resolve_all, items)
            except RuntimeError:  # that loop is closed: nobody is waiting any more
                pass

    def _run_batch(self, batch: list[_Job]) -> None:
        self.batches += 1
        self.jobs += len(batch)
        try:
            results: list[Any] = []
            with self.engine.begin() as conn:
                rows: list[ActionRow] = []
                tables: set[str] = set()
                for job in batch:
                    if job.fn is not None:
                        results.append(job.fn(conn))
                        continue
                    assert job.action is not None
                    if job.action.table_id in tables:  # one action per table per statement
                        append_actions(conn, rows)
                        rows, tables = [], set()
                    rows.append(job.action)
                    tables.add(job.action.table_id)
                    results.append(None)
                if rows:
                    append_actions(conn, rows)
        except Exception as exc:
            if len(batch) == 1:
                self._deliver([(batch[0], None, exc)])
            else:
                self._deliver([self._run_one(job) for job in batch])
            return
        self._deliver([(job, value, None) for job, value in zip(batch, results, strict=True)])

    def _run_one(self, job: _Job) -> tuple[_Job, Any, BaseException | None]:
        try:
            with self.engine.begin() as conn:
                if job.fn is not None:
                    value = job.fn(conn)
                else:
                    assert job.action is not None
                    append_actions(conn, [job.action])
                    value = None
        except Exception as exc:
            return (job, None, exc)
        return (job, value, None)
