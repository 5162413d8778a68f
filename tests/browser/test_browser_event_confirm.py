"""A confirmation that means the other side checked, on real phones that follow the evening
by themselves: North-South saves the turn's three deals; East-West's page, open since
before and never reloaded, shows each deal with its breakdown, then "Confirm" first and
"Enter our own version" second, within 5 seconds of each save; what East-West is typing
is never replaced (a banner says the deals changed); the director's page, open since
before, shows the table confirmed within 5 seconds. On a phone handed across the table,
confirming without the other pair's code is refused, with it it works; a pair's own phone
confirms with none.

Four pairs at two tables, 4 turns of 3 deals (Mitchell): table 1 of turn 1, Rossi –
Bianchi (NS) v Gialli – Bruni (EW). Deals A, C, D (event_steps): NS 600, 100, 250 = 950;
EW 110, 100, 580 = 790; 160 apart: 12 – 8 on the F.I.Bur. scale of 3 deals."""

from __future__ import annotations

import re
from typing import Any

import pytest
from browser_pages import ms, phone_context
from event_steps import DEAL_A, DEAL_C, DEAL_D, cells, choose, enter, seen, shots
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PAIRS = "Rossi\tBianchi\nVerdi\tNeri\nGialli\tBruni\nMarroni\tRosa"

#: Each deal as East-West checks it: its breakdown's lines (NS, EW), then who went out.
CHECKED = {
    1: ([["table", "300", "150"], ["Clean burracos", "1", "0"], ["bonus", "200", "0"],
         ["closing", "100", "0"], ["pozzetto", "0", "0"], ["hand", "0", "−40"],
         ["total", "600", "110"]], "Closing: North-South"),
    2: ([["table", "100", "100"], ["bonus", "0", "0"], ["closing", "0", "0"],
         ["pozzetto", "0", "0"], ["hand", "0", "0"], ["total", "100", "100"]],
        "Closing: Nobody"),
    3: ([["table", "250", "300"], ["Clean burracos", "0", "1"], ["bonus", "0", "200"],
         ["closing", "0", "100"], ["pozzetto", "0", "0"], ["hand", "0", "−20"],
         ["total", "250", "580"]], "Closing: East-West"),
}


def _links(client: Any, event: str) -> str:
    return re.search(r'href="https?://[^/"]+(/e/t/[^"]+)"', client.get(
        f"{event}/turns/1/tables/1").get_data(as_text=True)).group(1)


def test_the_other_side_sees_each_deal_with_its_breakdown_and_confirms_no_reload(
        app, live_server, browser, phone, tmp_path):
    from support import evening

    client = app.test_client()
    event = evening(client, PAIRS, turns="4x3")
    link = live_server + _links(client, event)
    ns, ew = phone_context(browser).new_page(), phone_context(browser).new_page()
    try:
        # East-West's own phone opens its page before anything is entered
        ew.goto(link)
        choose(ew, "East-West")
        expect(ew.get_by_role("link", name="Enter deal 1")).to_be_visible()
        ew.evaluate("window.keptSinceOpened = true")
        # the director's page, open since before
        phone.goto(live_server + event)
        expect(phone.locator("table.tables tbody tr").first).to_contain_text("Not started")
        # North-South's phone enters the deals; East-West's page shows each as it comes
        ns.goto(link)
        choose(ns, "North-South")
        boxes = ew.locator("table.check")
        for number, deal in enumerate((DEAL_A, DEAL_C, DEAL_D), start=1):
            if number == 3:
                # East-West starts typing its code: what it types is never replaced
                ew.locator("#code").fill("4")
            ns.get_by_role("link", name=f"Enter deal {number}").tap()
            ns.wait_for_url(re.compile(r"/deals/new$"))
            enter(ns, ns.url, deal, back=r"/ns(#.*)?$")
            if number < 3:
                seen(ew, ew.locator("[data-follow]"), f"Deal {number}")
                expect(boxes).to_have_count(number)
        # deal 3 came while East-West typed: a banner says so, the field keeps its "4"
        changed = ew.get_by_role("button", name="Deals changed — show them")
        expect(changed).to_be_visible(timeout=3_000 + ms(2))
        expect(ew.locator("#code")).to_have_value("4")
        expect(boxes).to_have_count(2)
        changed.tap()
        expect(boxes).to_have_count(3)
        expect(changed).to_be_hidden()
        assert ew.evaluate("window.keptSinceOpened") is True  # never reloaded
        for number, (lines, closing) in CHECKED.items():
            assert cells(ew, f"Deal {number}") == lines
            expect(ew.locator("table.check").nth(number - 1).locator(
                "xpath=following-sibling::p[1]")).to_have_text(closing)
        # "Confirm" first, "Enter our own version" second; no "Enter deal 1"
        actions = ew.locator("form.confirm button, p.actions a")
        expect(actions).to_have_text(["Confirm", "Enter our own version"])
        expect(ew.get_by_role("link", name="Enter deal 1")).to_have_count(0)
        # it asked at most once every 2 seconds (when each ask started, as the page
        # timed it); an unchanged page answered 304 with no page, a changed one the page
        fetched = """() => performance.getEntriesByType("resource")
            .filter(e => e.initiatorType === "fetch").map(e => [e.startTime, e.responseStatus])"""
        ew.wait_for_function(f"() => ({fetched})().some(([_start, status]) => status === 304)",
                             timeout=3_000 + ms(2))  # its next look, nothing changed since
        asked = ew.evaluate(fetched)
        gaps = [b[0] - a[0] for a, b in zip(asked, asked[1:], strict=False)]
        assert gaps, asked
        assert min(gaps) >= 1990, gaps
        assert {status for _start, status in asked} == {200, 304}, asked
        shots(ew, tmp_path, "checking")
        ew.get_by_role("button", name="Confirm").tap()
        expect(ew.get_by_text("Confirmed by both sides")).to_be_visible()
        # the director's page shows it by itself
        seen(phone, phone.locator("table.tables tbody tr").first, "12–8")
        assert cells(phone, "Turn 1")[0][3:] == ["950–790", "12–8"]
        shots(phone, tmp_path, "director")
    finally:
        ns.context.close()
        ew.context.close()


def test_a_phone_handed_across_confirms_only_with_the_other_pairs_code(
        app, live_server, browser, phone, tmp_path):
    from event_steps import post_deal
    from support import evening, table_side

    client = app.test_client()
    event = evening(client, PAIRS, turns="4x3")
    path = _links(client, event)
    link = live_server + path
    own = phone_context(browser).new_page()
    try:
        # East-West's own phone: its code chosen the first time its page opens
        own.goto(link)
        choose(own, "East-West")
        own.get_by_label("Choose your pair’s code").fill("47")
        own.get_by_role("button", name="Save our code").tap()
        expect(own.get_by_label("Choose your pair’s code")).to_have_count(0)
        # North-South's phone (its deals entered on its other device); it hands itself across
        phone.goto(link)
        choose(phone, "North-South")
        other = app.test_client()
        table_side(other, path, "ns")
        for deal in (DEAL_A, DEAL_C, DEAL_D):
            post_deal(other, f"{path}/ns/deals/new", deal)
        across = phone.get_by_role("link", name="Hand this phone across")
        expect(across).to_be_visible(timeout=3_000 + ms(2))  # its page follows by itself
        across.tap()
        phone.wait_for_url(re.compile(r"/ew$"))
        expect(phone.get_by_label("Your pair’s code")).to_be_visible()
        # without the code, then with North-South's guess: refused, nothing confirmed
        phone.get_by_role("button", name="Confirm").tap()
        expect(phone.locator("#code-errors")).to_have_text("Type your pair’s code: two digits.")
        shots(phone, tmp_path, "handed-refused")
        phone.get_by_label("Your pair’s code").fill("12")
        phone.get_by_role("button", name="Confirm").tap()
        expect(phone.locator("#code-errors")).to_have_text(
            "Wrong code: 2 more tries before a pause.")
        rows = client.get(event).get_data(as_text=True)
        assert "Waiting for confirmation" in rows
        # East-West types its own code: confirmed
        phone.get_by_label("Your pair’s code").fill("47")
        phone.get_by_role("button", name="Confirm").tap()
        expect(phone.get_by_text("Confirmed by both sides")).to_be_visible()
        # its own phone, left open, shows it by itself
        seen(own, own.locator("[data-follow]"), "Confirmed by both sides")
    finally:
        own.context.close()
