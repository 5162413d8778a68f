"""A form's fields bound as copies: WTForms builds every field of every form it makes
from its declaration (forty lines of Python a field; the deal form has thirty-five, made
on every view and every save). Each declared field is built once per name and prefix,
and every form after gets a copy of it, with its own form, meta, label and flags: what
building it would have given (``tests/web/test_forms_binding.py`` holds a copy to a
field built anew)."""

from __future__ import annotations

import threading
from collections.abc import Hashable
from typing import Any

from wtforms.csrf.core import CSRFTokenField
from wtforms.fields.core import Flags, Label

_BUILT: dict[Hashable, Any] = {}
_LOCK = threading.Lock()


def bound(form: Any, unbound: Any, options: dict[str, Any], **extra: Any) -> Any:
    """``unbound.bind(form=form, **options, **extra)``: a copy of the field as first built
    with the same ``options`` (``extra``: what the declaration adds the same way each
    time, such as its filters). A form's CSRF token field is built each time."""
    if issubclass(unbound.field_class, CSRFTokenField):
        return unbound.bind(form=form, **options, **extra)
    try:
        key = (unbound, tuple(sorted(options.items())))
        first = _BUILT.get(key)
    except TypeError:  # an option that is no key
        return unbound.bind(form=form, **options, **extra)
    if first is None:
        first = unbound.bind(form=form, **options, **extra)
        first._form = first.meta = None  # kept without the form it was first built for
        with _LOCK:
            first = _BUILT.setdefault(key, first)
    field = object.__new__(type(first))
    field.__dict__.update(first.__dict__)
    field._form = form
    field.meta = form.meta
    field.label = Label(first.label.field_id, first.label.text)
    field.flags = Flags()
    field.flags.__dict__.update(first.flags.__dict__)
    if first.render_kw is not None:
        field.render_kw = dict(first.render_kw)
    return field
