"""What the printed documents call things, in the language being rendered.

The words are the product's vocabulary (``scorekeeper.vocabulary``) and the
numbers its one formatter (``scorekeeper.i18n.format_number``); this module
translates the msgids with ``gettext``, so call it inside ``forced_locale(lang)``.
"""

from __future__ import annotations

from typing import Any

from flask_babel import gettext

from scorekeeper import vocabulary
from scorekeeper.i18n import format_number
from scorekeeper.msgids import translate


def number(value: Any, lang: str) -> str:
    """A number as ``lang`` writes it (``3 000`` in French); an empty cell for
    anything that is not a number (a value the document does not have)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return ""
    return format_number(value, lang)


def profile_terms(profile_id: str, house: str | None = None) -> dict[str, str]:
    """The profile's name (with ``house``: the house rules' name, then the profile's),
    and what its tradition calls the extra pile (``pile``: Morto, Pozzetto) and the
    7-card melds (``meld``: Canastras, Burracos)."""
    terms = vocabulary.TERMS[vocabulary.tradition_of(profile_id)]
    name = vocabulary.PROFILE_SHORT_NAMES.get(profile_id)
    shown = gettext(name) if name else profile_id
    if house:
        shown = gettext("%(house)s (%(profile)s)", house=house, profile=shown)
    return {"name": shown,
            "pile": translate(terms["Morto"], gettext),
            "meld": translate(terms["Canastras"], gettext),
            "out": translate(terms["Going_out"], gettext)}


def category_label(category: str, profile_id: str | None = None) -> str:
    """A canastra category as a short heading, in the words of the profile's tradition
    (a burraco is masculine where a canastra is feminine): "limpo", "clean A–A"."""
    tradition = vocabulary.tradition_of(profile_id) if profile_id else None
    word = str(vocabulary.category_short_label(category, tradition))
    if word != category:
        return word
    label = vocabulary.CATEGORY_SHORT_LABELS.get(category)
    return gettext(label) if label else category
