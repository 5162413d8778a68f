"""What version of each match this server process trusts a page view with: read from
the database at most once a second per link (``FRESH_SECONDS``), at once after a write
by any process of the same SQLite file (``db.WriteStamp``) or by this browser on any
server (``web/written.py``). Every write still checks the version in its own
transaction: this is for reading only."""

from __future__ import annotations

import time

from scorekeeper.caching import LRU
from scorekeeper.db import get_db, lookup
from scorekeeper.forms import is_token
from scorekeeper.models import Match
from scorekeeper.web import written
from scorekeeper.web.common import cache

#: How long a match's version, read from the database, is trusted for a page view. A write
#: by any server process of the same SQLite file shows at once (``db.WriteStamp``);
#: another machine's write to a shared PostgreSQL database shows within this, except to
#: the browser that wrote it, which sees it at once (``web/written.py``). (Every write
#: still checks the version in its own transaction: this is for reading only.)
FRESH_SECONDS = 1.0

_VERSION_SQL = {
    "edit": "SELECT version FROM matches WHERE edit_token = ?",
    "view": "SELECT version FROM matches WHERE view_token = ?",
}


def _kept() -> LRU[tuple[float, int, int]]:
    """(kind, link) -> (trusted until, version, the write stamp it was read at)."""
    return cache("versions", 4096)


def current_version(kind: str, token: str) -> int | None:
    """The version of the match an edit or view token opens; None when there is none.

    The scoreboard's hot path: one indexed SELECT at most once a second per link, so a
    phone refreshing the scores never waits on the database (nor on the GIL around it).
    """
    if not is_token(token):
        return None
    versions = _kept()
    now = time.monotonic()
    stamp = get_db().stamp.value()  # read before the database: a write after it shows
    hit = versions.get((kind, token))
    if hit is not None and hit[0] > now and hit[2] == stamp and not written.newer(
            kind, token, hit[1]):  # the browser's own write, made on another server
        return hit[1]
    row = lookup(_VERSION_SQL[kind], token)
    found = int(row[0]) if row is not None else None
    store(kind, token, found, stamp)
    return found


def store(kind: str, token: str, found: int | None, stamp: int) -> None:
    """Cache a version read when the database's write stamp was ``stamp``, never replacing
    a newer one (a slow reader must not undo a write). A link that opens no match is not
    kept: a match set up on a phone without a network comes with its links, and its
    first page follows at once."""
    versions = _kept()
    if found is None:
        versions.forget((kind, token))
        return
    with versions.lock:
        hit = versions.get((kind, token))
        if hit is not None and hit[1] > found and hit[0] > time.monotonic():
            return
        versions.put((kind, token), (time.monotonic() + FRESH_SECONDS, found, stamp))


def store_written(edit_token: str, view_token: str, version: int) -> None:
    """After a committed write of ``version``: page views on this process see it at once,
    and the browser that wrote it on any server (``written.tell``)."""
    stamp = get_db().stamp.value()
    for kind, token in (("edit", edit_token), ("view", view_token)):
        store(kind, token, version, stamp)
    written.tell(edit_token, view_token, version)


def forget(match: Match) -> None:
    """A match deleted: its links open nothing from now on."""
    _kept().forget(("edit", match.edit_token), ("view", match.view_token))
