"""The scoreboard's deal lines: each line's HTML kept by what it shows (its numbers, who
went out, its problems' words), so that after a new deal only its line is rendered."""

from __future__ import annotations

from functools import partial
from typing import Any

from flask import get_template_attribute, url_for
from markupsafe import Markup

from scorekeeper.web.common import cache, locale_code


def _row_key(row: dict[str, Any]) -> tuple[Any, ...]:
    """Everything a deal's line shows, as a key: its numbers, who went out, its problems."""
    return (row["number"], row["went_out"], row["corrected"], tuple(row["running"]),
            tuple(tuple(s.get(k) for k in _SHOWN) for s in row["sides"]),
            tuple(p.get("message") for p in row["problems"]))


_SHOWN = ("table_points", "bonus_points", "going_out_bonus", "morto_penalty", "hand_points",
          "total")


def deal_rows(b: dict[str, Any], token: str, *, editable: bool) -> list[Markup]:
    """The HTML of each deal's line, kept per deal as it stands: after a new deal only its
    line is rendered (an edit renders the lines whose running totals it changed)."""
    rows = cache("deal-rows", 16384)
    macro = get_template_attribute("_deal_row.html", "deal_line")
    endpoint = "matches.deal" if editable else "share.deal"
    context = (locale_code(), endpoint, token)

    def render(row: dict[str, Any]) -> Markup:
        return Markup(macro(row, url_for(endpoint, token=token, number=row["number"])))

    return [rows.get_or_make((context, _row_key(row)), partial(render, row)) for row in b["rows"]]
