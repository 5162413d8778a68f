"""A pair withdrawn from a club's evening by its director on a phone (docs/contract.md,
"Withdrawal"): a Mitchell of 8 pairs, Verdi – Neri leave after turn 1; turn 2 seats them
nowhere, Neri – Bassi (who would have met them at table 2) sit out with the bye's 10 VP,
and the standings mark them.

The deals (event_steps): A makes 600 | 110, C 100 | 100, D 250 | 580; the F.I.Bur. scale of
2 deals. Turn 1: 1 v 5 AA 1,200 – 220 (980 apart: 19 – 1); 2 v 6 CD 350 – 680 (330: 6 – 14);
3 v 7 CC 200 – 200 (10 – 10); 4 v 8 AC 700 – 210 (490: 15 – 5)."""

from __future__ import annotations

import re

import pytest
from event_steps import DEAL_A, DEAL_C, DEAL_D, cells, post_deal, seated_evening
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PAIRS = ["Rossi\tBianchi", "Verdi\tNeri", "Gialli\tBruni", "Marroni\tRosa", "Neri\tBassi",
         "Conti\tGalli", "Fabbri\tLeone", "Sala\tLongo"]
TURN_1 = {1: (DEAL_A, DEAL_A), 2: (DEAL_C, DEAL_D), 3: (DEAL_C, DEAL_C), 4: (DEAL_A, DEAL_C)}


def test_a_pair_withdrawn_after_turn_1_of_a_mitchell(app, live_server, phone, browser, tmp_path):
    def _shot(page, name: str) -> None:  # to look at (pytest's tmp_path), not compared
        page.screenshot(path=str(tmp_path / f"{name}.png"), full_page=True)

    event = seated_evening(phone, live_server, "\n".join(PAIRS), 8)
    client = app.test_client()  # the tables' papers, entered on the director's other device
    for table, deals in TURN_1.items():
        for deal in deals:
            post_deal(client, f"{event.removeprefix(live_server)}/turns/1/tables/{table}"
                      "/deals/new", deal)
    phone.goto(event)
    expect(phone.get_by_role("button", name="Seat turn 2")).to_be_visible()

    # the director withdraws Verdi – Neri: chosen by name, then what it does, said
    phone.get_by_text("Withdraw a pair").tap()
    phone.get_by_label("Who leaves the evening?").select_option(label="Verdi – Neri · from turn 2")
    _shot(phone, "withdraw-390")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.get_by_role("button", name="Next").tap()
    expect(phone.locator("main p.banner")).to_have_text(
        "This pair leaves the evening from turn 2: Verdi – Neri.")
    expect(phone.get_by_text("A pair left without opponents sits out the turn, with 10 VP.")
           ).to_be_visible()
    phone.get_by_label("Why (kept in the evening’s history)").fill("a family emergency")
    _shot(phone, "withdraw-confirm-390")
    phone.get_by_role("button", name="Withdraw the pair").tap()
    phone.wait_for_url(event)
    expect(phone.locator("p.withdrawn")).to_have_text(
        re.compile(r"Withdrawn pairs:\s+Verdi – Neri \(from turn 2\)\s+Bring back"))

    # turn 2: table 2 (theirs) is not played, its East-West pair sits out
    phone.get_by_role("button", name="Seat turn 2").tap()
    expect(phone.get_by_role("caption").filter(has_text="Turn 2")).to_be_visible()
    assert [row[:3] for row in cells(phone, "Turn 2")] == [
        ["1", "Rossi – Bianchi", "Sala – Longo"], ["3", "Gialli – Bruni", "Conti – Galli"],
        ["4", "Marroni – Rosa", "Fabbri – Leone"]]
    expect(phone.get_by_text("Sitting out this turn: Neri – Bassi")).to_be_visible()
    # Neri – Bassi: 1 + the bye's 10; Verdi – Neri keep turn 1's 6 VP and 350 MP, marked
    assert cells(phone, "Standings") == [
        ["1", "Rossi – Bianchi", "19", "1,200"], ["2", "Marroni – Rosa", "15", "700"],
        ["3", "Conti – Galli", "14", "680"], ["4", "Neri – Bassi", "11", "220"],
        ["5", "Gialli – Bruni", "10", "200"], ["5", "Fabbri – Leone", "10", "200"],
        ["7", "Verdi – Neri (withdrawn)", "6", "350"], ["8", "Sala – Longo", "5", "210"]]
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    _shot(phone, "withdrawn-390")
    # the smallest phone: the form and the lists fit
    small = browser.new_context(viewport={"width": 320, "height": 568}, has_touch=True,
                                is_mobile=True, device_scale_factor=1, locale="en-US")
    try:
        page = small.new_page()
        page.goto(event)
        page.get_by_text("Withdraw a pair").tap()
        expect(page.get_by_label("Who leaves the evening?")).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= 320
        _shot(page, "withdraw-320")
        page.get_by_role("button", name="Next").tap()
        expect(page.get_by_role("button", name="Withdraw the pair")).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= 320
        _shot(page, "withdraw-confirm-320")
    finally:
        small.close()
