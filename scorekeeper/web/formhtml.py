"""The field macros of ``templates/_forms.html`` (``field``, ``cards_field``, ``errors``,
``choices``, ``radios``, ``hidden``) written in Python, for the deal form: its forty
fields each took a template macro call ten times as long as the field's own HTML. They
write exactly what the macros write (``tests/web/test_formhtml.py`` holds each to its
macro); every other page keeps the macros."""

from __future__ import annotations

from typing import Any

from markupsafe import Markup, escape

from scorekeeper.cardtext import read_as
from scorekeeper.i18n import page_translations
from scorekeeper.widgets import radio_options

_HIDDEN = ("HiddenField", "CSRFTokenField")


def errors(f: Any) -> Markup:
    """The errors of one field, right next to it."""
    if not f.errors:
        return Markup()
    items = "".join(f"<li>{escape(e)}</li>" for e in f.errors)
    return Markup(f'<ul class="errors" id="{escape(f.id)}-errors">{items}</ul>')


def field(f: Any, hint: Any = None, cards: bool = False, label: Any = None,
          **attrs: Any) -> Markup:
    """One field: its label, the input, and its errors right next to it. ``cards``: a
    field of cards, said back as the page read them in its own letters."""
    invalid = {"aria-invalid": "true", "aria-describedby": f"{f.id}-errors"} if f.errors else {}
    parts = ['<div class="field bad">' if f.errors else '<div class="field">',
             _label(f, label), f(**dict(attrs, **invalid))]
    if hint:
        parts.append(f"<small>{escape(hint)}</small>")
    reading = read_as(f.data) if cards else None
    if reading:
        said = Markup(page_translations().ugettext("Read as: %(cards)s")) % {
            "cards": Markup(" / ").join(escape(line) for line in reading)}
        parts.append(f'<small class="read" id="{escape(f.id)}-read">{said}</small>')
    parts.append(errors(f))
    parts.append("</div>")
    return Markup("".join(parts))


def _label(f: Any, label: Any) -> Any:
    """The field's label (``label``: other words), as WTForms' ``Label`` writes it."""
    for_ = f.label.field_id
    if type(for_) is not str or not for_:  # noqa: E721 - markup is written as it is
        return f.label(label) if label else f.label()
    return f'<label for="{escape(for_)}">{escape(label or f.label.text)}</label>'


def cards_field(f: Any, hint: Any = None, label: Any = None, **attrs: Any) -> Markup:
    """A field of cards, typed in the page's letters."""
    return field(f, hint, True, label, autocapitalize="characters", autocomplete="off", **attrs)


def choices(f: Any, **attrs: Any) -> Markup:
    """The options of a choice, each a label around its radio button or checkbox."""
    options = radio_options(f, attrs)
    if options is None:
        options = [(opt(**attrs), opt.label.text) for opt in f]
    return Markup("".join(f'<label class="choice">{html} {escape(text)}</label>'
                          for html, text in options))


def radios(f: Any) -> Markup:
    return Markup(f'<fieldset class="radios{" bad" if f.errors else ""}">\n'
                  f'  <legend>{escape(f.label.text)}</legend>{choices(f)}{errors(f)}</fieldset>')


def hidden(form: Any) -> Markup:
    return Markup("".join(str(h()) for h in form if h.type in _HIDDEN))
