"""The database layer: migrations match the schema; group commit isolates a failing job."""

from __future__ import annotations

import asyncio

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import func, select

from stammtisch.server.db import repo
from stammtisch.server.db.engine import make_engine
from stammtisch.server.db.migrate import upgrade
from stammtisch.server.db.repo import ActionRow, SeatRow, TableRow, VersionConflict
from stammtisch.server.db.schema import actions, metadata
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
