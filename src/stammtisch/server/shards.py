"""Which server process owns a table, and how a connection finds it.

With ``stammtisch serve --workers N`` (N > 1) the tables are split between N worker
processes. Each table has exactly one owner, fixed by its id (:func:`owner`): the owner is
the only process that loads the table, so it stays the single writer of its game. The
front process (:mod:`stammtisch.server.front`) reads the first request line of every new
connection and hands the connection to the owner of the table its path names
(:func:`table_of_target`); a path that names no table (lobby, static files, creating a
table) goes to any worker. A worker creates new tables (and rematches) with ids it owns
itself (:func:`new_owned_id`).

Pure functions only: the front and the workers must agree on them.
"""

from __future__ import annotations

import zlib
from urllib.parse import unquote

from stammtisch.server.tokens import new_table_id

#: Longest table id the router looks at (ids are 11 characters; the column holds 32).
MAX_ID = 32


def owner(table_id: str, workers: int) -> int:
    """The index (0..workers-1) of the worker process that owns ``table_id``."""
    if workers <= 1:
        return 0
    return zlib.crc32(table_id.encode("utf-8", "surrogatepass")) % workers


def new_owned_id(worker: int, workers: int) -> str:
    """A fresh random table id that ``worker`` owns (``workers`` tries on average)."""
    while True:
        tid = new_table_id()
        if owner(tid, workers) == worker:
            return tid


def table_of_target(target: str) -> str | None:
    """The table id a request target names, or None.

    ``/ws/tables/{id}?…`` and ``/api/tables/{id}/…`` name a table; ``/api/tables`` (list,
    create), ``/t/{id}`` (the page, which is static) and everything else do not.
    """
    path = target.split("?", 1)[0].split("#", 1)[0]
    parts = path.split("/")
    # "", "ws"|"api", "tables", id, ...
    if len(parts) >= 4 and parts[0] == "" and parts[1] in ("ws", "api") and parts[2] == "tables":
        tid = unquote(parts[3])
        if 0 < len(tid) <= MAX_ID:
            return tid
    return None


def target_of_request(head: bytes) -> str | None:
    """The request target of an HTTP/1.x request head (its first line), or None."""
    line, sep, _ = head.partition(b"\r\n")
    if not sep:
        return None
    fields = line.split(b" ")
    if len(fields) != 3 or not fields[2].startswith(b"HTTP/"):
        return None
    try:
        return fields[1].decode("ascii")
    except UnicodeDecodeError:
        return None
