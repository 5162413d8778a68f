"""The server's half of a page that follows an evening by itself (``static/js/follow.js``):
each such page is named by a tag (an HTTP ETag) made of what it shows — the evening's
version, the turn's sheets' versions, the clock, the phone's pair — worked out from a
few small reads before anything is rendered. The page carries its tag
(``data-follow-tag``) and sends it as its ETag; follow.js asks again with it
(``If-None-Match``), and an unchanged page answers 304 with no body: a room of phones
following the evening every few seconds costs the server those reads, never a page.

A tag also holds what every page depends on: its language and the static files' digest
(a page served by a newer version of the app is a new page).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

from flask import make_response, request
from werkzeug.wrappers import Response

from scorekeeper.db import lookup_all
from scorekeeper.models import Event
from scorekeeper.web.common import locale_code
from scorekeeper.web.evening.clock import clock_of
from scorekeeper.web.offline import static_digest


def tag(*parts: object) -> str:
    """The tag of a page that shows ``parts`` (each written with ``repr``), in the page's
    language and the app's version."""
    said = repr((locale_code(), static_digest(), *parts))
    return hashlib.sha256(said.encode("utf-8", "backslashreplace")).hexdigest()[:24]


def clock_parts(event: Event) -> tuple[object, ...]:
    """What the turn's clock shows, as a tag's part: the clock started, and whether its
    time is up (the tables still playing are late then); its time left is counted on
    the phone between two answers (``static/js/clock.js``)."""
    clock = clock_of(event)
    return (event.clock_turn, event.clock_started, event.clock_minutes,
            bool(clock and clock["over"]))


_TABLE_SHEETS = ('SELECT side, version FROM event_sheets WHERE event_id = ? AND turn = ? '
                 'AND "table" = ?')
_TURN_SHEETS = ('SELECT COUNT(*), COALESCE(SUM(version), 0) FROM event_sheets '
                'WHERE event_id = ? AND turn = ?')


def table_sheets(event: Event, turn: int, table: int) -> tuple[tuple[str, int], ...]:
    """The versions of a table's two sheets in turn ``turn`` (1-based), as a tag's part:
    a deal saved, fixed or taken on either phone changes it."""
    rows = lookup_all(_TABLE_SHEETS, event.id, turn - 1, table)
    return tuple(sorted((str(side), int(version)) for side, version in rows))


def turn_sheets(event: Event, turn: int) -> tuple[int, int]:
    """How many sheets turn ``turn`` (1-based) has and the sum of their versions, as a
    tag's part: a sheet's version only grows, so any save on any table of the turn
    changes it."""
    found = lookup_all(_TURN_SHEETS, event.id, turn - 1, first=True)
    count, total = found[0] if found else (0, 0)
    return int(count or 0), int(total or 0)


def unchanged(page_tag: str) -> Response | None:
    """304 when the browser's page is the one ``page_tag`` names (a GET whose
    ``If-None-Match`` holds it, or the ETag of its compressed answer: ``web/compress.py``
    marks it ``-gz``), else None."""
    held = request.if_none_match
    if request.method != "GET" or not (held.contains_weak(page_tag)
                                        or held.contains_weak(f"{page_tag}-gz")):
        return None
    response = Response(status=304)
    response.set_etag(page_tag, weak=True)
    return response


def answer(page_tag: str, render: Callable[[], Any]) -> Any:
    """The page ``render()`` makes, with its tag as its ETag; 304 instead when the
    browser holds it already."""
    same = unchanged(page_tag)
    if same is not None:
        return same
    response = make_response(render())
    if response.status_code == 200:
        response.set_etag(page_tag, weak=True)
    return response
