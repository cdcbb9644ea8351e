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
    #: A take-back waiting for the other people's answers (``UndoRequest.stored``): seat,
    #: count, version, waiting seats. It counts only while ``version`` is the table's.
    Column("undo_request", JSON, nullable=True),
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
    #: Node mode: the epoch of the lease it was stored under (NULL in embedded mode).
    Column("epoch", BigInteger, nullable=True),
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

#: Which node writes a table (``serve --node-id``, several nodes on one PostgreSQL database):
#: the owner renews ``expires_at``; another node may take the lease only once it has expired,
#: and every take raises ``epoch``. Each stored action is fenced by the writer's epoch
#: (:func:`stammtisch.server.db.repo.append_actions`), so a node that lost the lease cannot
#: write. A lease is never deleted (its epoch must only grow); giving one up expires it.
leases = Table(
    "st_leases",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("owner", String(64), nullable=False),  # the node id
    Column("address", String(200), nullable=True),  # where the owner says it is reachable
    Column("epoch", BigInteger, nullable=False),
    Column("expires_at", DateTime(timezone=True), nullable=False),
    #: Another node asked for the table (besides ``NOTIFY``, which may not arrive): the
    #: owner hands it over at its next renewal. Cleared when the lease is taken.
    Column("wanted_by", String(64), nullable=True),
)
