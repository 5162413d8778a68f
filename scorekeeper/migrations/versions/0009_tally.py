"""A match keeps the referee's tally of its deals beside its version (``matches.tally``,
the referee's match document as pages show it, without the deals' melds, as JSON; and
``tally_of``: the version it was made for and the referee that made it), so that any
server process shows a scoreboard without scoring every deal again.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("tally", sa.Text(), nullable=True))
        batch.add_column(sa.Column("tally_of", sa.String(80), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("tally_of")
        batch.drop_column("tally")
