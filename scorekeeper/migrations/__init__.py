"""Alembic migrations, run programmatically by ``scorekeeper db upgrade`` (no alembic.ini)."""
