"""``scorekeeper serve`` and ``scorekeeper db upgrade``: migrations, then waitress.

Served on the LAN (any host but loopback), it prints the address to open on a
phone and its QR code in the terminal.
"""

from __future__ import annotations

import argparse
import ipaddress
import socket
import sys
from typing import Any

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 5000

#: Worker threads: with 16 phones polling at once, 8 threads keep the 99th percentile
#: of a scoreboard near 30 ms on 2 cores where waitress's default 4 let it reach 60 ms
#: (bench/web.py --threads).
DEFAULT_THREADS = 8


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="scorekeeper", description="Scorekeeper web app")
    sub = parser.add_subparsers(dest="command", required=True)
    serve = sub.add_parser("serve", help="upgrade the database, then serve the app with waitress")
    serve.add_argument("--host", default=DEFAULT_HOST, help="address to listen on (0.0.0.0: LAN)")
    serve.add_argument("--port", type=int, default=DEFAULT_PORT)
    serve.add_argument("--threads", type=int, default=DEFAULT_THREADS,
                       help="waitress worker threads")
    db = sub.add_parser("db", help="database maintenance")
    db_sub = db.add_subparsers(dest="db_command", required=True)
    db_sub.add_parser("upgrade", help="apply every migration (alembic upgrade head)")
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


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(sys.argv[1:] if argv is None else argv)
    from scorekeeper.app import create_app

    app = create_app()
    upgrade_database(app)
    if args.command == "db":
        print("database up to date")
        return 0

    url = f"http://{args.host}:{args.port}/"
    if not is_loopback(args.host):
        url = public_url(args.host, args.port)
        app.config.setdefault("PUBLIC_URL", url)
        import segno

        print(f"Scorekeeper on your network: {url}")
        print("Scan this with a phone on the same Wi-Fi:")
        segno.make(url, error="m").terminal(compact=True)
    else:
        print(f"Scorekeeper: {url}")
    sys.stdout.flush()

    from waitress import serve

    serve(app, host=args.host, port=args.port, threads=args.threads, ident="scorekeeper")
    return 0


if __name__ == "__main__":
    sys.exit(main())
