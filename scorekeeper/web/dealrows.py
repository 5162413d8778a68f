"""The scoreboard's deal lines (``templates/_dealrow.html``): each line's HTML kept by what
it shows (its number, the running totals and what the deal added, whether it is disputed
or corrected), so that after a new deal only its line is rendered."""

from __future__ import annotations

from functools import partial
from typing import Any

from flask import get_template_attribute, url_for
from markupsafe import Markup

from scorekeeper.moments import time_tag, zone_named
from scorekeeper.web.common import cache, locale_code


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
        return deal_line(row, url, zone)

    return [rows.get_or_make((context, _row_key(row)), partial(render, row)) for row in b["rows"]]


def deal_line(row: dict[str, Any], url: str, zone: str | None = None) -> Markup:
    """One deal's line (``templates/_dealrow.html``), its moment in the match's ``zone``."""
    return Markup(get_template_attribute("_dealrow.html", "deal_line")(row, url, zone, time_tag))
