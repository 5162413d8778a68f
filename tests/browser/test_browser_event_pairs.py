"""A table's phone belongs to the pair that chose it by name on the table's page: once
the director seats the next turn, the phone left open opens its pair's new table and
side by itself, and it enters and confirms nothing at the table the pair left.

Four pairs at two tables, Mitchell: turn 1, table 1 Rossi – Bianchi (NS) v Gialli – Bruni
(EW); turn 2, East-West moves on: table 1 Rossi – Bianchi v Marroni – Rosa, table 2
Verdi – Neri v Gialli – Bruni. Gialli – Bruni's phone is the browser's; the other pairs
enter and confirm through a Flask client on the same app (the director's other device)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from browser_pages import ms
from event_steps import DEAL_A, DEAL_C, choose, post_deal, shots
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

WHERE = "Gialli – Bruni: table 2, East-West now."


def _links(client: Any, event: str) -> list[str]:
    return [re.search(r'href="https?://[^/"]+(/e/t/[^"]+)"', client.get(
        f"{event}/turns/1/tables/{table}").get_data(as_text=True)).group(1) for table in (1, 2)]


def _enter(app: Any, link: str, side: str, deals: list[Any]) -> None:
    """A side's deals from its own phone (a client of its own, made that side's pair's)."""
    from support import table_side

    client = app.test_client()
    table_side(client, link, side)
    for deal in deals:
        post_deal(client, f"{link}/{side}/deals/new", deal)


def _confirm(app: Any, link: str, side: str) -> None:
    """A side's confirmation from its own phone (no code asked)."""
    from support import form_fields, table_side

    client = app.test_client()
    url = table_side(client, link, side)
    response = client.post(f"{url}/confirm", data=form_fields(client, url))
    assert response.status_code == 302, response.get_data(as_text=True)[-2000:]


def test_a_pairs_phone_follows_it_to_its_new_table_and_acts_nowhere_else(
        app, live_server, phone, tmp_path):
    from support import evening, form_fields

    client = app.test_client()
    event = evening(client, "Rossi\tBianchi\nVerdi\tNeri\nGialli\tBruni\nMarroni\tRosa")
    one, two = _links(client, event)
    # the table card asks which pair this phone is, by name
    phone.goto(live_server + one)
    expect(phone.get_by_role("heading", name="Which pair are you?")).to_be_visible()
    expect(phone.locator("ul.choices a")).to_have_text(
        ["Rossi – Bianchi North-South", "Gialli – Bruni East-West"])
    shots(phone, tmp_path, "which-pair")
    choose(phone, "East-West")
    expect(phone.get_by_role("status").filter(has_text="This phone")).to_have_text(
        "This phone: Gialli – Bruni · East-West")
    # a deal form of turn 1 left open in another tab of the same phone
    kept = phone.context.new_page()
    kept.goto(live_server + one + "/ew/deals/new")
    expect(kept.locator("h1")).to_have_text("Deal 1")
    # turn 1: NS enters, this phone confirms; table 2 played; the director seats turn 2
    _enter(app, one, "ns", [DEAL_A, DEAL_C])
    phone.get_by_role("button", name="Confirm").tap()  # its page shows them by itself
    expect(phone.get_by_text("Confirmed by both sides")).to_be_visible()
    _enter(app, two, "ns", [DEAL_C, DEAL_C])
    _confirm(app, two, "ew")
    seated = client.post(f"{event}/turns", data=form_fields(client, event))
    assert seated.status_code == 302, seated.get_data(as_text=True)[-800:]
    # the phone, left on its page, opens its pair's new table and side by itself (its
    # next look, every 3 s, and its page's time)
    expect(phone).to_have_url(re.compile(rf"{re.escape(two)}/ew$"), timeout=5_000 + ms(5))
    expect(phone.locator("h1")).to_have_text("Table 2 · Turn 2")
    expect(phone.get_by_text(WHERE)).to_be_visible()
    expect(phone.get_by_role("link", name="Enter deal 1")).to_be_visible()
    shots(phone, tmp_path, "moved")
    # its old table's deal form, sent now: refused, saying where the pair sits
    sides = kept.locator("fieldset.side")
    for i in range(2):
        sides.nth(i).get_by_label("Counts").click()
        kept.fill(f"#sides-{i}-table_points", "100")
        sides.nth(i).locator('input[name$="-morto"][value="taken"]').check()
    kept.locator('input[name="went_out"][value=""]').check()
    kept.get_by_role("button", name="Save the deal").click()
    expect(kept.locator(".banner.bad")).to_have_text(
        f"This was typed for turn 1; turn 2 is in play. {WHERE}")
    shots(kept, tmp_path, "refused")
    kept.get_by_role("link", name="Go to table 2").tap()
    expect(kept).to_have_url(re.compile(rf"{re.escape(two)}/ew$"))
    # table 1's new NS enters its deals: its old link leads this phone to table 2 still,
    # where nothing waits for it to confirm
    _enter(app, one, "ns", [DEAL_A, DEAL_C])
    phone.goto(live_server + one + "/ew")
    expect(phone).to_have_url(re.compile(rf"{re.escape(two)}/ew$"))
    expect(phone.get_by_role("button", name="Confirm")).to_have_count(0)
    # table 1's card offers its own pairs now, Gialli – Bruni not among them
    phone.goto(live_server + one)
    expect(phone.locator("ul.choices a")).to_have_text(
        ["Rossi – Bianchi North-South", "Marroni – Rosa East-West"])
    rows = client.get(event).get_data(as_text=True)
    turn2 = rows[rows.index("<caption>Turn 2</caption>"):]
    assert "Waiting for confirmation" in turn2.split("</tr>")[1]  # table 1: Marroni – Rosa's
    assert "Not started" in turn2.split("</tr>")[2]  # table 2: nothing from the old form
