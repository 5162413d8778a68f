"""Event load benchmark: a 50-table evening's turn scored on the tables' own phones.

Run by hand: ``.venv/bin/python bench/event_load.py`` (SQLite, ``scorekeeper serve
--workers 2``; about 3 minutes), or ``--database-url postgresql://…`` (two
``scorekeeper serve`` processes on two ports of one machine sharing the database, the
phones spread over them as a proxy would spread them).

The evening is made through the director's pages (100 pairs pasted, 4 turns of 3 deals,
Mitchell) and turn 1 seated. Then, within ``--minutes`` (2) of wall-clock time:

* 200 phones (50 tables × 4 players, each phone its own session and cookies): at each
  table, North-South's first phone opens the table card's link, says it is North-South
  and enters the turn's 3 deals by counts on the deal form (GET the form, POST it), at
  moments spread over the first three quarters of the window; East-West's first phone
  opens its page and, once the 3 deals are in, confirms them; the two other phones of the
  table open the table's page and follow it every 5 seconds, as ``follow.js`` does;
* the big screen (``/e/v/<view>/tv``) every 5 seconds and the director's page every 10.

Reported: requests, errors (any answer but 200/302/303), the deals the evening holds at
the end against the 150 entered (lost and duplicated), the confirmed tables, p50/p99
latency of a deal save (POST) and of a table page (GET), and the server's CPU (every
server process, from /proc) per confirmed table, against a floor measured in the same
run: the server's CPU per request of its hello page (``/healthz``-like: the offline
page, a template without the database) under the same client threads.

Each phone is a thread of this process (urllib, one cookie jar each); the client's own
CPU is not the server's and is not counted.
"""

from __future__ import annotations

import argparse
import html
import http.client
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from http.cookiejar import CookieJar
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path[:0] = [str(ROOT), str(BENCH)]

from web import tree_cpu  # noqa: E402

TABLES, DEALS = 50, 3
HIDDEN = re.compile(r'<input[^>]*type="hidden"[^>]*>')


def _hidden(page: str) -> dict[str, str]:
    fields = {}
    for tag in HIDDEN.findall(page):
        name = re.search(r'name="([^"]+)"', tag)
        value = re.search(r'value="([^"]*)"', tag)
        if name:
            fields[name.group(1)] = html.unescape(value.group(1)) if value else ""
    return fields


class _From(urllib.request.HTTPHandler):
    """Connections from one loopback address (127.0.0.x): a table's phones share one,
    as phones behind one Wi-Fi box do, and the server's per-address cap sees 50."""

    def __init__(self, address: str) -> None:
        super().__init__()
        self.address = address

    def http_open(self, req: Any) -> Any:
        return self.do_open(lambda host, **kw: http.client.HTTPConnection(
            host, source_address=(self.address, 0), **kw), req)


class Phone:
    """One phone: its own cookies, every answer timed and checked."""

    def __init__(self, base: str, stats: Stats, address: str = "127.0.0.1") -> None:
        self.base, self.stats = base, stats
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(CookieJar()), _NoRedirect(), _From(address))

    def go(self, method: str, path: str, data: dict[str, str] | None = None,
           label: str | None = None) -> tuple[int, str, str]:
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        request = urllib.request.Request(self.base + path, data=body, method=method)
        start = time.perf_counter()
        try:
            with self.opener.open(request, timeout=60) as answer:
                status, text, where = answer.status, answer.read().decode(), ""
        except urllib.error.HTTPError as error:
            status, text = error.code, error.read().decode(errors="replace")
            where = error.headers.get("Location", "")
        except OSError as error:
            status, text, where = 0, str(error), ""
        self.stats.add(label, time.perf_counter() - start, status, f"{method} {path}: {text[:300]}")
        return status, text, where


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any) -> None:  # a 302 is an answer here
        return None


class Stats:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.times: dict[str, list[float]] = {}
        self.requests = 0
        self.errors: list[int] = []
        self.said: dict[int, str] = {}

    def add(self, label: str | None, seconds: float, status: int, said: str = "") -> None:
        with self.lock:
            self.requests += 1
            if status not in (200, 302, 303):
                self.errors.append(status)
                self.said.setdefault(status, said)
            if label:
                self.times.setdefault(label, []).append(seconds * 1000)


def _deal(rng: random.Random) -> dict[str, str]:
    """A deal by counts: NS went out with a clean burraco."""
    fields = {"went_out": "0", "closed_by": "discard", "action": "save"}
    for side, (points, clean, hand) in enumerate(((rng.randrange(20, 80) * 5, 1, 0),
                                                  (rng.randrange(10, 60) * 5, 0,
                                                   rng.randrange(0, 12) * 5))):
        fields.update({f"sides-{side}-mode": "counts", f"sides-{side}-table_points": str(points),
                       f"sides-{side}-clean": str(clean), f"sides-{side}-hand_points": str(hand),
                       f"sides-{side}-morto": "taken"})
    return fields


def make_evening(base: str, stats: Stats) -> tuple[str, str, list[str]]:
    """The evening through the director's pages: its edit link, view link, table links."""
    director = Phone(base, stats)
    _s, page, _w = director.go("GET", "/events/new")
    _s, _p, event = director.go("POST", "/events/new", {
        **_hidden(page), "name": "Bench evening", "day": "2026-12-04", "profile": "burraco",
        "kind": "pairs", "format": "4x3", "movement": "mitchell", "bye_vp": "10"})
    event = urllib.parse.urlparse(event).path
    lines = "\n".join(f"Pair {i}\tPartner {i}" for i in range(1, 2 * TABLES + 1))
    for url, extra in ((f"{event}/entrants", {"lines": lines}), (f"{event}/turns", {})):
        _s, page, _w = director.go("GET", event)
        form = page.split(f'action="{url}"')[1].split("</form>")[0]
        status, _p, _w = director.go("POST", url, {**_hidden(form), **extra})
        assert status == 302, status
    _s, page, _w = director.go("GET", event)
    view = re.search(r'href="(/e/v/[^"/]+)"', page).group(1)
    links = []
    for table in range(1, TABLES + 1):
        _s, page, _w = director.go("GET", f"{event}/turns/1/tables/{table}")
        links.append(re.search(r'href="https?://[^/"]+(/e/t/[^"]+)"', page).group(1))
    return event, view, links


def table_turn(bases: list[str], stats: Stats, link: str, table: int, window: float,
               start: float, done: dict[str, int]) -> None:
    """North-South enters the 3 deals, East-West confirms them."""
    rng = random.Random(table)
    here = _address(table)
    ns = Phone(bases[table % len(bases)], stats, here)
    ew = Phone(bases[(table + 1) % len(bases)], stats, here)
    moments = sorted(rng.uniform(0, window * 0.75) for _ in range(DEALS))
    ns.go("GET", link, label="table page")
    for moment in moments:
        time.sleep(max(0.0, start + moment - time.perf_counter()))
        url = f"{link}/ns/deals/new"
        _s, page, _w = ns.go("GET", url, label="deal form")
        status, _p, _w = ns.go("POST", url, {**_hidden(page), **_deal(rng)}, label="deal save")
        if status in (302, 303):
            with stats.lock:
                done["saved"] += 1
        ns.go("GET", f"{link}/ns", label="table page")
    time.sleep(max(0.0, start + window * 0.8 + rng.uniform(0, window * 0.15) - time.perf_counter()))
    _s, page, _w = ew.go("GET", f"{link}/ew", label="table page")
    form = page.split(f'action="{link}/ew/confirm"')
    if len(form) > 1:
        status, _p, _w = ew.go("POST", f"{link}/ew/confirm", _hidden(form[1].split("</form>")[0]),
                               label="confirm")
        if status in (302, 303):
            with stats.lock:
                done["confirmed"] += 1


def _address(table: int) -> str:
    """The loopback address a table's phones connect from."""
    return f"127.0.0.{table + 1}"


def follow(phone: Phone, path: str, every: float, until: float, label: str) -> None:
    """A page that follows the evening by itself (the big screen, a waiting table page)."""
    while time.perf_counter() < until:
        phone.go("GET", path, label=label)
        time.sleep(every)


def _serve(url: str, port: int, workers: int, instance: Path) -> subprocess.Popen[bytes]:
    env = {**os.environ, "DATABASE_URL": url}
    command = [str(ROOT / ".venv/bin/scorekeeper"), "serve", "--port", str(port),
               "--workers", str(workers)]
    server = subprocess.Popen(command, env=env, cwd=instance, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    for _ in range(200):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/offline/en", timeout=1).read()
            return server
        except OSError:
            time.sleep(0.1)
    raise SystemExit(f"the server on port {port} did not answer")


def _ports(count: int) -> list[int]:
    import socket

    found = []
    for _ in range(count):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            found.append(s.getsockname()[1])
    return found


def _cpu(servers: list[subprocess.Popen[bytes]]) -> float:
    return sum(tree_cpu(s.pid) or 0.0 for s in servers)


def floor(bases: list[str], servers: list[subprocess.Popen[bytes]], requests: int) -> float:
    """Server CPU ms per request of the offline page (no database), 20 client threads."""
    stats = Stats()
    before = _cpu(servers)
    phones = [Phone(bases[i % len(bases)], stats, _address(i)) for i in range(20)]
    threads = [threading.Thread(target=lambda p=p: [p.go("GET", "/offline/en")
                                                   for _ in range(requests // 20)])
               for p in phones]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return (_cpu(servers) - before) * 1000 / max(1, stats.requests)


def _percentiles(values: list[float]) -> str:
    if not values:
        return "none"
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return f"p50 {statistics.median(ordered):.1f} ms, p99 {p99:.1f} ms ({len(ordered)})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--database-url", default=None)
    parser.add_argument("--minutes", type=float, default=2.0)
    args = parser.parse_args()
    from scorekeeper.db import upgrade

    with tempfile.TemporaryDirectory() as tmp:
        instance = Path(tmp)
        url = args.database_url or f"sqlite:///{instance}/event.sqlite3"
        upgrade(url)
        ports = _ports(1 if args.database_url is None else 2)
        workers = 2 if args.database_url is None else 1
        servers = [_serve(url, port, workers, instance) for port in ports]
        bases = [f"http://127.0.0.1:{port}" for port in ports]
        try:
            run(bases, servers, args, url)
        finally:
            for server in servers:
                server.terminate()
                server.wait(timeout=30)


def run(bases: list[str], servers: list[Any], args: Any, url: str) -> None:
    stats = Stats()
    event, view, links = make_evening(bases[0], stats)
    hello = floor(bases, servers, 2000)
    stats = Stats()
    window = args.minutes * 60
    done = {"saved": 0, "confirmed": 0}
    before = _cpu(servers)
    start = time.perf_counter()
    until = start + window
    threads = [threading.Thread(target=table_turn, args=(bases, stats, link, table, window,
                                                           start, done))
               for table, link in enumerate(links, start=1)]
    for table, link in enumerate(links, start=1):
        for k in range(2):  # the table's two other phones follow its page
            phone = Phone(bases[(table + k) % len(bases)], stats, _address(table))
            threads.append(threading.Thread(target=follow, args=(
                phone, link, 5.0, until, "table page")))
    threads.append(threading.Thread(target=follow, args=(
        Phone(bases[0], stats), f"{view}/tv", 5.0, until, "big screen")))
    threads.append(threading.Thread(target=follow, args=(
        Phone(bases[-1], stats), event, 10.0, until, "director's page")))
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - start
    cpu = _cpu(servers) - before
    held, sheets = _held(url, event.rsplit("/", 1)[-1])
    kind = "PostgreSQL, 2 server processes" if len(bases) > 1 else "SQLite, --workers 2"
    print(f"event load: {TABLES} tables × 4 phones, {DEALS} deals a table, {kind}, "
          f"{elapsed:.0f} s")
    print(f"  requests {stats.requests}, errors {len(stats.errors)} {sorted(set(stats.errors))}")
    print(f"  deals saved (answered 302) {done['saved']} of {TABLES * DEALS}; on the sides' "
          f"sheets {sheets}: lost {max(0, done['saved'] - sheets)}, duplicated "
          f"{max(0, sheets - done['saved'])}; tables confirmed {done['confirmed']} of {TABLES}, "
          f"the evening holds {held} deals ({DEALS} × {done['confirmed']} expected)")
    for status, said in sorted(stats.said.items()):
        print(f"  first answer {status}: {' '.join(said.split())[:200]}")
    for label in ("deal save", "deal form", "table page", "confirm", "big screen",
                  "director's page"):
        print(f"  {label}: {_percentiles(stats.times.get(label, []))}")
    per_table = cpu * 1000 / max(1, done["confirmed"])
    print(f"  server CPU per confirmed table (3 deals, its phones' pages, the room's share): "
          f"{per_table:.0f} ms; floor: {hello:.2f} ms per request of the offline page")


def _held(url: str, edit: str) -> tuple[int, int]:
    """The deals the evening's turn 1 holds, and those of its sheets (the evening of this
    run, by its edit link: a PostgreSQL database may hold earlier runs' evenings)."""
    from sqlalchemy import create_engine, select
    from sqlalchemy.orm import Session

    from scorekeeper.models import Event, EventSheet

    engine = create_engine(url)
    with Session(engine) as db:
        event = db.scalars(select(Event).where(Event.edit_token == edit)).one()
        held = sum(len(t["deals"]) for t in event.document["turns"][0]["tables"])
        sheets = sum(len(s.deals) for s in db.scalars(
            select(EventSheet).where(EventSheet.event_id == event.id)))
    engine.dispose()
    return held, sheets


if __name__ == "__main__":
    main()
