"""Event benchmark: a club's evening of 50 tables scored from its document, and each turn's
seating, through the referee's public entry points.

Run by hand: ``.venv/bin/python bench/event.py`` (10 to 30 seconds).

The event: 100 pairs at 50 tables, 11 turns (6 Mitchell, 2 Danese, 3 Danese in 2 groups),
3 deals a turn: 1,650 *different* deals entered as counts (table points and canastras,
the way clubs enter a deal), drawn from a fixed seed, every one legal. The turns are
seated by the event's own ``next`` while the document is built (not timed).

What is timed (CPU time of this process, ``time.process_time``; each figure the median
of the runs, with the middle half of the samples beside it: on a busy virtual machine
the CPU clock also counts some time the process waited, so the extremes say little):

* **standings, cold** — ``scorekeeper.rules.event_document`` (what ``scorekeeper event``
  and ``POST /api/v1/event`` run) on the whole document after the 11th turn, right after
  every cache of the referee is emptied (``scorekeeper.rules.clear_caches``): every deal
  read and scored, each table's MP and VP, the standings from scratch (and ``next``,
  here ``null``: the plan is played out).
* **standings, again** — the same document at once: ``event_document`` keeps nothing
  between calls (the referee keeps only a profile's categories and count bounds, worked
  out within the first deal), so this is the same work.
* **standings, kept** — ``event_document(doc, kept=True)`` (what the web's pages ask), the
  same document again once each table's result is kept: each table keyed by its bytes
  and read back, the standings and ``next`` worked out from the tables' results.
* **seating, per turn** — ``scorekeeper.rules.movements.seat_next`` for each of the 11
  turns, given the standings and the last opponents after the turns before it (what
  ``event_document`` computes ``next`` from); the figure is the slowest turn's median.

Each is compared against a floor measured in the same run: ``json.loads`` of the same
document and a plain-Python pass adding each side's counts per table (no checks) for the
standings; sorting 100 ids and pairing them in order for a seating.

* **the saves and the director's page** of the same evening through the app (its test
  client, a temporary SQLite file; the evening stored as its rows, each table's result
  kept in its row), each against a hello-world page timed the same way (the floor):

  - the director's deal save: ``POST`` of the deal form that fixes a deal of the last
    turn (its table's row and result written, the evening's version and history);
  - a table phone's deal save: ``POST`` of North-South's deal form at a table of the last
    turn (its side's sheet written);
  - the director's page COLD: the first view of the version a save made, on a process that
    showed the one before, every referee cache emptied (each table's result read from
    its row, the standings and the next turn worked out from them); CACHED: the same
    version again.
Targets (one core): standings ≤ 50 ms; a turn's seating ≤ 5 ms; each save and the page
cold ≤ 10 ms.
Printed next to the figures, met or not.
"""

from __future__ import annotations

import html
import json
import random
import re
import statistics
import sys
import time
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path[:0] = [str(BENCH.parent), str(BENCH)]

from cpuclock import clock_check  # noqa: E402

from scorekeeper.rules import clear_caches, event_document, read_event  # noqa: E402
from scorekeeper.rules.events import _last_opponents, score_event  # noqa: E402
from scorekeeper.rules.movements import seat_next  # noqa: E402

PAIRS, DEALS, SEED = 100, 3, 2026
PLAN = ([{"movement": "mitchell", "shift": 1}] * 6 + [{"movement": "danese"}] * 2
        + [{"movement": "danese", "groups": 2}] * 3)
RUNS, SEAT_RUNS, PAGE_RUNS = 25, 200, 10
#: Targets as multiples of a floor timed in the same run (a busy hour and a quiet one
#: compare): the standings and the seating against their own plain-Python floors, a save
#: and the director's page against the hello-world page (a save: bench/web.py's target).
STANDINGS_TARGET_X, SEATING_TARGET_X, SAVE_TARGET_X, PAGE_TARGET_X = 10.0, 10.0, 25.0, 25.0


def cpu(function: Callable[[], Any]) -> float:
    """CPU milliseconds of one call."""
    start = time.process_time()
    function()
    return (time.process_time() - start) * 1000


def _side(rng: random.Random, out: bool, dirty: bool = True) -> dict[str, Any]:
    """One side of a Burraco deal as counts: table points, canastras (clean ones, and
    dirty ones unless ``dirty`` is false), the hand left."""
    counts = {"table_points": rng.randrange(20, 160) * 5,
              "clean": rng.randrange(1 if out else 0, 3)}
    if dirty:
        counts["dirty"] = rng.randrange(0, 2)
    side: dict[str, Any] = {"counts": counts, "morto": "taken"}
    if out:
        side["went_out"] = True
    else:
        side["hand_points"] = rng.randrange(0, 30) * 5
    return side


def _deal(rng: random.Random) -> dict[str, Any]:
    ns_out = rng.random() < 0.5
    return {"sides": [_side(rng, ns_out), _side(rng, not ns_out)]}


def build() -> dict[str, Any]:
    """The event after its 11th turn: every turn seated by the event's own ``next``."""
    rng = random.Random(SEED)
    doc: dict[str, Any] = {
        "name": "bench", "profile": "burraco", "kind": "pairs", "deals_per_turn": DEALS,
        "vp_table": "fibur-2026", "plan": PLAN, "turns": [],
        "entrants": [{"id": i, "name": f"Pair {i}"} for i in range(1, PAIRS + 1)]}
    for _ in PLAN:
        seating = event_document(doc)["next"]
        doc["turns"].append({"tables": [
            {"table": t["table"], "ns": t["ns"], "ew": t["ew"],
             "deals": [_deal(rng) for _ in range(DEALS)]} for t in seating["tables"]]})
    return doc


def floor_standings(text: str) -> int:
    """The least a scorer does: read the JSON, add each side's counts per table."""
    doc = json.loads(text)
    mp: dict[int, int] = {}
    for turn in doc["turns"]:
        for table in turn["tables"]:
            sums = [0, 0]
            for deal in table["deals"]:
                for i, side in enumerate(deal["sides"]):
                    c = side["counts"]
                    sums[i] += c["table_points"] + 200 * c["clean"] + 100 * c["dirty"] \
                        - side.get("hand_points", 0)
            mp[table["ns"]] = mp.get(table["ns"], 0) + sums[0]
            mp[table["ew"]] = mp.get(table["ew"], 0) + sums[1]
    return len(sorted(mp, key=mp.__getitem__))


def floor_seating(ids: list[int]) -> int:
    ranked = sorted(ids, key=lambda i: (-i % 7, i))
    return len([(ranked[i], ranked[i + 1]) for i in range(0, len(ranked) - 1, 2)])


def bench_standings(doc: dict[str, Any]) -> dict[str, list[float]]:
    text = json.dumps(doc)
    out: dict[str, list[float]] = {"cold": [], "again": [], "kept": [], "floor": []}
    for _ in range(RUNS):
        clear_caches()
        out["cold"].append(cpu(lambda: event_document(doc)))
        out["again"].append(cpu(lambda: event_document(doc)))
        event_document(doc, kept=True)
        out["kept"].append(cpu(lambda: event_document(doc, kept=True)))
        out["floor"].append(cpu(lambda: floor_standings(text)))
    return out


def bench_seating(doc: dict[str, Any]) -> list[list[float]]:
    """Each turn's seating: CPU ms of ``seat_next`` given what was played before it."""
    event = read_event(doc)
    per_turn = []
    for played in range(len(PLAN)):
        before = type(event)(**{**event.__dict__, "turns": event.turns[:played]})
        ranked = [s["id"] for s in score_event(before)["standings"]]
        last = _last_opponents(before)
        per_turn.append([cpu(lambda p=played, r=ranked, o=last: seat_next(  # type: ignore[misc]
            event.ids, event.plan, p, r, o)) for _ in range(SEAT_RUNS)])
    return per_turn


_HIDDEN = re.compile(r'<input[^>]*type="hidden"[^>]*>')
_ATTR = re.compile(r'(name|value)="([^"]*)"')


def _form(client: Any, url: str) -> dict[str, str]:
    """The hidden fields of the form at ``url`` (its key, version, token, turn)."""
    response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    found = {}
    for tag in _HIDDEN.findall(response.get_data(as_text=True)):
        attrs = dict(_ATTR.findall(tag))
        if "name" in attrs:
            found[attrs["name"]] = html.unescape(attrs.get("value", ""))
    return found


def _deal_fields(step: int) -> dict[str, str]:
    """A deal by counts as the deal form sends it (NS went out), one point-step apart
    each time so that every save is a change."""
    return {"sides-0-mode": "counts", "sides-0-table_points": str(200 + 5 * (step % 40)),
            "sides-0-clean": "1", "sides-0-morto": "taken", "sides-1-mode": "counts",
            "sides-1-table_points": "150", "sides-1-hand_points": "20",
            "sides-1-morto": "taken", "went_out": "0", "closed_by": "discard",
            "action": "save"}


def bench_page(doc: dict[str, Any]) -> dict[str, list[float]]:
    """The saves and pages of the same evening through the app (its test client, a
    temporary SQLite file): the director's deal save (a deal of the last turn fixed from
    the table's page), a table phone's deal save (NS's deal 1 at table 1 of the last turn,
    whose deals are not in yet), and the director's page COLD (the version a save made,
    shown first by a process that showed the one before: another process's save) and
    CACHED (again); a hello-world page timed the same way is the floor."""
    import tempfile

    from scorekeeper.app import create_app
    from scorekeeper.db import Database, upgrade
    from scorekeeper.web.evening import store

    doc = json.loads(json.dumps(doc))
    doc["turns"][-1]["tables"][0]["deals"] = []  # its phones enter them
    folder = tempfile.mkdtemp()
    url = f"sqlite:///{folder}/bench.sqlite3"
    upgrade(url)
    with Database(url).writing() as db:
        row = store.build("Bench", date(2026, 12, 4), {k: v for k, v in doc.items() if k != "name"})
        db.add(row)
        db.flush()
        token = row.edit_token
    app = create_app({"TESTING": True, "SECRET_KEY": "bench", "DATABASE_URL": url})
    app.add_url_rule("/hello", "hello", lambda: "hello")
    client = app.test_client()
    turn = len(doc["turns"])
    table_two = f"/e/{token}/turns/{turn}/tables/2/deals/1/edit"
    page = client.get(f"/e/{token}/turns/{turn}/tables/1").get_data(as_text=True)
    link = re.search(r'href="http://localhost(/e/t/[^"]+)"', page).group(1)
    # the phone is North-South's own: its pair chosen on the table's page
    chosen = re.search(r'<a href="([^"]+)" data-side="ns">', client.get(link).get_data(
        as_text=True))
    assert chosen is not None
    assert client.get(html.unescape(chosen.group(1))).status_code == 303
    phone = f"{link}/ns"
    assert client.get(f"/e/{token}").status_code == 200  # templates compiled
    out: dict[str, list[float]] = {"hello": [], "director": [], "phone": [], "cold": [],
                                   "cached": []}

    def posted(url: str, data: dict[str, str]) -> float:
        def send() -> None:
            response = client.post(url, data=data)
            assert response.status_code == 302, (url, response.status_code)
        return cpu(send)

    def forget() -> None:
        """This process forgets the evening's pages (the version is another process's)."""
        app.extensions["scorekeeper.caches"]["event"].clear()

    def get() -> Any:
        return client.get(f"/e/{token}")

    for run in range(PAGE_RUNS):
        out["hello"].append(cpu(lambda: client.get("/hello")))
        fields = {**_form(client, table_two), **_deal_fields(run), "reason": "bench"}
        out["director"].append(posted(table_two, fields))
        forget()
        clear_caches()
        out["cold"].append(cpu(get))
        out["cached"].append(cpu(get))
        target = f"{phone}/deals/{'new' if run == 0 else '1/edit'}"
        fields = {**_form(client, target), **_deal_fields(run), "phone": f"bench0000.{run + 1}"}
        out["phone"].append(posted(target, fields))
    return out


def spread(values: list[float], fmt: str) -> str:
    """The median, and the middle half of the samples."""
    q1, median, q3 = statistics.quantiles(values, n=4, method="inclusive")
    return f"{format(median, fmt)} (middle half {format(q1, fmt)}–{format(q3, fmt)})"


def met(ok: bool) -> str:
    return "met" if ok else "NOT met"


def main() -> int:
    doc = build()
    answer = event_document(doc)
    assert answer["valid"], answer["problems"][:3]
    assert answer["next"] is None
    deals = sum(len(t["deals"]) for turn in doc["turns"] for t in turn["tables"])
    clock = clock_check()
    standings = bench_standings(doc)
    seating = bench_seating(doc)
    ids = [e["id"] for e in doc["entrants"]]
    seat_floor = [cpu(lambda: floor_seating(ids)) for _ in range(SEAT_RUNS)]

    cold, again, floor = (statistics.median(standings[k]) for k in ("cold", "again", "floor"))
    medians = [statistics.median(turn) for turn in seating]
    slowest = max(range(len(medians)), key=medians.__getitem__)
    print(f"event benchmark: CPU time of this process, medians of {RUNS} runs (standings) and "
          f"{SEAT_RUNS} runs per turn (seating); caches cleared = rules.clear_caches()")
    print(clock)
    print(f"{PAIRS} pairs, {PAIRS // 2} tables, {len(PLAN)} turns (6 mitchell, 2 danese, "
          f"3 danese in 2 groups), {deals:,} different deals as counts:")
    print(f"  standings, COLD (caches cleared first): {spread(standings['cold'], '.1f')} ms   "
          f"{cold / floor:.1f}x floor   target <= {STANDINGS_TARGET_X:g}x: "
          f"{met(cold <= STANDINGS_TARGET_X * floor)}")
    print(f"  standings, again (same document):       {spread(standings['again'], '.1f')} ms   "
          f"{again / floor:.1f}x floor")
    print(f"  standings, kept (each table's result kept, kept=True): "
          f"{spread(standings['kept'], '.1f')} ms")
    print(f"  floor (json.loads + plain-Python sums of the counts per table): "
          f"{spread(standings['floor'], '.1f')} ms")
    print("  seating (next), per turn, median ms: "
          + ", ".join(f"{i + 1}: {m:.3f}" for i, m in enumerate(medians)))
    print(f"  seating, slowest turn ({slowest + 1}, {PLAN[slowest]['movement']}): "
          f"{spread(seating[slowest], '.3f')} ms   "
          f"{medians[slowest] / statistics.median(seat_floor):.1f}x floor   "
          f"target <= {SEATING_TARGET_X:g}x: "
          f"{met(medians[slowest] <= SEATING_TARGET_X * statistics.median(seat_floor))}")
    print(f"  floor (sort 100 ids, pair them in order): {spread(seat_floor, '.3f')} ms")
    page = bench_page(doc)
    hello = statistics.median(page["hello"])
    print(f"  hello-world page (the floor, the same test client): "
          f"{spread(page['hello'], '.2f')} ms")
    for key, label, target in (
            ("director", "the director's deal save (POST, a deal of the last turn fixed)",
             SAVE_TARGET_X),
            ("phone", "a table phone's deal save (POST, NS's deal 1)", SAVE_TARGET_X),
            ("cold", "director's page, COLD (another process saved; this one showed the "
                     "version before)", PAGE_TARGET_X),
            ("cached", "director's page, CACHED (the same version again)", None)):
        median = statistics.median(page[key])
        goal = f"   target <= {target:g}x: {met(median <= target * hello)}" if target else ""
        print(f"  {label}: {spread(page[key], '.1f')} ms = {median / hello:.0f}x floor{goal}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
