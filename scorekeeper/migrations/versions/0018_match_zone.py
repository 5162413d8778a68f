"""A match keeps the time zone of the phone that started it (``matches.zone``, an IANA
name), so that its pages and papers write its moments in the table's time; None for the
matches started before (their moments stay in UTC).

Revision ID: 0018
Revises: 0017
Create Date: 2026-12-08
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("zone", sa.String(length=64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("zone")
