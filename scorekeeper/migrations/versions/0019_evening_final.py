"""An evening's standings are provisional, then final: the correction window its club
chose (``events.window``, ``window_minutes``, ``zone``), when every turn of its plan was
complete (``finished``) and when it was closed (``closed``); each turn's clock as last
started (``clocks``); and the deals its pairs flagged from their phones
(``event_flags``). The evenings before are provisional, their window until closed.

Revision ID: 0019
Revises: 0018
Create Date: 2026-12-08
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0019"
down_revision = "0018"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("events") as batch:
        batch.add_column(sa.Column("clocks", sa.JSON(), nullable=True))
        batch.add_column(sa.Column("window", sa.String(length=8), nullable=True))
        batch.add_column(sa.Column("window_minutes", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("zone", sa.String(length=64), nullable=True))
        batch.add_column(sa.Column("finished", sa.DateTime(), nullable=True))
        batch.add_column(sa.Column("closed", sa.DateTime(), nullable=True))
    op.create_table(
        "event_flags",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("turn", sa.Integer(), nullable=False),
        sa.Column("table", sa.Integer(), nullable=False),
        sa.Column("deal", sa.Integer(), nullable=False),
        sa.Column("entrant", sa.Integer(), nullable=False),
        sa.Column("side", sa.String(length=2), nullable=False),
        sa.Column("reason", sa.String(length=200), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["event_id"], ["events.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_event_flags_event_id", "event_flags", ["event_id"])


def downgrade() -> None:
    op.drop_index("ix_event_flags_event_id", table_name="event_flags")
    op.drop_table("event_flags")
    with op.batch_alter_table("events") as batch:
        batch.drop_column("closed")
        batch.drop_column("finished")
        batch.drop_column("zone")
        batch.drop_column("window_minutes")
        batch.drop_column("window")
        batch.drop_column("clocks")
