"""A table's phone that goes offline after an online save: the form it keeps for offline
use is kept again after each save (its deal's number and the sheet's version), so the
deals it then waits with reach the table in order, each with its own values, once the
network is back, with no reload of ours; a director's change to the table meanwhile
refuses them, named on the phone, and nothing is lost.

Italian Burraco, 3 turns of 4 deals (event_steps: DEAL_A 600 – 110, DEAL_C 100 – 100,
DEAL_D 250 – 580)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from browser_pages import ms
from event_steps import (
    DEAL_A,
    DEAL_C,
    DEAL_D,
    cells,
    enter,
    first_deal_kept,
    north_south_phone,
    post_deal,
)
from playwright.sync_api import expect
from waiting import until

pytestmark = pytest.mark.browser


def _side_phone(app: Any, live_server: str, phone: Any) -> tuple[Any, str, str, str]:
    """An evening, its table 1's NS phone with the service worker in control, deal 1
    saved online; the form kept for offline use kept again at the sheet's version 2."""
    from support import evening

    client = app.test_client()
    event = evening(client, "Rossi\tBianchi\nVerdi\tNeri\nGialli\tBruni\nMarroni\tRosa",
                    turns="3x4")
    table = f"{event}/turns/1/tables/1"
    side = north_south_phone(phone, client, live_server, table)  # the phone of Rossi – Bianchi
    first_deal_kept(phone, side)
    return client, event, table, side


def _offline_deals(phone: Any, side: str) -> None:
    """Deals 2 and 3 entered without a network, on the kept form."""
    phone.context.set_offline(True)
    for count, deal in ((2, DEAL_C), (3, DEAL_D)):
        phone.goto(side)
        phone.get_by_role("link", name=f"Enter deal {count}").tap()
        phone.wait_for_url(re.compile(r"/deals/new$"))
        expect(phone.locator("h1")).to_have_text(f"Deal {count}")
        enter(phone, phone.url, deal, back=r"/ns#outbox$")
        expect(phone.locator("#waiting [data-count]")).to_have_text(str(count - 1))
    expect(phone.locator("#waiting [data-rows] li")).to_have_text(["Deal 2", "Deal 3"])


def test_deals_typed_offline_after_an_online_save_reach_the_table_in_order(app, live_server,
                                                                          phone):
    client, _event, table, side = _side_phone(app, live_server, phone)
    _offline_deals(phone, side)
    phone.context.set_offline(False)  # the page sends them by itself
    rows = phone.locator("table:has(caption:text-is('Our deals')) tbody tr")
    expect(rows).to_have_count(3, timeout=ms(10))
    assert cells(phone, "Our deals") == [["1", "600", "110", "Fix"], ["2", "100", "100", "Fix"],
                                         ["3", "250", "580", "Fix"]]
    expect(phone.locator("#waiting")).to_be_hidden()
    page = client.get(table).get_data(as_text=True)
    entered = re.search(r"Entered by North-South</caption>(.*?)</table>", page, re.S).group(1)
    assert len(re.findall(r'<tr><th scope="row">', entered)) == 3  # once each


def test_deals_waiting_after_the_director_changed_the_table_are_refused_named(app, live_server,
                                                                              phone):
    client, _event, table, side = _side_phone(app, live_server, phone)
    _offline_deals(phone, side)
    # the director enters deal 1 of the table from its paper meanwhile
    post_deal(client, f"{table}/deals/new", DEAL_A)
    phone.context.set_offline(False)
    why = phone.locator("#waiting [data-why]")
    expect(why).to_have_text("The director entered deal 1 of this table.", timeout=ms(10))
    expect(phone.locator("#waiting [data-count]")).to_have_text("1")  # deal 3, behind it
    # nothing lost: both wait on the phone; the table has NS's deal 1 alone
    waiting = until(phone, """async (token) => new Promise((done) => {
        navigator.serviceWorker.addEventListener("message", (e) => {
            if (e.data && e.data.type === "outbox" && e.data.token === token) {
                done(e.data.entries.length);
            }
        });
        navigator.serviceWorker.controller.postMessage({type: "outbox", token});
    })""", side.split("/e/t/")[1])
    assert waiting == 2
    page = client.get(table).get_data(as_text=True)
    entered = re.search(r"Entered by North-South</caption>(.*?)</table>", page, re.S).group(1)
    assert len(re.findall(r'<tr><th scope="row">', entered)) == 1
    # opened as typed: the server's own form, with what changed and deal 2's values
    phone.get_by_role("button", name="Open it").tap()
    phone.wait_for_url(re.compile(r"/deals/new"))
    expect(phone.locator(".banner.bad")).to_contain_text(
        "The director entered deal 1 of this table.")
    assert phone.input_value("#sides-0-table_points") == "100"
