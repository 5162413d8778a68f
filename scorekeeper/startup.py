"""Why ``scorekeeper serve`` (or ``scorekeeper db upgrade``) cannot start, in one line.

The person who runs the server meets these at the terminal: a database address that
cannot be read, a database that cannot be reached, a port another program holds. Each
is said with what was asked and what to do, never as a traceback; the command then ends
with status 2 when the configuration cannot be read (fix it and start again) and 1
when the machine refused (the database server, the port).
"""

from __future__ import annotations

import errno
import re
import socket

from sqlalchemy import exc, make_url

#: Exit statuses: the configuration cannot be read; the machine refused.
UNREADABLE, REFUSED = 2, 1
#: The databases Scorekeeper runs on (its migrations and its tests'), by URL scheme.
KNOWN = ("sqlite", "postgresql")
#: Where the URL came from, when the environment does not say it.
CONFIGURED = "DATABASE_URL (instance/config.py)"


def shown_url(url: str) -> str:
    """``url`` as it may be printed: its password hidden."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except exc.ArgumentError:  # not a URL at all: any "user:password@" is hidden by hand
        return re.sub(r"(//[^:/@]*):[^@/]*@", r"\1:***@", url)[:200]


def _first_line(err: BaseException) -> str:
    """The driver's own reason, its first line (SQLAlchemy adds the statement and a link)."""
    inner = getattr(err, "orig", None) or err
    return (str(inner).strip().splitlines() or [type(inner).__name__])[0]


def database_problem(err: BaseException, url: str | None) -> tuple[int, str] | None:
    """What to say when the database ``url`` (None: the one configured, unknown here)
    cannot be used, and the command's exit status; None for an error of another kind."""
    named = f"DATABASE_URL {shown_url(url)!r}" if url else CONFIGURED
    scheme = (url or "").split(":", 1)[0].split("+", 1)[0]
    # (NoSuchModuleError is an ArgumentError: the address was read, its kind is unknown)
    if isinstance(err, (exc.NoSuchModuleError, ModuleNotFoundError)):
        if scheme and scheme not in KNOWN:
            return UNREADABLE, (f"{named} names a database Scorekeeper does not run on "
                                f"({scheme}): it runs on SQLite (the default) and PostgreSQL")
        missing = getattr(err, "name", None) or _first_line(err)
        return UNREADABLE, (f"the driver of {named} is not installed ({missing}): "
                            "`make run DATABASE_URL=…` installs PostgreSQL's, as does "
                            "pip install 'scorekeeper[postgres]'")
    if isinstance(err, exc.ArgumentError):
        return UNREADABLE, (f"{named} is not a database address: write it as "
                            "postgresql://user:password@host/database, or "
                            "sqlite:////full/path/to/file.sqlite3")
    if not isinstance(err, exc.DBAPIError):
        return None
    reason = _first_line(err)
    if scheme == "sqlite" and "unable to open" in reason:
        path = make_url(url).database if url else None
        return REFUSED, (f"the SQLite file {path or 'of ' + CONFIGURED} cannot be opened: "
                         "its folder must exist and be writable")
    if err.statement is None:  # no statement yet: the connection itself was refused
        return REFUSED, (f"the database of {named} cannot be reached: {reason}. Is its "
                         "server running, and are its address, user and password right?")
    return REFUSED, f"the database of {named} cannot be brought up to date: {reason}"


def listen_problem(err: OSError, host: str, port: int) -> str:
    """What to say when the server cannot listen on ``host:port``."""
    if isinstance(err, socket.gaierror) or err.errno == errno.EADDRNOTAVAIL:
        return (f"{host} is not an address of this machine: --host 0.0.0.0 serves every "
                "network it is on, 127.0.0.1 this machine alone")
    if err.errno == errno.EADDRINUSE:
        return (f"port {port} is taken on {host}: another program (another Scorekeeper?) "
                "listens there. Stop it, or choose another port with --port")
    if err.errno == errno.EACCES:
        return (f"port {port} needs the system administrator's rights on this machine: "
                "choose one from 1024 up with --port")
    return f"cannot listen on {host}:{port}: {err.strerror or err}"
