"""A browser's own last write, told to every server: the scorer sees the save at once.

A server keeps a match's version for ``versions.FRESH_SECONDS`` before asking the
database again. Servers on other machines (one PostgreSQL database) know nothing of
each other's writes meanwhile, so the redirect after Save, answered by another
server, showed the match without the deal just saved. The answer to a write now sets
a short cookie with the version written (and digests of the match's links, never the
links); a server whose kept version of that match is older reads it again.
"""

from __future__ import annotations

import hashlib
from typing import Any

from flask import g, request

from scorekeeper import digits

COOKIE = "written"
#: Far past the time a kept version is trusted and a redirect takes.
SECONDS = 10


def _digest(token: str) -> str:
    return hashlib.blake2s(token.encode(), digest_size=8).hexdigest()


def tell(edit_token: str, view_token: str, version: int) -> None:
    """This request wrote ``version`` of the match: its answer sets the cookie."""
    g.written = f"{_digest(edit_token)}.{_digest(view_token)}.{version}"


def newer(kind: str, token: str, version: int) -> bool:
    """Whether this browser wrote a version of the match that ``token`` opens (an
    ``edit`` or ``view`` link) newer than ``version``."""
    value = request.cookies.get(COOKIE)
    if not value:
        return False
    parts = value.split(".")
    written = digits.below(parts[2], 10**12) if len(parts) == 3 else None
    if written is None:
        return False
    return parts[0 if kind == "edit" else 1] == _digest(token) and written > version


def set_cookie(response: Any) -> Any:
    """``after_request``: the cookie of a write made by this request."""
    value = g.get("written")
    if value:
        response.set_cookie(COOKIE, value, max_age=SECONDS, httponly=True, samesite="Lax",
                            secure=request.is_secure)
    return response
