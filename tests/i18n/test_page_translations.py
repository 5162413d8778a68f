"""The page's translations are looked up once per request and locale, through
Flask-Babel's public functions only (``scorekeeper.i18n.page_translations``); a locale is
forced only through ``forced_locale``, which sets the page's aside."""

from __future__ import annotations

from typing import Any

import flask_babel
import pytest

from scorekeeper.i18n import forced_locale, page_gettext, page_translations


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
        app.preprocess_request()
        first = page_translations()
        for _ in range(50):
            assert page_translations() is first
        assert page_gettext("Players") == "Joueurs"
        assert lookups == ["fr"]


def test_a_forced_locale_is_looked_up_and_the_pages_own_comes_back(
        app: Any, lookups: list[str]) -> None:
    with app.test_request_context("/", headers={"Accept-Language": "fr"}):
        app.preprocess_request()
        french = page_gettext("Players")
        with forced_locale("it"):
            italian = page_gettext("Players")
            assert page_gettext("Players") == italian
        assert page_gettext("Players") == french
        assert (french, italian) == ("Joueurs", "Giocatori")
        assert lookups == ["fr", "it"]  # the page's own kept through it


def test_each_request_looks_up_its_own(app: Any, lookups: list[str]) -> None:
    for lang in ("pt_BR", "it"):
        with app.test_request_context("/", headers={"Accept-Language": lang}):
            app.preprocess_request()
            page_translations()
            page_translations()
    assert lookups == ["pt_BR", "it"]


def test_flask_babels_force_locale_is_called_only_by_forced_locale() -> None:
    """A module forcing a locale with Flask-Babel's own ``force_locale`` would get the
    page's kept translations in the forced language's place."""
    from pathlib import Path

    package = Path(__file__).resolve().parents[2] / "scorekeeper"
    users = sorted(str(p.relative_to(package)) for p in package.rglob("*.py")
                   if "force_locale" in p.read_text(encoding="utf-8").replace(
                       "forced_locale", ""))
    assert users == ["i18n.py"]


def test_outside_a_request_each_call_is_flask_babels_own(app: Any, lookups: list[str]) -> None:
    """After a request, a context that did not start one (a PDF's, the command line's)
    never sees the request's kept translations."""
    with app.test_request_context("/", headers={"Accept-Language": "fr"}):
        app.preprocess_request()
        assert page_gettext("Players") == "Joueurs"
    with app.test_request_context("/", headers={"Accept-Language": "it"}):
        assert page_gettext("Players") == "Giocatori"
        assert page_gettext("Players") == "Giocatori"
    assert lookups == ["fr", "it", "it"]


def test_each_request_keeps_its_own_language_code(app: Any) -> None:
    """The page's language code is chosen once per request (``web/common.locale_code``,
    kept in ``i18n.page_code``) and never carried into the next request; a page whose
    address names its language takes that one (``choose_locale_code``)."""
    from scorekeeper.web.common import choose_locale_code, locale_code, num

    for lang, written in (("fr", "1\u202f500"), ("it", "1.500"), ("en", "1,500")):
        with app.test_request_context("/", headers={"Accept-Language": lang}):
            app.preprocess_request()
            assert (locale_code(), num(1500)) == (lang, written)
            assert (locale_code(), num(-2)) == (lang, "\u22122")
            choose_locale_code("pt_BR")
            assert (locale_code(), num(1500)) == ("pt_BR", "1.500")
    with app.test_request_context("/", headers={"Accept-Language": "it"}):
        assert locale_code() == "it"  # a context that started no page: chosen as it asks
