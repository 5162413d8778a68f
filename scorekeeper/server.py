"""``scorekeeper serve`` and ``scorekeeper db upgrade``: migrations, then waitress.

Served on the LAN (any host but loopback), it prints the address to open on a
phone and its QR code in the terminal.
"""

from __future__ import annotations

import argparse
import ipaddress
import os
import socket
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from scorekeeper import processes, startup
from scorekeeper.catalogs import LANGS, translator

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 5000

#: Worker threads: with 16 phones polling at once, 8 threads keep the 99th percentile
#: of a scoreboard near 30 ms on 2 cores where waitress's default 4 let it reach 60 ms
#: (bench/web.py --threads).
DEFAULT_THREADS = 8

#: Open connections at once. Waitress's default (100, each idle one kept 120 s) lets one
#: laptop lock every phone out with a hundred silent sockets.
CONNECTION_LIMIT = 1000
#: Seconds an idle connection is kept (a phone reconnects in a few milliseconds).
CHANNEL_TIMEOUT = 30
#: Open connections from one address; a browser opens six. Behind a reverse proxy every
#: connection comes from the proxy, so the cap is off there (``--proxies``). An address
#: at its cap loses its oldest idle connection to a new one (``connections``).
PER_ADDRESS = 48
#: Seconds a connection may take to send a request's headers (a phone sends them at
#: once): sockets that trickle bytes cannot hold their places.
HEADER_TIMEOUT = 10.0


def _within(option: str) -> Callable[[str], int]:
    """An option's whole number within its bounds (``startup.BOUNDS``; argparse says
    otherwise)."""
    def read(text: str) -> int:
        try:
            number = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        if not startup.within(option, number):
            lowest, highest = startup.BOUNDS[option]
            raise argparse.ArgumentTypeError(f"{number} is not from {lowest} to {highest}")
        return number
    return read


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="scorekeeper", description="Scorekeeper web app")
    sub = parser.add_subparsers(dest="command", required=True)
    serve = sub.add_parser("serve", help="upgrade the database, then serve the app with waitress")
    serve.add_argument("--host", default=DEFAULT_HOST, help="address to listen on (0.0.0.0: LAN)")
    serve.add_argument("--port", type=_within("port"), default=DEFAULT_PORT)
    serve.add_argument("--threads", type=_within("threads"), default=DEFAULT_THREADS,
                       help="waitress worker threads (in each process)")
    serve.add_argument("--workers", type=_within("workers"), default=None,
                       help="server processes sharing the port, one per core for a club's "
                            "many tables; default: WORKERS in instance/config.py, else 1")
    serve.add_argument("--proxies", type=_within("proxies"), default=None,
                       help="reverse proxies in front of the app (trust their X-Forwarded-* "
                            "headers); default: PROXIES in instance/config.py, else 0")
    db = sub.add_parser("db", help="database maintenance")
    db_sub = db.add_subparsers(dest="db_command", required=True)
    upgrade = db_sub.add_parser("upgrade", help="apply every migration (alembic upgrade head)")
    for command in (serve, upgrade):
        command.add_argument("--lang", choices=sorted(LANGS), default=None,
                             help="language of the command's messages (default English)")
    return parser


def is_loopback(host: str) -> bool:
    if host in ("localhost", ""):
        return host == "localhost"
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def lan_address() -> str:
    """This machine's address on the local network (no packet is sent: UDP connect only)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def public_url(host: str, port: int) -> str:
    shown = lan_address() if host in ("0.0.0.0", "::", "") else host
    if ":" in shown:
        shown = f"[{shown}]"
    return f"http://{shown}:{port}/"


def upgrade_database(app: Any) -> None:
    from scorekeeper.db import get_db, upgrade

    upgrade(get_db(app).url)


def _app(args: argparse.Namespace, like: Any = None) -> Any:
    """The app the command serves: its configuration, and the proxies the command names;
    ``like``: the parent's app, whose secret key (one for every process, also where none
    can be kept in the instance folder) and public address a server process shares."""
    from scorekeeper.app import create_app, trust_proxies

    app = create_app()
    if like is not None:
        app.config["SECRET_KEY"] = like.config["SECRET_KEY"]
        if "PUBLIC_URL" in like.config:
            app.config.setdefault("PUBLIC_URL", like.config["PUBLIC_URL"])
    if getattr(args, "proxies", None) is not None:
        trust_proxies(app, args.proxies)
    return app


def _warm(app: Any) -> Any:
    """``app``, what its pages need made before it serves (``app.warm_up``)."""
    from scorekeeper.app import warm_up

    warm_up(app)
    return app


def _warm_meanwhile(app: Any) -> Any:
    """``app``, its pages made in a thread of their own while it serves: a process
    started again after one died answers its first request at once."""
    threading.Thread(target=_warm, args=(app,), name="warm-up", daemon=True).start()
    return app


def _process(args: argparse.Namespace, parent: Any, sock: socket.socket,
             per_address: int) -> Callable[[bool], Callable[[], Any]]:
    """What builds the server of each process of ``--workers``: its own app (``parent``'s
    secret key and address), warmed before it serves at start-up (nobody waits for it
    yet), and while it serves when it replaces a process that died."""
    def make(restarted: bool) -> Callable[[], Any]:
        app = _app(args, like=parent)
        warmed = _warm_meanwhile(app) if restarted else _warm(app)
        srv = make_server(warmed, args.host, args.port, args.threads, per_address,
                          sock=sock, proxies=int(parent.config["PROXIES"]))
        serve: Callable[[], Any] = srv.run
        return serve
    return make


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(sys.argv[1:] if argv is None else argv)
    gettext = translator(args.lang)
    app = None
    try:
        app = _app(args)
        upgrade_database(app)
        # (``--workers`` is 1 or more; ``db upgrade`` checks the configuration's as well)
        workers = getattr(args, "workers", None) or startup.setting(app.config, "WORKERS")
    except Exception as err:  # said in words when it is the configuration's or the
        # database's (startup.py)
        problem = _unusable(err, app, gettext)
        if problem is None:
            raise
        return _stop(*problem)
    if args.command == "db":
        print(gettext("database up to date"))
        return 0
    try:  # the port first: a port taken is said before the warm-up's seconds
        sock = listening(args.host, args.port)
    except OSError as err:
        return _stop(startup.REFUSED, startup.listen_problem(err, args.host, args.port, gettext))

    url = f"http://{args.host}:{args.port}/"
    proxies = int(app.config["PROXIES"])  # checked by create_app
    if not is_loopback(args.host) and not proxies:  # behind a proxy, links name its host
        url = public_url(args.host, args.port)
        app.config.setdefault("PUBLIC_URL", url)
        import segno

        print(gettext("Scorekeeper on your network: %(url)s") % {"url": url})
        print(gettext("Scan this with a phone on the same Wi-Fi:"))
        segno.make(url, error="m").terminal(compact=True)
    else:
        print(f"Scorekeeper: {url}")
    sys.stdout.flush()

    per_address = 0 if proxies else PER_ADDRESS
    with sock:
        if workers > 1 and hasattr(os, "fork"):
            from scorekeeper.db import get_db

            # What every app of the process makes alike (the templates' code, the
            # catalogs, the referee's tables) is made once here: each server process,
            # forked, starts with it, and one started again has little left to make.
            _warm(app)
            get_db(app).engine.dispose()  # nothing of the database crosses the fork
            return processes.supervise(_process(args, app, sock, per_address), workers,
                                       gettext)
        make_server(_warm(app), args.host, args.port, args.threads, per_address=per_address,
                    sock=sock, proxies=proxies).run()
    return 0


def _unusable(err: Exception, app: Any, gettext: Callable[[str], str]) -> tuple[int, str] | None:
    """What to say of ``err``, raised while the app was made (``app`` None) or its
    database brought up to date, and the exit status; None when it is neither the
    configuration's nor the database's."""
    from scorekeeper.app import config_path
    from scorekeeper.db import get_db

    if isinstance(err, startup.Unusable):
        return startup.UNREADABLE, err.said(gettext)
    said = startup.config_problem(err, config_path(), gettext)
    if said is not None:
        return startup.UNREADABLE, said
    url = get_db(app).url if app is not None else os.environ.get("DATABASE_URL")
    return startup.database_problem(err, url, gettext)


def _stop(status: int, said: str) -> int:
    """The command ends with ``said`` on stderr, and ``status``."""
    print(f"scorekeeper: {said}", file=sys.stderr)
    return status


def listening(host: str, port: int) -> socket.socket:
    """The listening socket every server process accepts from."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(1024)
    except OSError:
        sock.close()
        raise
    return sock


def make_server(app: Any, host: str, port: int, threads: int = DEFAULT_THREADS,
                per_address: int = PER_ADDRESS, sock: socket.socket | None = None,
                proxies: int = 0, limit: int | None = None,
                header_timeout: float = HEADER_TIMEOUT) -> Any:
    """Waitress on ``host:port`` with limits a LAN cannot exhaust (``connections.Server``):
    ``limit`` connections (default ``CONNECTION_LIMIT``, within the open-file limit), at
    most ``per_address`` from one address, idle ones dropped after ``CHANNEL_TIMEOUT``,
    unfinished headers after ``header_timeout``. ``sock``: a socket listening already
    (shared by several server processes); ``proxies``: reverse proxies in front, whose
    X-Forwarded-* headers are passed on."""
    from scorekeeper.connections import Server

    return Server(app, limit=limit or _connection_limit(), per_address=per_address,
                  header_timeout=header_timeout, host=host, port=port, threads=threads,
                  ident="scorekeeper", channel_timeout=CHANNEL_TIMEOUT, _sock=sock,
                  bind_socket=sock is None, **proxy_settings(proxies))


#: The headers ``app.trust_proxies`` reads (werkzeug's ProxyFix), as waitress names them.
PROXY_HEADERS = frozenset({"x-forwarded-for", "x-forwarded-proto", "x-forwarded-host"})


def proxy_settings(proxies: int) -> dict[str, Any]:
    """Waitress's trusted-proxy adjustments for ``proxies`` proxies in front of it.

    Waitress removes every X-Forwarded-* header unless its ``trusted_proxy`` is set
    (``clear_untrusted_proxy_headers`` defaults to true since waitress 2.0; its docs,
    "Using Behind a Reverse Proxy" and "Arguments to waitress.serve"), so the app's
    ProxyFix never saw them and ``--proxies`` did nothing. Trusted here, waitress
    keeps the last ``proxies`` values of each header and sets the scheme, host and
    client address from them, the same values ProxyFix then reads again (its
    ``x_for=proxies`` takes that same value). Any peer is trusted (``"*"``), as
    ProxyFix trusts any: behind a proxy, the port must be reachable through it
    alone. Without proxies, waitress goes on removing the headers."""
    if proxies <= 0:
        return {}
    return {"trusted_proxy": "*", "trusted_proxy_count": proxies,
            "trusted_proxy_headers": set(PROXY_HEADERS),
            "clear_untrusted_proxy_headers": True}


@contextmanager
def running(srv: Any) -> Iterator[Any]:
    """``srv`` (from :func:`make_server` or waitress) served in a background thread until
    the block ends; then its workers stop and its loop ends, and its port is free again."""
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    try:
        yield srv
    finally:
        channels: dict[int, Any] = srv._map
        # Requests still queued lose their channel's list when the workers stop: their
        # body buffers (temporary files for large bodies) are closed below.
        queued = [request for channel in list(channels.values())
                  for request in list(getattr(channel, "requests", ()))]
        srv.task_dispatcher.shutdown()

        def close_all() -> None:
            for request in queued:
                request.close()
            for channel in list(channels.values()):
                request = getattr(channel, "request", None)
                if request is not None:
                    request.close()  # a half-read request's body buffer
                for request in list(getattr(channel, "requests", ())):
                    request.close()
                if hasattr(channel, "outbufs"):
                    channel.handle_close()  # a connection: its output buffers too
                else:
                    channel.close()

        # Every channel (the listening socket, kept-alive connections, the trigger) is
        # closed by the loop's own thread: closed from here, a descriptor could vanish
        # under its select(). The loop ends once its map is empty.
        try:
            srv.trigger.pull_trigger(close_all)
        except OSError:
            # The trigger is closed already (its pipe reported an error, and the loop
            # closed it): the loop can no longer be asked, so the channels are closed
            # from here; the loop then finds its map empty and ends.
            close_all()
        thread.join(timeout=10)
        if thread.is_alive():  # pragma: no cover - a loop stuck in a request
            raise RuntimeError("the server's loop did not end")


def _connection_limit() -> int:
    """``CONNECTION_LIMIT``, within the process's open-file limit (raised where allowed)."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    from scorekeeper.connections import ROOM

    # the refused connections' room, the database, the listening socket, the trigger…
    wanted = CONNECTION_LIMIT + ROOM + 64
    if soft != resource.RLIM_INFINITY and soft < wanted:
        target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError):
            pass
    return CONNECTION_LIMIT if soft == resource.RLIM_INFINITY else min(
        CONNECTION_LIMIT, soft - ROOM - 64)


if __name__ == "__main__":
    sys.exit(main())
