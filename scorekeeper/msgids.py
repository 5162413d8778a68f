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
    from flask_babel import gettext
    from flask_babel.speaklater import LazyString

    return LazyString(translate, message, gettext)
