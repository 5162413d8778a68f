"""A club's evening scored at its tables: ``event_sheets``, the deals one side of a table
entered on its own phone for a turn, before the other side confirms them; and the turn's
clock on ``events`` (the turn it runs for, when it started, its minutes).

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "event_sheets",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("event_id", sa.Integer(), sa.ForeignKey("events.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("turn", sa.Integer(), nullable=False),
        sa.Column("table", sa.Integer(), nullable=False),
        sa.Column("side", sa.String(2), nullable=False),
        sa.Column("deals", sa.JSON(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("updated", sa.DateTime(), nullable=False),
        sa.UniqueConstraint("event_id", "turn", "table", "side", name="uq_event_sheet"),
    )
    with op.batch_alter_table("events") as batch:
        batch.add_column(sa.Column("clock_turn", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("clock_started", sa.DateTime(), nullable=True))
        batch.add_column(sa.Column("clock_minutes", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("events") as batch:
        batch.drop_column("clock_minutes")
        batch.drop_column("clock_started")
        batch.drop_column("clock_turn")
    op.drop_table("event_sheets")
