"""A count deal on a phone: short (the kinds a deal rarely holds behind "More kinds…",
open by itself whenever one holds a value), and a vulnerable side's opening asked on the
form, one tap for "opened with the minimum or more", so that one Save saves it.

Taps are counted as test_browser_table.py counts them: every tap on a button, a choice or
a field to type into; the digits themselves are not taps."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from browser_pages import big_match, phone_context
from match_steps import Scorer, start_match
from playwright.sync_api import expect
from support import form_fields

from scorekeeper.i18n import LOCALES

pytestmark = pytest.mark.browser


def _screens(page) -> float:
    """How many screens a count deal takes: from the page's top to the last thing it asks
    (who went out, and how), with the Save bar pinned under it."""
    bottom = page.evaluate("document.querySelector('fieldset.end').getBoundingClientRect()"
                           ".bottom + window.scrollY")
    bar = page.locator(".savebar").bounding_box()["height"]
    return (bottom + bar) / page.viewport_size["height"]


def _board(app, profile: str = "buraco-aberto") -> str:
    """A new match of Nós and Eles made through the app's form: its board's path."""
    client = app.test_client()
    data = {**form_fields(client, "/matches/new"), "profile": profile,
            "sides-0-name": "Nós", "sides-1-name": "Eles"}
    response = client.post("/matches/new", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)[-1500:]
    return urlsplit(response.headers["Location"]).path


def test_a_count_deal_on_two_screens_in_every_language(browser, live_server, app):
    context = phone_context(browser, 390, 844)
    page = context.new_page()
    try:
        for lang in LOCALES:
            # a match of its own: no draft of another language's deal offered back
            page.goto(f"{live_server}/lang/{lang}?next={_board(app)}/deals/new")
            page.locator("fieldset.side").nth(0).locator("input[value=counts]").tap()
            expect(page.locator("fieldset.side").nth(1)).to_have_attribute("data-mode", "counts")
            # the 13- and 14-card kinds wait behind a tap, closed
            more = page.locator("fieldset.side details.more")
            expect(more).to_have_count(2)
            for i in (0, 1):
                assert more.nth(i).get_attribute("open") is None, lang
                expect(more.nth(i).locator("input[name$=clean_500]")).to_be_hidden()
            page.fill("#sides-0-table_points", "180")
            expect(page.locator("#live-0")).to_have_text("+180")
            screens = _screens(page)
            print(f"a count deal at 390×844 in {lang}: {screens:.2f} screens")
            assert screens <= 2, (lang, screens)
    finally:
        context.close()


def test_more_kinds_opens_by_itself_once_one_holds_a_value(phone, live_server):
    board = start_match(phone, live_server)
    phone.goto(board + "/deals/new")
    side = phone.locator("fieldset.side").nth(0)
    side.get_by_label("Counts", exact=True).tap()
    more = side.locator("details.more")
    more.locator("summary").tap()
    side.get_by_role("button", name="+ Clean canastras of 13 cards (500)", exact=True).tap()
    assert phone.input_value("#sides-0-clean_500") == "1"
    # closed while it holds a value: it stays open, nothing typed is hidden
    more.locator("summary").tap()
    expect(more).to_have_attribute("open", "")
    phone.fill("#sides-0-table_points", "110")
    phone.fill("#sides-1-table_points", "30")
    # 110 card points and the 13-card canastra's 500 (seed 001 "Canastras")
    expect(phone.locator("#live-0")).to_have_text("+610")
    # put back from the phone's draft after a reload: open
    phone.reload()
    phone.get_by_role("button", name="Continue").tap()
    expect(phone.locator("#sides-0-clean_500")).to_have_value("1")
    expect(more).to_have_attribute("open", "")
    expect(more.locator("#sides-0-clean_500")).to_be_visible()
    # the server's page with the value (Save asks who went out): open as it comes
    phone.get_by_role("button", name="Save the deal").tap()
    expect(phone.locator("fieldset.end .errors")).to_be_visible()
    assert phone.locator("fieldset.side").nth(0).locator("details.more[open]").count() == 1
    assert phone.locator("fieldset.side").nth(1).locator("details.more[open]").count() == 0
    # emptied, it closes as any other
    side.get_by_role("button", name="− Clean canastras of 13 cards (500)", exact=True).tap()
    more.locator("summary").tap()
    expect(more).not_to_have_attribute("open", "")


def test_a_vulnerable_count_deal_saves_in_one_save(phone, live_server, app):
    """Seed 001 §05: at 1,500 or more a side must open with 75 card points or more. By
    counts no meld is typed: the form asks before Save, and "Opened with 75 or more" is
    one tap; a first deal and a later one each save with one Save."""
    token, _view = big_match(app.test_client())  # Alessandrina 3,200, vulnerable
    board = f"{live_server}/m/{token}"
    taps = []
    for number, totals in ((3, ("3,650", "−1,970")), (4, ("4,100", "−1,940"))):
        phone.goto(f"{board}/deals/new")
        scorer = Scorer(phone)
        side = phone.locator("fieldset.side")
        if number == 3:  # a later deal starts the way each side entered the last one
            expect(side.nth(0)).to_have_attribute("data-mode", "counts")
        opening = side.nth(0).locator("fieldset.opening")
        met = opening.get_by_label("Opened with 75 or more", exact=True)
        expect(met).to_be_visible()  # asked on the form, before anything is typed
        expect(side.nth(1).locator("fieldset.opening")).to_have_count(0)  # not vulnerable
        scorer.type("#sides-0-table_points", "150")
        # asked at its field as the referee counts, before Save
        expect(phone.locator("#sides-0-opening-errors")).to_have_text(
            "Did this side open with 75 or more? Tick the box, type the melds laid down "
            "together, or tick “Nobody noted the opening”.")
        scorer.tap(side.nth(0).get_by_role("button", name="+ Clean canastras", exact=True))
        scorer.tap(met)
        expect(phone.locator("#sides-0-opening-errors")).to_have_count(0)
        scorer.type("#sides-1-table_points", "60")
        scorer.type("#sides-1-hand_points", "30")
        scorer.tap(phone.locator("fieldset.end").get_by_label("Alessandrina", exact=True))
        scorer.tap(side.nth(1).locator('input[name$="-morto"][value="taken"]'))
        # 150 + a clean canastra 200 + going out 100; 60 − 30
        expect(phone.locator("#live-0")).to_have_text("+450")
        expect(phone.locator("#live-1")).to_have_text("+30")
        scorer.tap(phone.get_by_role("button", name="Save the deal"))
        phone.wait_for_url(re.compile(rf"#deal-{number}$"))
        assert (phone.inner_text("#total-0"), phone.inner_text("#total-1")) == totals
        assert scorer.loads == 1, scorer.loads  # one Save: the board, no form sent back
        taps.append(scorer.taps)
    print(f"vulnerable count deals at 390×844: {taps[0]} and {taps[1]} taps")
    assert taps == [8, 8], taps  # the counts, the opening's one tap, who went out, a morto
    # fixed later, the deal says what its scorer said: opened with the minimum or more
    phone.goto(f"{board}/deals/4/edit")
    expect(phone.locator("#sides-0-met")).to_be_checked()
    expect(phone.locator("#sides-0-unnoted")).not_to_be_checked()
