"""A field's HTML as WTForms writes it, kept.

An input or a text box holding nothing typed (or a short value, a choice's) is written
once and kept (``written``): the deal form's forty empty fields are the same HTML on
every deal of every match, by everything its widget reads.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from markupsafe import Markup
from wtforms.widgets import core

from scorekeeper.caching import LRU

#: The widgets whose HTML is a function of the field's name, id, value, flags and the
#: attributes asked for; never kept: a hidden input (it holds a form's own token), a
#: password's, a file's, and a submit button (its value is its label's words).
_KEPT = (core.Input, core.TextArea)
_NEVER = (core.HiddenInput, core.PasswordInput, core.FileInput, core.SubmitInput)
_TICKED = (core.CheckboxInput, core.RadioInput)
#: The longest value a kept field holds (a choice's value, a number typed).
_SHORT = 40
_WRITTEN: LRU[Markup] = LRU(4096)


def written(field: Any, render_kw: dict[str, Any], write: Callable[[], Markup]) -> Markup:
    """The field's HTML with the attributes ``render_kw``: ``write()``'s, kept by all it
    depends on when the field holds at most a short value; else written again."""
    key = _key(field, render_kw)
    if key is None:
        return write()
    return _WRITTEN.get_or_make(key, write)


def _key(field: Any, render_kw: dict[str, Any]) -> Hashable | None:
    """Everything a widget of ``_KEPT`` reads to write ``field``; None for a field that is
    not kept (another widget, a hidden one, a long value, a list of suggestions)."""
    widget = field.widget
    if not isinstance(widget, _KEPT) or isinstance(widget, _NEVER) \
            or getattr(field, "_datalist", None) is not None:
        return None
    value = render_kw["value"] if "value" in render_kw else field._value()
    if not isinstance(value, str) or len(value) > _SHORT:
        return None
    ticked = bool(getattr(field, "checked", field.data)) if isinstance(widget, _TICKED) else None
    try:
        key = (widget, field.name, field.id, type(value), value, ticked, _items(vars(field.flags)),
               _items(render_kw), _items(field.render_kw or {}))
        hash(key)
    except TypeError:  # an attribute that is a list or a dict
        return None
    return key


def _items(attributes: dict[str, Any]) -> tuple[Any, ...]:
    """Attributes as a key, each value with its type (markup is written as it is, text
    escaped: the same characters may be two different attributes)."""
    return tuple(sorted((name, type(value), value) for name, value in attributes.items()))
