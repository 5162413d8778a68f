"""Fixtures shared by the web and browser tests: an app on a fresh SQLite file per test."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest


@pytest.fixture(scope="session")
def template_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One migrated database, copied for every test (migrating once keeps the suite fast)."""
    from scorekeeper.db import upgrade

    path = tmp_path_factory.mktemp("db") / "template.sqlite3"
    upgrade(f"sqlite:///{path}")
    return path


@pytest.fixture
def db_url(template_db: Path, tmp_path: Path) -> str:
    """A fresh database for one test: a copy of the migrated SQLite file, or, when
    ``SCOREKEEPER_TEST_DATABASE_URL`` names a PostgreSQL database, that database
    emptied and migrated again (``make test-postgres``)."""
    server_url = os.environ.get("SCOREKEEPER_TEST_DATABASE_URL")
    if server_url:
        import sqlalchemy

        from scorekeeper.db import upgrade

        engine = sqlalchemy.create_engine(server_url)
        with engine.begin() as conn:
            conn.execute(sqlalchemy.text("DROP SCHEMA public CASCADE"))
            conn.execute(sqlalchemy.text("CREATE SCHEMA public"))
        engine.dispose()
        upgrade(server_url)
        return server_url
    path = tmp_path / "scorekeeper.sqlite3"
    shutil.copyfile(template_db, path)
    return f"sqlite:///{path}"


@pytest.fixture
def app(db_url: str, tmp_path: Path) -> Iterator[Any]:
    from scorekeeper.app import create_app
    from scorekeeper.db import get_db

    app = create_app({"TESTING": True, "SECRET_KEY": "test", "DATABASE_URL": db_url})
    app.instance_path = str(tmp_path / "instance")
    yield app
    get_db(app).engine.dispose()


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
