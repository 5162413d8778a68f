"""`scorekeeper serve` and `scorekeeper db upgrade`; the database's SQLite settings."""

from __future__ import annotations

import errno
import os
import select
import shutil
import socket
import sqlite3
import threading
import time
from types import SimpleNamespace
from typing import Any

import pytest
from web_support import closed_by_server as _closed_by_server
from web_support import connect as _connect
from web_support import scaled, until

from scorekeeper import server
from scorekeeper.db import MIGRATIONS, Database, upgrade


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


def _listening(monkeypatch, seen: dict[str, Any]) -> None:
    """``server.listening`` noted in ``seen`` (the address asked for), its socket on a free
    port of the loopback: a test never takes the address it serves on."""
    def fake_listening(host: str, port: int) -> socket.socket:
        seen.update(listened=(host, port))
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        return sock

    monkeypatch.setattr(server, "listening", fake_listening)


def _serve(monkeypatch, tmp_path, argv: list[str]) -> dict[str, Any]:
    seen: dict[str, Any] = {}

    def fake_make_server(app: Any, host: str, port: int, threads: int,
                         per_address: int, sock: socket.socket, proxies: int = 0) -> Any:
        seen.update(app=app, host=host, port=port, threads=threads, per_address=per_address,
                    proxies=proxies, sock=sock)
        return SimpleNamespace(run=lambda: None)

    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'serve.sqlite3'}")
    monkeypatch.setattr(server, "make_server", fake_make_server)
    _listening(monkeypatch, seen)
    assert server.main(argv) == 0
    assert seen["listened"] == (seen["host"], seen["port"])
    assert seen["sock"].fileno() == -1  # the listening socket closed when serving ends
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


def test_writers_of_two_processes_queue_on_one_lock_and_count_every_write(template_db,
                                                                            tmp_path):
    """Each Database opens the file's lock and stamp on its own, as a second server
    process does: a writer of one waits for the other's write to end, and each sees the
    other's writes counted."""
    import shutil

    from scorekeeper.models import Submission

    path = tmp_path / "two.sqlite3"
    shutil.copyfile(template_db, path)
    one, two = Database(f"sqlite:///{path}"), Database(f"sqlite:///{path}")
    assert (one.stamp.value(), two.stamp.value()) == (0, 0)
    inside, began, wrote = threading.Event(), [], []

    def second() -> None:
        assert inside.wait(scaled(5))
        began.append(time.monotonic())
        with two.writing() as session:
            session.add(Submission(key="second", target_url="/"))
        wrote.append(time.monotonic())

    thread = threading.Thread(target=second)
    thread.start()
    with one.writing() as session:
        session.add(Submission(key="first", target_url="/"))
        inside.set()
        until(lambda: began, "the other writer starts")
        time.sleep(0.3)  # the other process's writer queues meanwhile
        releasing = time.monotonic()
    thread.join(scaled(10))
    assert len(wrote) == 1
    assert began[0] < releasing < wrote[0]  # it asked while the first wrote, wrote after
    assert (one.stamp.value(), two.stamp.value()) == (2, 2)
    lock = tmp_path / "two.sqlite3.lock"
    assert lock.exists()
    held = [fd for fd in os.listdir("/proc/self/fd")
            if os.path.realpath(f"/proc/self/fd/{fd}") == str(lock.resolve())]
    assert held == []  # opened for each write, closed after it: no descriptor left open

    def fails() -> None:
        with one.writing() as session:
            session.add(Submission(key="third", target_url="/"))
            raise RuntimeError("rolled back")

    with pytest.raises(RuntimeError, match="rolled back"):
        fails()  # nothing committed: not counted
    assert two.stamp.value() == 2
    for db in (one, two):
        db.engine.dispose()


def test_a_lock_and_stamp_that_cannot_be_opened_leave_writes_working(template_db, tmp_path):
    """Where the files beside the database cannot be opened (here: folders of their
    names), writes still go through (SQLite's busy handler queues them) and the stamp
    says nothing (pages trust a version for FRESH_SECONDS)."""
    import shutil

    from scorekeeper.models import Submission

    path = tmp_path / "ro.sqlite3"
    shutil.copyfile(template_db, path)
    (tmp_path / "ro.sqlite3.lock").mkdir()
    (tmp_path / "ro.sqlite3.written").mkdir()
    database = Database(f"sqlite:///{path}")
    for key in ("a", "b"):
        with database.writing() as session:
            session.add(Submission(key=key, target_url="/"))
    assert database.stamp.value() == 0
    with database.read_sessions() as session:
        assert session.query(Submission).count() == 2
    database.engine.dispose()


def test_serve_with_workers_forks_them_after_the_upgrade(tmp_path, monkeypatch, capsys):
    from scorekeeper import processes

    seen: dict[str, Any] = {}
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'serve.sqlite3'}")
    monkeypatch.setattr(processes, "supervise",
                        lambda run, workers, say: seen.update(run=run, workers=workers) or 0)
    _listening(monkeypatch, seen)
    assert server.main(["serve", "--port", "5056", "--workers", "2"]) == 0
    assert seen["workers"] == 2
    assert seen["listened"] == ("127.0.0.1", 5056)  # one socket, before the fork
    assert (tmp_path / "serve.sqlite3").exists()  # upgraded before the fork
    assert "Scorekeeper: http://127.0.0.1:5056/" in capsys.readouterr().out


def test_upgrade_is_programmatic(tmp_path):
    url = f"sqlite:///{tmp_path / 'x.sqlite3'}"
    upgrade(url)
    rev = sqlite3.connect(tmp_path / "x.sqlite3").execute(
        "SELECT version_num FROM alembic_version").fetchone()
    newest = max(script.name[:4] for script in (MIGRATIONS / "versions").glob("[0-9]*.py"))
    assert rev == (newest,)  # the newest migration


def test_serve_behind_a_proxy_trusts_it_and_lifts_the_per_address_cap(tmp_path, monkeypatch):
    monkeypatch.setattr(server, "lan_address", lambda: "192.168.1.20")
    seen = _serve(monkeypatch, tmp_path, ["serve", "--host", "0.0.0.0", "--proxies", "1"])
    assert seen["per_address"] == 0  # every connection comes from the proxy
    assert seen["app"].config["PROXIES"] == 1
    assert seen["proxies"] == 1  # waitress passes the proxy's headers on
    assert "PUBLIC_URL" not in seen["app"].config  # links name the proxy's host
    assert server.proxy_settings(1) == {
        "trusted_proxy": "*", "trusted_proxy_count": 1,
        "trusted_proxy_headers": {"x-forwarded-for", "x-forwarded-proto", "x-forwarded-host"},
        "clear_untrusted_proxy_headers": True}
    assert server.proxy_settings(0) == {}
    plain = _serve(monkeypatch, tmp_path, ["serve"])
    assert plain["per_address"] == server.PER_ADDRESS


def _ended(socks: list[socket.socket]) -> int:
    """How many of ``socks`` read as ready: those the server closed (it sends nothing on
    a silent socket it keeps)."""
    poller = select.poll()  # no descriptor limit, unlike select.select
    for sock in socks:
        poller.register(sock, select.POLLIN)
    return len(poller.poll(0))


def test_silent_sockets_from_one_address_cannot_lock_the_others_out(app):
    """Waitress's defaults let 100 silent sockets lock every client out for two minutes;
    one address now holds at most PER_ADDRESS connections, the rest of the LAN is served."""
    srv = server.make_server(app, "127.0.0.1", 0, threads=2)
    port = srv.socket.getsockname()[1]
    with server.running(srv):
        idle = [_connect(port, "127.0.0.2") for _ in range(150)]  # a laptop's silent sockets
        try:
            until(lambda: _ended(idle) >= 150 - server.PER_ADDRESS)
            kept = [s for s in idle if not _closed_by_server(s)]
            assert len(kept) == server.PER_ADDRESS
            started = time.monotonic()
            phone = _connect(port, "127.0.0.1")
            phone.sendall(b"GET /rules HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            assert phone.recv(12) == b"HTTP/1.1 200"
            assert time.monotonic() - started < scaled(5)  # at once, not after a timeout
            phone.close()
        finally:
            for s in idle:
                s.close()


def test_stopping_closes_the_buffers_of_half_read_and_unsent_bodies(app):
    """A request body past waitress's in-memory limit is buffered in a temporary file, and
    so is a large answer not yet sent: stopping the server closes them both (a buffer left
    open is a file descriptor leaked, reported as a ResourceWarning when it is collected)."""
    import gc
    import sys
    import warnings

    leaked: list[str] = []
    hook = sys.unraisablehook
    sys.unraisablehook = lambda u: leaked.append(repr(u.exc_value))
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", ResourceWarning)
            srv = server.make_server(app, "127.0.0.1", 0, threads=1)
            port = srv.socket.getsockname()[1]
            with server.running(srv):
                # a body announced as 2 MB, of which 1 MB arrives: half read, in a file
                upload = _connect(port, "127.0.0.1")
                upload.sendall(b"POST /api/v1/check HTTP/1.1\r\nHost: x\r\n"
                               b"Content-Type: application/json\r\nContent-Length: 2000000\r\n\r\n")
                upload.sendall(b" " * 1_000_000)
                # the offline pack's largest file, read by nobody
                reader = _connect(port, "127.0.0.1")
                reader.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
                reader.sendall(b"GET /static/pack/pyodide.asm.wasm HTTP/1.1\r\nHost: x\r\n\r\n")

                def buffered(channels: dict[int, Any] = srv._map) -> list[Any]:
                    return [channel for channel in list(channels.values())
                            if getattr(channel, "request", None) is not None]

                until(buffered)
                assert buffered(), "the half-read body is held by its channel"
            assert not srv._map  # every channel closed, the loop ended
            upload.close()
            reader.close()
            del srv, buffered
            gc.collect()
    finally:
        sys.unraisablehook = hook
    assert leaked == []


def test_a_server_whose_trigger_is_closed_still_stops_and_frees_its_port(app):
    """The loop closes its trigger when the trigger's pipe reports an error; stopping
    the server then closes every channel from the stopping thread, and the loop ends."""
    srv = server.make_server(app, "127.0.0.1", 0, threads=1)
    port = srv.socket.getsockname()[1]
    with server.running(srv):
        phone = _connect(port, "127.0.0.1")
        phone.sendall(b"GET /rules HTTP/1.1\r\nHost: x\r\n\r\n")
        assert phone.recv(12) == b"HTTP/1.1 200"  # a kept-alive connection stays open
        # the loop closes its own trigger; the answer's own pull may wake the loop, which
        # then runs the close before this write reaches the closed pipe (EBADF)
        try:
            srv.trigger.pull_trigger(srv.trigger.close)
        except OSError as err:
            if err.errno != errno.EBADF:
                raise
        until(lambda: srv.trigger._closed, "the loop closed its trigger")
    phone.settimeout(scaled(2))
    while phone.recv(65536):  # the rest of the answer, then the end: closed by the server
        pass
    phone.close()
    with socket.socket() as again:  # nobody listens on the port any more
        again.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        again.bind(("127.0.0.1", port))
        again.listen()


def test_a_server_process_compiles_its_pages_before_it_serves(app):
    """``scorekeeper serve`` warms each server process (``app.warm_up``): the first
    scoreboard or deal form a phone asks for compiles no template while it waits."""
    from scorekeeper.app import warm_up

    warm_up(app)
    compiled = {name for _loader, name in app.jinja_env.cache}
    assert {"scoreboard.html", "deal.html", "_deal_row.html", "base.html"} <= compiled
