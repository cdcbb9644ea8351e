"""Rows in, rows out: plain functions that run on the writer thread with a connection.

Kept free of game logic; :mod:`stammtisch.server.table` decides, this module stores.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import orjson
from sqlalchemy import Connection, bindparam, delete, insert, select, update

from stammtisch.server.db.schema import actions, seats, tables
from stammtisch.server.errors import ServerError


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
    #: Whether the seated players may chat (the creator's choice).
    chat: bool = True
    actions: list[tuple[int, str]] = field(default_factory=list)  # (seat, notation)
    #: A pending take-back request as stored (``UndoRequest.stored``), or None.
    undo_request: dict[str, Any] | None = None


class VersionConflict(RuntimeError):
    """The stored version is not the one the writer expected: refuse rather than fork."""


class LeaseLost(ServerError):
    """This node no longer holds the table's lease (``serve --node-id``): another node writes
    it now. The action is refused and nothing is stored; the client reconnects and reaches
    the owner."""

    def __init__(self, table_id: str, owner: str | None) -> None:
        super().__init__("table_moved", table=table_id, node=owner or "")
        self.table_id = table_id


@dataclass
class Fence:
    """The leases a node holds: table id -> epoch (node mode only; None in embedded mode).

    Every action this node stores must name the epoch of its lease, and the database checks
    it in the statement that stores it: a node whose lease was taken over cannot write.
    """

    node: str
    epochs: dict[str, int] = field(default_factory=dict)


# Statements built once and run with parameters: building one per call (``.values(...)``)
# cost more than running it, once per new table and rematch.
_INSERT_TABLE = insert(tables)
_INSERT_SEATS = insert(seats)


def insert_table(conn: Connection, row: TableRow) -> None:
    ts = now()
    conn.execute(
        _INSERT_TABLE,
        {
            "id": row.id,
            "game": row.game,
            "options": row.options,
            "seed": row.seed,
            "status": row.status,
            "version": row.version,
            "turn_timer": row.turn_timer,
            "created_at": row.created_at,
            "updated_at": ts,
            "result": row.result,
            "rematch_id": row.rematch_id,
            "chat": row.chat,
        },
    )
    conn.execute(
        _INSERT_SEATS,
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
        chat=bool(t["chat"]) if t.get("chat") is not None else True,
        actions=acts,
        undo_request=t.get("undo_request"),
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


# Storing accepted actions is the hottest write of the server: the writer thread runs it for
# every move, competing with the event loop for the CPU. So it skips SQLAlchemy's per-row
# parameter processing and runs plain SQL on the DBAPI cursor of the caller's connection
# (same transaction), with every value rendered exactly as the column types of
# :mod:`~stammtisch.server.db.schema` render it (tests compare the stored bytes).

_SQLITE_ADVANCE = (
    "UPDATE st_tables SET status = ?, version = ?, updated_at = ?, result = ? WHERE id = ? AND version = ?"
)
_SQLITE_INSERT = "INSERT INTO st_actions (table_id, idx, seat, notation, created_at) VALUES (?, ?, ?, ?, ?)"

# PostgreSQL: one execution per statement, whatever the batch size. ``executemany`` would be
# one execution per row, and psycopg spends microseconds on every bound parameter, so the
# rows travel as one JSON document (rendered by orjson) that the server unpacks. Each
# ``result`` is carried as the JSON text SQLAlchemy would store, cast back to ``json``.
_PG_BATCH = (
    "json_to_recordset(%(batch)s::json)"
    " AS a(table_id text, idx integer, seat integer, notation text, status text, result text)"
)
_PG_ADVANCE = (
    "UPDATE st_tables AS t SET status = a.status, version = a.idx,"
    " updated_at = %(ts)s::timestamptz, result = a.result::json"
    f" FROM {_PG_BATCH} WHERE t.id = a.table_id AND t.version = a.idx - 1"
)
_PG_INSERT = (
    "INSERT INTO st_actions (table_id, idx, seat, notation, created_at)"
    f" SELECT a.table_id, a.idx, a.seat, a.notation, %(ts)s::timestamptz FROM {_PG_BATCH}"
)


# Fenced (node mode): the tables advance only where this node holds the lease with the
# epoch each row names. ``FOR SHARE`` keeps the lease rows from being taken over until this
# transaction ends, so a node that takes a lease afterwards reads every action stored here.
_PG_FENCED_ADVANCE = (
    "WITH a AS (SELECT * FROM json_to_recordset(%(batch)s::json) AS b(table_id text, idx integer,"
    " seat integer, notation text, status text, result text, epoch bigint)),"
    " f AS (SELECT l.table_id FROM st_leases AS l JOIN a ON l.table_id = a.table_id"
    " AND l.epoch = a.epoch WHERE l.owner = %(node)s FOR SHARE OF l)"
    " UPDATE st_tables AS t SET status = a.status, version = a.idx,"
    " updated_at = %(ts)s::timestamptz, result = a.result::json"
    " FROM a JOIN f ON f.table_id = a.table_id WHERE t.id = a.table_id AND t.version = a.idx - 1"
)
_PG_FENCED_INSERT = (
    "INSERT INTO st_actions (table_id, idx, seat, notation, created_at, epoch)"
    " SELECT a.table_id, a.idx, a.seat, a.notation, %(ts)s::timestamptz, a.epoch"
    " FROM json_to_recordset(%(batch)s::json)"
    " AS a(table_id text, idx integer, seat integer, notation text, epoch bigint)"
)
_PG_LEASE_HOLDERS = (
    "SELECT a.table_id, l.owner FROM json_to_recordset(%(batch)s::json) AS a(table_id text, epoch bigint)"
    " LEFT JOIN st_leases AS l ON l.table_id = a.table_id"
    " WHERE l.owner IS DISTINCT FROM %(node)s OR l.epoch IS DISTINCT FROM a.epoch"
)


def sqlite_datetime(ts: dt.datetime) -> str:
    """The text SQLAlchemy's ``DateTime`` type stores on SQLite: the wall-clock fields, always
    with microseconds, without the zone (``load_table`` restores UTC)."""
    return (
        f"{ts.year:04d}-{ts.month:02d}-{ts.day:02d} "
        f"{ts.hour:02d}:{ts.minute:02d}:{ts.second:02d}.{ts.microsecond:06d}"
    )


def _check_advanced(advanced: int, rows: list[ActionRow]) -> None:
    if advanced != len(rows):
        raise VersionConflict(
            f"{len(rows) - advanced} of {len(rows)} tables were not at the expected version"
        )


def append_actions(conn: Connection, rows: list[ActionRow], fence: Fence | None = None) -> None:
    """Store accepted actions (of distinct tables) in two statements.

    The version guard refuses an action unless the stored table is exactly one version
    behind it: two writers can never fork a table. On a conflict nothing is inserted and
    :class:`VersionConflict` is raised; the caller's transaction must then be rolled back
    (``engine.begin()`` does), which also undoes the tables that did advance.

    Runs in the transaction of ``conn`` (begun here if it is not yet, as ``execute`` would).
    Database errors come from the driver unwrapped (``sqlite3`` / ``psycopg`` exceptions).

    ``fence`` (node mode, PostgreSQL): each action is stored only if this node still holds
    its table's lease with the epoch it knows; otherwise :class:`LeaseLost` is raised and
    nothing is stored.
    """
    if not rows:
        return
    if fence is not None:
        for r in rows:
            if r.table_id not in fence.epochs:
                raise LeaseLost(r.table_id, None)
    if not conn.in_transaction():
        conn.begin()
    dialect = conn.dialect
    # SQLAlchemy's JSON type: the engine's ``json_serializer`` (default ``json.dumps``), also
    # for None (stored as JSON ``null``, not SQL NULL).
    dumps: Callable[[Any], str] = getattr(dialect, "_json_serializer", None) or json.dumps
    null = dumps(None)
    ts = now()
    cursor = conn.connection.cursor()
    try:
        if dialect.name == "sqlite" and dialect.driver == "pysqlite":
            stamp = sqlite_datetime(ts)
            cursor.executemany(
                _SQLITE_ADVANCE,
                [
                    (
                        r.status,
                        r.idx,
                        stamp,
                        null if r.result is None else dumps(r.result),
                        r.table_id,
                        r.idx - 1,
                    )
                    for r in rows
                ],
            )
            # sqlite3: the rows changed by all executions together.
            _check_advanced(cursor.rowcount, rows)
            cursor.executemany(_SQLITE_INSERT, [(r.table_id, r.idx, r.seat, r.notation, stamp) for r in rows])
        elif dialect.name == "postgresql" and dialect.driver == "psycopg":
            _append_pg(cursor, rows, ts, dumps, fence)
        else:
            raise NotImplementedError(
                f"storing actions supports sqlite+pysqlite and postgresql+psycopg, not {dialect.name}+{dialect.driver}"
            )
    finally:
        cursor.close()


def _append_pg(
    cursor: Any, rows: list[ActionRow], ts: dt.datetime, dumps: Callable[[Any], str], fence: Fence | None
) -> None:
    """The PostgreSQL half of :func:`append_actions` (fenced in node mode)."""
    null = dumps(None)
    batch = orjson.dumps(
        [
            {
                "table_id": r.table_id,
                "idx": r.idx,
                "seat": r.seat,
                "notation": r.notation,
                "status": r.status,
                "result": null if r.result is None else dumps(r.result),
                **({"epoch": fence.epochs[r.table_id]} if fence is not None else {}),
            }
            for r in rows
        ]
    ).decode()
    params = {"ts": ts, "batch": batch}
    if fence is None:
        cursor.execute(_PG_ADVANCE, params)
    else:
        params["node"] = fence.node
        cursor.execute(_PG_FENCED_ADVANCE, params)
        advanced = cursor.rowcount
        if advanced != len(rows):
            cursor.execute(_PG_LEASE_HOLDERS, params)
            lost = cursor.fetchone()
            if lost is not None:
                raise LeaseLost(str(lost[0]), None if lost[1] is None else str(lost[1]))
            _check_advanced(advanced, rows)
    _check_advanced(cursor.rowcount, rows)
    cursor.execute(_PG_INSERT if fence is None else _PG_FENCED_INSERT, params)


def save_seat(conn: Connection, table_id: str, row: SeatRow) -> None:
    conn.execute(
        update(seats)
        .where(seats.c.table_id == table_id, seats.c.seat == row.seat)
        .values(kind=row.kind, nickname=row.nickname, level=row.level, token_hash=row.token_hash)
    )


def save_undo_request(conn: Connection, table_id: str, version: int, request: dict[str, Any] | None) -> None:
    """Store (or clear, None) the table's pending take-back request. Only while the table is
    at ``version``: a table that moved on has no request to keep."""
    conn.execute(
        update(tables)
        .where(tables.c.id == table_id, tables.c.version == version)
        .values(undo_request=request)
    )


def set_status(conn: Connection, table_id: str, status: str) -> None:
    conn.execute(update(tables).where(tables.c.id == table_id).values(status=status, updated_at=now()))


_SET_REMATCH = (
    update(tables)
    .where(tables.c.id == bindparam("t_id"))
    .values(rematch_id=bindparam("r_id"), updated_at=bindparam("ts"))
)


def set_rematch(conn: Connection, table_id: str, rematch_id: str) -> None:
    conn.execute(_SET_REMATCH, {"t_id": table_id, "r_id": rematch_id, "ts": now()})


def delete_table(conn: Connection, table_id: str) -> None:
    conn.execute(delete(actions).where(actions.c.table_id == table_id))
    conn.execute(delete(seats).where(seats.c.table_id == table_id))
    conn.execute(delete(tables).where(tables.c.id == table_id))
