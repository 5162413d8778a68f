"""Printable scoresheets: match summaries, blank sheets and the Burro sheet, as PDF.

One module per job: ``engine`` turns a template into PDF bytes with WeasyPrint
(loaded lazily: importing this package does not load it), ``worker`` lays
documents out in a process of their own behind a short queue (``RenderBusy`` when
it is full), ``cache`` keeps the rendered PDFs per app, ``summary`` makes the
match summary (its chart's geometry is ``scorekeeper.chart``'s, which the scoreboard
draws too), ``sheets`` the blank sheets, ``words`` the words and numbers they print,
``event`` a club's evening's papers (seating, table cards, score slips, standings)
with the words of ``eventwords``.

Call every public function inside a Flask app context (a request context in the
web app, ``app.test_request_context()`` in tests).
"""

from __future__ import annotations

from scorekeeper.pdf.cache import cache_clear, cache_info
from scorekeeper.pdf.engine import PAPERS, RefusedURL, css_string
from scorekeeper.pdf.event import EVENT_PAPERS, print_event_paper, render_event_paper
from scorekeeper.pdf.night import render_night_sheet
from scorekeeper.pdf.sheets import NAME_LENGTH as BURRO_NAME_LENGTH
from scorekeeper.pdf.sheets import burro_names, render_blank_sheet, render_burro_sheet
from scorekeeper.pdf.summary import render_match_summary, render_saved_summary
from scorekeeper.pdf.worker import RenderBusy

__all__ = [
    "BURRO_NAME_LENGTH", "EVENT_PAPERS", "PAPERS", "RenderBusy", "RefusedURL", "burro_names",
    "cache_clear", "cache_info", "css_string", "print_event_paper", "render_blank_sheet",
    "render_burro_sheet", "render_event_paper", "render_match_summary", "render_night_sheet",
    "render_saved_summary",
]
