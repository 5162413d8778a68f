"""A match played on a phone-sized touch screen: card mode by tapping cards, and count mode."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from test_browser_table import answer_rest

pytestmark = pytest.mark.browser


def _no_horizontal_scroll(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], width


def _new_match(page, base: str) -> None:
    page.goto(base + "/")
    _no_horizontal_scroll(page)
    page.get_by_role("link", name="New match").tap()
    page.fill("#sides-0-name", "Nós")
    page.fill("#sides-1-name", "Eles")
    page.get_by_role("button", name="Start the match").tap()
    page.wait_for_url(re.compile(r"/m/[^/]+$"))
    page.get_by_role("link", name="Enter a deal").tap()
    page.wait_for_url(re.compile(r"/deals/new$"))
    _no_horizontal_scroll(page)


def test_card_mode_by_tapping_cards(phone, live_server):
    page = phone
    _new_match(page, live_server)
    picker = page.locator('.picker[data-side="0"]')
    picker.locator('[data-suit="H"]').tap()
    for rank in ("3", "4", "5", "6", "7", "8", "9"):
        picker.locator(f'[data-rank="{rank}"]').tap()
    # the picker writes suit symbols, which no language misreads
    assert page.input_value("#sides-0-melds") == "3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥"
    # the verdict follows each tap; wait for the one about the whole run
    verdict = page.locator('.verdicts[data-side="0"] li').first
    expect(verdict).to_contain_text("clean canastra")
    assert "45" in verdict.inner_text()
    assert "200" in verdict.inner_text()
    # a second meld, with a mistake the referee catches at once
    picker.locator('[data-action="new-meld"]').tap()
    picker.locator('[data-suit="S"]').tap()
    for rank in ("10", "J", "K"):
        picker.locator(f'[data-rank="{rank}"]').tap()
    bad = page.locator('.verdicts[data-side="0"] li.bad')
    bad.wait_for()
    picker.locator('[data-action="back"]').tap()
    picker.locator('[data-rank="Q"]').tap()
    expect(page.locator('.verdicts[data-side="0"] li.ok')).to_have_count(2)
    assert page.input_value("#sides-0-melds") == "3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥\n10♠ J♠ Q♠"
    # the other side counts instead
    page.locator('fieldset.side').nth(1).get_by_label("Counts").tap()
    page.fill("#sides-1-table_points", "60")
    page.fill("#sides-1-hand_points", "30")
    page.locator("fieldset.end").get_by_label("Nós", exact=True).tap()  # who went out
    # the referee counts as the fields change: 45 + 30 on the table, 200 clean canastra,
    # 100 for going out
    expect(page.locator("#deal-total-0")).to_have_text("375")
    expect(page.locator("#deal-total-1")).to_have_text("30")
    answer_rest(page)
    page.get_by_role("button", name="Save the deal").tap()
    page.wait_for_url(re.compile(r"/m/[^/]+#deal-1$"))
    assert page.inner_text("#total-0") == "375"
    assert page.inner_text("#total-1") == "30"
    _no_horizontal_scroll(page)


def test_count_mode_with_steppers_seed_001(phone, live_server):
    page = phone
    _new_match(page, live_server)
    first = page.locator("fieldset.side").nth(0)
    first.get_by_label("Counts").tap()
    page.fill("#sides-0-table_points", "180")
    first.get_by_role("button", name="+ Clean canastras", exact=True).tap()
    assert page.input_value("#sides-0-clean") == "1"
    page.fill("#sides-0-hand_points", "15")
    second = page.locator("fieldset.side").nth(1)
    second.get_by_label("Counts").tap()
    page.fill("#sides-1-table_points", "60")
    page.fill("#sides-1-hand_points", "30")
    page.locator("fieldset.end").get_by_label("Nós", exact=True).tap()
    expect(page.locator("#deal-total-0")).to_have_text("465")  # seed 001 §09
    answer_rest(page)
    page.get_by_role("button", name="Save the deal").tap()
    page.wait_for_url(re.compile(r"#deal-1$"))
    assert page.inner_text("#total-0") == "465"
    assert page.inner_text("#total-1") == "30"
    assert "2,535 to go" in page.inner_text(".totals")


def test_read_only_viewer_refreshes_itself(phone, live_server, browser):
    page = phone
    _new_match(page, live_server)
    token = page.url.split("/m/")[1].split("/")[0]
    page.goto(f"{live_server}/m/{token}/share")
    link = page.locator("figure.qr + p a").get_attribute("href")
    viewer = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True,
                                 is_mobile=True).new_page()
    viewer.goto(link.replace("http://localhost", live_server))
    assert viewer.inner_text("#total-0") == "0"
    page.goto(f"{live_server}/m/{token}/deals/new")
    page.locator("fieldset.side").nth(0).get_by_label("Counts").tap()
    page.fill("#sides-0-table_points", "70")
    page.locator("fieldset.side").nth(1).get_by_label("Counts").tap()
    page.fill("#sides-1-table_points", "20")
    answer_rest(page)
    page.get_by_role("button", name="Save the deal").tap()
    page.wait_for_url(re.compile(r"#deal-1$"))
    expect(viewer.locator("#total-0")).to_have_text("70")
    assert viewer.evaluate("document.documentElement.scrollWidth") <= 360
    viewer.context.close()


def _counts_deal(page, first: int, second: int, went_out: str | None = None) -> None:
    for i, points in enumerate((first, second)):
        page.locator("fieldset.side").nth(i).get_by_label("Counts").tap()
        page.fill(f"#sides-{i}-table_points", str(points))
    if went_out:
        page.get_by_label(went_out, exact=True).tap()
    answer_rest(page)
    page.get_by_role("button", name="Save the deal").tap()
    page.wait_for_url(re.compile(r"/m/[^/]+#deal-\d+$"))


def test_a_whole_match_fix_an_old_deal_reach_the_target(phone, live_server):
    page = phone
    page.goto(live_server + "/matches/new")
    page.fill("#sides-0-name", "Nós")
    page.fill("#sides-1-name", "Eles")
    page.fill("#target", "500")
    page.get_by_role("button", name="Start the match").tap()
    page.wait_for_url(re.compile(r"/m/[^/]+$"))
    board = page.url
    page.get_by_role("link", name="Enter a deal").tap()
    _counts_deal(page, 200, 100)
    page.get_by_role("link", name="Enter a deal").tap()
    _counts_deal(page, 150, 250)
    assert page.inner_text("#total-0") == "350"
    assert page.inner_text("#total-1") == "350"
    # deal 1 was mis-entered: Eles had 300, not 100
    page.locator("#deal-1").tap()  # the deal's line opens its breakdown
    page.wait_for_url(re.compile(r"/deals/1$"))
    page.get_by_role("link", name="Edit this deal").tap()
    page.wait_for_url(re.compile(r"/deals/1/edit$"))
    assert page.input_value("#sides-1-table_points") == "100"
    page.fill("#sides-1-table_points", "300")
    answer_rest(page)
    page.get_by_role("button", name="Save the deal").tap()
    page.wait_for_url(re.compile(r"#deal-1$"))
    assert page.inner_text("#total-1") == "550"
    expect(page.locator(".result")).to_contain_text("Winner: Eles")
    expect(page.get_by_role("link", name="Enter a deal")).to_have_count(0)
    _no_horizontal_scroll(page)
    assert page.url.startswith(board)


def test_meld_checker_live_verdict_follows_the_profile(phone, live_server):
    page = phone
    page.goto(live_server + "/check")
    picker = page.locator(".picker")
    for rank in ("7",):
        for suit in ("S", "H", "D"):
            picker.locator(f'[data-suit="{suit}"]').tap()
            picker.locator(f'[data-rank="{rank}"]').tap()
    # a set of sevens: illegal in Buraco Aberto (runs only), legal in Italian Burraco
    expect(page.locator(".verdicts li.bad")).to_have_count(1)
    page.select_option("#profile", "burraco")
    picker.locator('[data-action="back"]').tap()
    picker.locator('[data-rank="7"]').tap()
    expect(page.locator(".verdicts li.ok")).to_have_count(1)
    assert "set" in page.locator(".verdicts li.ok").inner_text()
    _no_horizontal_scroll(page)


def test_cards_in_french_letters(phone, live_server):
    """fr: R D V for roi, dame, valet; C is cœur (hearts), T trèfle (clubs)."""
    page = phone
    page.goto(live_server + "/lang/fr?next=/check")
    picker = page.locator(".picker")
    expect(picker.locator('[data-rank="Q"]')).to_have_text("D")
    picker.locator('[data-suit="H"]').tap()
    for rank in ("10", "J", "Q", "K"):
        picker.locator(f'[data-rank="{rank}"]').tap()
    assert page.input_value("#melds") == "10♥ V♥ D♥ R♥"
    expect(page.locator(".verdicts li.ok")).to_contain_text("10♥ V♥ D♥ R♥")
    # typed with the French initials: C is hearts here, never clubs
    page.fill("#melds", "10C VC DC RC\n3T 4T 5T")
    expect(page.locator(".verdicts li.ok")).to_have_count(2)
    expect(page.locator(".verdicts li.ok").nth(1)).to_contain_text("3♣ 4♣ 5♣")
    page.get_by_role("button", name="Vérifier").tap()
    expect(page.locator("#melds-read")).to_have_text("Lu comme\u202f: 10♥ V♥ D♥ R♥ / 3♣ 4♣ 5♣")
    _no_horizontal_scroll(page)


def test_who_took_the_morto_first_is_asked_once_two_sides_took_theirs(phone, live_server):
    page = phone
    _new_match(page, live_server)
    asked = page.locator("fieldset.first-morto")
    expect(asked).to_be_hidden()  # no morto answered yet: nothing to ask
    eles = page.locator("fieldset.side").nth(1)
    for side in (page.locator("fieldset.side").nth(0), eles):
        side.get_by_label("taken", exact=True).tap()
    # both sides took their morto: who was first may be noted
    expect(asked).to_be_visible()
    eles.get_by_label("not taken", exact=True).tap()
    expect(asked).to_be_hidden()  # one side took one: it was first, nothing to ask
    eles.get_by_label("taken", exact=True).tap()
    expect(asked).to_be_visible()
    asked.get_by_label("Eles", exact=True).tap()
    # answered, then the side's morto said not taken: the question stays, with why not
    eles.get_by_label("not taken", exact=True).tap()
    expect(asked).to_be_visible()
    expect(asked.locator(".errors")).to_have_text("This side did not take the morto.")
    asked.get_by_label("Not noted", exact=True).tap()
    expect(asked.locator(".errors")).to_have_count(0)
    expect(asked).to_be_hidden()
