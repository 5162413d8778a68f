"""A phone closes its browser: a persistent profile (service worker, Cache Storage,
IndexedDB, localStorage kept on disk, as on a phone) closed with a deal waiting offline,
its cookies all deleted, and opened again online. The deal reaches the server once, sent
with a fresh form token; the home page still lists the phone's matches, tables and
house rules; the deal saved without the phone's referee says it is not checked yet, and
the totals are not made up.

Buraco Aberto, seed 001: 70 − 20 in hand, 40 on the table (§03, §09)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from browser_pages import PHONE, STEP, ms
from conftest import chromium_options
from match_steps import stored
from playwright.sync_api import expect
from test_browser_outbox import OUTBOX
from test_browser_table import answer_rest
from waiting import until

pytestmark = pytest.mark.browser


def _phone(browser: Any, profile: str) -> Any:
    """A phone whose browser keeps its profile on disk (the session's own Chromium)."""
    context = browser.browser_type.launch_persistent_context(
        profile, **chromium_options(browser.browser_type), **PHONE)
    context.set_default_timeout(STEP)
    return context


def test_a_deal_waiting_offline_survives_a_browser_restart_without_cookies(
        app, live_server, tmp_path, browser):
    from browser_pages import _form, _house, _post
    from support import evening, form_fields

    client = app.test_client()
    table = _post(client, "/tables/new", {**_form(client, "/tables/new"), "name": "Sexta",
                                          "players": "Ana\nBia\nCaio\nDani"})
    house = _house(client)
    event = evening(client, "Rossi\nVerdi\nGialli\nBruni")
    season = client.post("/seasons/new", data={
        **form_fields(client, "/seasons/new"), "name": "Inverno",
        "evenings": event.rsplit("/", 1)[1]}).headers["Location"]
    profile = str(tmp_path / "profile")
    context = _phone(browser, profile)
    page = context.pages[0] if context.pages else context.new_page()
    # the family's table and house rules, opened once on this phone (their links shared)
    page.goto(live_server + table)
    page.goto(live_server + "/h/" + house)
    page.goto(live_server + event)  # the club's evening this phone runs, and its season
    page.goto(live_server + season)
    page.goto(live_server + "/")
    expect(page.locator("main")).to_contain_text("Sexta")
    expect(page.locator("main")).to_contain_text("Nonna")
    page.goto(live_server + "/matches/new")
    page.fill("#sides-0-name", "Vovó")
    page.fill("#sides-1-name", "Netos")
    page.get_by_role("button", name="Start the match").tap()
    page.wait_for_url(re.compile(r"/m/[^/]+$"))
    board = page.url
    token = board.rsplit("/", 1)[1]
    page.evaluate("async () => { await navigator.serviceWorker.ready; }")
    page.goto(board)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    until(page, """async (board) => {
        const keys = (await (await caches.open("scorekeeper-pages")).keys()).map(k => k.url);
        return keys.includes(board + "/deals/new") && keys.includes(board + "/match.json");
    }""", board)
    context.set_offline(True)
    page.goto(board + "/deals/new")
    page.locator("fieldset.side").nth(0).get_by_label("Counts").tap()
    page.fill("#sides-0-table_points", "70")
    page.fill("#sides-0-hand_points", "20")
    page.fill("#sides-1-table_points", "40")
    page.locator("fieldset.end").get_by_label("Nobody: the stock ran out", exact=True).tap()
    answer_rest(page)
    page.get_by_role("button", name="Save the deal").tap()
    page.wait_for_url(re.compile(r"#outbox$"))
    expect(page.locator("#outbox [data-count]")).to_have_text("1")
    # no referee on this phone (no offline pack): said in words, no totals made up
    expect(page.locator("#outbox [data-unchecked]")).to_be_visible()
    expect(page.locator("#total-0")).to_have_text("?")
    expect(page.locator("#total-1")).to_have_text("?")
    [entry] = json.loads(page.evaluate(OUTBOX))
    old_token = dict(entry["fields"])["csrf_token"]
    assert stored(app, token) == (0, [0, 0])
    context.close()

    # the browser opened again, online, with every cookie gone (a phone's session lost)
    context = _phone(browser, profile)
    context.clear_cookies()
    page = context.pages[0] if context.pages else context.new_page()
    page.goto(live_server + "/")
    # sent with a fresh token, once; the home page lists the match again (handed back
    # from the phone's own storage)
    # (a minute at most on a quiet host: a busy machine starts the browser and its worker
    # slowly)
    for _ in range(int(ms(60) // 250)):
        if stored(app, token)[0]:
            break
        page.wait_for_timeout(250)
    assert stored(app, token) == (1, [50, 40]), page.evaluate(OUTBOX)
    expect(page.locator("main")).to_contain_text("Vovó × Netos", timeout=ms(15))
    expect(page.locator("main")).to_contain_text("Sexta")  # the table
    expect(page.locator("main")).to_contain_text("Nonna")  # the house rules
    expect(page.locator("main")).to_contain_text("Venerdì")  # the evening
    expect(page.locator("main")).to_contain_text("Inverno")  # its season
    assert json.loads(page.evaluate(OUTBOX)) == []
    page.goto(board)
    expect(page.locator("#total-0")).to_have_text("50")
    expect(page.locator("#total-1")).to_have_text("40")
    assert stored(app, token) == (1, [50, 40])
    assert old_token  # the deal's own token belonged to the lost session
    context.close()
