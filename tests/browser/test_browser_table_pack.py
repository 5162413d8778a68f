"""An evening table's phone is asked before the offline pack comes (static/js/register.js):
a first visit on the table card's link downloads nothing before the question, which says
the pack's size; once asked for, the pack comes, and its progress stands in the page
under the header, never over the page's title (the table and its turn)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from browser_pages import PHONE, STEP, ms
from playwright.sync_api import expect
from support import evening

pytestmark = pytest.mark.browser


class Held:
    """A fresh phone whose requests for the offline pack are counted and held: each waits
    until the test answers it (``answer``); once ``released``, the others answer 404."""

    def __init__(self, browser: Any) -> None:
        self.context = browser.new_context(**PHONE)
        self.context.set_default_timeout(STEP)
        self.asked: list[str] = []
        self.held: list[Any] = []
        self.released = False
        self.context.route("**/static/pack/**", self._hold)
        self.page = self.context.new_page()

    def _hold(self, route: Any) -> None:
        self.asked.append(route.request.url)
        if self.released:
            route.fulfill(status=404, body="")
        else:
            self.held.append(route)

    def first(self) -> Any:
        """The first request for the pack, once it comes (the page polled meanwhile, so
        that the routes' handlers run)."""
        for _ in range(int(ms(30) // 250)):
            if self.held:
                return self.held.pop(0)
            self.page.wait_for_timeout(250)
        raise AssertionError("no request for the offline pack")

    def release(self) -> None:
        self.released = True
        while self.held:
            self.held.pop().fulfill(status=404, body="")


def _clear_of_the_title(page: Any) -> None:
    """The pack's bar covers neither the header nor the page's first heading."""
    bar = page.locator("#pack").bounding_box()
    for covered in ("header", "main h1"):
        box = page.locator(covered).first.bounding_box()
        assert box["y"] + box["height"] <= bar["y"] or box["y"] >= bar["y"] + bar["height"], \
            (covered, box, bar)


def test_a_table_phone_is_asked_before_the_offline_pack(app, browser, live_server):
    from scorekeeper.web import offline

    app.config["OFFLINE_PACK"] = True
    client = app.test_client()
    event = evening(client, "Rossi\nVerdi\nGialli\nNeri")
    table = client.get(f"{event}/turns/1/tables/1").get_data(as_text=True)
    link = re.search(r'href="https?://[^/"]+(/e/t/[^"]+)"', table).group(1)  # type: ignore[union-attr]
    size = f"({offline.pack_bytes() / 1_000_000:.1f} MB)"
    phone = Held(browser)
    try:
        page = phone.page
        page.goto(live_server + link)
        offer = page.locator("#pack [data-offer]")
        expect(offer).to_be_visible()
        expect(offer).to_contain_text(re.compile(r"Keep the referee on this phone.*" +
                                                 re.escape(size) + r"\?"))
        _clear_of_the_title(page)
        # the service worker ready, and a while for a download to start had the page
        # meant to start one (a pause that checks that nothing happens)
        page.evaluate("async () => { await navigator.serviceWorker.ready; }")
        page.wait_for_timeout(3000)
        assert phone.asked == [], "the table's phone downloaded the pack before asking"
        offer.get_by_role("button", name="Keep the referee").tap()
        phone.first().fulfill(status=200, body="x")
        expect(page.locator("#pack progress")).to_be_visible()
        expect(page.locator("#pack [data-keeping]")).to_be_visible()
        _clear_of_the_title(page)
        phone.release()
        expect(page.locator("#pack")).to_be_hidden()  # it failed: the next page asks again
    finally:
        phone.context.close()
