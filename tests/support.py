"""What every kind of test reads of a page the same way: its hidden fields (the form's
CSRF token, key and version), values unescaped as a browser reads them; how every test
waits for something another thread or process does (``until``); and a database that
stops answering for a while (``database_down``).

A module of its own (not conftest.py): the web and browser tests import it by name."""

from __future__ import annotations

import html
import re
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
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


def until(check: Callable[[], Any], what: str = "the awaited state", seconds: float = 15.0,
          every: float = 0.02) -> Any:
    """``check()``'s first true answer, asked every ``every`` seconds for up to ``seconds``
    (a loaded machine takes longer than a quiet one); ``AssertionError`` naming ``what``
    when it never comes."""
    deadline = time.monotonic() + seconds
    while not (found := check()):
        if time.monotonic() >= deadline:
            raise AssertionError(f"{what}: not within {seconds:g} s")
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
