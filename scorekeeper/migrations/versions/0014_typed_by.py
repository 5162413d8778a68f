"""Each change of a match, and each version of an evening table's sheet, says which phone
saved it and that phone's save number (``changes.phone``, ``changes.phone_seq``,
``event_sheets.writers``), and which deal of a table the director entered or fixed
(``event_changes.deal``): a deal that waited on a phone while its own earlier deals were
stored is taken after them, and any other change since its form is named when it is
refused.

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("changes") as batch:
        batch.add_column(sa.Column("phone", sa.String(32), nullable=True))
        batch.add_column(sa.Column("phone_seq", sa.Integer(), nullable=True))
    with op.batch_alter_table("event_sheets") as batch:
        batch.add_column(sa.Column("writers", sa.JSON(), nullable=True))
    with op.batch_alter_table("event_changes") as batch:
        batch.add_column(sa.Column("deal", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("event_changes") as batch:
        batch.drop_column("deal")
    with op.batch_alter_table("event_sheets") as batch:
        batch.drop_column("writers")
    with op.batch_alter_table("changes") as batch:
        batch.drop_column("phone_seq")
        batch.drop_column("phone")
