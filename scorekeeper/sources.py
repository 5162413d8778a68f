"""The rule texts the referee cites, and where a rule comes from in the players' words
(the rules page's footnotes)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from scorekeeper.msgids import N_

#: The rule texts the referee cites, by number (the original French titles).
SOURCES = (
    ("000", "Buraco", N_("encyclopaedia article: Buraco and Italian Burraco")),
    ("001", "Buraco♠", N_("Buraco Aberto, the rules as played here")),
    ("002", "Le “Burro”", N_("Burro, the children's game")),
    ("003", "Buraco Fechado STBL", N_("Buraco Fechado")),
    ("004", "Règles du Burraco", N_("Italian Burraco")),
)

_SOURCE_WORDS = (
    (re.compile(r"^house rules$"), N_("these house rules: a family's own numbers")),
    (re.compile(r"rules\.md decision"), N_("our decision where the texts are silent")),
    (re.compile(r"rules\.md"), N_("our decisions")),
    (re.compile(r"\bseeds\b"), N_("sources")),
    (re.compile(r"\bseed\b"), N_("source")),
    (re.compile(r"\(none\)"), N_("(says nothing)")),
    (re.compile(r"\(introduction\)"), N_("(introduction)")),
    (re.compile(r"\binfobox\b"), N_("summary box")),
)

# TRANSLATORS: a source's section title, in the language's quotation marks.
QUOTED = N_("“%(title)s”")
_QUOTED_TITLE = re.compile(r'"([^"]+)"')


def source(text: Any, gettext: Callable[[str], str]) -> str:
    """Where a rule comes from, in the language of ``gettext``: ``seed 001 §04`` ->
    ``source 001 §04``; section titles stay as the (French) texts write them, in the
    language's quotation marks (« » in French)."""
    out = str(text or "")
    for pattern, words in _SOURCE_WORDS:
        out = pattern.sub(str(gettext(words)).replace("\\", "\\\\"), out)
    quoted = str(gettext(QUOTED))
    return _QUOTED_TITLE.sub(lambda m: quoted.replace("%(title)s", m.group(1)), out)
