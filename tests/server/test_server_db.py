"""The database layer: migrations match the schema; group commit isolates a failing job; accepted
actions are stored exactly as SQLAlchemy would store them."""

from __future__ import annotations

import asyncio
import dataclasses
import datetime as dt
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import Connection, DateTime, bindparam, func, insert, select, update
from sqlalchemy.dialects.sqlite import dialect as sqlite_dialect

from stammtisch.server.db import repo
from stammtisch.server.db.engine import make_engine
from stammtisch.server.db.migrate import upgrade
from stammtisch.server.db.repo import ActionRow, SeatRow, TableRow, VersionConflict
from stammtisch.server.db.schema import actions, metadata, tables
from stammtisch.server.db.writer import DbWriter


def test_migrations_build_exactly_the_schema(db_url: str) -> None:
    engine = make_engine(db_url)
    upgrade(engine)
    upgrade(engine)  # idempotent: start-up runs it every time
    with engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), metadata)
    engine.dispose()
    assert diff == []


def table(tid: str) -> TableRow:
    return TableRow(tid, "zwickern", {"players": 2}, 1, "playing", [SeatRow(0, "human"), SeatRow(1, "bot")])


async def test_group_commit_and_version_guard(db_url: str) -> None:
    engine = make_engine(db_url)
    upgrade(engine)
    writer = DbWriter(engine)
    try:
        for tid in ("a", "b"):
            await writer.run(lambda c, tid=tid: repo.insert_table(c, table(tid)))
        ok = [writer.append(ActionRow(t, 1, 0, "QH", "playing", None)) for t in ("a", "b")]
        # Same batch: table "a" cannot take action 1 twice; only that job fails.
        dup = writer.append(ActionRow("a", 1, 1, "X", "playing", None))
        results = await asyncio.gather(*ok, dup, return_exceptions=True)
        assert results[:2] == [None, None]
        assert isinstance(results[2], VersionConflict | Exception)
        with pytest.raises(VersionConflict):
            await writer.append(ActionRow("b", 3, 0, "QH", "playing", None))
        count = await writer.run(lambda c: c.execute(select(func.count()).select_from(actions)).scalar_one())
        assert count == 2
        loaded = await writer.run(lambda c: repo.load_table(c, "a"))
        assert loaded is not None and loaded.version == 1 and loaded.actions == [(0, "QH")]
    finally:
        writer.close()


# --- append_actions: plain SQL on the driver cursor, stored exactly as SQLAlchemy stores it ---

RESULTS: list[dict[str, Any] | None] = [
    None,
    {"winner": [0, 2], "scores": {"Ä": -1.5, "名前": None, "big": 2**40}, "nested": [[{"x": []}], {}]},
    {"text": 'Grüß "Gott"\n\\ {a, b} 🂡', "ok": True, "none": None},
    {},
]
NOTATIONS = ["QH", 'K♥ "x", {y} \\ ü', "7S 8S", "ẞ\t€"]
STAMPS = [
    dt.datetime(2026, 3, 29, 1, 30, 0, tzinfo=dt.UTC),  # no microseconds: stored as .000000
    dt.datetime(2026, 12, 3, 7, 51, 19, 123456, tzinfo=dt.UTC),
]


def core_append(conn: Connection, rows: list[ActionRow], ts: dt.datetime) -> None:
    """The reference: the same rows written through SQLAlchemy Core's parameter processing."""
    conn.execute(
        update(tables)
        .where(tables.c.id == bindparam("t_id"), tables.c.version == bindparam("prev"))
        .values(
            version=bindparam("idx"),
            status=bindparam("t_status"),
            result=bindparam("t_result"),
            updated_at=bindparam("ts"),
        ),
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
    conn.execute(
        insert(actions),
        [
            {"table_id": r.table_id, "idx": r.idx, "seat": r.seat, "notation": r.notation, "created_at": ts}
            for r in rows
        ],
    )


def stored(conn: Connection, prefix: str) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    """The raw stored values (as the driver returns them) of the tables named ``prefix...``."""
    if conn.dialect.name == "sqlite":
        t_sql = (
            "SELECT id, status, version, updated_at, typeof(updated_at), result, typeof(result)"
            " FROM st_tables WHERE id LIKE ? ORDER BY id"
        )
        a_sql = (
            "SELECT table_id, idx, seat, notation, typeof(notation), created_at, typeof(created_at)"
            " FROM st_actions WHERE table_id LIKE ? ORDER BY table_id, idx"
        )
        param: Any = (prefix + "%",)
    else:
        t_sql = (
            "SELECT id, status, version, updated_at, result::text, pg_typeof(result)::text"
            " FROM st_tables WHERE id LIKE %s ORDER BY id"
        )
        a_sql = (
            "SELECT table_id, idx, seat, notation, created_at"
            " FROM st_actions WHERE table_id LIKE %s ORDER BY table_id, idx"
        )
        param = (prefix + "%",)
    strip = len(prefix)
    t_rows = [(r[0][strip:], *r[1:]) for r in conn.exec_driver_sql(t_sql, param)]
    a_rows = [(r[0][strip:], *r[1:]) for r in conn.exec_driver_sql(a_sql, param)]
    return t_rows, a_rows


def test_append_actions_stores_exactly_what_sqlalchemy_stores(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    engine = make_engine(db_url)
    upgrade(engine)
    try:
        with engine.begin() as conn:
            for prefix in ("core-", "fast-"):
                for i in range(len(RESULTS)):
                    repo.insert_table(conn, table(f"{prefix}{i}"))
        for version, ts in enumerate(STAMPS, start=1):
            n = len(RESULTS)
            batch = [
                ActionRow(
                    str(i),
                    version,
                    i % 2,
                    NOTATIONS[(i + version) % len(NOTATIONS)],
                    "over" if RESULTS[(i + version) % n] is not None else "playing",
                    RESULTS[(i + version) % n],
                )
                for i in range(n)
            ]
            with engine.begin() as conn:
                core_append(conn, [dataclasses.replace(r, table_id="core-" + r.table_id) for r in batch], ts)
            monkeypatch.setattr(repo, "now", lambda ts=ts: ts)
            with engine.begin() as conn:
                repo.append_actions(
                    conn, [dataclasses.replace(r, table_id="fast-" + r.table_id) for r in batch]
                )
        with engine.connect() as conn:
            core, fast = stored(conn, "core-"), stored(conn, "fast-")
            assert fast == core
            if conn.dialect.name == "sqlite":
                assert {r[3] for r in fast[0]} == {"2026-12-03 07:51:19.123456"}
                assert {r[5] for r in fast[1]} == {"2026-03-29 01:30:00.000000", "2026-12-03 07:51:19.123456"}
            for i in range(len(RESULTS)):
                loaded = repo.load_table(conn, f"fast-{i}")
                assert loaded is not None
                assert loaded.version == len(STAMPS)
                assert loaded.updated_at == STAMPS[-1] and loaded.updated_at.utcoffset() == dt.timedelta(0)
                assert loaded.result == RESULTS[(i + len(STAMPS)) % len(RESULTS)]
                assert loaded.actions == [
                    (i % 2, NOTATIONS[(i + v) % len(NOTATIONS)]) for v in range(1, len(STAMPS) + 1)
                ]
                created = conn.execute(
                    select(actions.c.created_at)
                    .where(actions.c.table_id == f"fast-{i}")
                    .order_by(actions.c.idx)
                ).scalars()
                assert [ts if ts.tzinfo else ts.replace(tzinfo=dt.UTC) for ts in created] == STAMPS
    finally:
        engine.dispose()


def test_sqlite_datetime_is_sqlalchemys_format() -> None:
    process = DateTime(timezone=True).dialect_impl(sqlite_dialect()).bind_processor(sqlite_dialect())
    assert process is not None
    for ts in [*STAMPS, dt.datetime(1, 1, 1, tzinfo=dt.UTC), dt.datetime(9999, 12, 31, 23, 59, 59, 999999)]:
        assert repo.sqlite_datetime(ts) == process(ts)


@pytest.mark.parametrize("stale", [0, 1, 2])
def test_append_actions_version_conflict_stores_nothing(db_url: str, stale: int) -> None:
    engine = make_engine(db_url)
    upgrade(engine)
    try:
        with engine.begin() as conn:
            for tid in ("a", "b", "c"):
                repo.insert_table(conn, table(tid))
            repo.append_actions(
                conn, [ActionRow(tid, 1, 0, "QH", "playing", None) for tid in ("a", "b", "c")]
            )
        with engine.connect() as conn:
            before = stored(conn, "")
        # One of the three is not one version ahead of its stored table.
        rows = [ActionRow(tid, 2, 1, "KS", "over", {"winner": [1]}) for tid in ("a", "b", "c")]
        rows[stale] = dataclasses.replace(rows[stale], idx=3 if stale % 2 else 1)
        with pytest.raises(VersionConflict, match="1 of 3 tables"), engine.begin() as conn:
            repo.append_actions(conn, rows)
        with engine.connect() as conn:
            assert stored(conn, "") == before
            assert conn.execute(select(func.count()).select_from(actions)).scalar_one() == 3
        # The same batch without the stale action goes through.
        with engine.begin() as conn:
            repo.append_actions(conn, rows[:stale] + rows[stale + 1 :])
        with engine.connect() as conn:
            versions = dict(conn.execute(select(tables.c.id, tables.c.version)).all())
        assert versions == {tid: 1 if i == stale else 2 for i, tid in enumerate("abc")}
    finally:
        engine.dispose()


def test_append_actions_commit_as_you_go(db_url: str) -> None:
    """Without ``engine.begin()`` the connection's own transaction is begun, as ``execute`` does."""
    engine = make_engine(db_url)
    upgrade(engine)
    try:
        with engine.connect() as conn:
            repo.insert_table(conn, table("a"))
            conn.commit()
            repo.append_actions(conn, [ActionRow("a", 1, 0, "QH", "playing", None)])
            assert conn.in_transaction()
            conn.commit()
        with engine.connect() as conn:
            loaded = repo.load_table(conn, "a")
        assert loaded is not None and loaded.version == 1 and loaded.actions == [(0, "QH")]
    finally:
        engine.dispose()
