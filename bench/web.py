"""Web benchmark: the real app under waitress, driven over loopback from a second process.

The scoreboard is timed cold (the first view right after a deal is saved) and cached
(the same version seen again), side by side; deal saves are timed alone and 16 at once.

    .venv/bin/python bench/web.py [--seconds 3] [--rounds 3] [--clients 16] [--seeded 16]
                                  [--lengths 3] [--grown 1] [--budget 75] [--save-seconds 5]
                                  [--workers 2]

The server (this file with ``--serve``) runs the real ``create_app()`` on a temporary
SQLite file, plus a hello-world Flask page as a floor, on the waitress server of
``scorekeeper serve`` (``server.make_server``) bound to 127.0.0.1: one process for
phases 1 to 3, ``--workers`` processes forked as ``scorekeeper serve --workers`` forks
them for phase 4. Every deal is a different realistic one (bench/deals.py: legal runs of 3 to
14 cards, a third with a wildcard, hands left over), entered card by card for both
sides in the real deal form. Every request asks for gzip, as a phone's browser does, so
that the server's compression of each page is timed with it. The server measures its
own CPU time (``Meter`` below) for each request the benchmark labels, around the app's
handling of it (body included): the process's CPU time (``time.process_time``) when
requests come one at a time, the handling thread's own (``time.thread_time``) when they
come together. It also reports its whole process's CPU time, so that a run's total can
be divided by the saves made in it.

What is timed (about a minute on a quiet machine, up to two on a busy one):

1. **One request at a time.** ``--seeded`` matches holding 23 deals get their 24th;
   ``--lengths`` matches each holding 0, 5, 11 and 17 deals get their next one (the
   deals a match holds are stored before the run, and the server sees the match once,
   as it saw them when they were saved); then ``--grown`` matches grow from 0 to 24
   deals. Each round GETs the deal form, POSTs the deal (302), then GETs the
   scoreboard the POST leads to once: the **COLD** view, the new version's first, a
   miss of the page cache (the referee scores the match again and the page is
   rendered); then 3 more GETs of it: the **CACHED** views (page-cache hits). Figures,
   median and middle half: server CPU ms per cold and per cached view of the 24-deal
   scoreboard, per deal save and per deal form, each beside the wall time the client
   waited; the hello-world page timed the same way is the floor; and the cold view's
   CPU by match length. No round starts later than ``--budget`` seconds after the
   benchmark started (the report says how many were skipped), so that a busy machine
   cannot stretch the run past two minutes or so.
2. **GET load, 16 concurrent keep-alive clients** (``wrk`` when installed, else Python
   threads): the hello-world page and the **CACHED** 24-deal scoreboard (repeat views
   of one version) in alternating rounds; req/s and p50/p99 latency, medians of the
   rounds.
3. **Deal submission, 16 concurrent writers on SQLite**: each saves different deals
   into its own matches (each holding 12 deals when the run starts: deals 13 to 24,
   then its next match); saves/s, p50/p99 latency, and server CPU ms per save two
   ways: the median of each save's thread CPU time, and the whole server process's CPU
   time over the run divided by the saves (everything: waitress's I/O thread, the app,
   SQLite).
4. **The same deal submission against ``--workers`` server processes** (2 by default;
   0 or 1 skips it) on a fresh SQLite file: saves/s, p50/p99 latency, and the CPU of
   every server process over the run (from /proc) divided by the saves. One process
   uses one core whatever its threads; this is the server as a club with many tables
   runs it.

5. **COLD views elsewhere, one request at a time**, on the server processes of phase 4
   before its load (``--other`` matches holding 23 deals, shown once by both processes):
   a scorer connected to one process saves the 24th deal, and the match's next view comes
   from the other process (another phone, or the scorer's own next page that the other
   process answers): **COLD** there, then **CACHED**; every other match is seen right
   after the other process empties its referee's caches (``rules.clear_caches()``, asked
   by the ``X-Bench-Clear`` header, outside the timed part): a referee that has seen none
   of the deals. Then ``--fresh`` times a server process just started (warmed as
   ``scorekeeper serve`` warms it) on the same file: its first request, a 24-deal
   scoreboard (**FRESH**), its second, another match's (**COLD**: the first view of that
   match on that process, its QR code made), its third, another match's deal form.
   Phase 5 runs with phase 4 (``--workers`` 2 or more).

On a busy shared virtual machine the CPU clocks also count some time spent stalled
(see the clock check line, from bench/cpuclock.py): totals and means swell first, the
medians much later, so the medians are the figures to compare across runs; the upper
end of a middle half, well above its median, says the run was disturbed.

Targets, each printed next to its figure, met or not, as multiples of the run's
hello-world page (the floor, phase 1): every page a scorer opens ≤ 15× the floor cold on
any process (the COLD 24-deal scoreboard, phases 1 and 5; a process's first request,
FRESH; the deal form, GET), a deal save ≤ 25× (the 24th deal one at a time, and each
save under load, both ways); ≥ 250 saves/s with 16 concurrent
writers on SQLite (held by phase 4 when it runs, else by phase 3; phase 3's one
process is printed beside it); CACHED scoreboard ≥ 60 % of hello-world's throughput under load,
p99 ≤ 50 ms; every page ≤ 30 KB of HTML + CSS + JS as sent with gzip (its uncompressed
size printed beside it). The exit status is 1 when a target
is missed.
"""

from __future__ import annotations

import argparse
import gzip
import http.client
import itertools
import json
import math
import os
import random
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path[:0] = [str(ROOT), str(BENCH)]

import deals as generated  # noqa: E402
from cpuclock import clock_check  # noqa: E402

from scorekeeper.server import DEFAULT_THREADS  # noqa: E402

HIDDEN = re.compile(r'<input[^>]*name="(csrf_token|idem|version)"[^>]*value="([^"]*)"')
SIZE_LIMIT = 30 * 1024
DEALS = 24
LENGTHS = (1, 6, 12, 18, DEALS)  # the cold view's cost is also shown at these lengths
WRITER_STORED = 12  # a writer's match holds 12 deals when the run starts
CACHED_VIEWS = 3
LABEL = "X-Bench-Label"
CLEAR = "X-Bench-Clear"  # the server empties its referee's caches first
CACHED_LOAD = "scoreboard, 24 deals, CACHED"
SUBMIT_LOAD = "deal submission (POST)"
STATS = "/_bench/cpu"

#: The targets of server CPU, as multiples of the same run's hello-world page (the
#: floor): a page a scorer opens, cold on any process; a save.
PAGE_FLOORS = 15
SAVE_FLOORS = 25
SAVES_PER_S_TARGET = 250
RATIO_TARGET = 0.60
P99_TARGET_MS = 50.0


# --- the server process ---------------------------------------------------------


class Meter:
    """WSGI middleware: the server's CPU time for each request the benchmark labels
    (header ``X-Bench-Label``), taken around the app's handling of the request,
    body included: ``process_time`` (every thread of the process; meaningful when
    requests come one at a time) and ``thread_time`` (the worker thread's own).
    ``GET /_bench/cpu`` hands the samples over (and forgets them) with the process's
    total CPU time so far."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.lock = threading.Lock()
        self.samples: list[tuple[str, float, float]] = []

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Iterable[bytes]:
        if environ.get("PATH_INFO") == STATS:
            with self.lock:
                body = json.dumps({"process_cpu": time.process_time(), "pid": os.getpid(),
                                   "samples": self.samples}).encode()
                self.samples = []
            start_response("200 OK", [("Content-Type", "application/json"),
                                      ("Content-Length", str(len(body)))])
            return [body]
        label = environ.get("HTTP_X_BENCH_LABEL")
        if label is None:
            return self.app(environ, start_response)  # type: ignore[no-any-return]
        if environ.get("HTTP_X_BENCH_CLEAR"):  # a referee that has seen none of it
            from scorekeeper.rules import clear_caches

            clear_caches()
        t0, p0 = time.thread_time(), time.process_time()
        result = self.app(environ, start_response)
        try:
            body = b"".join(result)
        finally:
            close = getattr(result, "close", None)
            if close is not None:
                close()
        thread_ms = (time.thread_time() - t0) * 1000
        process_ms = (time.process_time() - p0) * 1000
        with self.lock:
            self.samples.append((label, thread_ms, process_ms))
        return [body]


def serve(db_url: str, port: int, threads: int, workers: int = 1) -> None:
    """The app as ``scorekeeper serve`` runs it (its waitress server; with ``workers``
    above 1, that many processes on one socket, as ``--workers`` forks them), plus the
    hello-world page, behind the meter."""
    import logging

    from scorekeeper import processes
    from scorekeeper.server import listening, make_server

    # "Task queue depth is N" is expected under a deliberate overload
    logging.getLogger("waitress.queue").setLevel(logging.ERROR)

    def metered() -> Meter:
        from scorekeeper.app import create_app, warm_up

        app = create_app({"SECRET_KEY": "bench", "DATABASE_URL": db_url})

        @app.get("/hello")
        def hello() -> str:
            return "Hello, world!"

        warm_up(app)  # as scorekeeper serve does before it serves
        return Meter(app)

    sock = listening("127.0.0.1", port)
    if workers > 1:
        # each process's server built before it says it is ready, as serve's are
        processes.supervise(lambda restarted: make_server(
            metered(), "127.0.0.1", port, threads, per_address=0, sock=sock).run, workers)
    else:
        make_server(metered(), "127.0.0.1", port, threads, per_address=0, sock=sock).run()


def tree_cpu(pid: int) -> float | None:
    """CPU seconds used so far by process ``pid`` and its children (Linux's /proc)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0
    try:
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            fields = stat[stat.rindex(")") + 2:].split()
            if int(entry) == pid or int(fields[1]) == pid:
                total += int(fields[11]) + int(fields[12])  # utime, stime
    except OSError:
        return None
    return total / tick


# --- the data ---------------------------------------------------------------------

SIDES = [{"name": "Nós", "players": ["Ana", "Bia"]}, {"name": "Eles", "players": []}]


def stored(deal: dict[str, Any]) -> dict[str, Any]:
    """A deal document as the deal form stores it (the sides named)."""
    sides = [{"name": side["name"], **entered, **({"closed_by": "discard"}
                                                   if entered["went_out"] else {})}
             for side, entered in zip(SIDES, deal["sides"], strict=True)]
    return {**deal, "sides": sides}


def seeded_deals(j: int) -> list[dict[str, Any]]:
    """The deals of seeded match ``j``: those it holds before the run, then the one
    saved through the deal form."""
    return generated.deals(DEALS, seed=generated.SEED + 100 + j)


def writer_stored() -> list[dict[str, Any]]:
    """The 12 deals every writer's match holds when the run starts (the same in all: the
    server sees them once before the run, as it saw each match's when they were saved)."""
    return generated.deals(WRITER_STORED, seed=generated.SEED + 9_999)


def writer_saved(i: int) -> Iterator[dict[str, Any]]:
    """The deals writer ``i`` saves during the run, 12 into each of its matches (deals
    13 to 24): different from every other writer's."""
    rng = random.Random(generated.SEED + 10_000 + i)
    for n in itertools.count():
        yield generated.deal(rng, n % 2)


def prepare(db_url: str, grown: int, seeded: list[int], writers: int,
            per_writer: int) -> dict[str, Any]:
    """Matches no side ever wins (so every deal counts): one to warm the server up,
    ``grown`` empty ones to grow deal by deal, one holding ``n`` deals for each ``n`` of
    ``seeded``, and ``per_writer`` ones holding 12 deals for each writer (stored as if
    saved through the form: deals, version, history, totals, the referee's tally)."""
    from sqlalchemy import insert

    from scorekeeper.db import Database, upgrade
    from scorekeeper.models import Change, Deal, Match
    from scorekeeper.rules import match_document
    from scorekeeper.web.tally import columns

    upgrade(db_url)
    database = Database(db_url)

    def new(name: str) -> Match:
        return Match(name=name, profile="buraco-aberto", target=100000, sides=SIDES,
                     status="in-progress", totals=[0, 0])

    with database.writing() as db:
        warm = new("Warm-up")
        grow = [new(f"Table {j + 1}") for j in range(grown)]
        seed = [new(f"Seeded {j + 1}") for j in range(len(seeded))]
        written = [[new(f"Writer {i + 1}.{k + 1}") for k in range(per_writer)]
                   for i in range(writers)]
        db.add_all([warm, *grow, *seed, *(m for ms in written for m in ms)])
        db.flush()

        deals: list[dict[str, Any]] = []
        changes: list[dict[str, Any]] = []

        def fill(match: Match, docs: list[dict[str, Any]], result: dict[str, Any]) -> None:
            match.version = 1 + len(docs)
            match.status, match.totals = result["status"], result["totals"]
            # the referee's tally kept with the version, as the deal form's save keeps it
            kept = columns(match.version, result)
            match.tally, match.tally_of = kept["tally"], kept["tally_of"]
            for k, doc in enumerate(docs):
                deals.append({"match_id": match.id, "position": k, "data": doc})
                changes.append({"match_id": match.id, "version": k + 2, "action": "added",
                                "position": k})

        for j, (match, held) in enumerate(zip(seed, seeded, strict=True)):
            docs = [stored(d) for d in seeded_deals(j)[:held]]
            fill(match, docs, match_document(match.match_input(docs)))
        docs = [stored(d) for d in writer_stored()]
        result = match_document({"profile": "buraco-aberto", "target": 100000,
                                 "sides": [s["name"] for s in SIDES], "deals": docs})
        for matches in written:
            for match in matches:
                fill(match, docs, result)
        db.flush()
        if deals:
            db.execute(insert(Deal), deals)
            db.execute(insert(Change), changes)
        out = {"warm": warm.edit_token,
               "grown": [(m.edit_token, m.view_token) for m in grow],
               "seeded": [(m.edit_token, m.view_token, held)
                          for m, held in zip(seed, seeded, strict=True)],
               "writers": [[m.edit_token for m in ms] for ms in written]}
    database.engine.dispose()
    return out


def deal_fields(deal: dict[str, Any]) -> dict[str, str]:
    """A deal document as the deal form sends it (both sides card by card; a side at
    1,500 or more is vulnerable, and its scorer answers the form's question about the
    opening with "nobody noted the opening")."""
    fields: dict[str, str] = {"action": "save", "closed_by": "discard", "went_out": ""}
    for i, side in enumerate(deal["sides"]):
        fields[f"sides-{i}-mode"] = "cards"
        fields[f"sides-{i}-unnoted"] = "y"
        fields[f"sides-{i}-melds"] = "\n".join(side["melds"])
        fields[f"sides-{i}-hand"] = " ".join(side.get("hand", []))
        fields[f"sides-{i}-morto"] = side["morto"]
        if side["went_out"]:
            fields["went_out"] = str(i)
    return fields


# --- the client side --------------------------------------------------------------


class Client:
    """One phone: a keep-alive connection and its session cookie."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.jar: dict[str, str] = {}
        self.cookie = ""
        self.sent = 0

    def request(self, method: str, path: str, body: str | None = None,
                label: str | None = None, clear: bool = False) -> tuple[int, bytes, Any]:
        # as a phone asks: its pages gzip-compressed (the server's compression is timed)
        headers = {"Accept-Language": "en", "Accept-Encoding": "gzip"}
        if clear:
            headers[CLEAR] = "1"
        if self.cookie:
            headers["Cookie"] = self.cookie
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        if label is not None:
            headers[LABEL] = label
        for attempt in (1, 2):
            try:
                self.conn.request(method, path, body=body, headers=headers)
                response = self.conn.getresponse()
                data = response.read()
                break
            except (http.client.HTTPException, OSError):
                self.conn.close()
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
                if attempt == 2:
                    raise
        self.sent = len(data)  # the bytes as they came over the wire
        if response.getheader("Content-Encoding") == "gzip":
            data = gzip.decompress(data)
        for cookie in response.msg.get_all("Set-Cookie") or []:
            # every cookie kept, as a browser keeps them: the session's, and the one that
            # says which version this browser just wrote (web/written.py)
            name, _, value = cookie.split(";", 1)[0].partition("=")
            self.jar[name] = value
        self.cookie = "; ".join(f"{k}={v}" for k, v in self.jar.items())
        return response.status, data, response

    def stats(self) -> dict[str, Any]:
        """The server's CPU samples since the last call, and its process CPU so far."""
        return json.loads(self.request("GET", STATS)[1])  # type: ignore[no-any-return]


def form_fields(html: bytes) -> dict[str, str]:
    return dict(HIDDEN.findall(html.decode()))


def run_rounds(port: int, tokens: dict[str, Any], deadline: float) -> dict[str, Any]:
    """Phase 1, one request at a time, every request labelled so the server times it:
    each seeded match gets its next deal (those holding 23 first), then the grown matches
    go from 0 to 24 deals. Rounds that would start after ``deadline`` (a
    ``perf_counter`` time) are skipped, but the first. Returns the server's samples and
    the client's wall times, by label, and how many rounds were skipped."""
    client = Client(port)
    wall: dict[str, list[float]] = defaultdict(list)
    errors = 0

    def timed(label: str, method: str, path: str, body: str | None = None,
              expect: int = 200) -> tuple[bytes, Any]:
        nonlocal errors
        t0 = time.perf_counter()
        status, data, response = client.request(method, path, body, label=label)
        wall[label].append((time.perf_counter() - t0) * 1000)
        if status != expect:
            errors += 1
        return data, response

    def save_and_view(token: str, deal: dict[str, Any], n: int) -> None:
        """One round at a table: the deal form, the deal saved, the scoreboard it leads
        to seen once (cold), then again (cached)."""
        timed(f"form:{n}", "GET", f"/m/{token}/deals/new")
        html, _r = timed(f"form-again:{n}", "GET", f"/m/{token}/deals/new")
        fields = form_fields(html)
        body = urlencode({**fields, **deal_fields(deal)})
        _d, response = timed(f"save:{n}", "POST", f"/m/{token}/deals/new", body, expect=302)
        board = urlsplit(response.getheader("Location") or f"/m/{token}").path
        timed(f"cold:{n}", "GET", board)
        for _ in range(CACHED_VIEWS):
            timed(f"cached:{n}", "GET", board)

    # Warm-up, not counted: templates compiled, connections opened, every page kind seen.
    for n, deal in enumerate(generated.deals(4, seed=generated.SEED - 1), start=1):
        save_and_view(tokens["warm"], deal, n)
    for _ in range(50):
        client.request("GET", "/hello", label="warm")
    client.stats()
    wall.clear()
    errors = 0

    for _ in range(100):
        t0 = time.perf_counter()
        status, _d, _r = client.request("GET", "/hello", label="hello")
        wall["hello"].append((time.perf_counter() - t0) * 1000)
        errors += status != 200
    skipped = 0
    seeded = sorted(enumerate(tokens["seeded"]), key=lambda item: -item[1][2])
    for round_number, (j, (token, _view, held)) in enumerate(seeded):
        if round_number and time.perf_counter() > deadline:
            skipped += 1
            continue
        # The server has seen the deals the match holds, as it has when they were saved
        # through it: their scoreboard once (not timed), then the next deal.
        client.request("GET", f"/m/{token}")
        save_and_view(token, seeded_deals(j)[held], held + 1)
    tables = [generated.deals(DEALS, seed=generated.SEED + j)
              for j in range(len(tokens["grown"]))]
    for k in range(DEALS):
        for (token, _view), table in zip(tokens["grown"], tables, strict=True):
            if time.perf_counter() > deadline:
                skipped += 1
                continue
            save_and_view(token, table[k], k + 1)
    server: dict[str, list[float]] = defaultdict(list)
    thread: dict[str, list[float]] = defaultdict(list)
    stats = client.stats()
    for label, thread_ms, process_ms in stats["samples"]:
        server[label].append(process_ms)
        thread[label].append(thread_ms)
    client.conn.close()
    return {"server": server, "thread": thread, "wall": wall, "errors": errors,
            "skipped": skipped}


def run_load(port: int, clients: int, seconds: float,
             make_job: Callable[[int, Client], Callable[[], float | None]],
             on_start: Callable[[], None] | None = None) -> dict[str, Any]:
    """``clients`` threads, each running its job in a loop for ``seconds``. A job returns
    the latency in ms of the one request it timed, or None when that request failed.
    ``on_start`` runs once every client is ready, just before the clock starts."""
    latencies: list[list[float]] = [[] for _ in range(clients)]
    errors = [0] * clients
    ready_gate, start_gate = threading.Barrier(clients + 1), threading.Barrier(clients + 1)
    stop_at = [math.inf]

    def worker(i: int) -> None:
        client = Client(port)
        job = make_job(i, client)
        ready_gate.wait()
        start_gate.wait()
        while time.perf_counter() < stop_at[0]:
            latency = job()
            if latency is None:
                errors[i] += 1
            else:
                latencies[i].append(latency)
        client.conn.close()

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(clients)]
    for t in threads:
        t.start()
    ready_gate.wait()
    if on_start is not None:
        on_start()
    start_gate.wait()
    begin = time.perf_counter()
    stop_at[0] = begin + seconds
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - begin
    flat = sorted(x for per in latencies for x in per)
    n = len(flat)
    return {
        "requests": n,
        "errors": sum(errors),
        "rps": n / elapsed,
        "p50": statistics.median(flat) if flat else float("nan"),
        "p99": flat[min(n - 1, int(n * 0.99))] if flat else float("nan"),
    }


_WRK_LATENCY = re.compile(r"^\s*(50|99)%\s+([\d.]+)(us|ms|s)\s*$", re.M)
_WRK_UNITS = {"us": 0.001, "ms": 1.0, "s": 1000.0}


def run_wrk(port: int, clients: int, seconds: float, path: str) -> dict[str, Any]:
    """The same GET load from wrk (C, one thread, ``clients`` keep-alive connections),
    carrying a phone's session cookie: the generator then takes little of the CPU the
    server needs, and the latencies are the server's rather than the GIL's."""
    client = Client(port)
    client.request("GET", path)
    header = ["-H", f"Cookie: {client.cookie}"] if client.cookie else []
    client.conn.close()
    out = subprocess.run(
        ["wrk", "-t1", f"-c{clients}", f"-d{max(1, round(seconds))}s", "--latency",
         "-H", "Accept-Language: en", "-H", "Accept-Encoding: gzip", *header,
         f"http://127.0.0.1:{port}{path}"],
        capture_output=True, text=True, check=True, timeout=seconds + 60).stdout
    latency = {q: float(v) * _WRK_UNITS[u] for q, v, u in _WRK_LATENCY.findall(out)}
    requests = int(re.search(r"(\d+) requests in", out).group(1))  # type: ignore[union-attr]
    bad = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)",
                       out)
    return {
        "requests": requests,
        "errors": (int(bad.group(1)) if bad else 0)
        + (sum(int(g) for g in errors.groups()) if errors else 0),
        "rps": float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)),  # type: ignore[union-attr]
        "p50": latency.get("50", float("nan")),
        "p99": latency.get("99", float("nan")),
    }


def median_of(runs: list[dict[str, Any]]) -> dict[str, Any]:
    keys = ("requests", "errors", "rps", "p50", "p99")
    return {k: statistics.median(r[k] for r in runs) for k in keys}


def get_job(path: str) -> Callable[[int, Client], Callable[[], float | None]]:
    def make(_i: int, client: Client) -> Callable[[], float | None]:
        client.request("GET", path)  # the session cookie, as a phone has it

        def job() -> float | None:
            t0 = time.perf_counter()
            status, _data, _r = client.request("GET", path)
            return (time.perf_counter() - t0) * 1000 if status == 200 else None

        return job

    return make


def submit_job(writers: list[list[str]], exhausted: list[int]
               ) -> Callable[[int, Client], Callable[[], float | None]]:
    """Writer ``i`` saves different realistic deals into its own matches, each holding 12
    deals when the run starts: deals 13 to 24, then on to its next match. Before the run
    (not timed) it GETs a deal form: its session and CSRF token, good for all its forms.
    The run holds nothing but deal POSTs, each with a fresh form key and the version it
    follows."""
    per_match = DEALS - WRITER_STORED

    def make(i: int, client: Client) -> Callable[[], float | None]:
        tokens = writers[i]
        fields = form_fields(client.request("GET", f"/m/{tokens[0]}/deals/new")[1])
        deals = writer_saved(i)
        state = {"n": 0}
        deal = deal_fields(next(deals))

        def job() -> float | None:
            nonlocal deal
            n = state["n"]
            if n >= per_match * len(tokens):
                exhausted[i] = 1
                time.sleep(0.01)
                return None
            body = urlencode({**deal, "csrf_token": fields["csrf_token"],
                              "idem": f"bench-{i}-{n}",
                              "version": str(1 + WRITER_STORED + n % per_match)})
            path = f"/m/{tokens[n // per_match]}/deals/new"
            t0 = time.perf_counter()
            status, _data, _r = client.request("POST", path, body, label="load-save")
            latency = (time.perf_counter() - t0) * 1000
            if status != 302:
                return None
            state["n"] += 1
            deal = deal_fields(next(deals))
            return latency

        return job

    return make


def board_24(tokens: dict[str, Any]) -> tuple[str, str]:
    """The edit and view tokens of a match that holds 24 deals after the rounds."""
    return next((edit, view) for edit, view, held in tokens["seeded"] if held == DEALS - 1)


def page_sizes(port: int, tokens: dict[str, Any]) -> list[tuple[str, int, int]]:
    """Each page with ``app.css`` and the scripts every page loads: its bytes as the
    server sent them with gzip (as browsers ask for them: the target, as
    tests/web/test_web_pages.py holds it) and uncompressed."""
    client = Client(port)
    raw_assets = sent_assets = 0
    for path in ("/static/css/app.css", "/static/js/phone.js", "/static/js/app.js",
                 "/static/js/viewer.js", "/static/js/register.js"):
        raw_assets += len(client.request("GET", path)[1])
        sent_assets += client.sent
    board, view = board_24(tokens)
    pages = ["/", "/matches/new", f"/m/{board}", f"/m/{board}/deals/new",
             f"/m/{board}/deals/1/edit", f"/m/{board}/undo", f"/m/{board}/delete",
             f"/m/{board}/share", f"/v/{view}", "/check?melds=3H+4H+5H+6H+7H+8H+9H",
             "/check/pile?profile=burraco&top=7H&melds=4H+5H+6H",
             "/check/wildcard?meld=4H+JK+6H&card=5H", "/burro/ranks?players=5", "/rules",
             "/burro"]
    out = []
    for path in pages:
        status, data, _r = client.request("GET", path)
        shown = path.replace(board, "<edit>").replace(view, "<view>")
        if status != 200:
            out.append((shown, -status, -status))
            continue
        out.append((shown, client.sent + sent_assets, len(data) + raw_assets))
    client.conn.close()
    return out


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_up(port: int, proc: subprocess.Popen[bytes]) -> None:
    deadline = time.time() + 30
    while time.time() < deadline:
        if proc.poll() is not None:
            raise SystemExit("the server did not start")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise SystemExit("the server did not start in 30 s")


# --- the report ---------------------------------------------------------------------


def spread(values: list[float]) -> str:
    """Median and the middle half of the samples."""
    if len(values) < 2:
        return f"{values[0]:.2f}" if values else "-"
    q1, median, q3 = statistics.quantiles(values, n=4, method="inclusive")
    return f"{median:6.2f} ({q1:.2f}–{q3:.2f})"


def floors(ms: float, floor: float, target: float) -> tuple[str, bool]:
    """``ms`` as a multiple of the floor, against a target in floors, and whether it is met."""
    ok = ms <= target * floor
    return f"{ms / floor:.1f}x the floor (target <= {target:g}x: {met(ok)})", ok


def met(ok: bool) -> str:
    return "met" if ok else "NOT met"


def run_forked(tmp: str, env: dict[str, str], args: argparse.Namespace,
               per_writer: int) -> dict[str, Any]:
    """Phase 4: the deal-submission run against ``args.workers`` server processes on a
    fresh SQLite file (writers' matches holding 12 deals, as in phase 3); the CPU of every
    server process over the run, from /proc."""
    db_url = f"sqlite:///{tmp}/bench-forked.sqlite3"
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, __file__, "--serve", "--db", db_url, "--port", str(port),
         "--threads", str(args.threads), "--workers", str(args.workers)], env=env)
    try:
        tokens = prepare(db_url, 0, [DEALS - 1] * (args.other + 1), args.clients, per_writer)
        wait_up(port, proc)
        for _ in range(4 * args.workers):  # every process sees the writers' stored deals
            Client(port).request("GET", f"/m/{tokens['writers'][0][0]}")
        other = run_other(port, tokens["seeded"])
        exhausted = [0] * args.clients
        cpu: dict[str, float | None] = {}
        result = run_load(port, args.clients, args.save_seconds,
                          submit_job(tokens["writers"], exhausted),
                          on_start=lambda: cpu.update(before=tree_cpu(proc.pid)))
        cpu["after"] = tree_cpu(proc.pid)
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    saves = result["requests"]
    before, after = cpu.get("before"), cpu.get("after")
    result["cpu_per_save"] = (after - before) * 1000 / max(1, saves) \
        if before is not None and after is not None else float("nan")
    result["exhausted"] = sum(exhausted)
    result["other"] = other
    result["fresh"] = run_fresh(db_url, env, args, [t for t, _v, _h in tokens["seeded"]])
    return result


def pinned_clients(port: int, count: int = 2, seconds: float = 30.0) -> list[Client]:
    """A keep-alive client on each of ``count`` different server processes (each
    connection stays with the process that accepted it). The socket accepts as soon as
    the first process is up: the others may still be warming up (``app.warm_up``), so
    new connections are tried for up to ``seconds``, a little apart."""
    found: dict[int, Client] = {}
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        if found:
            time.sleep(0.02)
        client = Client(port)
        pid = client.stats()["pid"]
        if pid in found:
            client.conn.close()
            continue
        found[pid] = client
        if len(found) == count:
            break
    return list(found.values())


def run_other(port: int, seeded: list[tuple[str, str, int]]) -> dict[str, Any]:
    """Phase 5a, one request at a time against two server processes: a scorer on one
    saves the 24th deal of a match both have shown at 23 deals, and the match's next view
    comes from the other process (another phone, or the scorer's own next page answered
    by the other process): COLD there, then CACHED. Every other round, the other process
    empties its referee's caches just before the view (``rules.clear_caches()``): a
    referee that has seen none of the match's deals. The first round is a warm-up."""
    clients = pinned_clients(port)
    if len(clients) < 2:
        return {"server": {}, "moved": 0, "skipped": "one process took every connection"}
    scorer, viewer = clients
    pids = [c.stats()["pid"] for c in clients]
    for j, (token, _view, held) in enumerate(seeded):
        board = f"/m/{token}"
        scorer.request("GET", board)
        viewer.request("GET", board)
        fields = form_fields(scorer.request("GET", f"{board}/deals/new")[1])
        body = urlencode({**fields, **deal_fields(seeded_deals(j)[held])})
        scorer.request("POST", f"{board}/deals/new", body, label="other:save")
        cleared = j % 2 == 0
        kind = "warm" if j == 0 else "cleared" if cleared else "cold"
        viewer.request("GET", board, label=f"other:{kind}", clear=cleared)
        for _ in range(CACHED_VIEWS):
            viewer.request("GET", board, label="other:cached" if j else "warm")
    server: dict[str, list[float]] = defaultdict(list)
    moved = 0
    for client, pid in zip(clients, pids, strict=True):
        stats = client.stats()
        moved += stats["pid"] != pid  # a connection closed and opened on another process
        for label, _thread_ms, process_ms in stats["samples"]:
            server[label].append(process_ms)
        client.conn.close()
    return {"server": server, "moved": moved, "skipped": ""}


def run_fresh(db_url: str, env: dict[str, str], args: argparse.Namespace,
              matches: list[str]) -> dict[str, list[float]]:
    """Phase 5b: ``--fresh`` times, a server process just started (one, as ``scorekeeper
    serve`` starts it) on the SQLite file of phase 4: its first request is a 24-deal
    scoreboard (the FRESH figure: templates compiled, the database opened, the referee
    reading the match's deals for the first time), then another 24-deal match's (COLD, the
    process's second page), then a third match's deal form."""
    server: dict[str, list[float]] = defaultdict(list)
    for i in range(args.fresh):
        port = free_port()
        proc = subprocess.Popen(
            [sys.executable, __file__, "--serve", "--db", db_url, "--port", str(port),
             "--threads", str(args.threads), "--workers", "1"], env=env)
        try:
            wait_up(port, proc)
            client = Client(port)
            first, second, third = (matches[(i + k) % len(matches)] for k in range(3))
            client.request("GET", f"/m/{first}", label="fresh:first")
            client.request("GET", f"/m/{second}", label="fresh:second")
            client.request("GET", f"/m/{third}/deals/new", label="fresh:form")
            for label, _thread_ms, process_ms in client.stats()["samples"]:
                server[label].append(process_ms)
            client.conn.close()
        finally:
            proc.terminate()
            proc.wait(timeout=10)
    return server


def report_cold_elsewhere(forked: dict[str, Any], args: argparse.Namespace,
                          floor: float) -> bool:
    """Phase 5's figures, printed: whether their targets are met."""
    other, fresh = forked["other"]["server"], forked["fresh"]
    print(f"5. COLD views elsewhere, one request at a time, server CPU ms (median, middle "
          f"half): a match given its {DEALS}th deal on one of {args.workers} processes and "
          f"seen next on another ({args.other} matches, half of them seen right after "
          f"rules.clear_caches() in that process; the first round not counted); "
          f"{args.fresh} server processes just started")
    if forked["other"]["skipped"]:
        print(f"  (other process skipped: {forked['other']['skipped']})")
    rows = [
        (f"scoreboard, {DEALS} deals, COLD, on the other process", other.get("other:cold")),
        (f"scoreboard, {DEALS} deals, COLD, other process, referee caches emptied",
         other.get("other:cleared")),
        (f"scoreboard, {DEALS} deals, CACHED, on the other process", other.get("other:cached")),
        (f"deal save that led to it ({DEALS}th deal)", other.get("other:save")),
        (f"scoreboard, {DEALS} deals, FRESH: a new process's first request",
         fresh.get("fresh:first")),
        (f"scoreboard, {DEALS} deals, COLD: that process's 2nd page, another match",
         fresh.get("fresh:second")),
        (f"deal form (GET), {DEALS} deals, COLD: its 3rd page, another match",
         fresh.get("fresh:form")),
    ]
    print(f"  {'':68}{'samples':>8}{'server CPU ms':>24}")
    for name, cpu in rows:
        print(f"  {name:68}{len(cpu or []):8d} {spread(cpu or []):>23}")
    if forked["other"]["moved"]:
        print(f"  note: {forked['other']['moved']} connection(s) moved process during the rounds")
    checks = [("COLD scoreboard on the other process", other.get("other:cold"), PAGE_FLOORS),
              ("COLD scoreboard, referee caches emptied", other.get("other:cleared"),
               PAGE_FLOORS),
              ("the save that led to it", other.get("other:save"), SAVE_FLOORS),
              ("COLD scoreboard, a fresh process's 2nd page", fresh.get("fresh:second"),
               PAGE_FLOORS),
              ("FRESH scoreboard, a new process's first request", fresh.get("fresh:first"),
               PAGE_FLOORS),
              ("deal form (GET), a fresh process's 3rd page", fresh.get("fresh:form"),
               PAGE_FLOORS)]
    ok = True
    for name, cpu, target in checks:
        if not cpu:
            continue
        ms = statistics.median(cpu)
        said, good = floors(ms, floor, target)
        ok = ok and good
        print(f"  {name}: {ms:.2f} ms, {said}")
    return ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="length of one load run")
    parser.add_argument("--rounds", type=int, default=3,
                        help="alternating hello-world / cached scoreboard rounds (medians)")
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--grown", type=int, default=1,
                        help="matches grown from 0 to 24 deals through the deal form")
    parser.add_argument("--seeded", type=int, default=16,
                        help="matches holding 23 deals that get their 24th through the form")
    parser.add_argument("--lengths", type=int, default=3,
                        help="matches getting their 1st, 6th, 12th and 18th deal, each")
    parser.add_argument("--budget", type=float, default=75.0,
                        help="seconds from the start after which no new one-at-a-time "
                             "round starts")
    parser.add_argument("--save-seconds", type=float, default=5.0,
                        help="length of the deal-submission run")
    parser.add_argument("--threads", type=int, default=DEFAULT_THREADS,
                        help="waitress threads (default: the server's own)")
    parser.add_argument("--workers", type=int, default=2,
                        help="server processes for the last deal-submission run "
                             "(scorekeeper serve --workers)")
    parser.add_argument("--other", type=int, default=12,
                        help="matches given their 24th deal on one process and seen next "
                             "on the other (with --workers 2 or more)")
    parser.add_argument("--fresh", type=int, default=6,
                        help="server processes started for their first scoreboard")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--db", help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON too")
    parser.add_argument("--load", choices=("auto", "wrk", "python"), default="auto",
                        help="GET load generator: wrk (Debian's package) when installed, "
                             "else Python threads")
    args = parser.parse_args()
    if args.seeded < 1:
        parser.error("--seeded must be at least 1")
    use_wrk = args.load == "wrk" or (args.load == "auto" and shutil.which("wrk") is not None)

    if args.serve:
        serve(args.db, args.port, args.threads, args.workers)
        return 0

    def get_load(path: str) -> dict[str, Any]:
        if use_wrk:
            return run_wrk(port, args.clients, args.seconds, path)
        return run_load(port, args.clients, args.seconds, get_job(path))

    # enough matches that no writer runs out at 400 saves/s, nor at twice its share of them
    per_writer = math.ceil(args.save_seconds * 800 / args.clients
                           / (DEALS - WRITER_STORED))
    took: dict[str, float] = {}
    began = started = time.perf_counter()

    def lap(name: str) -> None:
        nonlocal began
        took[name] = time.perf_counter() - began
        began = time.perf_counter()

    with tempfile.TemporaryDirectory(prefix="scorekeeper-bench-") as tmp:
        db_url = f"sqlite:///{tmp}/bench.sqlite3"
        port = free_port()
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        # the server starts while the data is prepared (it opens the database at its
        # first request, which waits for both)
        proc = subprocess.Popen(
            [sys.executable, __file__, "--serve", "--db", db_url, "--port", str(port),
             "--threads", str(args.threads), "--workers", "1"], env=env)
        try:
            seeded = [n - 1 for n in LENGTHS[:-1] for _ in range(args.lengths)] \
                + [DEALS - 1] * args.seeded
            tokens = prepare(db_url, args.grown, seeded, args.clients, per_writer)
            wait_up(port, proc)
            clock = clock_check()
            lap("set-up")
            rounds = run_rounds(port, tokens, started + args.budget)
            lap("rounds")

            board_path = f"/m/{board_24(tokens)[0]}"  # 24 deals, its page cached
            for path in ("/hello", board_path):  # warm up
                run_load(port, args.clients, 1.0, get_job(path))
            load_runs: dict[str, list[dict[str, Any]]] = {"hello-world": [],
                                                          CACHED_LOAD: []}
            for _ in range(args.rounds):
                load_runs["hello-world"].append(get_load("/hello"))
                load_runs[CACHED_LOAD].append(get_load(board_path))
            load = {name: median_of(runs) for name, runs in load_runs.items()}
            lap("GET load")

            meter = Client(port)
            # the server sees the writers' 12 stored deals once, as it did when they were
            # saved (they are the same in every writer's match)
            meter.request("GET", f"/m/{tokens['writers'][0][0]}")
            exhausted = [0] * args.clients
            before: dict[str, Any] = {}
            load[SUBMIT_LOAD] = run_load(port, args.clients, args.save_seconds,
                                         submit_job(tokens["writers"], exhausted),
                                         on_start=lambda: before.update(meter.stats()))
            after = meter.stats()
            meter.conn.close()
            save_threads = [t for label, t, _p in after["samples"] if label == "load-save"]
            saves = load[SUBMIT_LOAD]["requests"]
            save_total_ms = (after["process_cpu"] - before["process_cpu"]) * 1000 / max(1, saves)
            lap("deal submission")
            sizes = page_sizes(port, tokens)
        finally:
            proc.terminate()
            proc.wait(timeout=10)
        # the processes seldom share the 16 connections evenly: a writer on the less busy
        # one saves several times its share, and must not run out of matches
        forked = run_forked(tmp, env, args, 3 * per_writer) if args.workers > 1 else None
        if forked is not None:
            lap(f"deal submission, {args.workers} processes")

    server, wall = rounds["server"], rounds["wall"]
    cold, cached = server[f"cold:{DEALS}"], server[f"cached:{DEALS}"]
    save_24 = server[f"save:{DEALS}"]
    saves_shorter = [x for n in range(1, DEALS) for x in server[f"save:{n}"]]
    cold_ms = statistics.median(cold)
    save_24_ms = statistics.median(save_24)
    form_ms = statistics.median(server[f"form:{DEALS}"])
    save_thread_ms = statistics.median(save_threads) if save_threads else float("nan")
    save_thread_mean = statistics.fmean(save_threads) if save_threads else float("nan")

    print(f"web benchmark: the real app under waitress ({args.threads} threads), "
          f"{os.cpu_count()} CPUs, SQLite, loopback; deals: different realistic deals "
          f"entered card by card (bench/deals.py)")
    print(clock)
    print(f"1. one request at a time: {args.grown} match(es) grown from 0 to {DEALS} deals; "
          f"matches holding n - 1 deals given their n-th, n = "
          + ", ".join(map(str, LENGTHS[:-1])) + f" ({args.lengths} each) and {DEALS} "
          f"({args.seeded}); every deal through the deal form; errors: {rounds['errors']}"
          + (f"; {rounds['skipped']} rounds skipped, past {args.budget:g} s from the start"
             if rounds["skipped"] else ""))
    print("   server CPU = the server process's CPU time (time.process_time) around the "
          "app's handling of the request; median (middle half)")
    print(f"  {'':60}{'samples':>8}{'server CPU ms':>24}{'client wall ms':>25}")
    rows = [
        (f"scoreboard, {DEALS} deals, COLD: first view after the save", cold,
         wall[f"cold:{DEALS}"]),
        (f"scoreboard, {DEALS} deals, CACHED: the same version again", cached,
         wall[f"cached:{DEALS}"]),
        ("hello-world page (floor, same server)", server["hello"], wall["hello"]),
        (f"deal save (POST of the deal form), the {DEALS}th deal", save_24,
         wall[f"save:{DEALS}"]),
        (f"deal save, the 1st to {DEALS - 1}rd deals", saves_shorter,
         [x for n in range(1, DEALS) for x in wall[f"save:{n}"]]),
        (f"deal form (GET), the {DEALS}th deal, COLD: first of the version",
         server[f"form:{DEALS}"], wall[f"form:{DEALS}"]),
        (f"deal form (GET), the {DEALS}th deal, again: the same version",
         server[f"form-again:{DEALS}"], wall[f"form-again:{DEALS}"]),
    ]
    for name, cpu, seen in rows:
        print(f"  {name:60}{len(cpu):8d} {spread(cpu):>23} {spread(seen):>24}")
    floor = statistics.median(server["hello"])
    cold_said, cold_ok = floors(cold_ms, floor, PAGE_FLOORS)
    save_said, save_ok = floors(save_24_ms, floor, SAVE_FLOORS)
    form_said, form_ok = floors(form_ms, floor, PAGE_FLOORS)
    print(f"  COLD scoreboard, {DEALS} deals: {cold_ms:.2f} ms server CPU per view, "
          f"{cold_said}; {cold_ms / statistics.median(cached):.0f}x a CACHED view "
          f"({statistics.median(cached):.2f} ms)")
    print(f"  deal save, {DEALS}th deal, one at a time: {save_24_ms:.2f} ms server CPU, "
          f"{save_said}")
    print(f"  deal form (GET), {DEALS}th deal, COLD: {form_ms:.2f} ms server CPU, {form_said}")
    print("  COLD scoreboard, server CPU ms by match length (median of the samples): "
          + ", ".join(f"{n} deal{'s' if n > 1 else ''} "
                      f"{statistics.median(server[f'cold:{n}']):.2f} ({len(server[f'cold:{n}'])})"
                      for n in LENGTHS if server[f"cold:{n}"]))

    print(f"2. GET load: {args.clients} concurrent keep-alive "
          f"clients from {'wrk' if use_wrk else 'Python threads'}, runs of "
          f"{args.seconds:g} s, medians of {args.rounds} alternating rounds")
    print(f"3. deal submission, runs of {args.save_seconds:g} s: {args.clients} concurrent writers "
          f"(Python threads), each saving deals 13 to 24 into its own matches")
    print(f"  {'':44}{'req/s':>9}{'p50 ms':>9}{'p99 ms':>9}{'errors':>8}")
    for name, r in load.items():
        print(f"  {name:44}{r['rps']:9.0f}{r['p50']:9.1f}{r['p99']:9.1f}"
              f"{int(r['errors']):8d}")
    hello = load["hello-world"]["rps"]
    board = load[CACHED_LOAD]
    ratio = board["rps"] / hello if hello else 0.0
    submit = load[SUBMIT_LOAD]
    print(f"  CACHED scoreboard / hello-world throughput: {ratio:.0%} "
          f"(target >= {RATIO_TARGET:.0%}: {met(ratio >= RATIO_TARGET)}); "
          f"CACHED scoreboard p99 {board['p99']:.1f} ms "
          f"(target <= {P99_TARGET_MS:g} ms: {met(board['p99'] <= P99_TARGET_MS)})")
    if forked is None:
        print(f"  saves/s with {args.clients} concurrent writers on SQLite: {submit['rps']:.0f} "
              f"(target >= {SAVES_PER_S_TARGET}: {met(submit['rps'] >= SAVES_PER_S_TARGET)})")
    else:
        print(f"  saves/s with {args.clients} concurrent writers on SQLite, one process: "
              f"{submit['rps']:.0f} ({'at' if submit['rps'] >= SAVES_PER_S_TARGET else 'under'} "
              f"the target of {SAVES_PER_S_TARGET}; the target is held by 4, "
              f"{args.workers} processes)")
    thread_said, thread_ok = floors(save_thread_ms, floor, SAVE_FLOORS)
    total_said, total_ok = floors(save_total_ms, floor, SAVE_FLOORS)
    print(f"  server CPU per save, each save's worker thread (thread_time): median "
          f"{save_thread_ms:.2f} ms, {thread_said}, mean {save_thread_mean:.2f} ms")
    print(f"  server CPU per save, the whole process's CPU over the run / {saves} saves: "
          f"{save_total_ms:.2f} ms, {total_said}")
    if any(exhausted):
        print(f"  note: {sum(exhausted)} writers ran out of matches (raise the per-writer count)")
    if forked is not None:
        print(f"4. deal submission, runs of {args.save_seconds:g} s: {args.clients} concurrent "
              f"writers as in 3, against {args.workers} server processes (scorekeeper serve "
              f"--workers {args.workers}) on one SQLite file")
        print(f"  {'':44}{'req/s':>9}{'p50 ms':>9}{'p99 ms':>9}{'errors':>8}")
        print(f"  {SUBMIT_LOAD:44}{forked['rps']:9.0f}{forked['p50']:9.1f}{forked['p99']:9.1f}"
              f"{int(forked['errors']):8d}")
        print(f"  saves/s with {args.clients} concurrent writers on SQLite, {args.workers} "
              f"processes: {forked['rps']:.0f} (target >= {SAVES_PER_S_TARGET}: "
              f"{met(forked['rps'] >= SAVES_PER_S_TARGET)})")
        print(f"  server CPU per save, every server process's CPU over the run (/proc) / "
              f"{forked['requests']} saves: {forked['cpu_per_save']:.2f} ms")
        if forked["exhausted"]:
            print(f"  note: {forked['exhausted']} writers ran out of matches")
        elsewhere_ok = report_cold_elsewhere(forked, args, floor)
    else:
        elsewhere_ok = True

    print(f"at the end: {clock_check()}")
    print("time taken: " + ", ".join(f"{name} {t:.0f} s" for name, t in took.items())
          + f"; {sum(took.values()):.0f} s in all")
    print("page sizes, HTML + CSS + JS, sent with gzip (target <= 30 KB) / uncompressed:")
    for path, size, raw in sizes:
        flag = "" if 0 < size <= SIZE_LIMIT else "  <-- over" if size > 0 else "  <-- error"
        print(f"  {size / 1024:6.1f} KB / {raw / 1024:5.1f} KB  {path}{flag}")
    if args.json:
        print(json.dumps({"rounds": {k: dict(v) for k, v in rounds.items()
                                     if isinstance(v, dict)},
                          "load": load, "save_cpu_ms": {"process_total": save_total_ms,
                                                        "thread_median": save_thread_ms},
                          "ratio": ratio, "sizes": sizes}))
    ok = (cold_ok and save_ok and total_ok and thread_ok
          and (forked or submit)["rps"] >= SAVES_PER_S_TARGET and ratio >= RATIO_TARGET
          and board["p99"] <= P99_TARGET_MS and all(0 < s <= SIZE_LIMIT for _p, s, _r in sizes)
          and rounds["errors"] == 0 and form_ok and elsewhere_ok)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
