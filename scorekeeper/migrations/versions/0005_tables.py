"""Tables: the people who play together, their players, and the matches started from them.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tables",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("edit_token", sa.String(64), nullable=False, unique=True),
        sa.Column("created", sa.DateTime, nullable=False),
        sa.Column("updated", sa.DateTime, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("zone", sa.String(64), nullable=False),
    )
    op.create_table(
        "table_players",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  nullable=False, index=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("position", sa.Integer, nullable=False),
        sa.Column("created", sa.DateTime, nullable=False),
    )
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("table_id", sa.Integer, nullable=True))
        batch.create_index("ix_matches_table_id", ["table_id"])
        batch.create_foreign_key("fk_matches_table_id_tables", "tables", ["table_id"], ["id"],
                                 ondelete="SET NULL")


def downgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.drop_constraint("fk_matches_table_id_tables", type_="foreignkey")
        batch.drop_index("ix_matches_table_id")
        batch.drop_column("table_id")
    op.drop_table("table_players")
    op.drop_table("tables")
