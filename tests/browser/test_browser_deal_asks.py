"""The deal asks what matters, on a phone: the two 100-point facts (who went out, each
side's morto: seed 001 §07) are asked, never assumed, and a deal stays quick to enter.

Taps are counted as test_browser_table.py counts them: every tap on a button, a choice or
a field to type into; the digits themselves are not taps."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from test_browser_table import Scorer, _match

pytestmark = pytest.mark.browser


def test_save_asks_who_went_out_and_each_morto(phone, live_server):
    board = _match(phone, live_server)
    phone.goto(board + "/deals/new")
    side = phone.locator("fieldset.side")
    side.nth(0).get_by_label("Counts").tap()
    phone.fill("#sides-0-table_points", "70")
    phone.fill("#sides-1-table_points", "20")
    expect(phone.locator("#live-0")).to_have_text("+70")
    phone.get_by_role("button", name="Save the deal").tap()
    # refused, asked at each field, in one line each
    expect(phone.locator("fieldset.end .errors")).to_have_text(
        "Who went out? Tap a side, or “Nobody: the stock ran out”.")
    for i in (0, 1):
        expect(side.nth(i).locator(".seg .errors")).to_have_text(
            "Did this side take its morto? Tap the answer.")
    assert "/deals/new" in phone.url
    phone.goto(board)
    expect(phone.locator("a.deal")).to_have_count(0)


def test_a_first_and_a_later_count_deal_stay_quick(phone, live_server):
    board = _match(phone, live_server)
    taps = []
    for number, out in ((1, "Nós"), (2, "Nobody: the stock ran out")):
        phone.goto(board + "/deals/new")
        scorer = Scorer(phone)
        side = phone.locator("fieldset.side")
        if number == 1:  # a later deal starts the way each side entered the last one
            scorer.tap(side.nth(0).get_by_label("Counts"))
        expect(side.nth(1)).to_have_attribute("data-mode", "counts")
        scorer.type("#sides-0-table_points", "180")
        scorer.tap(side.nth(0).get_by_role("button", name="+ Clean canastras", exact=True))
        scorer.type("#sides-0-hand_points", "15")
        scorer.type("#sides-1-table_points", "60")
        scorer.type("#sides-1-hand_points", "30")
        scorer.tap(phone.locator("fieldset.end").get_by_label(out, exact=True))
        if number == 1:
            # the side that went out took its morto (seed 001 §06): ticked for the scorer
            expect(side.nth(0).locator('input[name$="-morto"][value="taken"]')).to_be_checked()
        else:
            scorer.tap(side.nth(0).locator('input[name$="-morto"][value="taken"]'))
        scorer.tap(side.nth(1).locator('input[name$="-morto"][value="not_taken"]'))
        # seed 001 §09 and §07: 180 + 200 (+ 100 out) − 15; 60 − 30 − 100
        expect(phone.locator("#live-0")).to_have_text("+465" if number == 1 else "+365")
        expect(phone.locator("#live-1")).to_have_text("−70")
        scorer.tap(phone.get_by_role("button", name="Save the deal"))
        phone.wait_for_url(re.compile(rf"#deal-{number}$"))
        taps.append(scorer.taps)
    assert phone.inner_text("#total-0") == "830"
    assert phone.inner_text("#total-1") == "-140"
    print(f"count deals at 390×844: first {taps[0]} taps, later {taps[1]} taps")
    assert taps == [9, 9], taps  # the last bounds: 10 taps and the digits
