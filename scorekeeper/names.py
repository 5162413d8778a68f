"""How a name looks: what makes two names look the same, a name that shows nothing, and
a word that mixes look-alike alphabets. The one home of these checks for every door a
name comes in by (the forms, the lists of players, a table's import).

Standard library only.
"""

from __future__ import annotations

import re
import unicodedata

#: Characters that draw nothing though Unicode counts them as letters or symbols: the
#: Hangul fillers (U+115F, U+1160, U+3164, U+FFA0) and the blank Braille pattern (U+2800).
_BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
#: Alphabets whose letters look alike: Latin A, Cyrillic А and Greek Α are three letters.
_LOOKALIKE_SCRIPTS = ("LATIN", "CYRILLIC", "GREEK")
_WORD = re.compile(r"[^\W\d_]+")


def visible_key(name: str) -> str:
    """How a name looks: without invisible format characters (zero-width spaces and
    joiners…) or blank letters (``_BLANKS``), nor the spaces they leave at either end,
    case folded. Two names with the same key cannot be told apart."""
    return "".join(c for c in unicodedata.normalize("NFC", name)
                   if unicodedata.category(c) != "Cf" and c not in _BLANKS).strip().casefold()


def shows(name: str) -> bool:
    """Whether a name shows at least one character: not only spaces, invisible or blank
    characters, or combining marks with no letter to sit on."""
    return any(not c.isspace() and not unicodedata.category(c).startswith("M")
               for c in visible_key(name))


def mixes_scripts(name: str) -> bool:
    """Whether a word of ``name`` mixes look-alike letters of different alphabets (a
    Cyrillic А among Latin letters reads as another name that looks the same). Names in
    several alphabets, word by word, are names like any other."""
    for word in _WORD.findall(unicodedata.normalize("NFC", name)):
        scripts = {s for c in word for s in _LOOKALIKE_SCRIPTS
                   if unicodedata.name(c, "").startswith(s + " ")}
        if len(scripts) > 1:
            return True
    return False
