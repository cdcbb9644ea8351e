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

T = TypeVar("T")

MAX_BATCH = 512


@dataclass
class _Job:
    fn: Callable[[Connection], Any]
    loop: asyncio.AbstractEventLoop
    future: asyncio.Future[Any]


def _resolve(fut: asyncio.Future[Any], value: Any, exc: BaseException | None) -> None:
    if fut.cancelled():
        return
    if exc is not None:
        fut.set_exception(exc)
    else:
        fut.set_result(value)


class DbWriter:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._queue: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._loop, name="stammtisch-db", daemon=True)
        self._thread.start()
        self.batches = 0
        self.jobs = 0

    async def run(self, fn: Callable[[Connection], T]) -> T:
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[T] = loop.create_future()
        self._queue.put(_Job(fn, loop, fut))
        return await fut

    def close(self) -> None:
        self._queue.put(None)
        self._thread.join(timeout=10)
        self.engine.dispose()

    # --- writer thread -----------------------------------------------------------------
    def _loop(self) -> None:
        while True:
            first = self._queue.get()
            if first is None:
                return
            batch = [first]
            stop = False
            while len(batch) < MAX_BATCH:
                try:
                    nxt = self._queue.get_nowait()
                except queue.Empty:
                    break
                if nxt is None:
                    stop = True
                    break
                batch.append(nxt)
            self._run_batch(batch)
            if stop:
                return

    def _run_batch(self, batch: list[_Job]) -> None:
        self.batches += 1
        self.jobs += len(batch)
        try:
            results: list[Any] = []
            with self.engine.begin() as conn:
                for job in batch:
                    results.append(job.fn(conn))
        except Exception as exc:
            if len(batch) == 1:
                job = batch[0]
                job.loop.call_soon_threadsafe(_resolve, job.future, None, exc)
            else:
                for job in batch:
                    self._run_one(job)
            return
        for job, value in zip(batch, results, strict=True):
            job.loop.call_soon_threadsafe(_resolve, job.future, value, None)

    def _run_one(self, job: _Job) -> None:
        try:
            with self.engine.begin() as conn:
                value = job.fn(conn)
        except Exception as exc:
            job.loop.call_soon_threadsafe(_resolve, job.future, None, exc)
            return
        job.loop.call_soon_threadsafe(_resolve, job.future, value, None)
