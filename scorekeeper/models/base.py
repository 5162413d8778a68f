"""What every table shares: the declarative base, the clock a row is stamped with, and
the links' tokens."""

from __future__ import annotations

import secrets
from datetime import UTC, datetime

from sqlalchemy.orm import DeclarativeBase


def utcnow() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def new_token() -> str:
    """An unguessable link token (128 bits of randomness)."""
    return secrets.token_urlsafe(16)


class Base(DeclarativeBase):
    pass
