"""A club's season: ``seasons``, several evenings summed per entrant (its evenings, which
count double, how many of an entrant's best count), with its links and version.

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "seasons",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(120), nullable=False),
        sa.Column("evenings", sa.JSON(), nullable=False),
        sa.Column("best", sa.Integer(), nullable=True),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.Column("updated", sa.DateTime(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("edit_token", sa.String(64), nullable=False, unique=True),
        sa.Column("view_token", sa.String(64), nullable=False, unique=True),
    )


def downgrade() -> None:
    op.drop_table("seasons")
