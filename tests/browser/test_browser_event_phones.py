"""A club's evening scored at its tables, in real browsers: every table's two sides on
their own phones (separate browser contexts, as two phones are), the director on a third,
the room's big screen on a laptop.

The evening (Italian Burraco, 5 turns of 2 deals, Mitchell): table 1, Rossi – Bianchi
(NS) against Gialli – Bruni (EW); table 2, Verdi – Neri against Marroni – Rosa.
Table 1: NS enters DEAL_A (600 – 110) and DEAL_C (100 – 100), EW confirms: 700 – 210,
490 apart, 15 – 5 VP (F.I.Bur., 2 deals: 401–500). Table 2: NS enters DEAL_C twice,
EW enters DEAL_C then DEAL_A: the two versions of deal 2 are shown, the director keeps
NS's: 200 – 200, 10 – 10."""

from __future__ import annotations

import re
from typing import Any

import pytest
from event_steps import DEAL_A, DEAL_C, cells, enter
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True,
         "device_scale_factor": 1, "locale": "en-US"}


def _phones(browser: Any, count: int) -> list[Any]:
    pages = []
    for _ in range(count):
        context = browser.new_context(**PHONE)
        context.set_default_timeout(30_000)
        pages.append(context.new_page())
    return pages


def _side(page: Any, link: str, side: str, deals: list[Any]) -> None:
    """A side's phone: the table card's link, "which side are you", its deals."""
    page.goto(link)
    page.get_by_role("link", name=side).tap()
    key = "ns" if side == "North-South" else "ew"
    page.wait_for_url(re.compile(rf"/{key}$"))
    for number, deal in enumerate(deals, start=1):
        page.get_by_role("link", name=f"Enter deal {number}").tap()
        page.wait_for_url(re.compile(r"/deals/new$"))
        enter(page, page.url, deal, back=rf"/{key}(#.*)?$")


def test_tables_score_on_their_phones_the_room_follows(app, live_server, browser, phone):
    from support import evening

    client = app.test_client()
    event = evening(client, "Rossi\tBianchi\nVerdi\tNeri\nGialli\tBruni\nMarroni\tRosa")
    links = [re.search(r'href="https?://[^/"]+(/e/t/[^"]+)"', client.get(
        f"{event}/turns/1/tables/{t}").get_data(as_text=True)).group(1) for t in (1, 2)]
    room = re.search(r'href="(/e/v/[^"/]+)"', client.get(event).get_data(as_text=True)).group(1)
    tv_context = browser.new_context(viewport={"width": 1280, "height": 800})
    pages = _phones(browser, 4)
    try:
        tv = tv_context.new_page()
        tv.goto(live_server + room + "/tv")
        expect(tv.locator(".tv-turn")).to_contain_text("Tables still playing: 1, 2")
        ns1, ew1, ns2, ew2 = pages
        # table 1: NS enters, EW confirms on its own phone
        _side(ns1, live_server + links[0], "North-South", [DEAL_A, DEAL_C])
        expect(ns1.get_by_text("The other side confirms these deals")).to_be_visible()
        ew1.goto(live_server + links[0])
        ew1.get_by_role("link", name="East-West").tap()
        ew1.wait_for_url(re.compile(r"/ew$"))
        assert cells(ew1, "Their deals") == [["1", "600", "110"], ["2", "100", "100"]]
        ew1.get_by_role("button", name="We confirm these deals").tap()
        expect(ew1.get_by_text("Confirmed by both sides")).to_be_visible()
        # the big screen follows by itself, within 5 seconds
        expect(tv.locator(".tv-turn")).to_contain_text("Tables still playing: 2", timeout=5_000)
        # table 2: the two sides count deal 2 differently
        _side(ns2, live_server + links[1], "North-South", [DEAL_C, DEAL_C])
        _side(ew2, live_server + links[1], "East-West", [DEAL_C, DEAL_A])
        expect(ew2.get_by_text("The two sides entered a deal differently")).to_be_visible()
        expect(ew2.get_by_role("button", name="We confirm these deals")).to_have_count(0)
        assert cells(ew2, "Our deals") == [["1", "100", "100", "Fix"], ["2", "600", "110", "Fix"]]
        # the director sees it disputed, both versions, and keeps NS's with a reason
        phone.goto(live_server + event)
        assert cells(phone, "Turn 1")[1][3:] == ["Disputed"]
        phone.goto(live_server + event + "/turns/1/tables/2")
        expect(phone.get_by_text("Entered on the table’s phones")).to_be_visible()
        assert cells(phone, "Entered by East-West") == [["1", "100", "100"], ["2", "600", "110"]]
        phone.locator("#reason-ns").fill("the slip says so")
        phone.locator("form:has(#reason-ns)").get_by_role("button", name="Keep these deals").tap()
        done = "Match points: 200 – 200. Victory points: 10 – 10."
        expect(phone.get_by_text(done)).to_be_visible()
        # the big screen: every table in, the standings after turn 1 and turn 2's seats
        expect(tv.locator(".tv-turn")).not_to_contain_text("still playing", timeout=5_000)
        assert cells(tv, "Standings after turn 1") == [
            ["1", "Rossi – Bianchi", "15", "700"], ["2", "Verdi – Neri", "10", "200"],
            ["2", "Marroni – Rosa", "10", "200"], ["4", "Gialli – Bruni", "5", "210"]]
        # where do I sit: Gialli – Bruni play turn 2 at table 2, East-West, against
        # Verdi – Neri (Mitchell, shift 1)
        ns2.goto(live_server + room + "/find")
        ns2.fill("#q", "gial")
        ns2.get_by_role("button", name="Find").tap()
        ns2.wait_for_url(re.compile(r"q=gial"))
        ns2.get_by_role("link", name="Gialli – Bruni").tap()
        expect(ns2.locator(".found .banner")).to_contain_text("Next turn: 2 · Table 2 · East-West")
        assert cells(ns2, "Results so far") == [["1", "1", "Rossi – Bianchi", "210", "5"]]
        for page in (ns1, ew2, ns2):
            assert page.evaluate("document.documentElement.scrollWidth") <= 390
    finally:
        for page in pages:
            page.context.close()
        tv_context.close()


def test_a_table_phone_offline_mid_turn_sends_its_deals_once(app, live_server, phone):
    """NS's phone loses the network after opening its page: its two deals wait on the
    phone, then reach the evening exactly once when the network is back, and wait there
    for EW's confirmation."""
    from support import evening
    from waiting import until

    client = app.test_client()
    event = evening(client, "Rossi\tBianchi\nVerdi\tNeri\nGialli\tBruni\nMarroni\tRosa")
    table = f"{event}/turns/1/tables/1"
    link = re.search(r'href="https?://[^/"]+(/e/t/[^"]+)"',
                     client.get(table).get_data(as_text=True)).group(1)
    side = live_server + link + "/ns"
    phone.goto(side)
    phone.evaluate("async () => { await navigator.serviceWorker.ready; }")
    phone.goto(side)
    phone.wait_for_function("() => navigator.serviceWorker.controller !== null")
    until(phone, """async (side) => {
        const keys = (await (await caches.open("scorekeeper-pages")).keys()).map(k => k.url);
        return keys.includes(side + "/deals/new") && keys.includes(side);
    }""", side)
    phone.context.set_offline(True)
    try:
        for count, deal in enumerate((DEAL_A, DEAL_C), start=1):
            phone.goto(side)
            phone.get_by_role("link", name="Enter deal 1").tap()
            phone.wait_for_url(re.compile(r"/deals/new$"))
            enter(phone, phone.url, deal, back=r"/ns#outbox$")
            expect(phone.locator("#waiting [data-count]")).to_have_text(str(count))
        # nothing reached the evening yet
        assert "Entered on the table’s phones" not in client.get(table).get_data(as_text=True)
    finally:
        phone.context.set_offline(False)
    phone.reload()
    expect(phone.locator("#waiting")).to_be_hidden()
    assert cells(phone, "Our deals") == [["1", "600", "110", "Fix"], ["2", "100", "100", "Fix"]]
    page = client.get(table).get_data(as_text=True)
    rows = re.search(r"Entered by North-South</caption>(.*?)</table>", page, re.S).group(1)
    assert len(re.findall(r"<tr><th scope=\"row\">", rows)) == 2  # once each
    assert "Waiting for confirmation" in client.get(event).get_data(as_text=True)
