"""An evening's entrant keeps its own two-digit code (``event_entrants.code``), which a
phone handed across the table asks before it confirms for the pair, and the wrong codes
typed in a row with the pause they earned (``code_wrong``, ``code_paused``).

Revision ID: 0017
Revises: 0016
Create Date: 2026-12-08
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("event_entrants") as batch:
        batch.add_column(sa.Column("code", sa.String(length=2), nullable=True))
        batch.add_column(sa.Column("code_wrong", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("code_paused", sa.DateTime(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("event_entrants") as batch:
        batch.drop_column("code_paused")
        batch.drop_column("code_wrong")
        batch.drop_column("code")
