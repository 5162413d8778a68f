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
#: The accents of the Latin, Greek and Cyrillic letters (Combining Diacritical Marks): é
#: is e and an accent once decomposed. A mark of another script (a Devanagari vowel
#: sign, a Hebrew point) is part of its letter and stays.
_ACCENT, _LAST_ACCENT = "\u0300", "\u036f"
#: Where a pair's name is cut into its players: a slash, or a dash or an ampersand
#: between spaces ("Rossi – Bianchi", "Rossi / Bianchi"); "Anne-Marie" is one name.
_PLAYERS = re.compile(r"\s*/\s*|\s+[&\u2013\u2014-]\s+")


def visible_key(name: str) -> str:
    """How a name looks, and how two names are judged the same (two entrants, players or
    sides of one list; an entrant from one evening of a season to the next): without
    invisible format characters (zero-width spaces and joiners…) or blank letters
    (``_BLANKS``), nor the spaces they leave at either end, every run of spaces one space,
    without the accents of the Latin, Greek and Cyrillic letters, case folded.

    >>> visible_key("Rossi – Bianchi") == visible_key("ROSSI  –  BIANCHI")
    True
    >>> visible_key("Zoë\u200b Lopès"), visible_key("Ana\u3164")
    ('zoe lopes', 'ana')
    """
    shown = "".join(c for c in unicodedata.normalize("NFD", name)
                    if unicodedata.category(c) != "Cf" and c not in _BLANKS
                    and not _ACCENT <= c <= _LAST_ACCENT)
    return " ".join(unicodedata.normalize("NFC", shown).split()).casefold()


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


def players_of(name: str, individual: bool = False) -> list[str]:
    """The players an entrant's name names: itself in an individual evening, else its
    parts (``_PLAYERS``).

    >>> players_of("Rossi – Bianchi"), players_of("Anne-Marie / Zoë"), players_of("Ana")
    (['Rossi', 'Bianchi'], ['Anne-Marie', 'Zoë'], ['Ana'])
    """
    if individual:
        return [name]
    return [part for part in _PLAYERS.split(name) if shows(part)] or [name]
