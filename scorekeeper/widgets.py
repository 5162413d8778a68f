"""WTForms' widgets with their attributes written in a tenth of the time.

``wtforms.widgets.core.html_params`` writes each attribute through ``Markup.format``
(``string.Formatter`` in Python, escaping as it goes): the deal form's sixty fields
spent most of its page there. ``html_params`` below writes exactly the same text
(the same order, the same escaping); ``install`` puts it where every widget of WTForms
finds it, once, when ``forms.py`` is imported.

An input or a text box holding nothing typed (or a short value, a choice's) is written
once and kept (``written``): the deal form's forty empty fields are the same HTML on
every deal of every match, by everything its widget reads.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from markupsafe import Markup, escape
from wtforms import widgets
from wtforms.fields.choices import Choice  # type: ignore[attr-defined]  # stubs: _Choice
from wtforms.widgets import core

from scorekeeper.caching import LRU


def html_params(**kwargs: Any) -> Markup:
    """HTML attributes from keyword arguments, as WTForms writes them: sorted by name,
    ``class_`` for ``class``, ``data_x_y`` for ``data-x-y``, ``True`` alone, ``False``
    left out, every value escaped (a double quote as ``&quot;``).

    >>> str(html_params(name="text1", id="f", class_="text", checked=True, readonly=False))
    'checked class="text" id="f" name="text1"'
    >>> str(html_params(data_attr='"a" & <b>'))
    'data-attr="&#34;a&#34; &amp; &lt;b&gt;"'
    """
    params = []
    for key, value in sorted(kwargs.items()):
        key = core.clean_key(key)  # type: ignore[attr-defined]
        if value is True:
            params.append(str(escape(key)))
        elif value is not False:
            params.append(f'{escape(key)}="{str(escape(value)).replace(chr(34), "&quot;")}"')
    return Markup(" ".join(params))


def install() -> None:
    """Every WTForms widget writes its attributes with ``html_params`` (the module's
    function, which some widgets call, and the method others have)."""
    if getattr(core.html_params, "__wrapped__", None) is not None:
        return
    html_params.__wrapped__ = core.html_params  # type: ignore[attr-defined]
    core.html_params = html_params
    widgets.html_params = html_params  # what a field's label calls
    for widget in vars(core).values():
        if isinstance(widget, type) and "html_params" in vars(widget):
            widget.html_params = staticmethod(html_params)  # type: ignore[attr-defined]


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


#: What a radio button's own attributes are (a caller's attribute of the same name would
#: change it: such a choice is written by WTForms).
_OPTION_OWN = frozenset({"id", "name", "type", "value", "checked"})


def radio_options(field: Any, attrs: dict[str, Any]) -> list[tuple[Markup, Any]] | None:
    """Each option of a radio field as WTForms writes it (``field(**attrs)`` of each
    option its iteration makes), with the option's words, without making a field per
    option: each button kept by all it shows. None for a field WTForms must write (its
    own widget or attributes, validators that mark its buttons)."""
    cleaned = {core.clean_key(k): v for k, v in attrs.items()}  # type: ignore[attr-defined]
    if type(field.option_widget) is not core.RadioInput or field.render_kw \
            or vars(field.flags) or _OPTION_OWN.intersection(cleaned):
        return None
    try:
        shared = _items(cleaned)
        hash(shared)
    except TypeError:
        return None
    options = []
    for i, choice in enumerate(field.iter_choices()):
        if not isinstance(choice, Choice) or choice.render_kw:
            return None
        value = str(choice.value)
        params = {**cleaned, "id": f"{field.id}-{i}", "name": field.name, "type": "radio",
                  "value": value, **({"checked": True} if choice.selected else {})}
        key = ("radio", params["id"], field.name, value, choice.selected, shared)
        html = _WRITTEN.get(key)
        if html is None:
            html = Markup(f"<input {html_params(**params)}>")
            _WRITTEN.put(key, html)
        options.append((html, choice.label or choice.value))
    return options
