"""Create the SQLAlchemy engine for SQLite (default) or PostgreSQL (psycopg 3)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url


def make_engine(url: str) -> Engine:
    """An engine tuned for one writer thread.

    SQLite runs in WAL mode with ``synchronous=NORMAL``: a committed transaction is in the
    write-ahead log before ``commit`` returns, so it survives a killed server process (only a
    power cut may lose the newest commits), and readers never block the writer.
    """
    u = make_url(url)
    if u.get_backend_name() == "sqlite":
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn: Any, _record: Any) -> None:
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        return engine
    return create_engine(url, pool_pre_ping=True)
