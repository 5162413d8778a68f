"""House rules on a phone (390 × 844): a family's own numbers made on one page, a whole
match played by them, their blank sheet and the match summary showing their numbers.

Buraco Aberto, seed 001 §07: a clean canastra of 14 cards 1000, a clean one 200; the
family's rules: the joker at 50, the target at 5000, going out at 200."""

from __future__ import annotations

import io
import re

import pytest
from browser_pages import phone_context
from playwright.sync_api import expect
from pypdf import PdfReader
from test_browser_table import answer_rest

from scorekeeper.i18n import LOCALES

pytestmark = pytest.mark.browser


def _pdf_text(page, url: str) -> str:
    answer = page.request.get(url)
    assert answer.headers["content-type"] == "application/pdf"
    return " ".join(p.extract_text() for p in PdfReader(io.BytesIO(answer.body())).pages)


def _deal(page, table_points: str, category: str) -> None:
    """A deal by counts: Nós lay down ``table_points`` with one canastra of ``category``
    and go out; Eles lay down 40."""
    page.get_by_role("link", name="Enter a deal").tap()
    page.locator("fieldset.side").nth(0).get_by_label("Counts").tap()
    page.fill("#sides-0-table_points", table_points)
    if not page.locator(f"#sides-0-{category}").is_visible():  # the 13- and 14-card kinds
        page.locator("fieldset.side").nth(0).locator("details.more summary").tap()
    page.fill(f"#sides-0-{category}", "1")
    page.fill("#sides-1-table_points", "40")
    page.locator("fieldset.end").get_by_label("Nós", exact=True).tap()
    # vulnerable from 1,500 (seed 001 §05): its opening is asked, by counts too
    if page.locator('input[name="sides-0-unnoted"]').count():
        page.locator('input[name="sides-0-unnoted"]').tap()
    answer_rest(page)
    page.get_by_role("button", name="Save the deal").tap()
    page.wait_for_url(re.compile(r"#deal-\d+$"))


def test_a_family_plays_a_whole_match_by_its_own_numbers(phone, live_server):
    page = phone
    page.goto(live_server + "/")
    page.get_by_role("link", name="Our rules").first.tap()
    page.get_by_role("link", name=re.compile("Buraco Aberto")).tap()
    page.fill("#name", "Casa da vó")
    page.fill("#joker", "50")
    page.fill("#target", "5000")
    page.fill("#going_out", "200")
    # what changes follows the fields as they are typed (no tap on "See what changes")
    changes = page.locator("table.house-changes tbody tr")
    expect(changes).to_have_count(3)
    expect(changes.nth(0)).to_contain_text("5,000")
    expect(changes.nth(1)).to_contain_text("50")
    expect(changes.nth(2)).to_contain_text("200")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    # a 14-card canastra below a 13-card one: why not, said at once
    page.fill("#bonus_clean_1000", "400")
    expect(page.locator("#house-preview .errors")).to_contain_text("These rules cannot be played")
    expect(page.locator("table.house-changes")).to_have_count(0)
    page.fill("#bonus_clean_1000", "1000")
    expect(changes).to_have_count(3)
    page.get_by_role("button", name="Save our rules").tap()
    page.wait_for_url(re.compile(r"/h/[A-Za-z0-9_-]+$"))
    house = page.url
    expect(page.locator("h1")).to_have_text("Casa da vó")

    # a match by these rules
    page.get_by_role("link", name="New match with these rules").tap()
    page.fill("#sides-0-name", "Nós")
    page.fill("#sides-1-name", "Eles")
    page.get_by_role("button", name="Start the match").tap()
    page.wait_for_url(re.compile(r"/m/[^/]+$"))
    board = page.url
    expect(page.locator("main")).to_contain_text("Casa da vó, version 1")
    expect(page.locator("main")).to_contain_text("target 5,000")
    # 400 + a clean canastra of 14 cards 1000 + going out 200 = 1600 a deal: 3200 after two,
    # past Buraco Aberto's 3000 and not the family's 5000
    for deal, total in enumerate(("1,600", "3,200", "4,800"), start=1):
        _deal(page, "400", "clean_1000")
        expect(page.locator("#total-0")).to_have_text(total)
        expect(page.locator("#total-1")).to_have_text(str(40 * deal))
    expect(page.locator(".result .winner")).to_have_count(0)
    _deal(page, "400", "clean_1000")
    expect(page.locator("#total-0")).to_have_text("6,400")
    expect(page.locator(".result .winner b")).to_have_text("Nós")

    # the blank sheet of the rules, and the summary of the match, say their numbers
    sheet = _pdf_text(page, house + "/sheet.pdf")
    for said in ("Casa da vó (Buraco Aberto)", "Target: 5,000", "Joker: 50", "+200"):
        assert said in sheet, said
    summary = _pdf_text(page, board + "/summary.pdf")
    for said in ("Casa da vó (Buraco Aberto)", "Target: 5,000", "Joker: 50", "6,400"):
        assert said in summary, said


@pytest.mark.parametrize("size", [(390, 844), (320, 568)])
def test_a_field_that_shows_an_error_moves_no_other_field(browser, live_server, size):
    """The pairs of fields keep their boxes side by side when one of them says what is
    wrong ("500" never drops below "1000"): its message goes under its own box."""
    width, height = size
    context = phone_context(browser, width, height)
    page = context.new_page()
    try:
        page.goto(live_server + "/rules/house/new?base=buraco-aberto")
        page.fill("#name", "Casa")
        save = page.get_by_role("button", name="Save our rules")
        pinned = save.bounding_box()
        page.fill("#going_out", "-5")
        page.fill("#bonus_clean_1000", "20000")
        # the preview says both problems as the fields change, above Save, which stays
        # where the finger goes (pinned to the screen's foot, as on the deal form); the
        # button that asks for the preview is only for a phone without scripts
        expect(page.locator("#house-preview .errors li")).to_have_count(2)
        assert save.bounding_box() == pinned
        assert pinned["y"] + pinned["height"] <= height
        expect(page.get_by_role("button", name="See what changes")).to_be_hidden()
        save.tap()
        expect(page.locator(".field.bad")).to_have_count(2)
        for left, right in (("#going_out", "#morto_penalty"),
                            ("#bonus_clean_1000", "#bonus_clean_500")):
            a, b = page.locator(left).bounding_box(), page.locator(right).bounding_box()
            assert abs(a["y"] - b["y"]) <= 1, (left, a, right, b)
            assert abs(a["height"] - b["height"]) <= 1, (left, a, right, b)
    finally:
        context.close()


def test_without_scripts_the_form_asks_for_what_changes_and_keeps_its_buttons_in_place(
        browser, live_server):
    """A phone without scripts: "See what changes" asks the server, both buttons stand at
    the end of the form (two rows at 320 px would hide a fifth of the screen if pinned)."""
    context = phone_context(browser, 320, 568, java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto(live_server + "/rules/house/new?base=buraco-aberto")
        assert page.evaluate(
            "getComputedStyle(document.querySelector('.savebar')).position") == "static"
        page.fill("#name", "Casa")
        page.fill("#target", "5000")
        page.get_by_role("button", name="See what changes").tap()
        expect(page.locator("table.house-changes tbody tr")).to_have_count(1)
        expect(page.locator("table.house-changes tbody tr")).to_contain_text("5,000")
        expect(page.get_by_role("button", name="Save our rules")).to_be_visible()
    finally:
        context.close()


#: How many lines each word-bearing cell of the house rules' tables takes, against its words
#: (a cell squeezed to a letter's width takes a line a letter: "M e t a").
LINES = """() => [...document.querySelectorAll('.house-changes th, .house-sample th')]
  .filter(th => th.textContent.trim()).map(th => {
    const range = document.createRange();
    range.selectNodeContents(th);
    const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
    return [th.textContent.trim(), tops.size, th.textContent.trim().split(/\\s+/).length];
  })"""


def test_the_house_rules_page_fits_a_small_phone_in_every_language(browser, live_server):
    """The page that goes round the family's phones by QR: at 320 px nothing scrolls
    sideways, and no heading or label of its tables breaks inside a word (the base's long
    name over its column wraps between words)."""
    context = phone_context(browser, 320, 568)
    page = context.new_page()
    try:
        page.goto(live_server + "/rules/house/new?base=buraco-aberto")
        page.fill("#name", "Casa da vó")
        page.fill("#joker", "50")
        page.fill("#target", "5000")
        page.fill("#going_out", "200")
        page.get_by_role("button", name="Save our rules").tap()
        page.wait_for_url(re.compile(r"/h/[A-Za-z0-9_-]+$"))
        house = page.url.split(live_server, 1)[1]
        for lang in LOCALES:
            page.goto(f"{live_server}/lang/{lang}?next={house}")
            expect(page.locator("table.house-changes tbody tr")).to_have_count(3)
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width == 320, (lang, width)
            for table in ("house-changes", "house-sample"):
                box = page.locator(f"table.{table}").bounding_box()
                assert box["x"] >= 0, (lang, table, box)
                assert box["x"] + box["width"] <= 320, (lang, table, box)
            for text, lines, words in page.evaluate(LINES):
                assert lines <= words, (lang, text, lines)
    finally:
        context.close()
