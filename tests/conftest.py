"""Fixtures shared by the web and browser tests: an app on a fresh SQLite file per test."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """On PostgreSQL (``make test-postgres``), only the tests that use the test database
    (the ``db_url`` fixture, through ``app`` and the rest): any other would run there
    exactly as it does in ``make test``. Nor those marked ``any_database``: what they
    check is what a page or document says, and what they store for it is stored by
    other tests on PostgreSQL too."""
    if not os.environ.get("SCOREKEEPER_TEST_DATABASE_URL"):
        return

    def there(item: pytest.Item) -> bool:
        return "db_url" in getattr(item, "fixturenames", ()) and \
            item.get_closest_marker("any_database") is None

    uses = [item for item in items if there(item)]
    others = [item for item in items if not there(item)]
    if others:
        config.hook.pytest_deselected(items=others)
        items[:] = uses


@pytest.fixture(scope="session")
def template_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One migrated database, copied for every test (migrating once keeps the suite fast)."""
    from scorekeeper.db import upgrade

    path = tmp_path_factory.mktemp("db") / "template.sqlite3"
    upgrade(f"sqlite:///{path}")
    return path


@pytest.fixture(scope="session")
def server_db() -> Iterator[str | None]:
    """The PostgreSQL database ``SCOREKEEPER_TEST_DATABASE_URL`` names (``make
    test-postgres``), emptied and migrated once for the session; None on SQLite."""
    url = os.environ.get("SCOREKEEPER_TEST_DATABASE_URL")
    if not url:
        yield None
        return
    import sqlalchemy

    url = _worker_database(url)
    engine = sqlalchemy.create_engine(url)
    _rebuild(engine, url)
    yield url
    engine.dispose()


def _worker_database(url: str) -> str:
    """The database of this pytest-xdist worker: ``<name>_gw0`` for worker gw0 (each worker
    empties its own between tests), created from the named one's server when missing (its
    role needs CREATEDB: ``make test-postgres`` grants it); the named one without xdist."""
    import sqlalchemy

    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if not worker:
        return url
    base = sqlalchemy.make_url(url)
    name = f"{base.database}_{worker}"
    engine = sqlalchemy.create_engine(base, isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as conn:
            found = conn.execute(sqlalchemy.text(
                "SELECT 1 FROM pg_database WHERE datname = :name"), {"name": name}).first()
            if found is None:
                conn.execute(sqlalchemy.text(f'CREATE DATABASE "{name}"'))
    finally:
        engine.dispose()
    return base.set(database=name).render_as_string(hide_password=False)


def _rebuild(engine: Any, url: str) -> None:
    """The schema dropped and migrated again: Alembic's ``upgrade head`` on an empty one."""
    import sqlalchemy

    from scorekeeper.db import upgrade

    with engine.begin() as conn:
        conn.execute(sqlalchemy.text("DROP SCHEMA public CASCADE"))
        conn.execute(sqlalchemy.text("CREATE SCHEMA public"))
    upgrade(url)


def _schema(conn: Any) -> tuple[list[str], list[str]]:
    """The tables of the public schema, and the Alembic revision they are at."""
    import sqlalchemy

    tables = sorted(conn.execute(sqlalchemy.text(
        "SELECT tablename FROM pg_tables WHERE schemaname = 'public'")).scalars())
    if "alembic_version" not in tables:
        return tables, []
    revisions = conn.execute(sqlalchemy.text("SELECT version_num FROM alembic_version"))
    return tables, sorted(revisions.scalars())


_MIGRATED: dict[str, tuple[list[str], list[str]]] = {}
#: One engine per test database for the whole session: a connection of its own each test
#: cost a PostgreSQL log-in (SCRAM) every time.
_ENGINES: dict[str, Any] = {}


def _emptied(url: str) -> None:
    """Every table of the migrated schema emptied, its ids restarted: the database as
    Alembic leaves it, without migrating again (which took most of a short test's time).
    Only the tables that hold rows are truncated (a short test fills a few; a TRUNCATE of
    every table took 85 ms a test), and every sequence that moved is restarted. A schema
    that a test changed is dropped and migrated again instead."""
    import sqlalchemy

    engine = _ENGINES.get(url) or _ENGINES.setdefault(url, sqlalchemy.create_engine(url))
    with engine.begin() as conn:
        found = _schema(conn)
    if url not in _MIGRATED:
        _MIGRATED[url] = found
    if found != _MIGRATED[url] or not found[1]:
        _rebuild(engine, url)
        with engine.begin() as conn:
            _MIGRATED[url] = _schema(conn)
        return
    data = [f'"{name}"' for name in found[0] if name != "alembic_version"]
    with engine.begin() as conn:
        filled = list(conn.execute(sqlalchemy.text(" UNION ALL ".join(
            f"SELECT '{name}' WHERE EXISTS (SELECT 1 FROM {name})" for name in data))).scalars())
        if filled:
            conn.execute(sqlalchemy.text(f"TRUNCATE {', '.join(filled)} CASCADE"))
        moved = conn.execute(sqlalchemy.text(
            "SELECT schemaname, sequencename FROM pg_sequences WHERE last_value IS NOT NULL"))
        for schema, sequence in moved.all():
            conn.execute(sqlalchemy.text(f'ALTER SEQUENCE "{schema}"."{sequence}" RESTART'))


@pytest.fixture
def db_url(template_db: Path, server_db: str | None, tmp_path: Path) -> str:
    """A fresh database for one test: a copy of the migrated SQLite file, or, when
    ``SCOREKEEPER_TEST_DATABASE_URL`` names a PostgreSQL database (``make
    test-postgres``), that database, migrated once per session and emptied here."""
    if server_db:
        _emptied(server_db)
        return server_db
    path = tmp_path / "scorekeeper.sqlite3"
    shutil.copyfile(template_db, path)
    return f"sqlite:///{path}"


@pytest.fixture
def app(db_url: str, tmp_path: Path) -> Iterator[Any]:
    from support import made_app

    from scorekeeper.db import get_db

    app = made_app(db_url, tmp_path / "instance")
    yield app
    get_db(app).engine.dispose()


@pytest.fixture
def second(db_url: str, tmp_path: Path) -> Iterator[Any]:
    """A second server process's app: on ``app``'s database, with its own instance folder
    and its own caches."""
    from support import made_app

    from scorekeeper.db import get_db

    other = made_app(db_url, tmp_path / "instance-2")
    yield other
    get_db(other).engine.dispose()


@pytest.fixture
def client(app: Any) -> Any:
    return app.test_client()


@pytest.fixture
def site(client: Any) -> Any:
    from web_support import Site

    return Site(client)


@pytest.fixture
def seed_deal() -> list[dict[str, Any]]:
    from web_support import SEED_001_DEAL

    return [dict(side) for side in SEED_001_DEAL]
