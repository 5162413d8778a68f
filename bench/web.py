"""Web benchmark: the real app under waitress, loaded from a second process.

    .venv/bin/python bench/web.py [--seconds 3] [--rounds 3] [--clients 16] [--threads 8]

The server (this file with ``--serve``) runs the real ``create_app()`` plus a
hello-world Flask page on the same waitress server, on a temporary SQLite file
holding a 24-deal match. This process then runs 16 concurrent keep-alive
clients (threads, ``http.client``, loopback only) for a bounded time against:
the hello-world page, the 24-deal scoreboard, and a deal submission (each
client saves deals into its own match, with a fresh CSRF-protected form). It
prints throughput, p50 and p99 latency, the scoreboard's ratio to hello-world,
and the size of every page (HTML + CSS + JS). Targets (issue 3): scoreboard
≥ 60 % of hello-world's throughput, p99 ≤ 50 ms, every page ≤ 30 KB.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorekeeper.server import DEFAULT_THREADS  # noqa: E402

HIDDEN = re.compile(r'<input[^>]*name="(csrf_token|idem|version)"[^>]*value="([^"]*)"')
SIZE_LIMIT = 30 * 1024


# --- the server process ---------------------------------------------------------


def serve(db_url: str, port: int, threads: int) -> None:
    import logging

    from waitress import serve as waitress_serve

    # "Task queue depth is N" is expected under a deliberate overload
    logging.getLogger("waitress.queue").setLevel(logging.ERROR)

    from scorekeeper.app import create_app

    app = create_app({"SECRET_KEY": "bench", "DATABASE_URL": db_url})

    @app.get("/hello")
    def hello() -> str:
        return "Hello, world!"

    waitress_serve(app, host="127.0.0.1", port=port, threads=threads, ident="bench",
                   _quiet=True)


# --- the data ---------------------------------------------------------------------


def seed_deal(k: int) -> dict[str, Any]:
    """A realistic deal in card mode (the heavier kind to recompute)."""
    return {
        "profile": "buraco-aberto",
        "sides": [
            {"name": "Nós", "melds": ["3H 4H 5H 6H 7H 8H 9H", "10S JS QS KS", "JC QC KC AC",
                                      "5D 6D 7D 8D", "3C 4C 5C 6C 7C"],
             "hand_points": 15, "morto": "taken", "went_out": k % 2 == 0},
            {"name": "Eles", "melds": ["3S 4S 5S 6S", "8D 9D 10D JD QD"],
             "hand": ["KS", "3C", "JK"], "morto": "taken", "went_out": False},
        ],
    }


def prepare(db_url: str, clients: int) -> dict[str, Any]:
    """A 24-deal match to look at, and one empty match per client to save deals into."""
    from scorekeeper.db import Database, upgrade
    from scorekeeper.models import Deal, Match
    from scorekeeper.rules import match_document

    upgrade(db_url)
    database = Database(db_url)
    sides = [{"name": "Nós", "players": ["Ana", "Bia"]}, {"name": "Eles", "players": []}]
    deals = [seed_deal(k) for k in range(24)]
    result = match_document({"profile": "buraco-aberto", "target": 100000,
                             "sides": ["Nós", "Eles"], "deals": deals})
    with database.writing() as db:
        board = Match(name="Bench", profile="buraco-aberto", target=100000, sides=sides,
                      status=result["status"], totals=result["totals"], version=25)
        db.add(board)
        db.flush()
        for k, deal in enumerate(deals):
            db.add(Deal(match_id=board.id, position=k, data=deal))
        writers = []
        for i in range(clients):
            m = Match(name=f"Writer {i}", profile="buraco-aberto", target=10**7, sides=sides,
                      status="in-progress", totals=[0, 0])
            db.add(m)
            writers.append(m)
        db.flush()
        out = {"board": board.edit_token, "view": board.view_token,
               "writers": [m.edit_token for m in writers]}
    database.engine.dispose()
    return out


# --- the load ---------------------------------------------------------------------


class Client:
    """One phone: a keep-alive connection and its session cookie."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.cookie = ""

    def request(self, method: str, path: str, body: str | None = None) -> tuple[int, bytes, Any]:
        headers = {"Accept-Language": "en"}
        if self.cookie:
            headers["Cookie"] = self.cookie
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        for attempt in (1, 2):
            try:
                self.conn.request(method, path, body=body, headers=headers)
                response = self.conn.getresponse()
                data = response.read()
                break
            except (http.client.HTTPException, OSError):
                self.conn.close()
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
                if attempt == 2:
                    raise
        cookie = response.getheader("Set-Cookie")
        if cookie:
            self.cookie = cookie.split(";", 1)[0]
        return response.status, data, response


def run_load(port: int, clients: int, seconds: float, make_job: Any) -> dict[str, Any]:
    """``clients`` threads, each running its job in a loop for ``seconds``; latencies in ms."""
    latencies: list[list[float]] = [[] for _ in range(clients)]
    errors = [0] * clients
    start_gate = threading.Barrier(clients + 1)
    stop_at = [0.0]

    def worker(i: int) -> None:
        client = Client(port)
        job = make_job(i, client)
        start_gate.wait()
        while time.perf_counter() < stop_at[0]:
            t0 = time.perf_counter()
            ok = job()
            latencies[i].append((time.perf_counter() - t0) * 1000)
            if not ok:
                errors[i] += 1
        client.conn.close()

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(clients)]
    for t in threads:
        t.start()
    stop_at[0] = time.perf_counter() + seconds + 60  # provisional, set below
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
         "-H", "Accept-Language: en", *header, f"http://127.0.0.1:{port}{path}"],
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


def get_job(path: str) -> Any:
    def make(_i: int, client: Client) -> Any:
        client.request("GET", path)  # warm the session cookie, as a phone would

        def job() -> bool:
            status, _data, _r = client.request("GET", path)
            return status == 200

        return job

    return make


def submit_job(writers: list[str]) -> Any:
    """Each client enters deals into its own match: GET the form once, then POST deals."""

    def make(i: int, client: Client) -> Any:
        token = writers[i]
        _status, html, _r = client.request("GET", f"/m/{token}/deals/new")
        fields = dict(HIDDEN.findall(html.decode()))
        state = {"version": int(fields["version"]), "n": 0}

        def job() -> bool:
            state["n"] += 1
            body = urlencode({
                "csrf_token": fields["csrf_token"], "idem": f"bench-{i}-{state['n']}",
                "version": str(state["version"]), "action": "save",
                "sides-0-mode": "counts", "sides-0-table_points": "180", "sides-0-clean": "1",
                "sides-0-hand_points": "15", "sides-0-morto": "taken",
                "sides-1-mode": "cards", "sides-1-melds": "3C 4C 5C\n8D 9D 10D JD",
                "sides-1-hand": "KS 3C", "sides-1-morto": "taken",
                "went_out": "0", "closed_by": "discard",
            })
            status, _data, _r = client.request("POST", f"/m/{token}/deals/new", body)
            if status == 302:
                state["version"] += 1
                return True
            return False

        return job

    return make


def page_sizes(port: int, tokens: dict[str, Any]) -> list[tuple[str, int]]:
    client = Client(port)
    assets = 0
    for path in ("/static/css/app.css", "/static/js/app.js"):
        assets += len(client.request("GET", path)[1])
    board, view = tokens["board"], tokens["view"]
    pages = ["/", "/matches/new", f"/m/{board}", f"/m/{board}/deals/new",
             f"/m/{board}/deals/1/edit", f"/m/{board}/undo", f"/m/{board}/delete",
             f"/m/{board}/share", f"/v/{view}", "/check?melds=3H+4H+5H+6H+7H+8H+9H",
             "/check/pile?profile=burraco&top=7H&melds=4H+5H+6H",
             "/check/wildcard?meld=4H+JK+6H&card=5H", "/burro/ranks?players=5", "/rules",
             "/burro"]
    out = []
    for path in pages:
        status, data, _r = client.request("GET", path)
        out.append((path.replace(board, "<edit>").replace(view, "<view>"),
                    len(data) + assets if status == 200 else -status))
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="length of one run")
    parser.add_argument("--rounds", type=int, default=3,
                        help="alternating hello-world / scoreboard rounds (medians)")
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--threads", type=int, default=DEFAULT_THREADS,
                        help="waitress threads (default: the server's own)")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--db", help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON too")
    parser.add_argument("--load", choices=("auto", "wrk", "python"), default="auto",
                        help="GET load generator: wrk (Debian's package) when installed, "
                             "else Python threads")
    args = parser.parse_args()
    use_wrk = args.load == "wrk" or (args.load == "auto" and shutil.which("wrk") is not None)

    def get_load(path: str) -> dict[str, Any]:
        if use_wrk:
            return run_wrk(port, args.clients, args.seconds, path)
        return run_load(port, args.clients, args.seconds, get_job(path))

    if args.serve:
        serve(args.db, args.port, args.threads)
        return 0

    with tempfile.TemporaryDirectory(prefix="scorekeeper-bench-") as tmp:
        db_url = f"sqlite:///{tmp}/bench.sqlite3"
        tokens = prepare(db_url, args.clients)
        port = free_port()
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        proc = subprocess.Popen(
            [sys.executable, __file__, "--serve", "--db", db_url, "--port", str(port),
             "--threads", str(args.threads)], env=env)
        try:
            wait_up(port, proc)
            for path in ("/hello", f"/m/{tokens['board']}"):  # warm up
                run_load(port, args.clients, 1.0, get_job(path))
            # Hello-world and the scoreboard alternate for --rounds rounds and each figure
            # is the median over the rounds: a shared machine's noise hits both alike.
            rounds: dict[str, list[dict[str, Any]]] = {"hello-world": [],
                                                       "scoreboard (24 deals)": []}
            for _ in range(args.rounds):
                rounds["hello-world"].append(get_load("/hello"))
                rounds["scoreboard (24 deals)"].append(get_load(f"/m/{tokens['board']}"))
            results = {name: median_of(runs) for name, runs in rounds.items()}
            results["deal submission"] = run_load(port, args.clients, args.seconds,
                                                  submit_job(tokens["writers"]))
            sizes = page_sizes(port, tokens)
        finally:
            proc.terminate()
            proc.wait(timeout=10)

    print(f"web benchmark: {args.clients} concurrent clients, runs of {args.seconds:g} s "
          f"(medians of {args.rounds} alternating rounds), waitress with {args.threads} "
          f"threads, {os.cpu_count()} CPUs; GET load from "
          f"{'wrk' if use_wrk else 'Python threads'}, deal submissions from Python threads")
    print(f"{'':24}{'req/s':>9}{'p50 ms':>9}{'p99 ms':>9}{'errors':>8}")
    for name, r in results.items():
        print(f"{name:24}{r['rps']:9.0f}{r['p50']:9.1f}{r['p99']:9.1f}{int(r['errors']):8d}")
    hello = results["hello-world"]["rps"]
    board = results["scoreboard (24 deals)"]
    ratio = board["rps"] / hello if hello else 0.0
    print(f"scoreboard / hello-world throughput: {ratio:.0%} (target ≥ 60 %)")
    print(f"scoreboard p99: {board['p99']:.1f} ms (target ≤ 50 ms)")
    print("page sizes, HTML + CSS + JS (target ≤ 30 KB):")
    for path, size in sizes:
        flag = "" if 0 < size <= SIZE_LIMIT else "  <-- over" if size > 0 else "  <-- error"
        print(f"  {size / 1024:6.1f} KB  {path}{flag}")
    if args.json:
        print(json.dumps({"results": results, "ratio": ratio, "sizes": sizes}))
    ok = ratio >= 0.6 and board["p99"] <= 50 and all(0 < s <= SIZE_LIMIT for _p, s in sizes)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
