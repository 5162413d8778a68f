"""Deals saved without a network: kept in the phone's outbox (templates/sw.js), shown on
the scoreboard with the phone referee's totals (js/outbox.js), sent once the server
answers again, applied once, and a deal the server can no longer take as it is (another
phone changed the match meanwhile) offered on the server's "this match changed" page.

Buraco Aberto, seed 001: card values §03 (3–7: 5, 8–K: 10), a clean canastra 200 and
going out 100 (§04), cards left in hand subtracted (§09)."""

from __future__ import annotations

import json
import re

import pytest
from browser_pages import STEP, ms
from match_steps import start_match, stored
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect
from waiting import under_worker, until
from warm_referee import take_pack

from scorekeeper.web import offline

pytestmark = pytest.mark.browser

#: Python's first start on this machine takes tens of seconds (tools/offline_pack.py).
START = ms(180)

#: The phone's outbox, as the service worker keeps it.
OUTBOX = """() => new Promise((resolve, reject) => {
  const open = indexedDB.open("scorekeeper", 1);
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const request = open.result.transaction("outbox").objectStore("outbox").getAll();
    request.onsuccess = () => { open.result.close(); resolve(JSON.stringify(request.result)); };
  };
})"""

#: An entry put back into the outbox as it was (a deal the phone sends a second time).
PUT_BACK = """(entry) => new Promise((resolve, reject) => {
  const open = indexedDB.open("scorekeeper", 1);
  open.onsuccess = () => {
    const tx = open.result.transaction("outbox", "readwrite");
    delete entry.id;
    tx.objectStore("outbox").add(entry);
    tx.oncomplete = () => { open.result.close(); resolve(); };
    tx.onerror = () => reject(tx.error);
  };
})"""

SYNC = "() => navigator.serviceWorker.controller.postMessage({type: 'sync'})"


def sync_now(page) -> None:
    """Ask the service worker to send the outbox now. Back online, it may already be
    sending on its own, and the page reloading once all is sent: an evaluation that the
    reload cuts short has asked for the same sending (the caller checks what arrived)."""
    try:
        page.evaluate(SYNC)
    except PlaywrightError as error:
        if "Execution context was destroyed" not in str(error):
            raise


def _ready(page, base: str, dealer: str | None = None) -> str:
    """A new match, its scoreboard opened once online, the offline pack and the referee's
    snapshot on the phone, the next deal's form and the match document kept; ``dealer``:
    who the players say deals first."""
    board = start_match(page, base)
    if dealer:
        page.goto(board + "/dealer")
        page.get_by_role("button", name=dealer).tap()
        page.wait_for_url(board)
    under_worker(page, board)
    take_pack(page)  # the scorer answers the question: "Keep the referee"
    version = offline.pack_version()
    # the phone's referee asked once online: Python's first start keeps its snapshot, which
    # every later start (the offline ones) restores
    assert page.evaluate("""() => window.Scorekeeper.referee(
        {kind: "check", body: {melds: ["5H 6H 7H"]}, lang: "en"}).then(a => a.status)""") == 200
    until(page, "async (name) => (await caches.keys()).includes(name)",
          f"scorekeeper-referee-{version}", timeout_ms=START, every_ms=1000)
    until(page, """async (board) => {
        const keys = (await (await caches.open("scorekeeper-pages")).keys()).map(k => k.url);
        return keys.includes(board + "/deals/new") && keys.includes(board + "/match.json");
    }""", board)
    return board


def _count_deal(page, board: str, number: int, side0: dict[str, str], side1: dict[str, str],
                went_out: str, turn: tuple[str, str] | None = None) -> None:
    page.goto(board + "/deals/new")
    # the form kept on the phone counts the deals waiting before it, and the dealer with them
    expect(page.locator("h1")).to_have_text(f"Deal {number}")
    if turn:
        expect(page.locator(".turn b")).to_have_text(list(turn))
    page.locator("fieldset.side").nth(0).get_by_label("Counts").tap()
    expect(page.locator("fieldset.side").nth(1)).to_have_attribute("data-mode", "counts")
    for i, fields in enumerate((side0, side1)):
        for name, value in fields.items():
            page.fill(f"#sides-{i}-{name}", value)
    _answer(page, went_out)
    page.get_by_role("button", name="Save the deal").tap()
    page.wait_for_url(re.compile(r"/m/[^/]+#outbox$"))


def _answer(page, went_out: str) -> None:
    """Who went out, and both mortos taken: the form answers neither (seed 001 §07)."""
    page.locator("fieldset.end").get_by_label(went_out, exact=True).tap()
    for i in (0, 1):
        page.locator(f'input[name="sides-{i}-morto"][value="taken"]').tap()


def test_a_match_entered_offline_syncs_once_with_the_phones_totals(app, phone, live_server):
    app.config["OFFLINE_PACK"] = True
    phone.set_default_timeout(START)
    board = _ready(phone, live_server, dealer="Eles")
    phone.set_default_timeout(STEP)
    token = board.rsplit("/", 1)[1]
    # two seats: Eles deal first, Nós play first; then the deal passes (seed 001 §01, §03)
    expect(phone.locator(".dealer .turn b")).to_have_text(["Eles", "Nós"])
    phone.context.set_offline(True)
    try:
        # deal 1, card by card: 5♥…J♥ is a clean canastra, 55 + 200 − 10 = 245;
        # 3♠ 4♠ 5♠ 6♠ is 20, − 25 in hand = −5
        phone.goto(board + "/deals/new")
        phone.fill("#sides-0-melds", "5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥")
        phone.fill("#sides-0-hand_points", "10")
        phone.fill("#sides-1-melds", "3♠ 4♠ 5♠ 6♠")
        phone.fill("#sides-1-hand_points", "25")
        # unanswered, the server cannot ask: the page asks, and the outbox takes nothing
        phone.get_by_role("button", name="Save the deal").tap()
        expect(phone.locator("fieldset.end .errors")).to_contain_text("Who went out?")
        expect(phone.locator("fieldset.side").nth(1).locator(".radios .errors")).to_have_text(
            "Did this side take its morto? Tap the answer.")
        assert json.loads(phone.evaluate(OUTBOX)) == []
        _answer(phone, "Nobody: the stock ran out")
        phone.get_by_role("button", name="Save the deal").tap()
        phone.wait_for_url(re.compile(r"#outbox$"))
        expect(phone.locator("#pending-1 i")).to_have_text("1")
        expect(phone.locator("#total-0")).to_have_text("245", timeout=ms(30))  # the worker starts
        expect(phone.locator("#total-1")).to_have_text("\u22125")  # a true minus sign
        expect(phone.locator(".dealer .turn b")).to_have_text(["Nós", "Eles"])
        # deal 2 by counts: 180 + 200 + 100 − 15 = 465 and 60 − 30 = 30
        _count_deal(phone, board, 2, {"table_points": "180", "clean": "1", "hand_points": "15"},
                    {"table_points": "60", "hand_points": "30"}, "Nós", turn=("Nós", "Eles"))
        # deal 3 by counts: 95 − 40 = 55 and 240 + 200 + 100 = 540
        _count_deal(phone, board, 3, {"table_points": "95", "hand_points": "40"},
                    {"table_points": "240", "clean": "1"}, "Eles", turn=("Eles", "Nós"))
        expect(phone.locator(".dealer .turn b")).to_have_text(["Nós", "Eles"])
        expect(phone.locator("#total-0")).to_have_text("765")
        expect(phone.locator("#total-1")).to_have_text("565")
        # reloaded offline: the deals still wait, with the same totals
        phone.reload()
        expect(phone.locator("#outbox [data-count]")).to_have_text("3")
        expect(phone.locator("#pending-3 b").first).to_contain_text("765+55")
        expect(phone.locator("#total-0")).to_have_text("765")
        expect(phone.locator("#total-1")).to_have_text("565")
        entries = json.loads(phone.evaluate(OUTBOX))
        assert [e["expect"] for e in entries] == [2, 3, 4]  # version 2: the dealer chosen
        assert len({dict(e["fields"])["idem"] for e in entries}) == 3  # a key each
        assert stored(app, token) == (0, [0, 0])  # nothing reached the server
    finally:
        phone.context.set_offline(False)
    # back online: sent in order, the scoreboard is the server's, with the same totals
    phone.reload()
    expect(phone.locator("#outbox")).to_be_hidden()
    expect(phone.locator("#deal-3")).to_be_visible()
    expect(phone.locator("#total-0")).to_have_text("765")
    assert stored(app, token) == (3, [765, 565])
    # the same deal sent a second time (its answer lost on the way) is stored once
    phone.evaluate(PUT_BACK, entries[1])
    with phone.expect_navigation():  # sent, the scoreboard shows the server's again
        sync_now(phone)
    phone.wait_for_load_state()
    assert json.loads(phone.evaluate(OUTBOX)) == []
    expect(phone.locator("#total-0")).to_have_text("765")
    assert stored(app, token) == (3, [765, 565])


def test_a_deal_entered_offline_against_a_changed_match_meets_the_conflict_page(
        app, browser, phone, live_server):
    app.config["OFFLINE_PACK"] = True
    phone.set_default_timeout(START)
    board = _ready(phone, live_server)
    phone.set_default_timeout(STEP)
    token = board.rsplit("/", 1)[1]
    phone.context.set_offline(True)
    try:
        _count_deal(phone, board, 1, {"table_points": "70"}, {"table_points": "20"},
                    "Nobody: the stock ran out")
        expect(phone.locator("#total-0")).to_have_text("70", timeout=ms(30))
        # meanwhile another phone, online, saves the first deal
        other = browser.new_context(viewport={"width": 390, "height": 844})
        page = other.new_page()
        page.goto(board + "/deals/new")
        page.locator("fieldset.side").nth(0).get_by_label("Counts").click()
        page.fill("#sides-0-table_points", "15")
        page.fill("#sides-1-table_points", "35")
        page.locator("fieldset.end").get_by_label("Nobody: the stock ran out").click()
        for i in (0, 1):
            page.locator(f'input[name="sides-{i}-morto"][value="taken"]').click()
        page.get_by_role("button", name="Save the deal").click()
        page.wait_for_url(re.compile(r"#deal-1$"))
        other.close()
    finally:
        phone.context.set_offline(False)
    phone.reload()
    # the server refused it as it is: nothing overwritten, nothing dropped
    refused = phone.locator("#outbox [data-refused] li")
    expect(refused).to_have_count(1)
    expect(refused).to_contain_text("The server did not take a deal saved on this phone.")
    # why, before it is opened
    expect(refused).to_contain_text("The match changed on another phone since it was saved here.")
    expect(refused).to_contain_text("Deal 1 was added")  # what the server said changed
    # kept apart from the totals: the server's alone
    expect(phone.locator("#total-0")).to_have_text("15")
    assert stored(app, token) == (1, [15, 35])
    refused.get_by_role("button", name="Open it").tap()
    # the server's own page: what changed since, and the deal as typed, to save again
    expect(phone.locator("h1")).to_have_text("Deal 2")
    expect(phone.locator("main")).to_contain_text("Deal 1 was added")
    expect(phone.locator("#sides-0-table_points")).to_have_value("70")
    expect(phone.locator("#sides-1-table_points")).to_have_value("20")
    # opened, not thrown away: it stays until the server takes it
    [kept] = json.loads(phone.evaluate(OUTBOX))
    assert (kept["opened"], kept["refused"], kept["reason"]) == (True, 409, "stale")
    phone.get_by_role("button", name="Save the deal").tap()
    phone.wait_for_url(re.compile(r"#deal-2$"))
    assert stored(app, token) == (2, [85, 55])
    _emptied(phone)


def _emptied(page, timeout_ms: int = 10_000) -> None:
    """The outbox empties (the service worker saw the server take the last entry), within
    ``timeout_ms`` on a quiet host (``ms``)."""
    for _ in range(int(ms(timeout_ms / 1000) // 250)):
        if json.loads(page.evaluate(OUTBOX)) == []:
            return
        page.wait_for_timeout(250)
    raise AssertionError(f"still in the outbox: {page.evaluate(OUTBOX)}")


def test_a_past_deal_fixed_offline_waits_with_the_totals_it_makes_then_reaches_the_server(
        app, phone, live_server):
    app.config["OFFLINE_PACK"] = True
    phone.set_default_timeout(START)
    board = _ready(phone, live_server)
    phone.set_default_timeout(STEP)
    token = board.rsplit("/", 1)[1]
    # two deals online: 95 − 40 = 55 and 240 + 200 + 100 = 540; then 180 + 200 + 100 − 15
    # = 465 and 60 − 30 = 30
    for number, side0, side1, went_out in (
            (1, {"table_points": "95", "hand_points": "40"},
             {"table_points": "240", "clean": "1"}, "Eles"),
            (2, {"table_points": "180", "clean": "1", "hand_points": "15"},
             {"table_points": "60", "hand_points": "30"}, "Nós")):
        phone.goto(board + "/deals/new")
        phone.locator("fieldset.side").nth(0).get_by_label("Counts").tap()
        for i, fields in enumerate((side0, side1)):
            for name, value in fields.items():
                phone.fill(f"#sides-{i}-{name}", value)
        _answer(phone, went_out)
        phone.get_by_role("button", name="Save the deal").tap()
        phone.wait_for_url(re.compile(rf"#deal-{number}$"))
    assert stored(app, token) == (2, [520, 570])
    # the scoreboard keeps the last deal's page and its form, to fix it without a network
    until(phone, """async (board) => {
        const keys = (await (await caches.open("scorekeeper-pages")).keys()).map(k => k.url);
        return keys.includes(board + "/deals/2/edit") && keys.includes(board + "/deals/2");
    }""", board)

    phone.context.set_offline(True)
    try:
        # 280 on the table, not 180: 280 + 200 + 100 − 15 = 565
        phone.goto(board + "/deals/2")
        phone.get_by_role("link", name="Edit this deal").tap()
        expect(phone.locator("h1")).to_have_text("Fix deal 2")
        phone.fill("#sides-0-table_points", "280")
        phone.get_by_role("button", name="Save the deal").tap()
        phone.wait_for_url(re.compile(r"#outbox$"))
        fixed = phone.locator("#pending-1")
        expect(fixed.locator("i")).to_have_text("2\u270e")
        expect(phone.locator("#total-0")).to_have_text("620", timeout=ms(30))  # the worker
        expect(phone.locator("#total-1")).to_have_text("570")
        expect(fixed.locator("b").first).to_contain_text("620+565")
        # the stored line of deal 2 says the fix's numbers, marked; deal 1's is as it was
        expect(phone.locator("#deal-2")).to_have_class(re.compile(r"\bfixed\b"))
        expect(phone.locator("#deal-2 b").first).to_contain_text("620+565")
        expect(phone.locator("#deal-1 b").first).to_contain_text("55+55")
        entries = json.loads(phone.evaluate(OUTBOX))
        assert [(e.get("fix"), e["expect"]) for e in entries] == [(2, 3)]
        assert stored(app, token) == (2, [520, 570])
    finally:
        phone.context.set_offline(False)
    with phone.expect_navigation():
        sync_now(phone)
    phone.wait_for_load_state()
    assert stored(app, token) == (2, [620, 570])
    assert json.loads(phone.evaluate(OUTBOX)) == []
    expect(phone.locator("#total-0")).to_have_text("620")
    expect(phone.locator("#deal-2")).not_to_have_class(re.compile(r"\bfixed\b"))
