"""An evening's side as its pages name it (``seat_name``), and the mark after a withdrawn
entrant's name (``withdrawn_mark``); the lines of its tables and standings are written by
``templates/_event.html``'s macros."""

from __future__ import annotations

from typing import Any

from markupsafe import Markup, escape

from scorekeeper.i18n import page_gettext
from scorekeeper.msgids import NP_, translate


def seat_name(side: Any, names: Any) -> str:
    """An evening's side: a pair's name (its entrant's id), or two players' names."""
    ids = side if isinstance(side, list) else [side]
    return " & ".join(str(names.get(i, i)) for i in ids)


#: What marks an entrant who left the evening (docs/contract.md, "Withdrawal"), a pair's
#: word and a player's (another gender in some languages: *ritirata*, *ritirato*).
WITHDRAWN = {"pairs": NP_("pair", "withdrawn"), "individual": NP_("player", "withdrawn")}


def withdrawn_mark(kind: str) -> Markup:
    """The mark after a withdrawn entrant's name, in the page's language."""
    said = escape(translate(WITHDRAWN.get(kind, WITHDRAWN["pairs"]), page_gettext))
    return Markup(f' <span class="muted withdrawn">({said})</span>')
