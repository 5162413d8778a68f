"""Without a network, the family still sees the count: the deal form's Save bar shows each
side's figure for the deal and its running total from the phone's own referee (static/js/
count.js), the board's waiting rows and a table phone's waiting deals their counts, each
saying "Counting on this phone…" until the referee answers, never a bare "…". The page's
referee is started in the background as soon as the pack is held (static/js/phone.js),
before anything asks it.

Buraco Aberto, seed 001 (a clean canastra 200, going out 100, §04; cards left in hand
subtracted, §09); Italian Burraco for the evening (event_steps: DEAL_C 100 – 100, DEAL_D
250 – 580)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from browser_pages import STEP
from event_steps import DEAL_C, DEAL_D, enter, first_deal_kept, north_south_phone
from playwright.sync_api import expect
from test_browser_outbox import START, _answer, _ready
from waiting import until
from warm_referee import pack_held

pytestmark = pytest.mark.browser

#: Every "counting on this phone" a page shows, as it is added: the Save bar's
#: (p.counting), a board row's (span[data-counting]), a table's waiting deal's
#: (span[data-counted]), with the time it came, in ms of the page's clock.
SEEN = """(() => {
  window.__counting = [];
  const said = "p.counting, span[data-counting], span[data-counted]";
  new MutationObserver((changes) => changes.forEach((change) => {
    change.addedNodes.forEach((node) => {
      if (node.nodeType !== 1) { return; }
      [node, ...node.querySelectorAll(said)].filter((e) => e.matches(said)).forEach((e) => {
        window.__counting.push(e.textContent);
      });
    });
  })).observe(document, {childList: true, subtree: true});
})();"""

#: The page's referee, started in the background: true once it answered.
WARMED = "async () => !!window.Scorekeeper.warmed && await window.Scorekeeper.warmed"


def _by_counts(page: Any, side0: dict[str, str], side1: dict[str, str]) -> None:
    page.locator("fieldset.side").nth(0).get_by_label("Counts").tap()
    expect(page.locator("fieldset.side").nth(1)).to_have_attribute("data-mode", "counts")
    for i, fields in enumerate((side0, side1)):
        for name, value in fields.items():
            page.fill(f"#sides-{i}-{name}", value)


def _bar(page: Any, deal: list[str], running: list[str], names: list[str] | None = None) -> None:
    """The Save bar's count once it came: each side's figure for the deal, its running
    total and (``names``) its name."""
    expect(page.locator("#bar ul.live b")).to_have_text(deal)
    expect(page.locator("#bar ul.live small")).to_have_text(running)
    if names:
        expect(page.locator("#bar ul.live .name")).to_have_text(names)


def test_offline_the_deal_form_and_the_board_count_on_the_phone(app, phone, live_server,
                                                                referee_snapshot):
    app.config["OFFLINE_PACK"] = True
    referee_snapshot.warm(phone.context, live_server)  # its first start is another test's
    phone.context.add_init_script(SEEN)
    phone.set_default_timeout(START)
    board = _ready(phone, live_server)
    phone.set_default_timeout(STEP)
    # deal 1 online: 180 + 200 + 100 − 15 = 465 and 60 − 30 = 30
    phone.goto(board + "/deals/new")
    _by_counts(phone, {"table_points": "180", "clean": "1", "hand_points": "15"},
               {"table_points": "60", "hand_points": "30"})
    _answer(phone, "Nós")
    phone.get_by_role("button", name="Save the deal").tap()
    phone.wait_for_url(re.compile(re.escape(board) + "(#.*)?$"))
    # the next deal's form and the match's document kept again, with deal 1
    until(phone, """async (board) => {
        const kept = await caches.match(board + "/match.json", {cacheName: "scorekeeper-pages"});
        return kept && (await kept.json()).match.deals.length === 1;
    }""", board)
    # deal 2's form, opened online: its referee starts before anything asks it
    phone.goto(board + "/deals/new")
    pack_held(phone)
    until(phone, WARMED, timeout_ms=START)
    assert phone.evaluate("window.__counting") == []  # nothing asked it yet
    phone.context.set_offline(True)
    try:
        # deal 2: 95 − 40 = 55 and 240 + 200 + 100 = 540, Eles went out
        _by_counts(phone, {"table_points": "95", "hand_points": "40"},
                   {"table_points": "240", "clean": "1"})
        _answer(phone, "Eles")
        expect(phone.locator("#bar .banner")).to_have_text(
            "No connection: the melds are checked on this phone, and a saved deal is kept on "
            "it until the server answers.")
        _bar(phone, ["+55", "+540"], ["520", "570"], ["Nós", "Eles"])
        expect(phone.locator("#bar .counting")).to_have_count(0)
        assert set(phone.evaluate("window.__counting")) == {"Counting on this phone…"}
        phone.get_by_role("button", name="Save the deal").tap()
        phone.wait_for_url(re.compile(r"#outbox$"))
        # the board's waiting row: counting, then the phone's figures
        expect(phone.locator("#pending-1 b").first).to_have_text("520+55")
        expect(phone.locator("#pending-1 b").nth(1)).to_have_text("570+540")
        expect(phone.locator("#outbox [data-rows] [data-counting]")).to_have_count(0)
        assert set(phone.evaluate("window.__counting")) == {"Counting on this phone…"}
        expect(phone.locator("#total-0")).to_have_text("520")
        # deal 3's form, opened without a network: each side's total in its legend counts
        # deal 2, and the bar counts deal 3 after it: 60 − 30 = 30 and 465
        phone.goto(board + "/deals/new")
        expect(phone.locator("h1")).to_have_text("Deal 3")
        expect(phone.locator("fieldset.side > legend > small.num")).to_have_text(["520", "570"])
        _by_counts(phone, {"table_points": "60", "hand_points": "30"},
                   {"table_points": "180", "clean": "1", "hand_points": "15"})
        _answer(phone, "Eles")
        _bar(phone, ["+30", "+465"], ["550", "1,035"])
    finally:
        phone.context.set_offline(False)


def test_a_table_phone_counts_its_waiting_deals(app, phone, live_server, referee_snapshot):
    from support import evening

    app.config["OFFLINE_PACK"] = True
    referee_snapshot.warm(phone.context, live_server)
    phone.context.add_init_script(SEEN)
    client = app.test_client()
    event = evening(client, "Rossi\tBianchi\nVerdi\tNeri\nGialli\tBruni\nMarroni\tRosa",
                    turns="3x4")
    phone.set_default_timeout(START)
    # the phone of Rossi – Bianchi
    side = north_south_phone(phone, client, live_server, f"{event}/turns/1/tables/1")
    # a table's phone is asked first (test_browser_table_pack.py)
    phone.locator("#pack [data-offer]").get_by_role("button", name="Keep the referee").tap()
    pack_held(phone)
    until(phone, WARMED, timeout_ms=START)
    phone.set_default_timeout(STEP)
    first_deal_kept(phone, side)
    phone.context.set_offline(True)
    try:
        phone.get_by_role("link", name="Enter deal 2").tap()
        phone.wait_for_url(re.compile(r"/deals/new$"))
        enter(phone, phone.url, DEAL_C, back=r"/ns#outbox$")
        phone.get_by_role("link", name="Enter deal 3").tap()
        phone.wait_for_url(re.compile(r"/deals/new$"))
        # the table's deal counted on its own, as the server judges it: 250 | 300 + 200 +
        # closing 100 − 20 = 580
        sides = phone.locator("fieldset.side")
        for i, (points, clean, hand) in enumerate(DEAL_D[:2]):
            sides.nth(i).get_by_label("Counts").click()
            phone.fill(f"#sides-{i}-table_points", str(points))
            phone.fill(f"#sides-{i}-clean", str(clean))
            phone.fill(f"#sides-{i}-hand_points", str(hand))
            sides.nth(i).locator('input[name$="-morto"][value="taken"]').check()
        phone.locator('input[name="went_out"][value="1"]').check()
        _bar(phone, ["+250", "+580"], ["250", "580"])
        phone.get_by_role("button", name="Save the deal").click()
        phone.wait_for_url(re.compile(r"/ns#outbox$"))
        expect(phone.locator("#waiting [data-rows] li")).to_have_text([
            "Deal 2 North-South 100 · East-West 100",
            "Deal 3 North-South 250 · East-West 580"], use_inner_text=True)
        said = phone.evaluate("window.__counting")
        assert len(said) >= 2  # one a waiting deal, or more: the list is drawn again
        assert set(said) == {"Counting on this phone…"}
    finally:
        phone.context.set_offline(False)
