"""`scorekeeper serve` and `scorekeeper db upgrade`; the database's SQLite settings."""

from __future__ import annotations

import shutil
import sqlite3
import threading
from typing import Any

import pytest

from scorekeeper import server
from scorekeeper.db import Database, upgrade


def test_db_upgrade_creates_every_table(tmp_path, monkeypatch, capsys):
    url = f"sqlite:///{tmp_path / 'fresh.sqlite3'}"
    monkeypatch.setenv("DATABASE_URL", url)
    assert server.main(["db", "upgrade"]) == 0
    assert server.main(["db", "upgrade"]) == 0  # idempotent
    names = {r[0] for r in sqlite3.connect(tmp_path / "fresh.sqlite3").execute(
        "SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {"matches", "deals", "changes", "submissions", "burro_games",
            "alembic_version"} <= names
    assert "database up to date" in capsys.readouterr().out


def _serve(monkeypatch, tmp_path, argv: list[str]) -> dict[str, Any]:
    seen: dict[str, Any] = {}

    def fake_serve(app: Any, **kwargs: Any) -> None:
        seen.update(kwargs, app=app)

    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'serve.sqlite3'}")
    monkeypatch.setattr("waitress.serve", fake_serve)
    assert server.main(argv) == 0
    return seen


def test_serve_on_loopback_upgrades_then_serves(tmp_path, monkeypatch, capsys):
    seen = _serve(monkeypatch, tmp_path, ["serve", "--port", "5055"])
    assert (seen["host"], seen["port"]) == ("127.0.0.1", 5055)
    out = capsys.readouterr().out
    assert "http://127.0.0.1:5055/" in out
    assert "█" not in out
    assert "▀" not in out
    assert (tmp_path / "serve.sqlite3").exists()


def test_serve_on_the_lan_prints_the_address_and_a_qr_code(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(server, "lan_address", lambda: "192.168.1.20")
    seen = _serve(monkeypatch, tmp_path, ["serve", "--host", "0.0.0.0", "--port", "5000"])
    out = capsys.readouterr().out
    assert "http://192.168.1.20:5000/" in out
    assert "█" in out or "▀" in out or "▄" in out
    assert seen["app"].config["PUBLIC_URL"] == "http://192.168.1.20:5000/"


@pytest.mark.parametrize(("host", "loopback"), [("127.0.0.1", True), ("localhost", True),
                                                ("::1", True), ("0.0.0.0", False),
                                                ("192.168.1.4", False)])
def test_is_loopback(host, loopback):
    assert server.is_loopback(host) is loopback


def test_sqlite_runs_in_wal_mode_and_writers_begin_immediate(template_db, tmp_path):
    # SQLite whatever database the rest of the suite runs on.
    path = tmp_path / "wal.sqlite3"
    shutil.copyfile(template_db, path)
    database = Database(f"sqlite:///{path}")
    statements: list[str] = []
    from sqlalchemy import event

    @event.listens_for(database.engine, "before_cursor_execute")
    def _seen(_conn, _cursor, statement, *_args):  # pragma: no cover - trivial
        statements.append(statement)

    with database.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
    with database.writing() as session:
        from scorekeeper.models import Submission

        session.add(Submission(key="k", target_url="/"))
    assert "BEGIN IMMEDIATE" in statements
    database.engine.dispose()


def test_concurrent_writers_never_hit_database_is_locked(db_url):
    """Two processes' worth of writers: each thread its own Database (own pool and lock)."""
    from scorekeeper.models import Submission

    errors: list[BaseException] = []
    databases = [Database(db_url) for _ in range(2)]

    def write(db: Database, start: int) -> None:
        try:
            for i in range(25):
                with db.writing() as session:
                    session.add(Submission(key=f"k{start}-{i}", target_url="/"))
        except BaseException as err:  # pragma: no cover - reported below
            errors.append(err)

    threads = [threading.Thread(target=write, args=(databases[n % 2], n)) for n in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    with databases[0].read_sessions() as session:
        assert session.query(Submission).count() == 150
    for db in databases:
        db.engine.dispose()


def test_upgrade_is_programmatic(tmp_path):
    url = f"sqlite:///{tmp_path / 'x.sqlite3'}"
    upgrade(url)
    rev = sqlite3.connect(tmp_path / "x.sqlite3").execute(
        "SELECT version_num FROM alembic_version").fetchone()
    assert rev == ("0001",)
