"""What every rule's sentences share: the translations, the locale's numbers, and the
choice between the traditions' msgids."""

from __future__ import annotations

from typing import Any

from babel.lists import format_list

from scorekeeper.i18n import format_number, normalize_locale

#: A block of a rule's text: one sentence, or a short list of them.
Block = str | list[str]


class Say:
    """Translated sentences with their numbers written in the locale."""

    def __init__(self, translations: Any, locale: str | None) -> None:
        self.t = translations
        self.locale = locale or "en"

    def fill(self, text: Any, **params: Any) -> str:
        """``text`` with its named fields, numbers in the locale's digits (anything else
        as it is)."""
        values = {k: format_number(v, self.locale) for k, v in params.items()}
        return str(text) % values if values else str(text)

    def list_or(self, numbers: list[int]) -> str:
        """``2, 3 or 5`` as the locale writes it."""
        words = [format_number(n, self.locale) for n in numbers]
        return format_list(words, style="or", locale=normalize_locale(self.locale))


def pick(tradition: str, br: str, it: str, classic: str | None = None) -> str:
    """The Brazilian or the Italian tradition's sentence; Classic Buraco's own where
    it names its pile (otherwise Classic Buraco speaks the Italian words)."""
    if tradition == "br":
        return br
    if tradition == "classic" and classic is not None:
        return classic
    return it


def count(value: Any) -> int:
    """A whole number of the rules, or ``ValueError`` (a value the page cannot say)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(value)
    return value


def flag(value: Any) -> bool:
    """A switch of the rules, or ``ValueError``."""
    if not isinstance(value, bool):
        raise ValueError(value)
    return value
