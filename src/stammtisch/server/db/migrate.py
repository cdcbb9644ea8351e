"""Bring a database to the newest schema at start-up (Alembic, scripts shipped in the package)."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine

MIGRATIONS = Path(__file__).resolve().parent.parent / "migrations"


def alembic_config() -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    return cfg


#: PostgreSQL advisory lock key held while migrating: nodes that start together on one
#: database (``serve --node-id``) migrate one after the other, not into each other.
MIGRATION_LOCK = 0x5374616D6D  # "Stamm"


def upgrade(engine: Engine) -> None:
    """Run every pending migration in one transaction (idempotent)."""
    cfg = alembic_config()
    with engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})")
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")
