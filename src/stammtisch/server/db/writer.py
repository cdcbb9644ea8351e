"""All reads and writes of the database, with group commit.

Callers on the event loop ``await writer.run(fn)``; ``fn(connection)`` runs where the
writer runs its jobs. Jobs that are waiting together are run in one transaction and
committed once (group commit), and only after that commit does any of their callers resume.
So "commit before broadcast" costs one commit per batch, not one per move, when many tables
play. A job that fails is retried alone, so it cannot take the others of its batch down with
it.

Where the jobs run depends on the database:

* PostgreSQL: on one database thread, because every statement waits for the network.
* SQLite: on the event loop itself, at the end of the loop turn in which they were asked
  for (*inline*). A SQLite transaction of a batch takes well under a millisecond of work,
  and runs faster there than on a thread: a thread has to win the GIL back from the busy
  event loop after every SQLite call (up to the 5 ms switch interval each time). When
  several server processes share the file (``serve --workers``), each transaction holds an
  ``flock`` on ``<database>.lock`` (:func:`sqlite_lock_file`) for exactly that short time, so
  the processes take turns without SQLite's busy polling.
"""

from __future__ import annotations

import asyncio
import os
import queue
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

from sqlalchemy import Connection, Engine

try:
    import fcntl
except ImportError:  # Windows: a SQLite file there is for one server process
    fcntl = None  # type: ignore[assignment]

from stammtisch.server.db.repo import ActionRow, Fence, LeaseLost, append_actions

T = TypeVar("T")

MAX_BATCH = 512


def sqlite_lock_file(engine: Engine) -> int | None:
    """A lock file beside a SQLite database file, held during every write transaction.

    Several server processes (``serve --workers``) write to one SQLite file. SQLite lets
    one writer in at a time and makes the others poll with sleeps of 1, 2, 5, 10 ... ms,
    which showed as latency spikes of hundreds of milliseconds under load. A process that
    waits on an ``flock`` instead is woken the moment the lock is free. None where there is
    no such file (PostgreSQL, an in-memory SQLite database) or no ``fcntl`` (Windows).
    """
    url = engine.url
    if fcntl is None or url.get_backend_name() != "sqlite" or url.database in (None, "", ":memory:"):
        return None
    return os.open(f"{url.database}.lock", os.O_RDWR | os.O_CREAT, 0o644)


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
    def __init__(self, engine: Engine, inline: bool | None = None) -> None:
        """``inline``: run the jobs on the event loop (default: for SQLite, see above)."""
        self.engine = engine
        self.inline = engine.url.get_backend_name() == "sqlite" if inline is None else inline
        self._lock_fd = sqlite_lock_file(engine)
        self._queue: queue.SimpleQueue[list[_Job] | None] = queue.SimpleQueue()
        # Jobs of one event-loop turn are handed over together: one thread wake-up each.
        self._pending: list[_Job] = []
        self._thread: threading.Thread | None = None
        self._conn: Connection | None = None  # inline: the one connection, kept open
        if not self.inline:
            self._thread = threading.Thread(target=self._loop, name="stammtisch-db", daemon=True)
            self._thread.start()
        self.batches = 0
        self.jobs = 0
        #: Node mode (``serve --node-id``): the leases every stored action is fenced by, and
        #: what to do (on the event loop, after the refused caller heard of it) with a table
        #: whose lease another node has taken.
        self.fence: Fence | None = None
        self.on_lease_lost: Callable[[str], None] = lambda _tid: None

    async def run(self, fn: Callable[[Connection], T]) -> T:
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[T] = loop.create_future()
        self._submit(_Job(fn, loop, fut))
        return await fut

    def submit_soon(self, fn: Callable[[Connection], T]) -> asyncio.Future[T]:
        """Like :meth:`run`, but queued at once (before anything asked for later) without
        waiting for it."""
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[T] = loop.create_future()
        self._submit(_Job(fn, loop, fut))
        return fut

    def _submit(self, job: _Job) -> None:
        if not self._pending:
            job.loop.call_soon(self._flush)
        self._pending.append(job)

    def _flush(self) -> None:
        jobs, self._pending = self._pending, []
        if not jobs:
            return
        if self.inline:
            for start in range(0, len(jobs), MAX_BATCH):
                self._run_locked(jobs[start : start + MAX_BATCH])
        else:
            self._queue.put(jobs)

    async def append(self, row: ActionRow) -> None:
        """Store one accepted action; returns once it is committed.

        The actions of one batch are written with two statements (see
        :func:`~stammtisch.server.db.repo.append_actions`).
        """
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[None] = loop.create_future()
        self._submit(_Job(None, loop, fut, row))
        try:
            await fut
        except LeaseLost as exc:
            loop.call_soon(self.on_lease_lost, exc.table_id)
            raise

    def close(self) -> None:
        self._flush()
        if self._thread is not None:
            self._queue.put(None)
            self._thread.join(timeout=10)
        if self._conn is not None:
            self._conn.close()
            self._conn = None
        if self._lock_fd is not None:
            os.close(self._lock_fd)
            self._lock_fd = None
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
            self._run_locked(batch)
            if stop:
                return

    @contextmanager
    def _transaction(self) -> Iterator[Connection]:
        """One transaction, committed at the end (rolled back on an exception).

        Inline, the writer keeps its one connection open (checking one out of the pool for
        every batch cost more than the statements); a connection that breaks is replaced.
        """
        if not self.inline:
            with self.engine.begin() as conn:
                yield conn
            return
        kept = self._conn
        if kept is None or kept.closed or kept.invalidated:
            kept = self._conn = self.engine.connect()
        try:
            with kept.begin():
                yield kept
        except BaseException:
            if kept.invalidated:
                kept.close()
                self._conn = None
            raise

    def _run_locked(self, batch: list[_Job]) -> None:
        if self._lock_fd is None:
            self._run_batch(batch)
            return
        fcntl.flock(self._lock_fd, fcntl.LOCK_EX)
        try:
            self._run_batch(batch)
        finally:
            fcntl.flock(self._lock_fd, fcntl.LOCK_UN)

    def _deliver(self, outcomes: list[tuple[_Job, Any, BaseException | None]]) -> None:
        """Wake each event loop once per batch, not once per job."""
        if self.inline:  # on the loop already
            _resolve_all([(job.future, value, exc) for job, value, exc in outcomes])
            return
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
            with self._transaction() as conn:
                rows: list[ActionRow] = []
                tables: set[str] = set()
                for job in batch:
                    if job.fn is not None:
                        results.append(job.fn(conn))
                        continue
                    assert job.action is not None
                    if job.action.table_id in tables:  # one action per table per statement
                        append_actions(conn, rows, self.fence)
                        rows, tables = [], set()
                    rows.append(job.action)
                    tables.add(job.action.table_id)
                    results.append(None)
                if rows:
                    append_actions(conn, rows, self.fence)
        except Exception as exc:
            if len(batch) == 1:
                self._deliver([(batch[0], None, exc)])
            else:
                self._deliver([self._run_one(job) for job in batch])
            return
        self._deliver([(job, value, None) for job, value in zip(batch, results, strict=True)])

    def _run_one(self, job: _Job) -> tuple[_Job, Any, BaseException | None]:
        try:
            with self._transaction() as conn:
                if job.fn is not None:
                    value = job.fn(conn)
                else:
                    assert job.action is not None
                    append_actions(conn, [job.action], self.fence)
                    value = None
        except Exception as exc:
            return (job, None, exc)
        return (job, value, None)
