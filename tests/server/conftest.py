"""Fixtures for the server tests: databases (SQLite, and PostgreSQL when reachable)."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

PG_ADMIN_URLS = (
    "postgresql://postgres@127.0.0.1:5432/test",
    "postgresql://root@127.0.0.1:5432/test",
)


def _pg_admin() -> tuple[str | None, str]:
    """A usable admin connection string, or None and the reason why not."""
    try:
        import psycopg
    except ImportError:
        return None, "psycopg is not installed"
    reason = "no PostgreSQL server on 127.0.0.1:5432"
    for url in PG_ADMIN_URLS:
        try:
            with psycopg.connect(url, connect_timeout=2):
                return url, ""
        except psycopg.Error as exc:
            reason = f"PostgreSQL on 127.0.0.1:5432 not usable: {exc}".strip()
    return None, reason


@pytest.fixture(scope="session")
def pg_admin() -> str:
    url, reason = _pg_admin()
    if url is None:
        pytest.skip(reason)
    return url


@pytest.fixture
def pg_url(pg_admin: str) -> Iterator[str]:
    """A fresh PostgreSQL database for one test, dropped afterwards."""
    import psycopg

    name = f"stammtisch_test_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(pg_admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    user = pg_admin.split("//", 1)[1].split("@", 1)[0]
    try:
        yield f"postgresql+psycopg://{user}@127.0.0.1:5432/{name}"
    finally:
        with psycopg.connect(pg_admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'stammtisch.sqlite3'}"


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def db_url(request: pytest.FixtureRequest) -> str:
    """Each persistence test runs on SQLite and on PostgreSQL."""
    name = "sqlite_url" if request.param == "sqlite" else "pg_url"
    url: str = request.getfixturevalue(name)
    return url


@pytest.fixture(params=["asgi", "direct"])
def transport(request: pytest.FixtureRequest) -> str:
    """How the live server serves table WebSockets: the ASGI route (``serve``), or
    DirectSocket, as the worker processes of ``serve --workers`` do."""
    value: str = request.param
    return value
