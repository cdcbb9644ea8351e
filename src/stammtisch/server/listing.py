"""The lobby's lists of tables in play (to watch) and finished games (to replay).

Waiting tables come from :meth:`Registry.open_table_infos`. Tables in play and finished ones
are read from the database, most recently changed first and at most ``limit`` of them, in
the shape of :meth:`LiveTable.info`; a table in this process's memory answers for itself
(so its seats' ``connected`` is current).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import Connection, select

from stammtisch.core.game import JSON
from stammtisch.server.db.schema import seats, tables
from stammtisch.server.registry import Registry
from stammtisch.server.table import WAITING

#: Most tables a list shows.
LIST_LIMIT = 30


def summaries(conn: Connection, status: str, limit: int) -> list[JSON]:
    """Table infos of the ``limit`` most recently changed tables with ``status``."""
    rows = (
        conn.execute(
            select(
                tables.c.id,
                tables.c.game,
                tables.c.options,
                tables.c.status,
                tables.c.version,
                tables.c.turn_timer,
                tables.c.rematch_id,
                tables.c.created_at,
            )
            .where(tables.c.status == status)
            .order_by(tables.c.updated_at.desc())
            .limit(limit)
        )
        .mappings()
        .all()
    )
    ids = [r["id"] for r in rows]
    by_table: dict[str, list[JSON]] = {tid: [] for tid in ids}
    if ids:
        for s in conn.execute(
            select(seats.c.table_id, seats.c.seat, seats.c.kind, seats.c.nickname, seats.c.level)
            .where(seats.c.table_id.in_(ids))
            .order_by(seats.c.table_id, seats.c.seat)
        ).mappings():
            by_table[s["table_id"]].append(
                {
                    "seat": int(s["seat"]),
                    "kind": s["kind"],
                    "nickname": s["nickname"],
                    "level": s["level"],
                    "connected": s["kind"] == "bot",
                    "away": False,
                }
            )
    out: list[JSON] = []
    for r in rows:
        created: dt.datetime = r["created_at"]
        if created.tzinfo is None:  # SQLite drops the zone
            created = created.replace(tzinfo=dt.UTC)
        out.append(
            {
                "id": r["id"],
                "game": r["game"],
                "options": dict(r["options"]),
                "status": r["status"],
                "version": int(r["version"]),
                "seats": by_table[r["id"]],
                "turn_timer": r["turn_timer"],
                "current_player": None,
                "rematch_id": r["rematch_id"],
                "created_at": created.isoformat(),
            }
        )
    return out


async def table_infos(registry: Registry, status: str, limit: int = LIST_LIMIT) -> list[JSON]:
    """The lobby's list of tables with ``status`` (waiting, playing or over)."""
    if status == WAITING:
        # A table that every person has left again (only open seats, or bots) waits for
        # nobody: it is not offered to join ("(frei), (frei)"); its invite link still works.
        infos = await registry.open_table_infos()
        return [i for i in infos if any(s["kind"] == "human" for s in i["seats"])]

    def job(c: Any) -> list[JSON]:
        return summaries(c, status, limit)

    infos = await registry.writer.run(job)
    out: list[JSON] = []
    for i in infos:
        live = registry.tables.get(str(i["id"]))
        if live is not None and live.status == status:
            out.append(live.info())
        elif live is None or live.status == status:
            out.append(i)
    return out
