"""Locale choice: explicit choice in the session, then Accept-Language, then English."""

from __future__ import annotations

from flask import request, session

LOCALES = ("en", "fr", "pt_BR", "it")
DEFAULT_LOCALE = "en"


def select_locale() -> str:
    chosen = session.get("lang")
    if chosen in LOCALES:
        return str(chosen)
    best = request.accept_languages.best_match(LOCALES)
    return best or DEFAULT_LOCALE
