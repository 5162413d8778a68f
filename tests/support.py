"""What every kind of test reads of a page the same way: its hidden fields (the form's
CSRF token, key and version), values unescaped as a browser reads them; how every test
waits for something another thread or process does (``until``), within a deadline
scaled to how slow the machine is right now (``slowness``, ``scaled``); and a database
that stops answering for a while (``database_down``).

A module of its own (not conftest.py): the web and browser tests import it by name."""

from __future__ import annotations

import functools
import html
import importlib.util
import os
import re
import statistics
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

_HIDDEN = re.compile(r'<input[^>]*type="hidden"[^>]*>')
_ATTR = re.compile(r'(\w[\w-]*)="([^"]*)"')


def hidden_fields(page: str) -> dict[str, str]:
    """The hidden inputs of a page by name, their values as a browser sends them."""
    out: dict[str, str] = {}
    for tag in _HIDDEN.findall(page):
        attrs = dict(_ATTR.findall(tag))
        if "name" in attrs:
            out[attrs["name"]] = html.unescape(attrs.get("value", ""))
    return out


#: Seed 001 §09: 180 exposed card points, one clean canastra, going out, 15 left in hand =
#: 465 (the deal form's fields of each side).
SEED_001_DEAL = [
    {"mode": "counts", "table_points": 180, "clean": 1, "hand_points": 15, "morto": "taken"},
    {"mode": "counts", "table_points": 60, "hand_points": 30, "morto": "taken"},
]


def made_app(db_url: str, instance: Path, **config: Any) -> Any:
    """The app as the tests make it: testing, on the database ``db_url``, its instance
    folder ``instance`` (``config``: more of its configuration)."""
    from scorekeeper.app import create_app

    app = create_app({"TESTING": True, "SECRET_KEY": "test", "DATABASE_URL": db_url, **config})
    app.instance_path = str(instance)
    return app


def form_fields(client: Any, url: str) -> dict[str, str]:
    """The hidden fields of the form at ``url`` (a Flask test client's GET, answered 200)."""
    response = client.get(url)
    assert response.status_code == 200, url
    return hidden_fields(response.get_data(as_text=True))


def post_deal(client: Any, url: str, sides: list[dict[str, Any]], went_out: str) -> Any:
    """A deal posted through the deal form at ``url`` (saved: ``action=save``): each side's
    fields by their name after ``sides-<i>-``, who went out (``""``: nobody), the discard."""
    data = form_fields(client, url)
    for i, side in enumerate(sides):
        data.update({f"sides-{i}-{key}": str(value) for key, value in side.items()})
    data.update(went_out=went_out, closed_by="discard", action="save")
    return client.post(url, data=data)


def table_side(client: Any, link: str, side: str) -> str:
    """The phone of ``client`` made the pair's that sits on ``side`` ("ns", "ew") of the
    table whose page is ``link`` (its card's QR code), as the page asks it, by name: that
    pair's link opened; the side's page."""
    page = client.get(link).get_data(as_text=True)
    found = re.search(rf'<a href="([^"]+)" data-side="{side}">', page)
    assert found, page[-2000:]
    response = client.get(html.unescape(found.group(1)))
    assert response.status_code == 303, response.get_data(as_text=True)[-2000:]
    return f"{link}/{side}"


def hand_across(client: Any, link: str, side: str, code: str = "12") -> str:
    """The phone of ``client``, another pair's, handed across the table to the pair that
    sits on ``side``: that pair chosen on it, then its code given (or, the pair having
    none yet, chosen) so that the phone acts for it; the side's page."""
    url = table_side(client, link, side)
    data = {**hidden_fields(client.get(url).get_data(as_text=True)), "code": code}
    response = client.post(f"{url}/code", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)[-2000:]
    return url


def evening(client: Any, pairs: str = "Rossi\nVerdi\nGialli", seated: bool = True,
            turns: str = "5x2") -> str:
    """A club evening made through its pages (Italian Burraco, ``turns``: 5 turns of 2
    deals unless said, Mitchell), its ``pairs`` registered and, when ``seated``, its
    first turn seated: the director's page."""
    fields = {**form_fields(client, "/events/new"), "name": "Venerdì", "day": "2026-12-04",
              "profile": "burraco", "kind": "pairs", "format": turns, "movement": "mitchell",
              "bye_vp": "10"}
    event = str(client.post("/events/new", data=fields).headers["Location"])
    steps = [(f"{event}/entrants", {"lines": pairs})] + ([(f"{event}/turns", {})] if seated else [])
    for url, extra in steps:
        response = client.post(url, data={**form_fields(client, event), **extra})
        assert response.status_code == 302, response.get_data(as_text=True)[-1500:]
    return event


#: The CPU clock check's median (``bench/cpuclock.py``: a fixed loop's CPU time) on a
#: quiet fast host, where the tests' deadlines were first set: 0.42 to 0.60 ms.
QUIET_CLOCK_MS = 0.5
#: The most a deadline is stretched: past it, a wait is a defect, not a slow host.
SLOWEST = 10.0


@functools.cache
def clock_ms() -> float:
    """This machine's CPU clock check (``bench/cpuclock.py``'s fixed loop, its median CPU
    time in ms over 50 runs), taken once per test process: a shared virtual machine's
    slow hours charge the same loop two to five times the CPU."""
    path = Path(__file__).resolve().parents[1] / "bench" / "cpuclock.py"
    spec = importlib.util.spec_from_file_location("cpuclock", path)
    assert spec is not None
    assert spec.loader is not None
    cpuclock = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(cpuclock)
    times = []
    for _ in range(50):
        start = time.process_time()
        cpuclock.fixed_loop()
        times.append((time.process_time() - start) * 1000)
    return float(statistics.median(times))


def load_per_core() -> float:
    """The work waiting for each core right now (at least 1): the larger of the last
    minute's load average and the tasks running at this instant, over the cores."""
    try:
        fields = Path("/proc/loadavg").read_text().split()
        running = int(fields[3].split("/")[0]) - 1  # this process is one of them
        load = max(float(fields[0]), running)
    except (OSError, IndexError, ValueError):
        return 1.0
    return max(1.0, load / (os.cpu_count() or 1))


def slowness() -> float:
    """How many times slower than a quiet fast host this machine runs a test now: the
    CPU clock check over ``QUIET_CLOCK_MS`` times the load per core, from 1 to
    ``SLOWEST``."""
    return min(SLOWEST, max(1.0, clock_ms() / QUIET_CLOCK_MS) * load_per_core())


def scaled(seconds: float) -> float:
    """``seconds`` on a quiet fast host, as long as this machine needs now (``slowness``):
    a deadline for what a test waits on, never a pause (waits end at their signal)."""
    return seconds * slowness()


def until(check: Callable[[], Any], what: str = "the awaited state", seconds: float = 15.0,
          every: float = 0.02) -> Any:
    """``check()``'s first true answer, asked every ``every`` seconds for up to ``seconds``
    on a quiet fast host, stretched by this machine's ``slowness`` (a loaded machine
    takes longer than a quiet one); ``AssertionError`` naming ``what`` when it never
    comes."""
    factor = slowness()
    deadline = time.monotonic() + seconds * factor
    while not (found := check()):
        if time.monotonic() >= deadline:
            raise AssertionError(f"{what}: not within {seconds * factor:.3g} s ({seconds:g} s "
                                 f"on a quiet host, this one {factor:.1f} times slower now)")
        time.sleep(every)
    return found


@contextmanager
def database_down(app: Any) -> Iterator[None]:
    """Every statement of ``app``'s database fails as a stopped server's would, through
    SQLAlchemy (the ORM, Core) and straight through the driver (``db.lookup``)."""
    from sqlalchemy import event, exc

    from scorekeeper.db import get_db

    engine = get_db(app).engine

    def refuse(*_args: Any) -> None:
        raise exc.OperationalError("SELECT 1", {}, ConnectionError("server closed the "
                                                                   "connection unexpectedly"))

    def refused() -> None:
        # a pool's connection refused raises the driver's own error (psycopg's, sqlite3's)
        raise engine.dialect.loaded_dbapi.OperationalError("connection refused")

    event.listen(engine, "before_cursor_execute", refuse)
    raw = engine.raw_connection
    engine.raw_connection = refused  # type: ignore[method-assign]
    try:
        yield
    finally:
        event.remove(engine, "before_cursor_execute", refuse)
        engine.raw_connection = raw  # type: ignore[method-assign]
