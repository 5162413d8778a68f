"""A table's evening as a PDF, like a club's night sheet: the players' and the pairs'
rankings and the evening's matches, as the evening page shows them."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from flask_babel import gettext

from scorekeeper.i18n import forced_locale
from scorekeeper.pdf.cache import Job, cached
from scorekeeper.pdf.engine import _write_pdf, check_paper, render_html

#: One line of a ranking: rank, who, matches won, played, points (numbers as words).
Line = tuple[str, str, str, str, str]
#: One match of the evening: its name, its rules, its totals (as words).
Played = tuple[str, str, str]


def render_night_sheet(heading: str, table: str, players: Sequence[Line],
                       pairs: Sequence[Line], matches: Sequence[Played], waiting: str,
                       lang: str, paper: str = "A4") -> bytes:
    """The evening's sheet; kept per its content (a new result is another sheet)."""
    check_paper(paper)
    args = (heading, table, tuple(players), tuple(pairs), tuple(matches), waiting, lang, paper)
    return cached(("night", *args), partial(Job, layout_night_sheet, args))


def layout_night_sheet(heading: str, table: str, players: Sequence[Line],
                       pairs: Sequence[Line], matches: Sequence[Played], waiting: str,
                       lang: str, paper: str) -> bytes:
    """Lay the evening's sheet out (the worker's job; inside an app context)."""
    with forced_locale(lang):
        html = render_html("pdf/night_sheet.html", lang, heading, heading=heading, table=table,
                           players=players, pairs=pairs, matches=matches, waiting=waiting,
                           columns=(gettext("Who"), gettext("Won"), gettext("Played"),
                                    gettext("Points")))
    return _write_pdf(html, paper, kind="summary")
