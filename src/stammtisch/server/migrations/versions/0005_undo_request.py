"""A pending take-back request is kept with its table, so a restart does not lose it.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("st_tables", sa.Column("undo_request", sa.JSON, nullable=True))


def downgrade() -> None:
    op.drop_column("st_tables", "undo_request")
