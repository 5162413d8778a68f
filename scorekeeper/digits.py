"""A small number sent by a person or a browser (a form's field, a link's query, a
cookie): ASCII digits alone, and few enough of them. The one reader of such numbers for
every door they come in by.

``"²".isdigit()`` and ``"①".isdigit()`` are true though ``int()`` refuses both;
``int()`` reads ``"١٢"`` (Arabic-Indic digits) though no field of ours shows them, and
refuses more than 4,300 digits. Reading here, none of these reaches ``int()``.

Standard library only (the offline pack carries it).
"""

from __future__ import annotations


def below(text: object, bound: int) -> int | None:
    """``text`` as a whole number when it is written in ASCII digits alone (no sign, no
    space, no other digit) and is less than ``bound``; None otherwise.

    >>> below("3", 4), below("4", 4), below("03", 4), below("", 4)
    (3, None, 3, None)
    >>> below("²", 100), below("①", 100), below("١", 100), below(" 3", 100), below(3, 100)
    (None, None, None, None, None)
    >>> below("9" * 5000, 2**31)
    """
    if not isinstance(text, str) or not (text.isascii() and text.isdecimal()):
        return None
    significant = text.lstrip("0")
    if len(significant) > len(str(bound)):  # far above the bound: never made an int
        return None
    number = int(significant or "0")
    return number if number < bound else None
