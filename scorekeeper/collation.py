"""Names in the order and by the likeness a reader of the page's language expects, by the
Unicode Collation Algorithm as ICU implements it (PyICU): *Élodie* before *Zoë* in
French and Italian, *Ávila* among the A's; and a name found by any part of it typed
without its accents or case (*francoise* finds *Françoise – Élodie*, *soren* finds
*Søren*). Names stay as typed: only their order and their matching use the collation.

One collator per language (and strength) is made once and shared: its sort keys and
comparisons do not change it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache
from typing import TypeVar

import icu

T = TypeVar("T")

#: The longest text a search reads: a name is at most 80 characters, a query no more.
_LONGEST = 200


@cache
def _collator(locale: str, primary: bool) -> icu.Collator:
    collator = icu.Collator.createInstance(icu.Locale(locale or "en"))
    if primary:  # letters alone: no accent, no case
        collator.setStrength(icu.Collator.PRIMARY)
    return collator


def sort_key(locale: str) -> Callable[[str], bytes]:
    """The key that sorts names as the language ``locale`` ("fr", "pt_BR"…) orders them.

    >>> sorted(["Zoë", "Élodie", "emma", "Ávila", "Ana"], key=sort_key("fr"))
    ['Ana', 'Ávila', 'Élodie', 'emma', 'Zoë']
    """
    key: Callable[[str], bytes] = _collator(locale, False).getSortKey
    return key


def by_name(items: Iterable[T], name: Callable[[T], str], locale: str) -> list[T]:
    """``items`` in the order of their names (``name`` of each) in ``locale``'s language,
    ties kept in their order."""
    key = sort_key(locale)
    return sorted(items, key=lambda item: key(name(item)))


def finds(typed: str, name: str, locale: str) -> bool:
    """Whether ``typed`` is found in ``name`` letter for letter, accents and case aside
    (an empty or blank query finds everyone).

    >>> finds("francoise", "Françoise – Élodie", "fr"), finds("ELODIE", "Françoise – Élodie", "it")
    (True, True)
    >>> finds("soren", "Müller – Søren", "pt_BR"), finds("zoe", "Rossi", "fr")
    (True, False)
    """
    query = " ".join(typed.split())[:_LONGEST]
    if not query:
        return True
    search = icu.StringSearch(query, name[:_LONGEST], _collator(locale, True))
    return bool(search.first() != icu.SearchIterator.DONE)
