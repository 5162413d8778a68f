"""The session cookie (``web/sessions.py``): written as plain JSON, the same cookie Flask's
tagged JSON writes; a cookie this process has just written is taken back without its
signature checked again; any other cookie is checked as before."""

from __future__ import annotations

from typing import Any

import pytest
from flask.json.tag import TaggedJSONSerializer
from flask.sessions import SecureCookieSessionInterface
from itsdangerous import URLSafeTimedSerializer

from scorekeeper.web.sessions import PlainJSON

# what a cookie holds and how it is checked: the same whatever the database
pytestmark = pytest.mark.any_database

#: A session as the app keeps one: the matches and games on the home page, the form
#: secret, the language, the lasting flag.
SESSION = {"matches": ["A" * 22, "B" * 23], "burros": ["C" * 22], "csrf_token": "f" * 40,
           "lang": "pt_BR", "_permanent": True}


def _checks(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every signature checked from now on (the cookie checked)."""
    checked: list[str] = []
    loads = URLSafeTimedSerializer.loads

    def counted(self: Any, value: Any, *args: Any, **kwargs: Any) -> Any:
        checked.append(value)
        return loads(self, value, *args, **kwargs)

    monkeypatch.setattr(URLSafeTimedSerializer, "loads", counted)
    return checked


def test_the_cookie_is_the_one_flask_writes_and_either_reads_the_other(app):
    plain = app.session_interface
    tagged = SecureCookieSessionInterface()
    assert type(plain.serializer) is PlainJSON
    assert type(tagged.serializer) is TaggedJSONSerializer
    assert plain.serializer.dumps(SESSION) == tagged.serializer.dumps(SESSION)
    ours, flasks = (i.get_signing_serializer(app) for i in (plain, tagged))
    assert ours.loads(flasks.dumps(SESSION)) == SESSION
    assert flasks.loads(ours.dumps(SESSION)) == SESSION


def test_a_cookie_just_written_comes_back_unchecked_and_any_other_is_checked(
        app, client, monkeypatch):
    checked = _checks(monkeypatch)
    client.get("/lang/it?next=/")  # a new session: its cookie written
    written = client.get_cookie("session").value
    assert client.get("/").status_code == 200
    assert checked == []  # taken back as written
    assert 'lang="it"' in client.get("/rules").get_data(as_text=True)
    assert checked == []

    # the same cookie in another browser, after this process forgot it: checked once,
    # then remembered
    app.session_interface._seen.clear()
    other = app.test_client()
    other.set_cookie("session", written)
    assert 'lang="it"' in other.get("/rules").get_data(as_text=True)
    assert 'lang="it"' in other.get("/rules").get_data(as_text=True)
    assert checked == [written]

    # one letter changed: checked, refused, the page in the default language
    forged = written[:-2] + ("A" if written[-2] != "A" else "B") + written[-1]
    stranger = app.test_client()
    stranger.set_cookie("session", forged)
    assert 'lang="en"' in stranger.get("/rules").get_data(as_text=True)
    assert checked == [written, forged]


def test_a_cookie_written_under_another_secret_is_checked_and_refused(app, client,
                                                                      monkeypatch):
    client.get("/lang/fr?next=/")
    written = client.get_cookie("session").value
    checked = _checks(monkeypatch)
    app.secret_key = "another secret"
    assert 'lang="en"' in client.get("/rules").get_data(as_text=True)
    assert checked == [written]
