"""A lease row records which node wants the table (hand-over without LISTEN/NOTIFY).

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("st_leases", sa.Column("wanted_by", sa.String(64), nullable=True))


def downgrade() -> None:
    op.drop_column("st_leases", "wanted_by")
