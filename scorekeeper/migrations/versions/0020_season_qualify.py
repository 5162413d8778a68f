"""A season's qualifying number (``seasons.qualify``): an entrant is ranked only once it
has played that many of the season's evenings. The seasons before have none: everyone
is ranked, as before.

Revision ID: 0020
Revises: 0019
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0020"
down_revision = "0019"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seasons") as batch:
        batch.add_column(sa.Column("qualify", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seasons") as batch:
        batch.drop_column("qualify")
