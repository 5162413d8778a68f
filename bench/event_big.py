"""The largest evening the forms make: 1,000 pairs (500 tables), 30 turns of 4 deals, every
deal entered (60,000 deals by counts), Mitchell then Danese. What a director and a table
do with it, through the app (its test client, a temporary SQLite file), each against a
hello-world page timed the same way:

* the director's page, COLD (the first view of the version a save made, on a process
  that showed the one before, every referee cache emptied) and CACHED;
* the director's deal save (``POST``: a deal of the last turn fixed);
* a table's confirmation (``POST``: East-West confirms North-South's four deals of table
  1 of the last turn: the table's deals and result written, the evening's version);
* the standings PDF (every entrant and each turn's VP), laid out the first time (wall
  clock: the layout runs in the PDF worker's process) and asked again (found by the
  evening's version);
* the memory this process holds at the end (its resident set, and its peak), after the
  evening was imported, its pages shown and its papers laid out.

Run by hand: ``.venv/bin/python bench/event_big.py`` (a few minutes: the evening is
made and imported first). Every figure is CPU time of this process unless it says
wall clock; medians of the runs.
"""

from __future__ import annotations

import html
import json
import random
import re
import resource
import statistics
import sys
import tempfile
import time
from datetime import date
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path[:0] = [str(BENCH.parent), str(BENCH)]

from cpuclock import clock_check  # noqa: E402
from event import _deal_fields, _form, _side, cpu  # noqa: E402

from scorekeeper.rules import clear_caches, event_document  # noqa: E402

PAIRS, TURNS, DEALS, SEED, RUNS = 1000, 30, 4, 2026, 5
PLAN = [{"movement": "mitchell", "shift": 1}] * 25 + [{"movement": "danese"}] * 5


def build() -> dict[str, Any]:
    """The evening after its 30th turn, each seated by its own ``next``; table 1 of the
    last turn without its deals (its phones enter them)."""
    rng = random.Random(SEED)
    doc: dict[str, Any] = {
        "profile": "burraco", "kind": "pairs", "deals_per_turn": DEALS,
        "vp_table": "fibur-2026", "bye_vp": 10, "plan": PLAN, "turns": [],
        "entrants": [{"id": i, "name": f"Pair {i:04d} – of the club"} for i in range(1, PAIRS + 1)]}
    for _ in PLAN:
        seating = event_document(doc, kept=True)["next"]
        doc["turns"].append({"tables": [
            {"table": t["table"], "ns": t["ns"], "ew": t["ew"], "penalties": [], "forfeit": None,
             "deals": [{"sides": [_side(rng, out, dirty=False),
                                   _side(rng, not out, dirty=False)]}
                       for out in (rng.random() < 0.5 for _ in range(DEALS))]}
            for t in seating["tables"]]})
    doc["turns"][-1]["tables"][0]["deals"] = []
    return doc


def _chosen(app: Any, link: str, side: str) -> Any:
    """A phone of its own for the pair sitting on ``side`` of the table whose card's link
    is ``link``: chosen on the table's page, by the pair's own link."""
    phone = app.test_client()
    page = phone.get(link).get_data(as_text=True)
    chosen = re.search(rf'<a href="([^"]+)" data-side="{side}">', page)
    assert chosen, page[-1000:]
    assert phone.get(html.unescape(chosen.group(1))).status_code == 303
    return phone


def rss_mb() -> tuple[float, float]:
    """This process's resident set now and at its peak, in MB."""
    now = 0.0
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            now = int(line.split()[1]) / 1024
    return now, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> int:  # noqa: PLR0915 - one run, said in order
    from scorekeeper.app import create_app
    from scorekeeper.db import Database, upgrade
    from scorekeeper.web.evening import store

    print(clock_check())
    started = time.perf_counter()
    doc = build()
    size = len(json.dumps(doc, separators=(",", ":")))
    print(f"{PAIRS} pairs, {PAIRS // 2} tables, {TURNS} turns of {DEALS} deals: "
          f"{sum(len(t['deals']) for turn in doc['turns'] for t in turn['tables']):,} deals, "
          f"{size / 1e6:.1f} MB as compact JSON (made in {time.perf_counter() - started:.0f} s)")
    url = f"sqlite:///{tempfile.mkdtemp()}/big.sqlite3"
    upgrade(url)
    started = time.perf_counter()
    with Database(url).writing() as db:
        row = store.build("Big", date(2026, 12, 4), doc)
        db.add(row)
        db.flush()
        token = row.edit_token
    print(f"  imported (each table scored, its rows written): "
          f"{time.perf_counter() - started:.1f} s wall clock")
    app = create_app({"TESTING": True, "SECRET_KEY": "bench", "DATABASE_URL": url,
                      "PDF_RENDER_WAIT": 600})
    app.add_url_rule("/hello", "hello", lambda: "hello")
    client = app.test_client()
    turn = len(doc["turns"])
    page = client.get(f"/e/{token}/turns/{turn}/tables/1").get_data(as_text=True)
    phone = re.search(r'href="http://localhost(/e/t/[^"]+)"', page).group(1)
    ns, ew = _chosen(app, phone, "ns"), _chosen(app, phone, "ew")
    for number in range(1, DEALS + 1):  # North-South's four deals of table 1
        target = f"{phone}/ns/deals/new"
        response = ns.post(target, data={**_form(ns, target), **_deal_fields(number)})
        assert response.status_code == 302, response.status_code
    out: dict[str, list[float]] = {"hello": [], "save": [], "cold": [], "cached": []}
    fix = f"/e/{token}/turns/{turn}/tables/2/deals/1/edit"
    for run in range(RUNS):
        out["hello"].append(cpu(lambda: client.get("/hello")))
        fields = {**_form(client, fix), **_deal_fields(run + 10), "reason": "bench"}
        out["save"].append(cpu(lambda f=fields: client.post(fix, data=f)))  # type: ignore[misc]
        app.extensions["scorekeeper.caches"]["event"].clear()
        clear_caches()
        out["cold"].append(cpu(lambda: client.get(f"/e/{token}")))
        out["cached"].append(cpu(lambda: client.get(f"/e/{token}")))
    fields = _form(ew, f"{phone}/ew")
    confirm = cpu(lambda: ew.post(f"{phone}/ew/confirm", data=fields))
    started = time.perf_counter()
    assert client.get(f"/e/{token}/standings.pdf").status_code == 200
    layout = time.perf_counter() - started
    started = time.perf_counter()
    kept = client.get(f"/e/{token}/standings.pdf")
    again = time.perf_counter() - started
    hello = statistics.median(out["hello"])
    for key, label in (("cold", "director's page, COLD"), ("cached", "director's page, CACHED"),
                       ("save", "the director's deal save")):
        median = statistics.median(out[key])
        print(f"  {label}: {median:.1f} ms = {median / hello:.0f}x floor")
    print(f"  a table's confirmation (POST): {confirm:.1f} ms = {confirm / hello:.0f}x floor")
    print(f"  standings PDF, laid out: {layout:.1f} s wall clock ({len(kept.data) / 1e3:.0f} kB); "
          f"asked again: {again * 1000:.0f} ms wall clock")
    now, peak = rss_mb()
    print(f"  memory of this process: {now:.0f} MB resident, {peak:.0f} MB at its peak")
    print(f"  floor (hello-world page, the same client): {hello:.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
