"""Alembic environment: runs on the connection that :mod:`stammtisch.server.db.migrate` hands in.

Importing this module outside Alembic (documentation tools, doctest collection) does nothing.
"""

from __future__ import annotations

from alembic import context

from stammtisch.server.db.schema import metadata


def run() -> None:
    connection = context.config.attributes.get("connection")
    if connection is None:
        raise RuntimeError("run migrations through stammtisch.server.db.migrate.upgrade()")
    context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


try:
    _inside_alembic = context.config is not None
except (NameError, AttributeError):
    _inside_alembic = False
if _inside_alembic:
    run()
