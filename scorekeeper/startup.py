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
from collections.abc import Callable, Mapping
from typing import Any

from sqlalchemy import exc, make_url

#: Exit statuses: the configuration cannot be read; the machine refused.
UNREADABLE, REFUSED = 2, 1
#: The databases Scorekeeper runs on (its migrations and its tests'), by URL scheme.
KNOWN = ("sqlite", "postgresql")
#: Where the URL came from, when the environment does not say it.
CONFIGURED = "DATABASE_URL (instance/config.py)"
#: The numbers the command takes (its options, and instance/config.py's WORKERS and
#: PROXIES), lowest and highest: each thread and process is memory kept for the server's
#: life, a club's server needs a few of each (its cores, ``server.DEFAULT_THREADS``), and
#: no deployment chains more proxies.
BOUNDS = {"port": (1, 65535), "threads": (1, 256), "workers": (1, 64), "proxies": (0, 8)}


class Unusable(ValueError):
    """instance/config.py's setting ``name`` is not a whole number within its bounds."""

    def __init__(self, name: str, value: object) -> None:
        super().__init__(f"{name} = {value!r}")
        self.name, self.value = name, value

    def said(self, gettext: Callable[[str], str] = str) -> str:
        lowest, highest = BOUNDS[self.name.lower()]
        return gettext("%(setting)s in instance/config.py must be a whole number from "
                       "%(lowest)s to %(highest)s, not %(value)s") % {
            "setting": self.name, "lowest": lowest, "highest": highest,
            "value": repr(self.value)[:40]}


def within(name: str, number: int) -> bool:
    """Whether ``number`` is within the bounds of the option or setting ``name``."""
    lowest, highest = BOUNDS[name.lower()]
    return lowest <= number <= highest


def setting(config: Mapping[str, Any], name: str) -> int:
    """``config[name]`` (``WORKERS``, ``PROXIES``) within its bounds, else ``Unusable``."""
    value = config.get(name)
    if isinstance(value, bool) or not isinstance(value, int) or not within(name, value):
        raise Unusable(name, value)
    return value


def config_problem(err: BaseException, path: str,
                   gettext: Callable[[str], str] = str) -> str | None:
    """What to say when the configuration file ``path`` itself raised ``err`` as it was
    read (a typo, a name it does not define); None for an error raised elsewhere."""
    line = err.lineno if isinstance(err, SyntaxError) and err.filename == path else None
    trace = err.__traceback__
    while trace is not None:
        if trace.tb_frame.f_code.co_filename == path:
            line = trace.tb_lineno
        trace = trace.tb_next
    if line is None:
        return None
    return gettext("%(path)s cannot be read, line %(line)s: %(error)s") % {
        "path": path, "line": line, "error": f"{type(err).__name__}: {err}"}


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


def database_problem(err: BaseException, url: str | None,
                     gettext: Callable[[str], str] = str) -> tuple[int, str] | None:
    """What to say when the database ``url`` (None: the one configured, unknown here)
    cannot be used, and the command's exit status; None for an error of another kind."""
    named = f"DATABASE_URL {shown_url(url)!r}" if url else CONFIGURED
    scheme = (url or "").split(":", 1)[0].split("+", 1)[0]
    # (NoSuchModuleError is an ArgumentError: the address was read, its kind is unknown)
    if isinstance(err, (exc.NoSuchModuleError, ModuleNotFoundError)):
        if scheme and scheme not in KNOWN:
            return UNREADABLE, gettext(
                "%(named)s names a database Scorekeeper does not run on (%(kind)s): it runs "
                "on SQLite (the default) and PostgreSQL") % {"named": named, "kind": scheme}
        missing = getattr(err, "name", None) or _first_line(err)
        return UNREADABLE, gettext(
            "the driver of %(named)s is not installed (%(missing)s): `make run "
            "DATABASE_URL=…` installs PostgreSQL's, as does pip install "
            "'scorekeeper[postgres]'") % {"named": named, "missing": missing}
    if isinstance(err, exc.ArgumentError):
        return UNREADABLE, gettext(
            "%(named)s is not a database address: write it as "
            "postgresql://user:password@host/database, or "
            "sqlite:////full/path/to/file.sqlite3") % {"named": named}
    if not isinstance(err, exc.DBAPIError):
        return None
    reason = _first_line(err)
    if scheme == "sqlite" and "unable to open" in reason:
        path = (make_url(url).database if url else None) or CONFIGURED
        return REFUSED, gettext(
            "the SQLite file %(path)s cannot be opened: its folder must exist and be "
            "writable") % {"path": path}
    if err.statement is None:  # no statement yet: the connection itself was refused
        return REFUSED, gettext(
            "the database of %(named)s cannot be reached: %(reason)s. Is its server "
            "running, and are its address, user and password right?") % {
                "named": named, "reason": reason}
    return REFUSED, gettext("the database of %(named)s cannot be brought up to date: "
                            "%(reason)s") % {"named": named, "reason": reason}


def listen_problem(err: OSError, host: str, port: int,
                   gettext: Callable[[str], str] = str) -> str:
    """What to say when the server cannot listen on ``host:port``."""
    if isinstance(err, socket.gaierror) or err.errno == errno.EADDRNOTAVAIL:
        return gettext("%(host)s is not an address of this machine: --host 0.0.0.0 serves "
                       "every network it is on, 127.0.0.1 this machine alone") % {"host": host}
    if err.errno == errno.EADDRINUSE:
        return gettext("port %(port)s is taken on %(host)s: another program (another "
                       "Scorekeeper?) listens there. Stop it, or choose another port with "
                       "--port") % {"port": port, "host": host}
    if err.errno == errno.EACCES:
        return gettext("port %(port)s needs the system administrator's rights on this "
                       "machine: choose one from 1024 up with --port") % {"port": port}
    return gettext("cannot listen on port %(port)s of %(host)s: %(reason)s") % {
        "host": host, "port": port, "reason": err.strerror or err}
