"""House rules: a family's own numbers, kept under their own link (``house_rules``), and
the exact rules a match was started with (``matches.rules``: the profile document and its
version; None for a built-in profile's match).

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "house_rules",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("base", sa.String(40), nullable=False),
        sa.Column("document", sa.JSON, nullable=False),
        sa.Column("edit_token", sa.String(64), nullable=False, unique=True),
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id", ondelete="SET NULL"),
                  nullable=True, index=True),
        sa.Column("created", sa.DateTime, nullable=False),
        sa.Column("updated", sa.DateTime, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
    )
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("rules", sa.JSON, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("rules")
    op.drop_table("house_rules")
