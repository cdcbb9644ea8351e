"""CPU cost of storing accepted actions on the writer thread, SQLAlchemy Core vs plain SQL.

Compares, in one process and on the same database, batches of actions of distinct tables
stored

* ``core``: the former ``repo.append_actions``, SQLAlchemy Core ``executemany`` of a prebuilt
  ``UPDATE ... WHERE id = :t_id AND version = :prev`` and ``INSERT INTO st_actions``, defined
  here for the comparison only;
* ``plain``: the current :func:`stammtisch.server.db.repo.append_actions` (plain SQL on the
  DBAPI cursor of the same transaction).

Both write the same rows (the tests in ``tests/server/test_server_db.py`` compare the stored
values byte for byte). The measure is the CPU time of the calling thread
(``time.thread_time``, user + system, so it includes the driver and, for SQLite, the
database engine itself, but not the PostgreSQL server process): for the ``append_actions``
call alone, and for the whole transaction as the writer runs it (``engine.begin()``,
append, commit). Rounds alternate between the two (ABBA order) so that a noisy machine hurts
both alike; the report gives the median over the rounds. For PostgreSQL it also gives the
CPU time of the server's backend process (from /proc), to show that the work is not just
moved to the server.

SQLite runs on a file in a temporary directory, set up by ``make_engine`` (WAL,
``synchronous=NORMAL``). PostgreSQL runs in a throwaway database created through the admin
URL and dropped afterwards; it is skipped when the server is not reachable. Run:

    PYTHONPATH=src python benchmarks/db_append.py [--db sqlite postgres] [--batch 20]
        [--rounds 8] [--seconds 0.25] [--pg-admin postgresql://postgres@127.0.0.1:5432/test]
        [--out benchmarks/db_append.txt]
"""

from __future__ import annotations

import argparse
import os
import platform
import sqlite3
import statistics
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

import sqlalchemy
from sqlalchemy import Connection, Engine, bindparam, insert, update

from stammtisch.server.db import repo
from stammtisch.server.db.engine import make_engine
from stammtisch.server.db.migrate import upgrade
from stammtisch.server.db.repo import ActionRow, SeatRow, TableRow
from stammtisch.server.db.schema import actions, tables

PG_ADMIN_URLS = (
    "postgresql://postgres@127.0.0.1:5432/test",
    "postgresql://root@127.0.0.1:5432/test",
)

# --- the SQLAlchemy Core version, as repo.append_actions was before the plain-SQL path --------
_ADVANCE = (
    update(tables)
    .where(tables.c.id == bindparam("t_id"), tables.c.version == bindparam("prev"))
    .values(
        version=bindparam("idx"),
        status=bindparam("t_status"),
        result=bindparam("t_result"),
        updated_at=bindparam("ts"),
    )
)
_INSERT_ACTION = insert(actions)


def core_append_actions(conn: Connection, rows: list[ActionRow]) -> None:
    ts = repo.now()
    res = conn.execute(
        _ADVANCE,
        [
            {
                "t_id": r.table_id,
                "prev": r.idx - 1,
                "idx": r.idx,
                "t_status": r.status,
                "t_result": r.result,
                "ts": ts,
            }
            for r in rows
        ],
    )
    if res.rowcount != len(rows):
        raise repo.VersionConflict(
            f"{len(rows) - res.rowcount} of {len(rows)} tables were not at the expected version"
        )
    conn.execute(
        _INSERT_ACTION,
        [
            {"table_id": r.table_id, "idx": r.idx, "seat": r.seat, "notation": r.notation, "created_at": ts}
            for r in rows
        ],
    )


IMPLEMENTATIONS: dict[str, Callable[[Connection, list[ActionRow]], None]] = {
    "core": core_append_actions,
    "plain": repo.append_actions,
}

# A finished game's result, as the server stores it (one per batch).
RESULT = {"winner": [0, 2], "scores": [12, -3, 12, -3], "reason": "Ziel erreicht", "moves": 187}


class Workload:
    """Batches of ``batch`` actions, each of a different table, cycling through ``n_tables``."""

    def __init__(self, engine: Engine, n_tables: int, batch: int) -> None:
        self.engine = engine
        self.batch = batch
        self.ids = [f"bench{i:05d}" for i in range(n_tables)]
        self.version = [0] * n_tables
        self.next = 0
        with engine.begin() as conn:
            for tid in self.ids:
                repo.insert_table(
                    conn,
                    TableRow(tid, "dog", {"players": 4}, 1, "playing", [SeatRow(s, "bot") for s in range(4)]),
                )

    def rows(self) -> list[ActionRow]:
        out = []
        for j in range(self.batch):
            t = self.next
            self.next = (self.next + 1) % len(self.ids)
            self.version[t] += 1
            result = RESULT if j == 0 else None
            out.append(
                ActionRow(
                    self.ids[t],
                    self.version[t],
                    j % 4,
                    "K♥ 4>12",
                    "over" if result else "playing",
                    result,
                )
            )
        return out

    def measure(
        self, fn: Callable[[Connection, list[ActionRow]], None], seconds: float
    ) -> tuple[float, float, float, int]:
        """CPU seconds of the append calls, of the whole transactions, of the database server
        process (PostgreSQL only, else 0), and the number of actions."""
        append_cpu = txn_cpu = 0.0
        n = 0
        server0 = self.server_cpu()
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            rows = self.rows()
            t0 = time.thread_time()
            with self.engine.begin() as conn:
                t1 = time.thread_time()
                fn(conn, rows)
                t2 = time.thread_time()
            t3 = time.thread_time()
            append_cpu += t2 - t1
            txn_cpu += t3 - t0
            n += len(rows)
        return append_cpu, txn_cpu, self.server_cpu() - server0, n

    def server_cpu(self) -> float:
        """CPU seconds (user + system) of the PostgreSQL backend serving the pooled connection.

        The writer uses one connection at a time, so the pool keeps just one; its backend
        runs on this machine (127.0.0.1), so /proc tells its CPU time (in clock ticks).
        """
        if self.backend_pid is None:
            return 0.0
        fields = Path(f"/proc/{self.backend_pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    @cached_property
    def backend_pid(self) -> int | None:
        if self.engine.dialect.name != "postgresql":
            return None
        with self.engine.connect() as conn:
            pid = int(conn.exec_driver_sql("SELECT pg_backend_pid()").scalar_one())
        return pid if Path(f"/proc/{pid}/stat").exists() else None


@dataclass
class Totals:
    append: list[float] = field(default_factory=list)  # CPU µs per action, one per round
    txn: list[float] = field(default_factory=list)
    server_cpu: float = 0.0  # seconds, all rounds
    actions: int = 0


def bench(engine: Engine, args: argparse.Namespace) -> dict[str, Totals]:
    """CPU per action of each implementation, round by round."""
    upgrade(engine)
    work = Workload(engine, args.tables, args.batch)
    for fn in IMPLEMENTATIONS.values():  # warm up: statement caches, prepared statements
        work.measure(fn, args.seconds / 4)
    totals = {name: Totals() for name in IMPLEMENTATIONS}
    names = list(IMPLEMENTATIONS)
    for r in range(args.rounds):
        for name in names if r % 2 == 0 else names[::-1]:
            append_cpu, txn_cpu, server_cpu, n = work.measure(IMPLEMENTATIONS[name], args.seconds)
            t = totals[name]
            t.append.append(append_cpu / n * 1e6)
            t.txn.append(txn_cpu / n * 1e6)
            t.server_cpu += server_cpu
            t.actions += n
    return totals


@contextmanager
def sqlite_engine() -> Iterator[Engine]:
    with tempfile.TemporaryDirectory() as tmp:
        engine = make_engine(f"sqlite:///{Path(tmp) / 'bench.sqlite3'}")
        try:
            yield engine
        finally:
            engine.dispose()


def pg_admin(candidates: list[str]) -> str | None:
    try:
        import psycopg
    except ImportError:
        return None
    for url in candidates:
        try:
            with psycopg.connect(url, connect_timeout=2):
                return url
        except psycopg.Error:
            continue
    return None


@contextmanager
def pg_engine(admin: str) -> Iterator[Engine]:
    import psycopg

    name = f"stammtisch_bench_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    user = admin.split("//", 1)[1].split("@", 1)[0]
    engine = make_engine(f"postgresql+psycopg://{user}@127.0.0.1:5432/{name}")
    try:
        yield engine
    finally:
        engine.dispose()
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def server_version(engine: Engine) -> str:
    with engine.connect() as conn:
        return str(conn.exec_driver_sql("SHOW server_version").scalar_one()).split()[0]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--db", nargs="+", choices=["sqlite", "postgres"], default=["sqlite", "postgres"])
    ap.add_argument("--batch", type=int, default=20, help="actions per batch (distinct tables)")
    ap.add_argument("--tables", type=int, default=2000, help="stored tables the batches cycle through")
    ap.add_argument("--rounds", type=int, default=8)
    ap.add_argument("--seconds", type=float, default=0.25, help="wall time per implementation and round")
    ap.add_argument("--pg-admin", action="append", help="admin URL to create the throwaway database")
    ap.add_argument("--out", type=Path, help="also write the report to this file")
    args = ap.parse_args()
    if args.tables < args.batch:
        ap.error("--tables must be at least --batch")

    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    lines = [
        "Storing accepted actions: CPU microseconds per action on the writer thread (time.thread_time)",
        f"batches of {args.batch} actions of distinct tables (one with a result), cycling through "
        f"{args.tables} tables; median of {args.rounds} rounds of {args.seconds} s per implementation",
        "core  = SQLAlchemy Core executemany (before); plain = repo.append_actions (plain SQL on the DBAPI cursor)",
        "append = the append_actions call; txn = engine.begin() + append + commit;",
        "server = CPU of the PostgreSQL backend process per action (all rounds, /proc, 10 ms ticks)",
        f"Python {platform.python_version()}, SQLAlchemy {sqlalchemy.__version__}, {platform.machine()}, "
        f"{platform.system()} {platform.release()}, {os.cpu_count()} CPUs, load average at start {load}",
        "",
        f"{'database':<34} {'':>6} {'core':>7} {'plain':>7} {'ratio':>6}",
    ]
    print("\n".join(lines), flush=True)

    def report(label: str, totals: dict[str, Totals]) -> list[str]:
        core, plain = totals["core"], totals["plain"]
        out = []
        for what, c, p in (
            ("append", statistics.median(core.append), statistics.median(plain.append)),
            ("txn", statistics.median(core.txn), statistics.median(plain.txn)),
            ("server", core.server_cpu / core.actions * 1e6, plain.server_cpu / plain.actions * 1e6),
        ):
            if what == "server" and c == 0.0:
                continue
            ratio = f"{c / p:>5.2f}x" if p else "     -"
            out.append(f"{label:<34} {what:>6} {c:>7.1f} {p:>7.1f} {ratio}")
            label = ""
        print("\n".join(out), flush=True)
        return out

    if "sqlite" in args.db:
        with sqlite_engine() as engine:
            lines += report(f"SQLite {sqlite3.sqlite_version} (WAL file)", bench(engine, args))
    if "postgres" in args.db:
        admin = pg_admin(args.pg_admin or list(PG_ADMIN_URLS))
        if admin is None:
            line = "PostgreSQL: skipped (no usable server on 127.0.0.1:5432 or psycopg missing)"
            print(line)
            lines.append(line)
        else:
            import psycopg

            with pg_engine(admin) as engine:
                label = f"PostgreSQL {server_version(engine)} (psycopg {psycopg.__version__})"
                lines += report(label, bench(engine, args))
    if args.out:
        args.out.write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
