"""A corrected deal's figures before the correction: the deal's document as it stood
before an edit, kept with the history line of the edit (``changes.before``).

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("changes") as batch:
        batch.add_column(sa.Column("before", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("changes") as batch:
        batch.drop_column("before")
