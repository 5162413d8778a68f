"""A new deal's side fields, nothing typed in them yet, written once per game and language
and kept by all they show (``kept_side``): the deal form's forty fields are the same HTML
on every new deal of every match."""

from __future__ import annotations

from typing import Any

from markupsafe import Markup

from scorekeeper.web.common import cache, locale_code


def kept_side(write: Any, side: Any, index: int, hint: Any, *shown: Any) -> Markup:
    """``write(side, index, hint)``: a side's fields of the deal form. A new deal's, nothing
    typed in them yet, are the same for every match of a game in a language: kept by all
    they show (each field's name, label, choices and value; ``hint``; ``shown``: what else
    the page shows of the side, such as its opening minimum)."""
    key = _side_key(side, (index, str(hint), *shown))
    if key is None:
        return Markup(write(side, index, hint))
    return Markup(cache("deal-sides", 512).get_or_make(
        key, lambda: Markup(str(write(side, index, hint)))))


def _side_key(side: Any, shown: tuple[Any, ...]) -> Any:
    """Everything a side's fields show, as a key; None once anything is sent or typed in
    them or they have errors (written each time)."""
    parts = []
    for f in side:
        if f.errors or f.raw_data or (f.data not in (None, "", False) and f.type not in _CHOSEN):
            return None
        choices = tuple((c.value, str(c.label)) for c in f.choices) \
            if f.type in _CHOSEN and f.choices else ()
        parts.append((f.name, f.data, str(f.label.text), choices))
    try:
        key = (locale_code(), tuple(parts), tuple(_frozen(v) for v in shown))
        hash(key)
    except TypeError:
        return None
    return key


#: The fields whose value is a choice among a few (never typed).
_CHOSEN = ("RadioField", "AskedRadioField")


def _frozen(value: Any) -> Any:
    """A list (of lists, or of pairs) as a key."""
    return tuple(_frozen(v) for v in value) if isinstance(value, (list, tuple)) else value
