"""Table chat: the messages, and whether a table has chat at all.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-04
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("st_tables", sa.Column("chat", sa.Boolean, nullable=False, server_default=sa.true()))
    op.create_table(
        "st_chat",
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("st_tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("idx", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("st_chat")
    op.drop_column("st_tables", "chat")
