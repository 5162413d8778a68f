"""What the same request costs the server right after another one, and after the server
sat idle a moment: why one figure of ``bench/web.py`` moves with what came before it.

    .venv/bin/python bench/idle_gap.py [--requests 200] [--pauses 0,5,50]

The server is ``bench/web.py``'s (``--serve``: the real app under waitress, one process,
its CPU measured around each labelled request); every request is the same page, so the
work is the same each time. For each pause, the client sends ``--requests`` requests one
after the other, waiting that many milliseconds before each: 0 is back to back, as the
one-request-at-a-time phase of ``bench/web.py`` sends a scorer's pages (form, save,
scoreboard); a phone's next page comes seconds later, and the views on another process in
``bench/web.py`` come after the other process did the save. Printed: the server's CPU ms
per request (median and middle half) for the hello-world page (the floor), a CACHED
24-deal scoreboard and the deal form of a 24-deal match, at each pause; then, with no
server at all, the CPU time of a fixed loop of pure Python in this process
(``cpuclock``'s), after the same pauses: what a pause costs work that has nothing to do
with the server, its threads or its sockets.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path[:0] = [str(BENCH.parent), str(BENCH)]

import web  # noqa: E402
from cpuclock import clock_check, fixed_loop  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--pauses", default="0,5,50", help="milliseconds, comma-separated")
    args = parser.parse_args()
    pauses = [float(p) for p in args.pauses.split(",")]
    print(clock_check())
    with tempfile.TemporaryDirectory() as tmp:
        db_url = f"sqlite:///{tmp}/idle.sqlite3"
        tokens = web.prepare(db_url, 0, [web.DEALS - 1], 0, 0)
        board = f"/m/{tokens['seeded'][0][0]}"
        port = web.free_port()
        proc = subprocess.Popen([sys.executable, web.__file__, "--serve", "--db", db_url,
                                 "--port", str(port), "--threads", "8", "--workers", "1"])
        try:
            web.wait_up(port, proc)
            client = web.Client(port)
            pages = {"hello-world (floor)": "/hello", "scoreboard, 24 deals, CACHED": board,
                     "deal form (GET), 24 deals, again": f"{board}/deals/new"}
            for path in pages.values():  # warm: every page seen, its version kept
                for _ in range(20):
                    client.request("GET", path)
            client.stats()
            for pause in pauses:
                for name, path in pages.items():
                    for _ in range(args.requests):
                        if pause:
                            time.sleep(pause / 1000)
                        client.request("GET", path, label=f"{name}|{pause:g}")
            samples = client.stats()["samples"]
        finally:
            proc.terminate()
            proc.wait(timeout=10)
    loops: dict[float, list[float]] = {}
    for pause in pauses:
        loops[pause] = []
        for _ in range(args.requests):
            if pause:
                time.sleep(pause / 1000)
            start = time.process_time()
            fixed_loop()
            loops[pause].append((time.process_time() - start) * 1000)
    print(f"server CPU ms per request (median, middle half), {args.requests} requests each, "
          "one at a time, the client waiting before each")
    print(f"  {'page':36s}" + "".join(f"{f'{p:g} ms before':>22s}" for p in pauses))
    rows = {name: {pause: [p for label, _t, p in samples if label == f"{name}|{pause:g}"]
                   for pause in pauses} for name in pages}
    rows["a fixed loop, no server (this process)"] = loops
    for name, got in rows.items():
        print(f"  {name:36s}" + "".join(f"{_cell(got[pause]):>22s}" for pause in pauses))
    return 0


def _cell(times: list[float]) -> str:
    """Median and middle half of CPU times, ms."""
    got = sorted(times)
    low, high = got[len(got) // 4], got[-len(got) // 4 - 1]
    return f"{statistics.median(got):.2f} ({low:.2f}–{high:.2f})"


if __name__ == "__main__":
    sys.exit(main())
