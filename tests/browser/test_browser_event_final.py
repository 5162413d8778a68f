"""Provisional, then final, on real phones: during the correction window a pair flags a
deal from its phone and the director's page, open since before and never reloaded, shows
the flag within 5 seconds; the director closes the evening, and from then on no phone
can flag or change anything (a phone's form typed before the closing is refused in words,
a phone left open shows the results final by itself); the players' file carries the
member numbers and says the results are final.

Four pairs with member numbers, one turn of 2 deals (Mitchell, Italian Burraco): table 1
Rossi – Bianchi (NS) v Gialli – Bruni (EW), deals A and C (event_steps) entered by
North-South's other device and confirmed on East-West's phone: 700 – 210, 15 – 5 VP;
table 2's deals entered by the director."""

from __future__ import annotations

import csv
import io
import re
from typing import Any

import pytest
from browser_pages import phone_context
from event_steps import DEAL_A, DEAL_C, choose, post_deal, seen
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

#: A header row, then each pair's players and member numbers as a club's sheet has them.
MEMBERS = ("Nome\tTessera\tNome\tTessera\n"
           "Rossi\t1234\tBianchi\t5678\n"
           "Verdi;Neri;;9012\n"
           "Gialli\tBruni\n"
           "Marroni – Rosa; 3456\n")


def _one_turn(client: Any) -> str:
    """The evening made through the director's pages (its other device), cut to one turn,
    seated."""
    from support import evening, form_fields

    event = evening(client, MEMBERS, seated=False)
    response = client.post(f"{event}/plan", data={**form_fields(client, f"{event}/plan"),
                                                  "turns": "1", "plan-0-movement": "mitchell"})
    assert response.status_code == 302, response.get_data(as_text=True)[-1500:]
    response = client.post(f"{event}/turns", data=form_fields(client, event))
    assert response.status_code == 302, response.get_data(as_text=True)[-1500:]
    return event


def _link(client: Any, event: str) -> str:
    found = re.search(r'href="https?://[^/"]+(/e/t/[^"]+)"', client.get(
        f"{event}/turns/1/tables/1").get_data(as_text=True))
    assert found
    return found.group(1)


def test_a_flag_shows_on_the_directors_page_and_after_closing_no_phone_changes_anything(
        app, live_server, browser, phone):
    from support import table_side

    client = app.test_client()
    event = _one_turn(client)
    path = _link(client, event)
    link = live_server + path
    other = app.test_client()  # North-South's other device enters its deals
    table_side(other, path, "ns")
    for deal in (DEAL_A, DEAL_C):
        post_deal(other, f"{path}/ns/deals/new", deal)
    for _ in range(2):  # table 2 from its paper, by the director
        post_deal(client, f"{event}/turns/1/tables/2/deals/new", DEAL_C)
    ns, ew = phone_context(browser).new_page(), phone_context(browser).new_page()
    try:
        phone.goto(live_server + event)  # the director's page, open from now on
        ew.goto(link)
        choose(ew, "East-West")
        ew.get_by_role("button", name="Confirm").tap()
        expect(ew.get_by_text("Confirmed by both sides")).to_be_visible()
        # every turn played: the director's page says so by itself, results provisional
        seen(phone, phone.locator("[data-follow]"), "Before closing: a second look")
        expect(phone.locator("[data-standing=provisional]")).to_contain_text(
            "Provisional results: pairs can flag a deal from their phones")
        phone.evaluate("window.keptSinceOpened = true")
        # North-South's own phone flags deal 2 during the window
        ns.goto(link)
        choose(ns, "North-South")
        ns.get_by_text("We think a deal is wrong").tap()
        ns.get_by_label("Deal", exact=True).select_option(label="Deal 2")
        ns.get_by_label("What is wrong?").fill("Nobody closed, but we had a clean burraco")
        ns.get_by_role("button", name="Send to the director").tap()
        expect(ns.locator("ul.flags")).to_contain_text(
            "Turn 1 · table 1 · deal 2: Nobody closed, but we had a clean burraco")
        flags = phone.locator("ul.flags")
        seen(phone, flags, "Rossi – Bianchi · North-South: Turn 1 · table 1 · deal 2")
        expect(flags).to_contain_text("Nobody closed, but we had a clean burraco")
        assert phone.evaluate("window.keptSinceOpened") is True  # never reloaded
        # North-South starts another flag; the director closes the evening meanwhile
        ns.get_by_text("We think a deal is wrong").tap()
        ns.get_by_label("What is wrong?").fill("And deal 1 too")
        phone.get_by_role("button", name="Close the evening").tap()
        expect(phone.locator("[data-standing=final]")).to_contain_text("Final results since")
        # East-West's phone, left open, shows the results final by itself, no form to flag
        seen(ew, ew.locator("[data-follow]"),
              "Final results: nothing can be flagged or changed any more.")
        expect(ew.get_by_text("We think a deal is wrong")).to_have_count(0)
        # the form North-South typed before the closing is refused, in words
        ns.get_by_role("button", name="Send to the director").tap()
        expect(ns.locator(".banner.bad")).to_contain_text(
            "The results of this evening are final: nothing can be entered, confirmed or "
            "flagged any more.")
        expect(ns.locator("ul.flags li")).to_have_count(1)
        ns.goto(f"{link}/ns/deals/1/edit")  # nothing to change either
        expect(ns).to_have_url(re.compile(r"/ns$"))
        # the federation's file: member numbers, the results final
        response = phone.request.get(f"{live_server}{event}/players.csv")
        assert response.status == 200
        rows = list(csv.reader(io.StringIO(response.text())))
        assert rows[0][-1] == "standings"
        members = {row[2]: row[1] for row in rows[1:]}
        assert members == {"Rossi": "1234", "Bianchi": "5678", "Verdi": "", "Neri": "9012",
                           "Gialli": "", "Bruni": "", "Marroni": "3456", "Rosa": ""}
        assert {row[-1] for row in rows[1:]} == {"final"}
    finally:
        ns.context.close()
        ew.context.close()
