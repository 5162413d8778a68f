"""The scoreboard at a glance, on small phones: no number ever breaks across lines.

A match of two sides named with 12 characters, one far below zero: at 320 × 568 and
390 × 844, in every language, every figure of the scoreboard, of a deal's breakdown and
of the read-only view stands on one line (each text's line boxes, counted by the
browser), and the page never scrolls sideways.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from browser_pages import PHONE
from support import form_fields

from scorekeeper.i18n import LOCALES

SIZES = [(320, 568), (390, 844)]
#: Every element that holds a figure, on the scoreboard and on a deal's page.
FIGURES = ".big, .deal b, .deal small, .breakdown td, .result b"

#: The number of line boxes of each figure's text (a wrapped number has two or more).
LINES = """(selector) => [...document.querySelectorAll(selector)].map(el => {
  const range = document.createRange();
  range.selectNodeContents(el.firstChild);
  const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
  return [el.firstChild.textContent, tops.size];
})"""


_form = form_fields


def _match(client: Any) -> tuple[str, str]:
    """Sides of 12 characters; after two deals 3,200 (900 on the table, three clean
    canastras, going out: 1,600 a deal) against −2,000 (seed 001 §04: a morto not taken
    costs 100; 900 points left in hand)."""
    data = {**_form(client, "/matches/new"), "profile": "buraco-aberto", "target": "100000",
            "sides-0-name": "Alessandrina", "sides-1-name": "Maximilianos"}
    token = client.post("/matches/new", data=data).headers["Location"].rsplit("/m/", 1)[1]
    for _ in range(2):
        url = f"/m/{token}/deals/new"
        data = {**_form(client, url), "went_out": "0", "closed_by": "discard", "action": "save",
                "sides-0-mode": "counts", "sides-0-table_points": "900", "sides-0-clean": "3",
                "sides-0-morto": "taken", "sides-1-mode": "counts", "sides-1-table_points": "0",
                "sides-1-hand_points": "900", "sides-1-morto": "not_taken",
                # from 1,500 a side is vulnerable: nobody noted its opening
                "sides-0-unnoted": "y", "sides-1-unnoted": "y"}
        assert client.post(url, data=data).status_code == 302
    share = client.get(f"/m/{token}/share").get_data(as_text=True)
    view = re.search(r'/v/([^"/]+)"', share).group(1)
    return token, view


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_no_figure_wraps_on_a_small_phone(browser, live_server, app, width, height):
    token, view = _match(app.test_client())
    context = browser.new_context(**{**PHONE, "viewport": {"width": width, "height": height}})
    context.set_default_timeout(30_000)
    page = context.new_page()
    try:
        for code in LOCALES:
            page.goto(f"{live_server}/lang/{code}?next=/m/{token}")
            for path in (f"/m/{token}", f"/m/{token}/deals/2", f"/v/{view}"):
                page.goto(live_server + path)
                figures = page.evaluate(LINES, FIGURES)
                assert figures, (code, path)
                wrapped = [(text, lines) for text, lines in figures if lines != 1]
                assert wrapped == [], (code, width, path)
                assert page.evaluate("document.documentElement.scrollWidth") <= width, (code, path)
            # the totals as the scoreboard shows them, in the language's own digits
            page.goto(f"{live_server}/m/{token}")
            totals = [t.replace("\u202f", " ").replace("\xa0", " ")
                      for t in page.locator(".big").all_inner_texts()]
            assert [re.sub(r"\D", "", t) for t in totals] == ["3200", "2000"], (code, totals)
            assert totals[1].startswith(("-", "−")), (code, totals)
    finally:
        context.close()
