"""A signed-cookie session that lasts, and remembers the cookies it has already verified.

Every session is permanent: its cookie lasts ``PERMANENT_SESSION_LIFETIME`` (90 days)
from its last change, so a browser restart (what a phone does to a home-screen app)
keeps the phone's matches on its home page and its form token. It is sent again only
when it changes (``SESSION_REFRESH_EACH_REQUEST = False``).

Checking a cookie's signature costs more than serving a cached scoreboard, and
a phone sends the same cookie with every request until its session changes.
A verified cookie is remembered for a minute (far inside its 90-day lifetime), and so is
a cookie this process has just written (its next request brings it back);
any other cookie is verified as usual.

The session holds strings, lists of strings and a flag (the matches a browser keeps, its
form secret, its language): it is written as plain JSON (``PlainJSON``), the same bytes
Flask's tagged JSON writes for such values, without its walk over every value to tag it.
"""

from __future__ import annotations

import json
import time
from typing import Any

from flask import Flask, Request, has_request_context
from flask import request as flask_request
from flask.json.tag import TaggedJSONSerializer
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface

from scorekeeper.caching import LRU

REMEMBER_SECONDS = 60
REMEMBERED = 2048


def _copy(data: dict[str, Any]) -> dict[str, Any]:
    return {k: (list(v) if isinstance(v, list) else dict(v) if isinstance(v, dict) else v)
            for k, v in data.items()}


class PlainJSON(TaggedJSONSerializer):
    """The session's serializer: compact JSON, as Flask's tagged JSON writes a session of
    strings, lists and flags (so a cookie written by either is read by the other)."""

    def dumps(self, value: Any) -> str:
        return json.dumps(value, separators=(",", ":"))

    def loads(self, value: str | bytes) -> Any:
        return json.loads(value)


class CachedCookieSessionInterface(SecureCookieSessionInterface):
    serializer = PlainJSON()

    def __init__(self) -> None:
        #: (cookie, secret key) -> (remembered until, the session's data)
        self._seen: LRU[tuple[float, dict[str, Any]]] = LRU(REMEMBERED)

    def get_cookie_secure(self, app: Flask) -> bool:
        """``Secure`` whenever the page was served over HTTPS (directly, or behind a
        trusted reverse proxy that says so), not only when configured."""
        return bool(app.config["SESSION_COOKIE_SECURE"]) or (
            has_request_context() and flask_request.is_secure)

    def save_session(self, app: Flask, session: Any, response: Any) -> None:
        if session.modified and not session.permanent:
            session.permanent = True
        super().save_session(app, session, response)
        if session.modified and len(session):
            written = self._written(app, response)
            if written:
                self._seen.put((written, app.secret_key),
                               (time.monotonic() + REMEMBER_SECONDS, _copy(dict(session))))

    def _written(self, app: Flask, response: Any) -> str | None:
        """The value of the session cookie ``save_session`` has just set on ``response``."""
        start = self.get_cookie_name(app) + "="
        for header in response.headers.getlist("Set-Cookie"):
            if header.startswith(start):
                return header[len(start):].split(";", 1)[0] or None
        return None

    def open_session(self, app: Flask, request: Request) -> SecureCookieSession | None:
        value = request.cookies.get(self.get_cookie_name(app))
        if not value:
            return super().open_session(app, request)
        key = (value, app.secret_key)
        now = time.monotonic()
        hit = self._seen.get(key)
        if hit is not None and hit[0] > now:
            return self.session_class(_copy(hit[1]))
        session = super().open_session(app, request)
        if session is not None and len(session):
            self._seen.put(key, (now + REMEMBER_SECONDS, _copy(dict(session))))
        return session
