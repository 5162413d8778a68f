"""The page's translations are looked up once per request and locale, through
Flask-Babel's public functions only (``scorekeeper.i18n.page_translations``)."""

from __future__ import annotations

from typing import Any

import flask_babel
import pytest
from flask_babel import force_locale

from scorekeeper.i18n import page_gettext, page_translations


@pytest.fixture
def lookups(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every catalog lookup Flask-Babel is asked for, by the locale in force."""
    seen: list[str] = []
    real = flask_babel.get_translations

    def counted() -> Any:
        seen.append(str(flask_babel.get_locale()))
        return real()

    monkeypatch.setattr(flask_babel, "get_translations", counted)
    return seen


def test_one_lookup_per_request_and_locale(app: Any, lookups: list[str]) -> None:
    with app.test_request_context("/", headers={"Accept-Language": "fr"}):
        first = page_translations()
        for _ in range(50):
            assert page_translations() is first
        assert page_gettext("Players") == "Joueurs"
        assert lookups == ["fr"]


def test_a_forced_locale_is_looked_up_and_the_pages_own_comes_back(
        app: Any, lookups: list[str]) -> None:
    with app.test_request_context("/", headers={"Accept-Language": "fr"}):
        french = page_gettext("Players")
        with force_locale("it"):
            italian = page_gettext("Players")
            assert page_gettext("Players") == italian
        assert page_gettext("Players") == french
        assert (french, italian) == ("Joueurs", "Giocatori")
        assert lookups == ["fr", "it", "fr"]


def test_each_request_looks_up_its_own(app: Any, lookups: list[str]) -> None:
    for lang in ("pt_BR", "it"):
        with app.test_request_context("/", headers={"Accept-Language": lang}):
            page_translations()
            page_translations()
    assert lookups == ["pt_BR", "it"]
