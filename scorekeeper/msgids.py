"""Msgids as the vocabulary's tables hold them, and their translation through any
``gettext``.

A plain msgid is marked with ``N_``; where one English word stands for words of
different gender or number in another language (a *canastra limpa*, a *burraco
limpo*), it is marked with ``NP_`` and a context, and extracted as its own entry
(``msgctxt``; ``babel.cfg`` names the marker). Flask-Babel is imported only when a
lazy string is made, so the command line stays light.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class Msg(str):
    """A msgid with a context (``msgctxt``): the English word, and which tradition's
    word it is. Where a ``gettext`` without context reads it, it is the plain msgid."""

    context: str

    def __new__(cls, context: str, message: str) -> Msg:
        self = super().__new__(cls, message)
        self.context = context
        return self


def N_(message: str) -> str:
    """Mark a string for extraction; it is translated where it is shown."""
    return message


def NP_(context: str, message: str) -> Msg:
    """Mark a msgid with its context for extraction (``babel.cfg``: ``NP_:1c,2``)."""
    return Msg(context, message)


class Plural(str):
    """A msgid said with a count: its singular (the string itself), its plural, the
    parameter that holds the count, and a context where the words differ by tradition."""

    plural: str
    counted_by: str
    context: str | None

    def __new__(cls, singular: str, plural: str, count: str,
                context: str | None = None) -> Plural:
        self = super().__new__(cls, singular)
        self.plural, self.counted_by, self.context = plural, count, context
        return self


def NN_(singular: str, plural: str, count: str) -> Plural:  # noqa: N802 - a gettext marker
    """Mark a msgid with its plural for extraction (``babel.cfg``: ``NN_:1,2``); the
    count is the parameter named ``count``."""
    return Plural(singular, plural, count)


def NNP_(context: str, singular: str, plural: str,  # noqa: N802 - a gettext marker
         count: str) -> Plural:
    """``NN_`` with a context (``babel.cfg``: ``NNP_:1c,2,3``)."""
    return Plural(singular, plural, count, context)


def translate_plural(message: Plural, n: int, translations: Any) -> str:
    """``message`` for the count ``n`` through ``translations`` (anything with
    ``ngettext`` and ``npgettext``), its context first; English without one.

    >>> translate_plural(NN_("%(n)s pile", "%(n)s piles", "n"), 1, None)
    '%(n)s pile'
    """
    if translations is None:
        return str(message) if n == 1 else message.plural
    if message.context:
        text = str(translations.npgettext(message.context, str(message), message.plural, n))
        if text not in (str(message), message.plural):
            return text
    return str(translations.ngettext(str(message), message.plural, n))


def translate(message: str, gettext: Callable[[str], str]) -> str:
    """``message`` through any ``gettext``, its context first (a compiled catalog keys a
    msgid with a context as the context, EOT, the msgid), else the plain msgid.

    >>> translate(NP_("burraco", "clean"), str)
    'clean'
    """
    context = getattr(message, "context", None)
    if context:
        key = f"{context}\x04{message}"
        text = gettext(key)
        if text != key:
            return text
    return gettext(str(message))


def lazy(message: str) -> Any:
    """A msgid translated when shown, in the page's language."""
    from flask_babel.speaklater import LazyString

    from scorekeeper.i18n import page_gettext

    return LazyString(translate, message, page_gettext)
