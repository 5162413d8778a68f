"""Event load benchmark: a 50-table evening's turn scored on the tables' own phones while
200 phones, the director's page and the big screen follow the evening by themselves.

Run by hand: ``.venv/bin/python bench/event_load.py`` (SQLite, ``scorekeeper serve
--workers 2``; about 4 minutes), or ``--database-url postgresql://…`` (two
``scorekeeper serve`` processes on two ports of one machine sharing the database, the
phones spread over them as a proxy would spread them).

The evening is made through the director's pages (100 pairs pasted, 4 turns of 3 deals,
Mitchell) and turn 1 seated. Every table has four phones, each its own session and
cookies, each chosen by its pair on the table's page (so each a pair's own phone):
North-South's and East-West's scorers, and each pair's second phone. Every phone, the
director's page and the big screen follow their page as ``static/js/follow.js`` does:
a GET every ``FOLLOW`` seconds, with the page's tag (``If-None-Match``) once it has one,
answered 304 when nothing changed.

* **Following alone** (``--quiet``, 30 s): nobody enters anything; the server's CPU per
  second of following (every server process, from /proc).
* **The turn** (``--minutes``, 2): at each table North-South enters the turn's 3 deals
  by counts on the deal form (GET the form, POST it) at moments spread over the first
  three quarters of the window, and East-West confirms them once they are in.

Reported: requests, errors (any answer but 200/302/303/304), the deals the evening holds at
the end against the 150 entered (lost and duplicated), the confirmed tables, p50/p99
latency of a deal save and of a page's follow; the server's CPU per second of following
alone and during the turn; and **from a confirmation to the last page showing it**: for
each confirmed table, the time from East-West's confirmation answered to the answer of the
first follow, started after it, of each page that shows it (North-South's two phones,
East-West's second phone, the director's page, the big screen), the last of them. Every
CPU figure is also said as a multiple of a floor measured in the same run: the server's
CPU per request of its hello page (the offline page, a template without the database)
under the same client threads.

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
#: How often a followed page asks again, in seconds (static/js/follow.js: data-follow="3").
FOLLOW = 3.0
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
           label: str | None = None, tag: str | None = None) -> tuple[int, str, str]:
        """The answer's status, text and where it leads (a redirect's Location, else the
        answer's ETag); ``tag``: the page's tag the phone holds (``If-None-Match``)."""
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        request = urllib.request.Request(self.base + path, data=body, method=method)
        if tag:
            request.add_header("If-None-Match", tag)
        start = time.perf_counter()
        try:
            with self.opener.open(request, timeout=60) as answer:
                status, text = answer.status, answer.read().decode()
                where = answer.headers.get("ETag", "")
        except urllib.error.HTTPError as error:
            status, text = error.code, error.read().decode(errors="replace")
            where = error.headers.get("Location", "") or error.headers.get("ETag", "")
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
            if status not in (200, 302, 303, 304):
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


def choose(phone: Phone, link: str, side: str) -> str:
    """The phone made the own phone of the pair sitting on ``side`` of the table whose
    card's link is ``link`` (its name tapped on the table's page); the side's page."""
    _s, page, _w = phone.go("GET", link, label="table page")
    chosen = re.search(rf'<a href="([^"]+)" data-side="{side}">', page)
    if chosen is None:
        raise SystemExit(f"{link}: no pair to choose on {side}")
    status, _p, _w = phone.go("GET", html.unescape(chosen.group(1)))
    assert status == 303, status
    return f"{link}/{side}"


class Watch:
    """When each page last showed what: the moments (perf_counter) a follow of a page
    started and was answered, per table and per shared page, so that the first follow
    started after a confirmation is found."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.follows: dict[str, list[tuple[float, float]]] = {}
        self.confirmed: dict[int, float] = {}

    def seen(self, page: str, started: float, answered: float) -> None:
        with self.lock:
            self.follows.setdefault(page, []).append((started, answered))

    def delays(self, pages_of: dict[int, list[str]]) -> list[float]:
        """For each confirmed table, the time to the last of its pages showing it."""
        out = []
        for table, moment in self.confirmed.items():
            last = 0.0
            for page in pages_of[table]:
                after = [done for started, done in self.follows.get(page, []) if started >= moment]
                if not after:
                    last = float("inf")
                    break
                last = max(last, min(after) - moment)
            out.append(last)
        return out


def follow(phone: Phone, path: str, until: float, label: str, watch: Watch, page: str) -> None:
    """A page that follows the evening by itself, as follow.js does: a GET every
    ``FOLLOW`` seconds with the tag it holds."""
    tag = ""
    time.sleep(random.uniform(0, FOLLOW))  # the room's phones were not opened at once
    while time.perf_counter() < until:
        started = time.perf_counter()
        status, _text, etag = phone.go("GET", path, label=label, tag=tag)
        watch.seen(page, started, time.perf_counter())
        if status == 200 and etag:
            tag = etag
        time.sleep(max(0.0, started + FOLLOW - time.perf_counter()))


def table_turn(ns: Phone, ew: Phone, link: str, table: int, window: float, start: float,
               done: dict[str, int], watch: Watch) -> None:
    """North-South enters the 3 deals, East-West confirms them."""
    rng = random.Random(table)
    moments = sorted(rng.uniform(0, window * 0.75) for _ in range(DEALS))
    for moment in moments:
        time.sleep(max(0.0, start + moment - time.perf_counter()))
        url = f"{link}/ns/deals/new"
        _s, page, _w = ns.go("GET", url, label="deal form")
        status, _p, _w = ns.go("POST", url, {**_hidden(page), **_deal(rng)}, label="deal save")
        if status in (302, 303):
            with ns.stats.lock:
                done["saved"] += 1
    time.sleep(max(0.0, start + window * 0.8 + rng.uniform(0, window * 0.15) - time.perf_counter()))
    _s, page, _w = ew.go("GET", f"{link}/ew", label="table page")
    form = page.split(f'action="{link}/ew/confirm"')
    if len(form) > 1:
        status, _p, _w = ew.go("POST", f"{link}/ew/confirm", _hidden(form[1].split("</form>")[0]),
                               label="confirm")
        if status in (302, 303):
            with watch.lock:
                watch.confirmed[table] = time.perf_counter()
            with ns.stats.lock:
                done["confirmed"] += 1


def _address(table: int) -> str:
    """The loopback address a table's phones connect from."""
    return f"127.0.0.{table + 1}"


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
    parser.add_argument("--quiet", type=float, default=30.0,
                        help="seconds of following alone, before the turn")
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


def _phones(bases: list[str], stats: Stats, links: list[str]) -> list[dict[str, Any]]:
    """Each table's four phones, each chosen by its pair: the scorers first."""
    tables = []
    for table, link in enumerate(links, start=1):
        here = _address(table)
        phones = {f"{side}{k}": Phone(bases[(table + k) % len(bases)], stats, here)
                  for side in ("ns", "ew") for k in (0, 1)}
        for name, phone in phones.items():
            choose(phone, link, name[:2])
        tables.append({"table": table, "link": link, **phones})
    return tables


def _following(tables: list[dict[str, Any]], event: str, view: str, bases: list[str],
               stats: Stats, until: float, watch: Watch) -> list[threading.Thread]:
    """Every phone's page, the director's page and the big screen, following."""
    threads = []
    for t in tables:
        for name in ("ns0", "ns1", "ew0", "ew1"):
            side = name[:2]
            threads.append(threading.Thread(target=follow, args=(
                t[name], f"{t['link']}/{side}", until, "follow: a side's page", watch,
                f"{t['table']}:{name}")))
    threads.append(threading.Thread(target=follow, args=(
        Phone(bases[0], stats), f"{view}/tv", until, "follow: the big screen", watch, "tv")))
    threads.append(threading.Thread(target=follow, args=(
        Phone(bases[-1], stats), event, until, "follow: the director's page", watch,
        "director")))
    return threads


def _counted(tables: list[dict[str, Any]]) -> Stats:
    """New counts, which every table's phones add to from now on."""
    stats = Stats()
    for t in tables:
        for name in ("ns0", "ns1", "ew0", "ew1"):
            t[name].stats = stats
    return stats


def _run_all(threads: list[threading.Thread]) -> None:
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def run(bases: list[str], servers: list[Any], args: Any, url: str) -> None:
    stats = Stats()
    event, view, links = make_evening(bases[0], stats)
    tables = _phones(bases, stats, links)
    hello = floor(bases, servers, 2000)

    # following alone: nothing entered
    stats, watch = _counted(tables), Watch()
    before, start = _cpu(servers), time.perf_counter()
    _run_all(_following(tables, event, view, bases, stats, start + args.quiet, watch))
    quiet_cpu, quiet_s = _cpu(servers) - before, time.perf_counter() - start
    quiet_requests = stats.requests

    # the turn
    stats, watch = _counted(tables), Watch()
    window = args.minutes * 60
    done = {"saved": 0, "confirmed": 0}
    before, start = _cpu(servers), time.perf_counter()
    until = start + window
    threads = _following(tables, event, view, bases, stats, until + 2 * FOLLOW, watch)
    threads += [threading.Thread(target=table_turn, args=(
        t["ns0"], t["ew0"], t["link"], t["table"], window, start, done, watch)) for t in tables]
    _run_all(threads)
    elapsed = time.perf_counter() - start
    cpu = _cpu(servers) - before
    pages_of = {t["table"]: [f"{t['table']}:ns0", f"{t['table']}:ns1", f"{t['table']}:ew1",
                             "director", "tv"] for t in tables}
    delays = watch.delays(pages_of)
    held, sheets = _held(url, event.rsplit("/", 1)[-1])
    kind = "PostgreSQL, 2 server processes" if len(bases) > 1 else "SQLite, --workers 2"
    print(f"event load: {TABLES} tables × 4 phones following every {FOLLOW:.0f} s, the "
          f"director's page and the big screen too, {DEALS} deals a table, {kind}")
    print(f"  floor: {hello:.2f} ms of server CPU per request of the offline page")
    print(f"  following alone ({quiet_s:.0f} s, {quiet_requests} requests): server CPU "
          f"{quiet_cpu / quiet_s * 1000:.0f} ms per second "
          f"({quiet_cpu / quiet_s * 1000 / hello:.0f}× the floor's request; "
          f"{quiet_cpu / quiet_s * 100:.0f} % of a core), "
          f"{quiet_cpu * 1000 / max(1, quiet_requests):.2f} ms a follow")
    print(f"  the turn ({elapsed:.0f} s): requests {stats.requests}, errors {len(stats.errors)} "
          f"{sorted(set(stats.errors))}; server CPU {cpu / elapsed * 1000:.0f} ms per second "
          f"({cpu / elapsed * 100:.0f} % of a core)")
    print(f"  deals saved (answered 302) {done['saved']} of {TABLES * DEALS}; on the sides' "
          f"sheets {sheets}: lost {max(0, done['saved'] - sheets)}, duplicated "
          f"{max(0, sheets - done['saved'])}; tables confirmed {done['confirmed']} of {TABLES}, "
          f"the evening holds {held} deals ({DEALS} × {done['confirmed']} expected)")
    for status, said in sorted(stats.said.items()):
        print(f"  first answer {status}: {' '.join(said.split())[:200]}")
    for label in ("deal save", "deal form", "confirm", "follow: a side's page",
                  "follow: the big screen", "follow: the director's page"):
        print(f"  {label}: {_percentiles(stats.times.get(label, []))}")
    shown = sorted(delays)
    if shown:
        print(f"  from a confirmation to the last page showing it (its phones, the director's "
              f"page, the big screen): p50 {statistics.median(shown):.1f} s, max "
              f"{shown[-1]:.1f} s ({len(shown)} tables)")


def _held(url: str, edit: str) -> tuple[int, int]:
    """The deals the evening's turn 1 holds, and those of its sheets (the evening of this
    run, by its edit link: a PostgreSQL database may hold earlier runs' evenings)."""
    from sqlalchemy import create_engine, func, select
    from sqlalchemy.orm import Session

    from scorekeeper.models import Event, EventDeal, EventSheet, EventTable

    engine = create_engine(url)
    with Session(engine) as db:
        event = db.scalars(select(Event).where(Event.edit_token == edit)).one()
        held = db.scalar(select(func.count()).select_from(EventDeal).join(EventTable).where(
            EventTable.event_id == event.id, EventTable.turn == 0))
        sheets = sum(len(s.deals) for s in db.scalars(
            select(EventSheet).where(EventSheet.event_id == event.id)))
    engine.dispose()
    return int(held or 0), sheets


if __name__ == "__main__":
    main()
