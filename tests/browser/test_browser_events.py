"""A club's evening run by its director in a real browser, from the table's paper: the
evening made, its pairs pasted, the first turn seated, every table's deals entered by
counts on the one-screen deal form, the standings worked out by hand; then the same
evening on a laptop's screen (docs/contract.md, "Events")."""

from __future__ import annotations

import pytest
from event_steps import DEAL_A, DEAL_C, cells, enter, seated_evening
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

def test_an_evening_from_paper_at_the_phone_and_on_a_laptop(phone, live_server, browser):
    event = seated_evening(phone, live_server,
                           "Rossi\tBianchi\nVerdi\tNeri\nGialli\tBruni\nMarroni\tRosa", 4)
    assert cells(phone, "Turn 1") == [
        ["1", "Rossi – Bianchi", "Gialli – Bruni", "Not started"],
        ["2", "Verdi – Neri", "Marroni – Rosa", "Not started"]]
    for table, deals in ((1, (DEAL_A, DEAL_A)), (2, (DEAL_C, DEAL_A))):
        for deal in deals:
            enter(phone, f"{event}/turns/1/tables/{table}/deals/new", deal)
    # table 1: 1200 against 220, 980 apart: 19–1 (2 deals, 875–1000);
    # table 2: 700 against 210, 490 apart: 15–5 (405–500)
    expect(phone.locator("p.banner.win")).to_have_text(
        "Match points: 700 – 210. Victory points: 15 – 5.")
    phone.goto(event)
    expect(phone.get_by_role("button", name="Seat turn 2")).to_be_visible()
    assert cells(phone, "Standings") == [
        ["1", "Rossi – Bianchi", "19", "1,200"], ["2", "Verdi – Neri", "15", "700"],
        ["3", "Marroni – Rosa", "5", "210"], ["4", "Gialli – Bruni", "1", "220"]]
    wide = phone.evaluate("document.documentElement.scrollWidth")
    assert wide <= 390, wide
    laptop = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = laptop.new_page()
        page.goto(event)
        assert cells(page, "Standings")[0] == ["1", "Rossi – Bianchi", "19", "1,200"]
        assert page.evaluate("document.documentElement.scrollWidth") <= 1280
    finally:
        laptop.close()
