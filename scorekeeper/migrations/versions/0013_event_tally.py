"""An evening keeps what its pages show beside its version (``events.tally``: the
referee's answer for the event document, the document without its turns, and the
standings after the last closed turn, as JSON; ``tally_of``: the version it was made for
and the referee that made it), so that any server process shows the evening's pages
without reading its every deal and scoring them again.

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("events") as batch:
        batch.add_column(sa.Column("tally", sa.Text(), nullable=True))
        batch.add_column(sa.Column("tally_of", sa.String(80), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("events") as batch:
        batch.drop_column("tally_of")
        batch.drop_column("tally")
