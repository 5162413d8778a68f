"""Phone referee benchmark: Pyodide in a module Web Worker, in Chromium, as a phone runs it.

Run by hand: ``.venv/bin/python bench/offline.py [--rounds 10] [--restarts 3] [--checks 50]``
(a few minutes: the first start of Pyodide alone takes about 20 s on a shared 2-core VM).

The real app (``create_app``, a temporary SQLite file upgraded by ``scorekeeper.db``)
is served by waitress (``scorekeeper.server.make_server``) on 127.0.0.1, a free port, in a
thread of this process. Chromium (``/usr/bin/chromium`` through Playwright, service
workers blocked so that every file comes from the app over HTTP) opens ``/`` and creates
the real worker, ``/static/js/referee.js?pack=<version>``, as app.js does. Every time is
taken in the page with ``performance.now()``: from ``new Worker`` (or ``postMessage``)
to the worker's answer in ``onmessage``. What is timed:

1. **COLD, first start ever**: a fresh browser context (empty HTTP cache, no snapshot in
   Cache Storage); worker created, a "check" posted at once, until its verdict.
2. **COLD, restored start**: the same context, the first worker terminated; a new worker
   restores the memory snapshot the first one kept (``scorekeeper-referee-<version>``),
   the pack's files now in the HTTP cache (static files are cached for an hour, as on a
   phone); median of ``--restarts`` starts.
3. **WARM verdict**: ``--checks`` DIFFERENT "check" requests (different runs and sets,
   four profiles, the five languages) to the last started worker, one at a time; median
   and p90.
4. **WARM 24-deal match** ("match" kind, bench/deals.py: realistic deals entered card by
   card): ``--rounds`` different matches (one seed each) after one untimed; median.
5. **Floors**, same run: the referee answers every message through Python (there is no
   message it echoes), and a blob: echo worker is refused by the page's policy
   (``script-src 'self'``; tried, the outcome printed), so the request floor is a
   ``fetch`` of ``/static/pack/manifest.json`` (no-store), median of ``--checks``. The
   pack's size on the wire: Content-Length of each pack file fetched from the page (the
   browser's own Accept-Encoding), and whether it came gzip-compressed. CPython's own
   time for the same matches, ``scorekeeper.phone.respond("match", doc, "en")`` in this
   process, median of ``--rounds``: Pyodide's factor over CPython. The phone's answers to
   the matches must equal CPython's.

6. **KEPT, first count offline on a phone that kept the pack on an earlier page**
   (bench/offline_kept.py): ``--kept-runs`` fresh phones, service workers on: a scoreboard
   fetches the pack and starts the page's referee in the background, then the next deal's
   form, opened again without a network, counts a deal typed at once; each run's figure
   as a multiple of two floors of the same run: the server's count of the same deal
   online, and the fetch round trip above; for each ``--dwell``, the seconds the earlier
   page stays once its snapshot is kept (0: left at once, the worst case: the browser
   has not kept Pyodide's compiled code yet, which every later page then compiles
   again). ``--kept-only`` times this alone.

Every answer must be 200 or 422 (else the run stops with the worker's error). Targets,
each printed next to its figure: cold start <= 4 s; warm verdict <= 20 ms; 24-deal match
<= 100 ms; first count offline on a phone that kept the pack <= 4 s. The exit status is 1
when a target is missed.
"""

from __future__ import annotations

import argparse
import json
import logging
import math
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path[:0] = [str(ROOT), str(BENCH)]

import deals as generated  # noqa: E402
from offline_kept import kept_report, kept_runs  # noqa: E402

from scorekeeper.app import create_app  # noqa: E402
from scorekeeper.db import upgrade  # noqa: E402
from scorekeeper.phone import respond  # noqa: E402
from scorekeeper.server import make_server, running  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PACK = ROOT / "scorekeeper" / "static" / "pack"
PROFILES = ("buraco-aberto", "buraco-fechado", "burraco", "buraco-classico")
LANGS = ("en", "fr", "it", "pt_BR", "pt_PT")
RANKS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
COLD_TARGET_MS = 4000.0
VERDICT_TARGET_MS = 20.0
MATCH_TARGET_MS = 100.0
TIMEOUT_MS = 240_000

#: Installed in the page: start a worker, ask it, fetch, try a blob: worker.
HELPERS = """() => {
  const timed = (worker, t0, msg) => new Promise((resolve) => {
    const timer = setTimeout(() => resolve({ms: performance.now() - t0, status: 0,
                                            error: "no answer in TIMEOUT_MS ms"}), TIMEOUT_MS);
    worker.onmessage = (e) => {
      if (e.data.alive) { return; }  /* it says every second that it is alive */
      clearTimeout(timer);
      resolve({ms: performance.now() - t0, id: e.data.id, status: e.data.status,
               error: e.data.error, doc: e.data.doc}); };
    worker.onerror = (e) => { clearTimeout(timer);
      resolve({ms: performance.now() - t0, status: 0,
               error: "worker error event: " + (e.message || e.type)}); };
    worker.postMessage(msg);
  });
  const keep = (a, full) => full ? a : {ms: a.ms, id: a.id, status: a.status, error: a.error};
  window.__bench = {
    async start(url, msg) {
      if (window.__worker) { window.__worker.terminate(); }
      const t0 = performance.now();
      window.__worker = new Worker(url, {type: "module"});
      return keep(await timed(window.__worker, t0, msg), false);
    },
    async askAll(msgs, full) {
      const out = [];
      for (const msg of msgs) {
        out.push(keep(await timed(window.__worker, performance.now(), msg), full));
      }
      return out;
    },
    async fetchFloor(url, n) {
      const out = [];
      for (let i = 0; i < n; i++) {
        const t0 = performance.now();
        const r = await fetch(url, {cache: "no-store"});
        await r.text();
        if (!r.ok) { throw new Error(url + ": " + r.status); }
        out.push(performance.now() - t0);
      }
      return out;
    },
    async sizes(base, names) {
      const out = [];
      for (const name of names) {
        const r = await fetch(base + name, {cache: "no-store"});
        const body = await r.arrayBuffer();
        out.push({name, status: r.status, length: r.headers.get("content-length"),
                  encoding: r.headers.get("content-encoding"), decoded: body.byteLength});
      }
      return out;
    },
    blobEcho(n) {
      let violation = null;
      document.addEventListener("securitypolicyviolation",
                                (e) => { violation = e.violatedDirective; });
      const code = "self.onmessage = (e) => self.postMessage(e.data);";
      const url = URL.createObjectURL(new Blob([code], {type: "text/javascript"}));
      let worker;
      try { worker = new Worker(url, {type: "module"}); } catch (err) {
        return Promise.resolve({refused: String(err)});
      }
      return new Promise((resolve) => {
        const out = [];
        let t0 = performance.now();
        const stop = setTimeout(() => { worker.terminate();
          resolve({refused: "no echo in 5 s" + (violation ? ", CSP " + violation : "")}); }, 5000);
        worker.onerror = () => { clearTimeout(stop); worker.terminate();
          resolve({refused: "error event" + (violation ? ", CSP " + violation : "")}); };
        worker.onmessage = () => {
          out.push(performance.now() - t0);
          if (out.length === n + 1) { clearTimeout(stop); worker.terminate();
                                      resolve({times: out.slice(1)}); return; }
          t0 = performance.now(); worker.postMessage(out.length);
        };
        worker.postMessage(0);
      });
    },
  };
}""".replace("TIMEOUT_MS", str(TIMEOUT_MS))


def check_requests(count: int, seed: int) -> list[dict[str, Any]]:
    """``count`` different "check" requests: two runs each (bench/deals.py), a set of one
    rank every third, four profiles and five languages in turn, a ``before`` every other."""
    runs = generated.melds(2 * count, seed)
    asked = []
    for i in range(count):
        melds = runs[2 * i:2 * i + 2]
        if i % 3 == 0:
            suits = generated.SUITS[i % 4:] + generated.SUITS[:i % 4]
            melds.append(" ".join(RANKS[i % len(RANKS)] + s for s in suits[:3 + i % 2]))
        body: dict[str, Any] = {"profile": PROFILES[i % len(PROFILES)], "melds": melds}
        if i % 2:
            body["before"] = (i * 137) % 3000
        lang = LANGS[i % len(LANGS)]
        asked.append({"id": seed * 1000 + i, "kind": "check", "body": body, "lang": lang,
                      "notation": lang})
    if len({json.dumps(a["body"], sort_keys=True) for a in asked}) != count:
        raise SystemExit("the check requests are not all different")
    return asked


def match_request(seed: int) -> dict[str, Any]:
    """A 24-deal match (different deals for each seed), asked as ``respond(.., "en")``."""
    return {"id": seed, "kind": "match", "body": generated.match(24, seed), "lang": "en",
            "notation": None}


def verified(answers: list[dict[str, Any]], asked: list[dict[str, Any]]) -> list[float]:
    """The times of the answers, once each is known to be 200 or 422 for its request."""
    for answer, msg in zip(answers, asked, strict=True):
        if answer.get("status") not in (200, 422) or answer.get("id") != msg["id"]:
            raise SystemExit(f"the phone referee failed on {msg['kind']} request {msg['id']}: "
                             f"status {answer.get('status')!r}, id {answer.get('id')!r}, "
                             f"error {answer.get('error')!r}")
    return [a["ms"] for a in answers]


def p90(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[math.ceil(0.9 * len(ordered)) - 1]


def machine() -> str:
    model = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"nproc {os.cpu_count()}, {model}, load average {os.getloadavg()[0]:.2f}"


def browse(base: str, version: str, args: argparse.Namespace) -> dict[str, Any]:
    """Everything timed in Chromium, in one fresh context."""
    from playwright.sync_api import sync_playwright

    url = f"/static/js/referee.js?pack={version}"
    found: dict[str, Any] = {"machine": machine()}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        found["chromium"] = browser.version
        context = browser.new_context(service_workers="block", locale="en-US")
        page = context.new_page()
        page.goto(base + "/")
        page.evaluate(HELPERS)
        if page.evaluate("caches.keys()"):
            raise SystemExit("a fresh context already holds Cache Storage")

        first = check_requests(1, seed=1)[0]
        print("cold start, first ever (Pyodide's whole start-up)...", flush=True)
        found["first"] = verified([page.evaluate("([u, m]) => __bench.start(u, m)",
                                                 [url, first])], [first])[0]
        kept = page.evaluate("caches.keys()")
        if f"scorekeeper-referee-{version}" not in kept:
            raise SystemExit(f"no snapshot kept after the first start: caches {kept}")
        found["caches"] = kept

        found["restored"] = []
        for n in range(args.restarts):
            msg = check_requests(1, seed=2 + n)[0]
            answer = page.evaluate("([u, m]) => __bench.start(u, m)", [url, msg])
            found["restored"].extend(verified([answer], [msg]))
        print(f"restored starts: {', '.join(f'{t:.0f}' for t in found['restored'])} ms",
              flush=True)

        checks = check_requests(args.checks, seed=100)
        found["checks"] = verified(page.evaluate("([m]) => __bench.askAll(m, false)",
                                                 [checks]), checks)
        matches = [match_request(generated.SEED + 1 + k) for k in range(args.rounds + 1)]
        answers = page.evaluate("([m]) => __bench.askAll(m, true)", [matches])
        verified(answers, matches)
        found["warmup"], found["matches"] = matches[0], matches[1:]
        found["match_answers"] = answers[1:]

        found["fetch"] = page.evaluate("([u, n]) => __bench.fetchFloor(u, n)",
                                       ["/static/pack/manifest.json", args.checks])
        found["blob"] = page.evaluate("(n) => __bench.blobEcho(n)", args.checks)
        names = list(json.loads((PACK / "manifest.json").read_text())["files"])
        found["sizes"] = page.evaluate("([b, n]) => __bench.sizes(b, n)",
                                       ["/static/pack/", names])
        context.close()
        browser.close()
    return found


def cpython_matches(warmup: dict[str, Any], matches: list[dict[str, Any]],
                    answers: list[dict[str, Any]]) -> list[float]:
    """CPython's ms for each match (the phone's untimed one first), its answers checked
    equal to the phone's."""
    respond("match", warmup["body"], "en")
    times = []
    for msg, phone in zip(matches, answers, strict=True):
        start = time.perf_counter()
        mine = respond("match", msg["body"], "en")
        times.append((time.perf_counter() - start) * 1000)
        mine = json.loads(json.dumps(mine))
        if (mine["status"], mine["doc"]) != (phone["status"], phone["doc"]):
            raise SystemExit(f"the phone's answer to match {msg['id']} differs from CPython's")
    return times


def row(label: str, ms: float, target: float | None = None) -> tuple[str, bool]:
    if target is None:
        return f"{label:<66} {ms:10.1f} ms", True
    met = ms <= target
    return (f"{label:<66} {ms:10.1f} ms  target <= {target:g} ms  "
            f"{'met' if met else 'MISSED'}", met)


def report(found: dict[str, Any], cpython: list[float], version: str,
           args: argparse.Namespace) -> int:
    checks, matches, fetches = found["checks"], found["matches"], found["fetch"]
    match_ms = [a["ms"] for a in found["match_answers"]]
    match_med, cpython_med = statistics.median(match_ms), statistics.median(cpython)
    statuses = [a["status"] for a in found["match_answers"]]
    print()
    print(f"machine at the start: {found['machine']}")
    print(f"machine at the end: {machine()}; Chromium {found['chromium']}; pack {version}")
    print(f"snapshot kept after the first start: Cache Storage holds {found['caches']}")
    lines = [
        row("COLD  first start ever: new Worker -> first verdict (fresh context)",
            found["first"], COLD_TARGET_MS),
        row(f"COLD  restored start (snapshot + HTTP cache): median of "
            f"{len(found['restored'])}", statistics.median(found["restored"]), COLD_TARGET_MS),
        row(f"WARM  verdict, {len(checks)} different checks, 5 languages: median",
            statistics.median(checks), VERDICT_TARGET_MS),
        row("WARM  verdict, same checks: p90", p90(checks), VERDICT_TARGET_MS),
        row(f"WARM  24-deal match on the phone, {len(matches)} different: median",
            match_med, MATCH_TARGET_MS),
        row("FLOOR fetch /static/pack/manifest.json round trip (no Python): median",
            statistics.median(fetches)),
        row("FLOOR same fetch: p90", p90(fetches)),
        row(f"FLOOR CPython respond('match', doc, 'en'), same {len(cpython)}: median",
            cpython_med),
    ]
    for text, _met in lines:
        print(text)
    print(f"      restored starts: {', '.join(f'{t:.0f}' for t in found['restored'])} ms; "
          f"warm checks min {min(checks):.1f}, max {max(checks):.1f} ms; "
          f"checks over 20 ms: {sum(t > 20 for t in checks)}; fetches over 20 ms: "
          f"{sum(t > 20 for t in fetches)}")
    print(f"      each match, in order: {', '.join(f'{t:.0f}' for t in match_ms)} ms; "
          f"CPython: {', '.join(f'{t:.1f}' for t in cpython)} ms")
    print(f"      Pyodide over CPython for the 24-deal match: "
          f"{match_med / cpython_med:.1f}x (match answers: {statuses.count(200)} x 200, "
          f"{statuses.count(422)} x 422, each equal to CPython's)")
    blob = found["blob"]
    if "times" in blob:
        print(row("FLOOR blob: echo worker round trip (no Python): median",
                  statistics.median(blob["times"]))[0])
    else:
        print(f"FLOOR blob: echo worker: refused ({blob['refused']}); "
              "the referee has no message Python does not process")
    print("PACK  size on the wire (fetched from the page, the browser's Accept-Encoding):")
    wire = decoded = 0
    for item in found["sizes"]:
        if item["status"] != 200 or item["length"] is None:
            raise SystemExit(f"pack file {item['name']}: status {item['status']}, "
                             f"Content-Length {item['length']}")
        wire += int(item["length"])
        decoded += item["decoded"]
        print(f"      {item['name']:<20} {int(item['length']):>10,} B on the wire, "
              f"{item['decoded']:>10,} B decoded, "
              f"{'gzip' if item['encoding'] == 'gzip' else 'not compressed'}")
    print(f"      {'total':<20} {wire:>10,} B on the wire, {decoded:>10,} B decoded")
    return 0 if all(met for _text, met in lines) else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10, help="24-deal matches timed")
    parser.add_argument("--restarts", type=int, default=3, help="restored starts timed")
    parser.add_argument("--checks", type=int, default=50, help="warm check requests timed")
    parser.add_argument("--kept-runs", type=int, default=3,
                        help="phones timed counting offline after an earlier page kept the pack")
    parser.add_argument("--kept-only", action="store_true", help="time only those (KEPT)")
    parser.add_argument("--dwell", type=float, nargs="+", default=[0.0, 15.0],
                        help="seconds the earlier page stays once its snapshot is kept: "
                             "--kept-runs phones for each")
    args = parser.parse_args()
    if min(args.rounds, args.restarts, args.checks) < 1:
        parser.error("--rounds, --restarts and --checks must be at least 1")
    if not os.path.exists(CHROMIUM):
        raise SystemExit(f"{CHROMIUM} is missing")
    version = json.loads((PACK / "manifest.json").read_text())["version"]
    folder = tempfile.mkdtemp(prefix="scorekeeper-bench-offline-")
    try:
        url = f"sqlite:///{folder}/bench.sqlite3"
        upgrade(url)
        app = create_app({"TESTING": True, "SECRET_KEY": "bench", "DATABASE_URL": url})
        logging.getLogger("waitress.queue").setLevel(logging.ERROR)
        srv = make_server(app, "127.0.0.1", 0)
        with running(srv):
            base = f"http://127.0.0.1:{srv.socket.getsockname()[1]}"
            found = None if args.kept_only else browse(base, version, args)
            timed = kept(base, version, args.kept_runs, args.dwell)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    failed = 0
    if found is not None:
        cpython = cpython_matches(found["warmup"], found["matches"], found["match_answers"])
        failed = report(found, cpython, version, args)
    met = [kept_report(runs) for runs in timed]
    return 1 if failed or not all(met) else 0


def kept(base: str, version: str, runs: int, dwells: list[float]) -> list[list[dict[str, Any]]]:
    """The KEPT runs (``runs`` phones for each dwell), in a browser of their own with
    service workers on."""
    from playwright.sync_api import sync_playwright

    if runs < 1:
        return []
    files = len(json.loads((PACK / "manifest.json").read_text())["files"])
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            return [kept_runs(browser, base, version, files, runs, dwell) for dwell in dwells]
        finally:
            browser.close()


if __name__ == "__main__":
    raise SystemExit(main())
