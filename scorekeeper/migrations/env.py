"""Alembic environment: the connection (or URL) comes from the caller, not from an ini file."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, create_engine

from scorekeeper.models import Base

config = context.config
target_metadata = Base.metadata


def run_migrations_offline() -> None:
    context.configure(
        url=config.get_main_option("sqlalchemy.url"),
        target_metadata=target_metadata,
        literal_binds=True,
        render_as_batch=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return
    engine = create_engine(str(config.get_main_option("sqlalchemy.url")))
    try:
        with engine.begin() as conn:
            _run(conn)
    finally:
        engine.dispose()


def _run(connection: Connection) -> None:
    # render_as_batch: SQLite cannot ALTER most things in place.
    context.configure(
        connection=connection, target_metadata=target_metadata, render_as_batch=True
    )
    with context.begin_transaction():
        context.run_migrations()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
