"""The one way a match changes: version check, idempotency key, history line, status cache."""

from __future__ import annotations

import secrets
from datetime import timedelta
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from scorekeeper.models import Change, Match, Submission, used_submission, utcnow
from scorekeeper.web.scoreboard import match_result


class Stale(Exception):
    """The form was built from an older version of the match."""

    def __init__(self, match_id: int, version: int) -> None:
        super().__init__(match_id, version)
        self.match_id = match_id
        self.version = version


def new_key() -> str:
    return secrets.token_urlsafe(16)


def clean_key(value: Any) -> str:
    key = str(value or "")
    return key if 0 < len(key) <= 64 else ""


def form_version(value: Any) -> int | None:
    try:
        return int(str(value))
    except (TypeError, ValueError):
        return None


def lock_match(db: Session, token: str) -> Match | None:
    """The match, locked for this write transaction (FOR UPDATE; SQLite is already locked)."""
    if not token or len(token) > 64:
        return None
    return db.scalar(select(Match).where(Match.edit_token == token).with_for_update())


def check_version(match: Match, submitted: Any) -> None:
    if form_version(submitted) != match.version:
        raise Stale(match.id, form_version(submitted) or 0)


def record(
    db: Session,
    match: Match,
    action: str,
    position: int,
    deals: list[dict[str, Any]],
    result: dict[str, Any] | None = None,
) -> None:
    """Bump the version, write the history line and refresh the home page's cache.

    ``result`` is the referee's document for ``deals`` when the caller has it already
    (the version check guarantees it was computed from these very deals).
    """
    match.version += 1
    match.updated = utcnow()
    db.add(Change(match_id=match.id, version=match.version, action=action, position=position))
    if result is None:
        result = match_result(match, deals)
    match.status = str(result.get("status", "in-progress"))
    match.totals = list(result.get("totals", []))


#: How long a used idempotency key is kept (a resubmitted form is minutes old, not days).
KEEP_KEYS = timedelta(days=7)


def remember_key(db: Session, key: str, target_url: str) -> None:
    if key:
        db.add(Submission(key=key, target_url=target_url))
        if secrets.randbelow(50) == 0:  # now and then, forget keys nobody can still replay
            db.execute(delete(Submission).where(Submission.created < utcnow() - KEEP_KEYS))


def replayed(db: Session, key: str) -> str | None:
    return used_submission(db, key) if key else None
