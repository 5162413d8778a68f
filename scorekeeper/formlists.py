"""A form's list of sub-forms (WTForms' ``FieldList``: a match's sides, a deal's sides, an
evening's turns, a table's players), its entries numbered in ASCII digits alone.

WTForms reads an entry's number from its fields' names (``sides-1-name``) with
``str.isdigit``, which ``²``, ``①`` and ``10⁵`` pass and ``int()`` then refuses, and by
which ``٣`` reads as 3. Here the number is read by ``digits.below``, the one reader of
such numbers, and a field of the list numbered any other way (``sides-²-name``) is no
form a page of ours sends: ``UnreadIndex``, raised as the form reads what was sent, before
anything is judged or stored; the pages answer it 400, naming the field
(``web/errors.py``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from wtforms import FieldList as _FieldList

from scorekeeper.digits import below

#: More entries than a list of ours ever holds (a table's players, an evening's turns).
MOST_ENTRIES = 10_000

if TYPE_CHECKING:
    _List = _FieldList[Any]
else:
    _List = _FieldList


class UnreadIndex(ValueError):
    """A field of a form's list numbered otherwise than in ASCII digits (``name``)."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


class FieldList(_List):
    """WTForms' ``FieldList``, its entries' numbers read by ``digits.below``."""

    def _extract_indices(self, prefix: str, formdata: Any) -> Iterator[int]:
        separator: str = getattr(self, "_field_separator", "-")
        offset = len(prefix) + len(separator)
        for key in formdata:
            if key.startswith(prefix + separator):
                index = below(key[offset:].split(separator, 1)[0], MOST_ENTRIES)
                if index is None:
                    raise UnreadIndex(key)
                yield index
