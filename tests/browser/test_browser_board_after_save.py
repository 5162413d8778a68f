"""After Save the board opens on its totals: the winner's line and both big totals inside
the first screen at 390×844 and 320×568, the page at its top, the deal just saved marked
on its line below them (its address ends #deal-N; board.css marks the line it names).

Buraco Aberto, seed 001 §03, §07: a side's table points and canastra bonuses (a clean one
200), plus the going-out bonus (100) for the side that went out."""

from __future__ import annotations

import re

import pytest
from browser_pages import phone_context
from playwright.sync_api import expect
from test_browser_table import answer_rest
from waiting import until

#: The page loaded and at its top (the jump to the saved deal's line undone).
AT_TOP = "() => document.readyState === 'complete' && window.scrollY === 0"

pytestmark = pytest.mark.browser


def _count_deal(page, ours: str, theirs: str) -> None:
    """A deal by counts: Nós lay ``ours`` points with a clean canastra and go out, Eles
    lay ``theirs``."""
    page.get_by_role("link", name="Enter a deal").tap()
    page.locator("fieldset.side").nth(0).get_by_label("Counts").tap()
    page.fill("#sides-0-table_points", ours)
    page.fill("#sides-0-clean", "1")
    page.fill("#sides-1-table_points", theirs)
    page.locator("fieldset.end").get_by_label("Nós", exact=True).tap()
    answer_rest(page)
    page.get_by_role("button", name="Save the deal").tap()


def _in_first_screen(page, locator) -> None:
    box = locator.bounding_box()
    height = page.viewport_size["height"]
    assert box is not None
    assert box["y"] >= 0, box
    assert box["y"] + box["height"] <= height, box


@pytest.mark.parametrize("size", [(390, 844), (320, 568)])
def test_the_board_after_save_opens_on_the_totals_and_the_winner(browser, live_server, size):
    context = phone_context(browser, *size)
    page = context.new_page()
    try:
        page.goto(live_server + "/matches/new")
        page.fill("#sides-0-name", "Nós")
        page.fill("#sides-1-name", "Eles")
        page.fill("#target", "1000")
        page.get_by_role("button", name="Start the match").tap()
        page.wait_for_url(re.compile(r"/m/[^/#]+$"))
        # a deal during play: 150 + 200 + 100 out against 50; the page stays on the totals
        _count_deal(page, "150", "50")
        page.wait_for_url(re.compile(r"#deal-1$"))
        until(page, AT_TOP)
        expect(page.locator("#total-0")).to_have_text("450")
        expect(page.locator("#total-1")).to_have_text("50")
        for total in ("#total-0", "#total-1"):
            _in_first_screen(page, page.locator(total))
        assert page.evaluate("document.querySelector('#deal-1').matches(':target')")
        # the deal that wins: 450 + 400 + 200 + 100 = 1,150 against 50 + 50
        _count_deal(page, "400", "50")
        page.wait_for_url(re.compile(r"#deal-2$"))
        until(page, AT_TOP)
        expect(page.locator(".result .winner")).to_contain_text("Nós")
        expect(page.locator("#total-0")).to_have_text("1,150")
        expect(page.locator("#total-1")).to_have_text("100")
        for shown in (page.locator(".result .winner"), page.locator("#total-0"),
                      page.locator("#total-1")):
            _in_first_screen(page, shown)
        assert page.evaluate("document.querySelector('#deal-2').matches(':target')")
        mark = page.evaluate("getComputedStyle(document.querySelector('#deal-2')).boxShadow")
        assert "inset" in mark, mark
    finally:
        context.close()
