"""The database schema (SQLAlchemy Core; the migrations in ``server/migrations`` create it).

A table is stored as what makes it reproducible: game, options, seed, seats and the list of
accepted actions in notation. The state is rebuilt by replaying them. (No ``to_json``
snapshots: resuming has to visit every intermediate state anyway, because each seat's move
log is built from that seat's view after every move, and replaying is cheap.)
"""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    true,
)

metadata = MetaData()

tables = Table(
    "st_tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("options", JSON, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("status", String(16), nullable=False, index=True),  # waiting | playing | over
    Column("version", Integer, nullable=False, default=0),  # number of accepted actions
    Column("turn_timer", Float, nullable=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
    Column("result", JSON, nullable=True),
    Column("rematch_id", String(32), nullable=True),
    Column("chat", Boolean, nullable=False, default=True, server_default=true()),  # table chat on
)

seats = Table(
    "st_seats",
    metadata,
    Column("table_id", String(32), ForeignKey("st_tables.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),  # open | human | bot
    Column("nickname", String(64), nullable=True),
    Column("level", String(32), nullable=True),
    Column("token_hash", String(64), nullable=True),
)

actions = Table(
    "st_actions",
    metadata,
    Column("table_id", String(32), ForeignKey("st_tables.id", ondelete="CASCADE"), primary_key=True),
    Column("idx", Integer, primary_key=True),  # 1-based: the table version after this action
    Column("seat", Integer, nullable=False),
    Column("notation", Text, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

chat = Table(
    "st_chat",
    metadata,
    Column("table_id", String(32), ForeignKey("st_tables.id", ondelete="CASCADE"), primary_key=True),
    Column("idx", Integer, primary_key=True),  # 1-based, in the order said
    Column("seat", Integer, nullable=False),
    Column("text", Text, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)
