"""A signed-cookie session that remembers the cookies it has already verified.

Checking a cookie's signature costs more than serving a cached scoreboard, and
a phone sends the same cookie with every request until its session changes.
A verified cookie is remembered for a minute (far inside its 90-day lifetime);
any other cookie is verified as usual.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from typing import Any

from flask.sessions import SecureCookieSession, SecureCookieSessionInterface

REMEMBER_SECONDS = 60
REMEMBERED = 2048


def _copy(data: dict[str, Any]) -> dict[str, Any]:
    return {k: (list(v) if isinstance(v, list) else dict(v) if isinstance(v, dict) else v)
            for k, v in data.items()}


class CachedCookieSessionInterface(SecureCookieSessionInterface):
    def __init__(self) -> None:
        self._seen: OrderedDict[tuple[str, Any], tuple[float, dict[str, Any]]] = OrderedDict()
        self._lock = threading.Lock()

    def open_session(self, app: Any, request: Any) -> SecureCookieSession | None:
        value = request.cookies.get(self.get_cookie_name(app))
        if not value:
            return super().open_session(app, request)
        key = (value, app.secret_key)
        now = time.monotonic()
        with self._lock:
            hit = self._seen.get(key)
        if hit is not None and hit[0] > now:
            return self.session_class(_copy(hit[1]))
        session = super().open_session(app, request)
        if session is not None and len(session):
            with self._lock:
                self._seen[key] = (now + REMEMBER_SECONDS, _copy(dict(session)))
                while len(self._seen) > REMEMBERED:
                    self._seen.popitem(last=False)
        return session
