"""Fixtures for several nodes on one PostgreSQL database: a database of the test's own."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest


@pytest.fixture
def nodes_db(pg_admin: str) -> Iterator[str]:
    """A fresh PostgreSQL database (``stammtisch_nodes_<random>``), dropped afterwards."""
    import psycopg

    name = f"stammtisch_nodes_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(pg_admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    user = pg_admin.split("//", 1)[1].split("@", 1)[0]
    try:
        yield f"postgresql+psycopg://{user}@127.0.0.1:5432/{name}"
    finally:
        with psycopg.connect(pg_admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
