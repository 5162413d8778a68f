"""An evening's entrant keeps its players' member numbers when its line gave any
(``event_entrants.players``: each player's name and member number, for the federation's
results file).

Revision ID: 0016
Revises: 0015
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("event_entrants") as batch:
        batch.add_column(sa.Column("players", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("event_entrants") as batch:
        batch.drop_column("players")
