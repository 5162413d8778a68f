"""The offline pack is asked for once, on whatever page a phone opens first, with its size
(static/js/register.js): a first visit on a scorer's link downloads nothing from
/static/pack/ before the question; "Not now" holds for the day on every page (the scorer's
link again, the new match form, a deal form), the home page's offer aside; a later day
asks again, and "Keep the referee" then brings the pack."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

import pytest
from browser_pages import _match
from playwright.sync_api import expect
from test_browser_phone_trust import Pack

pytestmark = pytest.mark.browser


def test_a_scorers_link_asks_first_and_not_now_holds_for_the_day(app, browser, live_server):
    from scorekeeper.web import offline

    app.config["OFFLINE_PACK"] = True
    edit = _match(app.test_client())
    size = f"({offline.pack_bytes() / 1_000_000:.1f} MB)"
    phone = Pack(browser)
    page = phone.page
    offer = page.locator("#pack [data-offer]")
    try:
        # the match's link, opened on a phone that never opened the app: the question,
        # with the pack's size, and nothing of the pack before an answer (the service
        # worker ready, and a while for a download to start had the page meant to start
        # one: a pause that checks that nothing happens)
        page.goto(f"{live_server}/m/{edit}")
        expect(offer).to_be_visible()
        expect(offer).to_contain_text(re.compile(r"Keep the referee on this phone.*" +
                                                 re.escape(size) + r"\?"))
        phone.settled()
        assert phone.asked == [], "the scorer's link downloaded the pack before asking"
        offer.get_by_role("button", name="Not now").tap()
        expect(page.locator("#pack")).to_be_hidden()

        # the same day, no page asks again: the link again (under the service worker now),
        # the new match form, a deal form
        for again in (f"/m/{edit}", "/matches/new", f"/m/{edit}/deals/new"):
            page.goto(live_server + again)
            phone.settled(1500)
            expect(page.locator("#pack"), again).to_be_hidden()
        # but the home page still offers it
        page.goto(live_server + "/")
        expect(offer).to_be_visible()
        expect(offer).to_contain_text(size)
        phone.settled(1000)
        assert phone.asked == []

        # a day later, the scorer's link asks again; once asked for, the pack comes
        phone.context.clock.set_system_time(datetime.now() + timedelta(days=1))
        page.goto(f"{live_server}/m/{edit}")
        expect(offer).to_be_visible()
        phone.settled(1000)
        assert phone.asked == []
        offer.get_by_role("button", name="Keep the referee").tap()
        phone.fetching()
    finally:
        phone.context.close()


def test_the_new_match_form_asks_before_the_offline_pack(app, browser, live_server):
    """"New match" tapped on a phone's first visit: asked, nothing downloaded before."""
    app.config["OFFLINE_PACK"] = True
    phone = Pack(browser)
    try:
        phone.page.goto(f"{live_server}/matches/new")
        expect(phone.page.locator("#pack [data-offer]")).to_be_visible()
        phone.settled()
        assert phone.asked == []
    finally:
        phone.context.close()
