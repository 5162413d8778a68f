"""The one way anything is written: once per form, on the version the form was built from.

Every form that writes carries an idempotency key (a double tap, a resubmitted form,
a retry after a dropped connection: the first submission wins and the others are
sent where it went) and, when it changes a match or a Burro game, the version it
was built from (a form built before another phone's change is answered with what
changed, and nothing is saved).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from datetime import timedelta
from typing import Any, TypeVar

from flask import abort, redirect
from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session
from werkzeug.wrappers import Response

from scorekeeper.db import reader, writer
from scorekeeper.models import BurroGame, Change, Match, Submission, used_submission, utcnow

#: How long a used idempotency key is kept (a resubmitted form is minutes old, not days).
KEEP_KEYS = timedelta(days=7)


#: What a form changes: a match or a Burro game (each has an edit token and a version).
Row = TypeVar("Row", Match, BurroGame)


class Stale(Exception):
    """The form was built from an older version of the row."""

    def __init__(self, row_id: int, version: int) -> None:
        super().__init__(row_id, version)
        self.row_id = row_id
        self.version = version


def new_key() -> str:
    """A fresh idempotency key for a form."""
    return secrets.token_urlsafe(16)


def clean_key(value: Any) -> str:
    key = str(value or "")
    return key if 0 < len(key) <= 64 else ""


def form_version(value: Any) -> int | None:
    try:
        return int(str(value))
    except (TypeError, ValueError):
        return None


def _replayed(db: Session, key: str) -> str | None:
    return used_submission(db, key) if key else None


def _remember_key(db: Session, key: str, target_url: str) -> None:
    if key:
        db.add(Submission(key=key, target_url=target_url))
        if secrets.randbelow(50) == 0:  # now and then, forget keys nobody can still replay
            db.execute(delete(Submission).where(Submission.created < utcnow() - KEEP_KEYS))


class _Done(Exception):
    """The key was used already: go where its first submission went."""

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.url = url


def write_once(key: str, change: Callable[[Session], str],
               after: Callable[[], None] | None = None) -> Response:
    """Run ``change`` in one write transaction, at most once for ``key``, then go to the
    URL it returns (``after`` runs once the transaction is committed).

    A key already used sends the phone where its first submission went, also when
    the same key commits at the same instant on another connection (the unique key
    then fails this transaction, and the first one's result is read back).
    """
    try:
        with writer() as db:
            done = _replayed(db, key)
            if done:
                return redirect(done)
            url = change(db)
            _remember_key(db, key, url)
    except _Done as replay:
        return redirect(replay.url)
    except IntegrityError:
        done = _replayed(reader(), key)
        if not done:
            raise
        return redirect(done)
    if after is not None:
        after()
    return redirect(url)


def lock(db: Session, model: type[Row], token: str, submitted_version: Any, key: str) -> Row:
    """The row of ``model`` with this edit token, locked for the write (FOR UPDATE; SQLite
    is locked already), checked against the form's version. A key that another request
    used while this one waited for the lock answers as that request did."""
    row = db.scalar(select(model).where(model.edit_token == token).with_for_update()) \
        if token and len(token) <= 64 else None
    if row is None:
        abort(404)
    done = _replayed(db, key)
    if done:
        raise _Done(done)
    if form_version(submitted_version) != row.version:
        raise Stale(row.id, form_version(submitted_version) or 0)
    return row


def record(db: Session, match: Match, action: str, position: int,
           result: dict[str, Any]) -> None:
    """Bump the match's version, write the history line, keep its status and totals
    (``result``: the referee's document for the deals as they now stand)."""
    match.version += 1
    match.updated = utcnow()
    db.add(Change(match_id=match.id, version=match.version, action=action, position=position))
    match.status = str(result.get("status", "in-progress"))
    match.totals = list(result.get("totals", []))
