"""Database engine, sessions and programmatic migrations.

SQLite (the default, a file in the instance folder) runs in WAL mode so readers
never wait for a writer, and every write transaction starts with
``BEGIN IMMEDIATE`` so two phones saving at once queue up instead of failing
with "database is locked" halfway through (SQLAlchemy's "serializable
isolation / savepoints / transactional DDL" recipe for pysqlite: the driver's
own transaction handling is switched off and SQLAlchemy emits BEGIN itself).
PostgreSQL works by setting ``DATABASE_URL``; writers lock the match row with
``SELECT … FOR UPDATE`` instead.
"""

from __future__ import annotations

import contextlib
import mmap
import os
import struct
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any

from flask import Flask, current_app, g
from sqlalchemy import Engine, create_engine, event, inspect, make_url, text
from sqlalchemy.exc import DBAPIError, SQLAlchemyError
from sqlalchemy.orm import Session, sessionmaker

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: one server process (threads only)
    fcntl = None  # type: ignore[assignment]

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
_EXT = "scorekeeper.db"


def database_url(app: Flask) -> str:
    """``DATABASE_URL`` from the config, then the environment, then a file in instance/."""
    url = app.config.get("DATABASE_URL") or os.environ.get("DATABASE_URL")
    if url:
        # Heroku-style URLs name the dialect "postgres"; SQLAlchemy wants "postgresql".
        if url.startswith("postgres://"):
            url = "postgresql://" + url[len("postgres://") :]
        if url.startswith("postgresql://"):
            url = "postgresql+psycopg://" + url[len("postgresql://") :]
        return str(url)
    os.makedirs(app.instance_path, exist_ok=True)
    return "sqlite:///" + os.path.join(app.instance_path, "scorekeeper.sqlite3")


def make_engine(url: str) -> Engine:
    """An engine; for SQLite with WAL, a busy timeout and BEGIN [IMMEDIATE] emitted by us."""
    if not url.startswith("sqlite"):
        return create_engine(url, pool_pre_ping=True)
    engine = create_engine(
        url, connect_args={"check_same_thread": False, "timeout": 30}, pool_size=16
    )

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        # Let SQLAlchemy, not the driver, decide when a transaction begins.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=30000")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Any) -> None:
        immediate = conn.get_execution_options().get("sqlite_immediate", False)
        conn.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")

    return engine


def sqlite_file(url: str) -> Path | None:
    """The file of an SQLite database URL; None for another database or one in memory."""
    if not url.startswith("sqlite"):
        return None
    path = make_url(url).database
    if not path or path == ":memory:" or path.startswith("file:"):
        return None
    return Path(path).resolve()


class WriteStamp:
    """How many writes every server process has committed to one SQLite file: a counter
    in a small file beside it (``<database>.written``), mapped in memory, raised after
    each write. A process that kept something it read (a match's version) knows from it,
    without asking the database, whether any process has written since. Elsewhere
    (PostgreSQL, a database in memory) it stays at 0 and says nothing."""

    def __init__(self, database: Path | None) -> None:
        self._path = None if database is None else database.with_name(database.name + ".written")
        self._map: mmap.mmap | None = None

    def _mapped(self) -> mmap.mmap | None:
        """The counter's 8 bytes, mapped shared (a forked process maps the same file)."""
        if self._path is None:
            return None
        if self._map is None:
            try:
                fd = os.open(self._path, os.O_RDWR | os.O_CREAT, 0o600)
            except OSError:  # a folder it cannot write to: pages fall back on FRESH_SECONDS
                self._path = None
                return None
            try:
                if os.fstat(fd).st_size < 8:
                    os.ftruncate(fd, 8)
                self._map = mmap.mmap(fd, 8)
            finally:
                os.close(fd)
        return self._map

    def value(self) -> int:
        mapped = self._mapped()
        return 0 if mapped is None else int(struct.unpack_from("<Q", mapped)[0])

    def raise_(self) -> None:
        """One more write (called by the writer that holds the write lock of every process)."""
        mapped = self._mapped()
        if mapped is not None:
            struct.pack_into("<Q", mapped, 0, struct.unpack_from("<Q", mapped)[0] + 1)


class _FileLock:
    """The write lock shared by every process of one SQLite file (``<database>.lock``,
    ``flock``): server processes queue for it at once instead of polling through SQLite's
    busy handler, whose sleeps grow to 100 ms. Threads of one process queue first on
    the process's own lock (an ``flock`` is held by the process, not the thread). The
    file is opened for each write and closed after it, which lets the lock go."""

    def __init__(self, database: Path | None) -> None:
        self._path = None if database is None else database.with_name(database.name + ".lock")
        self._thread = threading.Lock()

    @contextmanager
    def held(self) -> Iterator[None]:
        with self._thread:
            fd = -1
            if self._path is not None and fcntl is not None:
                try:
                    fd = os.open(self._path, os.O_RDWR | os.O_CREAT, 0o600)
                except OSError:  # a folder it cannot write to: SQLite's busy handler queues
                    self._path = None
            try:
                if fd >= 0:
                    fcntl.flock(fd, fcntl.LOCK_EX)
                yield
            finally:
                if fd >= 0:
                    os.close(fd)


class Database:
    """The engine and two session factories: one for reading, one for writing."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        database = sqlite_file(url)
        self._write_lock = _FileLock(database) if url.startswith("sqlite") else None
        #: Writes committed to this SQLite file by every process (``WriteStamp``).
        self.stamp = WriteStamp(database)
        writer_engine = self.engine.execution_options(sqlite_immediate=True)
        self.read_sessions = sessionmaker(bind=self.engine, expire_on_commit=False)
        self.write_sessions = sessionmaker(bind=writer_engine, expire_on_commit=False)
        self._schema_current = False

    def schema_behind(self) -> bool | None:
        """Whether the database's schema is older than this code's: no Alembic revision,
        or one of this code's migrations that is not their head (a server started without
        ``scorekeeper db upgrade``). Asked only after a statement failed (no request pays
        for it otherwise), and never again once the schema was found current; None when
        the database cannot be asked, or holds a revision this code does not know (a
        newer one)."""
        if self._schema_current:
            return False
        try:
            with self.engine.connect() as conn:
                found = [] if not inspect(conn).has_table("alembic_version") else list(
                    conn.execute(text("SELECT version_num FROM alembic_version")).scalars())
        except (SQLAlchemyError, self.engine.dialect.loaded_dbapi.Error):
            return None
        head, known = migrations()
        if found == [head]:
            self._schema_current = True
            return False
        return True if set(found) <= known else None

    @contextmanager
    def writing(self) -> Iterator[Session]:
        """One write transaction: committed on success, rolled back on any exception.

        On SQLite, writers first queue on a lock shared by every server process of the
        file (``_FileLock``): SQLite's own busy handler polls with sleeps of up to
        100 ms, which turns contention into long tails; a program that writes to the
        file without it still waits through ``busy_timeout``. Once committed, the
        write is counted in ``stamp``.
        """
        lock = self._write_lock.held() if self._write_lock else contextlib.nullcontext()
        with lock:
            with self.write_sessions() as session, session.begin():
                yield session
            self.stamp.raise_()


def init_app(app: Flask) -> Database:
    database = Database(database_url(app))
    app.extensions[_EXT] = database
    app.teardown_appcontext(_close_reader)
    return database


def get_db(app: Flask | None = None) -> Database:
    return (app or current_app).extensions[_EXT]  # type: ignore[no-any-return]


def reader() -> Session:
    """The request's read-only session (one per request, closed at teardown)."""
    if "db_reader" not in g:
        g.db_reader = get_db().read_sessions()
    return g.db_reader  # type: ignore[no-any-return]


@contextmanager
def writer() -> Iterator[Session]:
    """A write transaction (BEGIN IMMEDIATE on SQLite)."""
    with get_db().writing() as session:
        yield session


_PLACEHOLDERS = {"qmark": "?", "format": "%s", "pyformat": "%s"}


def lookup(sql: str, *params: Any) -> tuple[Any, ...] | None:
    """One row of a one-statement read, straight through the driver.

    The hot path of the scoreboard and the viewer's version poll: a single
    SELECT needs no transaction, and skipping the ORM and Core layers makes
    it about ten times cheaper. ``sql`` uses ``?`` placeholders.
    """
    rows = lookup_all(sql, *params, first=True)
    return rows[0] if rows else None


def lookup_all(sql: str, *params: Any, first: bool = False) -> list[tuple[Any, ...]]:
    """Every row (``first``: the first only) of a one-statement read, as ``lookup``."""
    engine = get_db().engine
    mark = _PLACEHOLDERS.get(engine.dialect.paramstyle)
    if mark is None:  # pragma: no cover - every driver we ship uses one of the above
        from sqlalchemy import text

        names = {f"p{i}": v for i, v in enumerate(params)}
        for name in names:
            sql = sql.replace("?", f":{name}", 1)
        with engine.connect() as conn:
            result = conn.execute(text(sql), names)
            found = [result.first()] if first else list(result)
        return [tuple(row) for row in found if row is not None]
    driver = engine.dialect.loaded_dbapi
    try:
        # the driver's own errors (a refused connection, a failed statement) raised as
        # SQLAlchemy raises them elsewhere (OperationalError…): the pages answer them as
        # they answer any other read's
        raw = engine.raw_connection()
        try:
            cursor = raw.cursor()
            try:
                cursor.execute(sql.replace("?", mark), params)
                got = [cursor.fetchone()] if first else cursor.fetchall()
            finally:
                cursor.close()
        finally:
            raw.close()
    except driver.Error as err:
        raise DBAPIError.instance(sql, params, err, driver.Error) from err
    return [tuple(row) for row in got if row is not None]


def _close_reader(_exc: BaseException | None) -> None:
    session = g.pop("db_reader", None)
    if session is not None:
        session.close()


def alembic_config(url: str) -> Any:
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


@lru_cache(maxsize=1)
def migrations() -> tuple[str, frozenset[str]]:
    """This code's schema: the migrations' head revision, and every revision (read from
    the scripts once per process)."""
    from alembic.script import ScriptDirectory

    scripts = ScriptDirectory.from_config(alembic_config("sqlite://"))
    return str(scripts.get_current_head()), frozenset(
        script.revision for script in scripts.walk_revisions())


def upgrade(url: str, revision: str = "head") -> None:
    """``alembic upgrade head`` without an alembic.ini: the scripts ship in the package."""
    from alembic import command

    engine = make_engine(url)
    try:
        with engine.begin() as connection:
            config = alembic_config(url)
            config.attributes["connection"] = connection
            command.upgrade(config, revision)
    finally:
        engine.dispose()
