"""The scoreboard's deal lines: each line's HTML kept by what it shows (its numbers, who
went out, its problems' words), so that after a new deal only its line is rendered."""

from __future__ import annotations

from functools import partial
from typing import Any

from flask import url_for
from markupsafe import Markup, escape

from scorekeeper.i18n import format_number
from scorekeeper.moments import time_tag, zone_named
from scorekeeper.web.common import _, cache, locale_code


def _row_key(row: dict[str, Any]) -> tuple[Any, ...]:
    """Everything a deal's line shows (``deal_line``), as a key: its number, each side's
    running total and what the deal added, whether it is disputed, when it was corrected.
    (Its breakdown, who went out and its problems' words are on the deal's own page.)"""
    return (row["number"], tuple(row["running"]), tuple(s.get("total") for s in row["sides"]),
            row["disputed"], row["corrected"])


def deal_rows(b: dict[str, Any], token: str, *, editable: bool) -> list[Markup]:
    """The HTML of each deal's line, kept per deal as it stands: after a new deal only its
    line is rendered (an edit renders the lines whose running totals it changed)."""
    rows = cache("deal-rows", 16384)
    endpoint = "matches.deal" if editable else "share.deal"
    code = locale_code()
    zone = zone_named(b["match"].zone)
    context = (code, endpoint, token, zone)
    # every line's link is the deal's number after the same path (built once)
    first = url_for(endpoint, token=token, number=0)
    base = first[:-1] if first.endswith("/0") else None

    def render(row: dict[str, Any]) -> Markup:
        number = row["number"]
        url = base + str(number) if base is not None else \
            url_for(endpoint, token=token, number=number)
        return deal_line(row, url, code, zone)

    return [rows.get_or_make((context, _row_key(row)), partial(render, row)) for row in b["rows"]]


def deal_line(row: dict[str, Any], url: str, code: str, zone: str | None = None) -> Markup:
    """One deal on the scoreboard: a line to glance at (each side's running total, and
    what the deal added), a link to its breakdown; in the language ``code``, its moment
    in the match's time ``zone``. (Written here rather than by a template macro:
    ``bench/web.py``'s row "COLD scoreboard, a fresh process's 2nd page", 13.6-14.1x its
    floor at a quiet hour against a target of 15x, would take 2 to 3 floors more with its
    24 lines as a macro, 0.84 ms against 0.24: docs/benchmarks.md, 2026-12-08.)"""
    parts = [f'<a class="deal" id="deal-{escape(row["number"])}" href="{escape(url)}">'
             f'<i>{escape(row["number"])}']
    if row["disputed"]:
        parts.append('<em class="disputed" aria-hidden="true">!</em>')
    parts.append("</i>")
    running = row["running"]
    for i, side in enumerate(row["sides"]):
        total = format_number(running[i] if i < len(running) else "", code)
        change = format_number(side.get("total", ""), code, signed=True)
        parts.append(f"<b>{escape(total)}<small>{escape(change)}</small></b>")
    parts.append(_marks(row, zone))
    parts.append("</a>")
    return Markup("".join(parts))


def _marks(row: dict[str, Any], zone: str | None) -> str:
    """A disputed or corrected deal said in words, on a line of its own under its numbers;
    the moment of the correction after a colon, in the match's time ``zone``, as the phone
    writes it (an hour today, a day before: ``viewer.js``), never inside a sentence."""
    # the words are looked up outside the f-strings, where the catalogs' extraction sees them
    said = []
    if row["disputed"]:
        disputed = escape(_("disputed"))
        said.append(f'<em class="disputed">{disputed}</em>')
    when = row["corrected"]
    if when:
        corrected, colon = escape(_("corrected")), escape(_(": "))
        said.append(f'<em class="corrected">\u270e {corrected}{colon}{time_tag(when, zone)}</em>')
    return f'<span class="marks">{" · ".join(said)}</span>' if said else ""
