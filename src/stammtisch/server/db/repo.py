"""Rows in, rows out: plain functions that run on the writer thread with a connection.

Kept free of game logic; :mod:`stammtisch.server.table` decides, this module stores.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Connection, bindparam, delete, insert, select, update

from stammtisch.server.db.schema import actions, seats, tables


def now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


@dataclass
class SeatRow:
    seat: int
    kind: str  # open | human | bot
    nickname: str | None = None
    level: str | None = None
    token_hash: str | None = None


@dataclass
class TableRow:
    id: str
    game: str
    options: dict[str, Any]
    seed: int
    status: str
    seats: list[SeatRow]
    version: int = 0
    turn_timer: float | None = None
    created_at: dt.datetime = field(default_factory=now)
    #: Last change of the stored table (the latest action, or the start): a resumed turn
    #: timer counts from here.
    updated_at: dt.datetime = field(default_factory=now)
    result: dict[str, Any] | None = None
    rematch_id: str | None = None
    actions: list[tuple[int, str]] = field(default_factory=list)  # (seat, notation)


class VersionConflict(RuntimeError):
    """The stored version is not the one the writer expected: refuse rather than fork."""


def insert_table(conn: Connection, row: TableRow) -> None:
    ts = now()
    conn.execute(
        insert(tables).values(
            id=row.id,
            game=row.game,
            options=row.options,
            seed=row.seed,
            status=row.status,
            version=row.version,
            turn_timer=row.turn_timer,
            created_at=row.created_at,
            updated_at=ts,
            result=row.result,
            rematch_id=row.rematch_id,
        )
    )
    conn.execute(
        insert(seats),
        [
            {
                "table_id": row.id,
                "seat": s.seat,
                "kind": s.kind,
                "nickname": s.nickname,
                "level": s.level,
                "token_hash": s.token_hash,
            }
            for s in row.seats
        ],
    )


def load_table(conn: Connection, table_id: str) -> TableRow | None:
    t = conn.execute(select(tables).where(tables.c.id == table_id)).mappings().first()
    if t is None:
        return None
    seat_rows = conn.execute(
        select(seats).where(seats.c.table_id == table_id).order_by(seats.c.seat)
    ).mappings()
    action_rows = conn.execute(
        select(actions.c.idx, actions.c.seat, actions.c.notation)
        .where(actions.c.table_id == table_id)
        .order_by(actions.c.idx)
    ).all()
    acts: list[tuple[int, str]] = []
    for i, (idx, seat, notation) in enumerate(action_rows, start=1):
        if idx != i:
            raise VersionConflict(f"table {table_id}: action {i} is missing")
        acts.append((int(seat), str(notation)))
    created, updated = (
        ts if ts.tzinfo is not None else ts.replace(tzinfo=dt.UTC)  # SQLite drops the zone
        for ts in (t["created_at"], t["updated_at"])
    )
    return TableRow(
        id=t["id"],
        game=t["game"],
        options=dict(t["options"]),
        seed=int(t["seed"]),
        status=t["status"],
        seats=[
            SeatRow(
                seat=int(s["seat"]),
                kind=s["kind"],
                nickname=s["nickname"],
                level=s["level"],
                token_hash=s["token_hash"],
            )
            for s in seat_rows
        ],
        version=int(t["version"]),
        turn_timer=t["turn_timer"],
        created_at=created,
        updated_at=updated,
        result=t["result"],
        rematch_id=t["rematch_id"],
        actions=acts,
    )


def table_ids(conn: Connection, statuses: tuple[str, ...]) -> list[str]:
    rows = conn.execute(
        select(tables.c.id).where(tables.c.status.in_(statuses)).order_by(tables.c.created_at)
    )
    return [str(r[0]) for r in rows]


@dataclass(frozen=True, slots=True)
class ActionRow:
    """Accepted action number ``idx`` of a table, and what the table looks like after it."""

    table_id: str
    idx: int  # 1-based: the table's version after this action
    seat: int
    notation: str
    status: str
    result: dict[str, Any] | None


# Built once: constructing SQLAlchemy statements costs more than running them.
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


def append_actions(conn: Connection, rows: list[ActionRow]) -> None:
    """Store accepted actions (of distinct tables) in two statements.

    The version guard refuses an action unless the stored table is exactly one version
    behind it: two writers can never fork a table.
    """
    ts = now()
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
        raise VersionConflict(
            f"{len(rows) - res.rowcount} of {len(rows)} tables were not at the expected version"
        )
    conn.execute(
        _INSERT_ACTION,
        [
            {"table_id": r.table_id, "idx": r.idx, "seat": r.seat, "notation": r.notation, "created_at": ts}
            for r in rows
        ],
    )


def save_seat(conn: Connection, table_id: str, row: SeatRow) -> None:
    conn.execute(
        update(seats)
        .where(seats.c.table_id == table_id, seats.c.seat == row.seat)
        .values(kind=row.kind, nickname=row.nickname, level=row.level, token_hash=row.token_hash)
    )


def set_status(conn: Connection, table_id: str, status: str) -> None:
    conn.execute(update(tables).where(tables.c.id == table_id).values(status=status, updated_at=now()))


def set_rematch(conn: Connection, table_id: str, rematch_id: str) -> None:
    conn.execute(
        update(tables).where(tables.c.id == table_id).values(rematch_id=rematch_id, updated_at=now())
    )


def delete_table(conn: Connection, table_id: str) -> None:
    conn.execute(delete(actions).where(actions.c.table_id == table_id))
    conn.execute(delete(seats).where(seats.c.table_id == table_id))
    conn.execute(delete(tables).where(tables.c.id == table_id))
