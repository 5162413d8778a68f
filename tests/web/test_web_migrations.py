"""The migrations build exactly the tables the models describe (no drift either way)."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import create_engine

from scorekeeper.models import Base


def test_models_and_migrations_agree(db_url):
    """``alembic revision --autogenerate`` would find nothing to write."""
    engine = create_engine(db_url)
    try:
        with engine.connect() as conn:
            context = MigrationContext.configure(conn, opts={"compare_type": True})
            diff = compare_metadata(context, Base.metadata)
    finally:
        engine.dispose()
    assert diff == []
