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
from scorekeeper.web.common import cache, locale_code
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
