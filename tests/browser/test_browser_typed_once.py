"""A draft belongs to one deal (static/js/drafts.js): Save tapped a moment after the last
tap (who went out, whose morto the referee then ticks) never leaves the next deal's form
filled, nor stores a deal twice; a table phone's next deal, and its next turn's first
deal, open empty.

The referee counts the form 350 ms after the last change: Save at 0.1 s and 0.3 s comes
before its answer, which once ticked the morto after the deal was sent and kept the sent
deal as a draft of the next one; at 0.5 s the answer comes first."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

#: Seconds between the last tap and Save, each taken in turn.
DELAYS = (0.1, 0.3, 0.5)
ROUNDS = 30


def _empty(page: Any, number: int, deal: str = "Deal") -> None:
    """The form of deal ``number`` opened with nothing typed and nothing offered."""
    expect(page.locator("h1")).to_have_text(f"{deal} {number}")
    for i in range(2):
        assert page.input_value(f"#sides-{i}-table_points") == "", (number, i)
        assert page.input_value(f"#sides-{i}-clean") in ("", "0"), (number, i)
        assert not page.locator(f'input[name="sides-{i}-morto"]:checked').count(), (number, i)
    assert not page.locator('input[name="went_out"]:checked').count(), number
    expect(page.locator("[data-offer]")).to_be_hidden()


def _type(page: Any, points: int, delay: float) -> None:
    """Side 0 by counts: ``points`` on the table and a clean canastra; side 1 20 points
    and its morto; last, side 0 went out (its morto is the referee's to tick), and Save
    ``delay`` seconds later."""
    page.fill("#sides-0-table_points", str(points))
    page.locator("fieldset.side").nth(0).get_by_role(
        "button", name=re.compile(r"^\+ Clean (canastras|burracos)$")).tap()
    page.fill("#sides-1-table_points", "20")
    page.locator('input[name="sides-1-morto"][value="taken"]').tap()
    page.locator('input[name="went_out"][value="0"]').tap()
    page.wait_for_timeout(delay * 1000)
    page.get_by_role("button", name="Save the deal").tap()


def _answers(page: Any) -> list[str]:
    """What the page is answered from now on (each page's and each form's method, address
    and status) and what its console says: told by ``_saved`` when Save leads nowhere."""
    seen: list[str] = []
    page.on("response", lambda r: seen.append(f"{r.request.method} {r.url} {r.status}")
            if r.request.resource_type == "document" or r.request.method == "POST" else None)
    page.on("requestfailed", lambda r: seen.append(f"{r.method} {r.url} failed: {r.failure}"))
    page.on("console", lambda m: seen.append(f"console {m.type}: {m.text}"))
    return seen


def _saved(page: Any, number: int, seen: list[str]) -> None:
    """Save's answer: the scoreboard at deal ``number``; else a failure that says where the
    page is, what it shows (a form sent back says why) and what it was answered."""
    try:
        page.wait_for_url(re.compile(rf"#deal-{number}$"))
    except PlaywrightError as error:
        said = page.locator("h1, .errors li, .notice, [role=alert]").all_inner_texts()
        raise AssertionError(f"deal {number}: Save led to {page.url}, which shows {said}; "
                             f"the page's answers: {seen[-15:]}") from error


def test_the_next_deal_of_a_match_opens_empty_whenever_save_was_tapped(phone, live_server, app):
    """Buraco Fechado (no vulnerability, seed 003) to a far target: deal n is 100 + 5n on
    the table, a clean canastra (200) and going out (100) for Nós, 20 for Eles."""
    phone.goto(live_server + "/matches/new")
    phone.select_option("#profile", "buraco-fechado")
    phone.fill("#sides-0-name", "Nós")
    phone.fill("#sides-1-name", "Eles")
    phone.fill("#target", "100000")
    phone.get_by_role("button", name="Start the match").tap()
    phone.wait_for_url(re.compile(r"/m/[^/#]+$"))
    board = phone.url
    phone.get_by_role("link", name="Enter a deal").tap()
    phone.locator("fieldset.side").nth(0).get_by_label("Counts").tap()  # the other follows
    expected, seen = 0, _answers(phone)
    for n in range(1, ROUNDS + 1):
        if n > 1:
            _empty(phone, n)
        _type(phone, 100 + 5 * n, DELAYS[n % len(DELAYS)])
        _saved(phone, n, seen)
        expected += 100 + 5 * n + 200 + 100
        expect(phone.locator("#total-0")).to_have_text(f"{expected:,}")
        phone.get_by_role("link", name="Enter a deal").tap()
    _empty(phone, ROUNDS + 1)
    # every deal stored once, each with its own values
    phone.goto(board)
    assert phone.locator("a.deal").count() == ROUNDS
    expect(phone.locator("#total-1")).to_have_text(f"{20 * ROUNDS:,}")


def _table_links(client: Any, event: str, turn: int) -> list[str]:
    links = []
    for table in (1, 2):
        page = client.get(f"{event}/turns/{turn}/tables/{table}").get_data(as_text=True)
        links.append(re.search(r'href="https?://[^/"]+(/e/t/[^"]+)"', page).group(1))
    return links


def test_a_table_phones_next_deal_and_next_turn_open_empty(phone, live_server, app):
    """Italian Burraco, 3 turns of 4 deals, two tables: in turns 1 and 2, North-South's
    phone enters each table's four deals, Save tapped a moment after who closed, and
    East-West confirms on another device; every next deal's form, and each next turn's
    first, opens empty."""
    from event_steps import choose
    from support import evening, form_fields, table_side

    client = app.test_client()
    event = evening(client, "Rossi\tBianchi\nVerdi\tNeri\nGialli\tBruni\nMarroni\tRosa",
                    turns="3x4")
    n = 0
    for turn in (1, 2, 3):
        for link in _table_links(client, event, turn):
            # the table's card on a phone of its own: the phone is its NS pair's (a phone
            # that chose another pair before would be handed across, and ask the code)
            phone.context.clear_cookies()
            phone.goto(live_server + link)
            choose(phone, "North-South")
            expect(phone.locator("h1")).to_have_text(re.compile(rf"Turn {turn}$"))
            for deal in range(1, 5 if turn < 3 else 2):
                phone.get_by_role("link", name=f"Enter deal {deal}").tap()
                phone.wait_for_url(re.compile(r"/deals/new$"))
                _empty(phone, deal)
                if turn == 3:
                    break
                n += 1
                side = phone.locator("fieldset.side").nth(0)
                if side.get_attribute("data-mode") != "counts":
                    side.get_by_label("Counts").tap()  # the other side follows
                _type(phone, 100 + 5 * deal, DELAYS[n % len(DELAYS)])
                phone.wait_for_url(re.compile(r"/ns(#.*)?$"))
            if turn == 3:
                continue
            rows = phone.locator("table:has(caption:text-is('Our deals')) tbody tr")
            expect(rows).to_have_count(4)
            # one device for every East-West pair: each confirms with its code
            confirm = client.post(f"{link}/ew/confirm", data={
                **form_fields(client, table_side(client, link, "ew")), "code": "12"})
            assert confirm.status_code == 302, confirm.get_data(as_text=True)[-800:]
        if turn < 3:
            seated = client.post(f"{event}/turns", data=form_fields(client, event))
            assert seated.status_code == 302, seated.get_data(as_text=True)[-800:]
    assert n == 16


def test_the_side_that_went_out_has_its_morto_answered_offline_as_online(phone, live_server):
    """Seed 001 §06: going out needs the morto, so the side that went out took it; the page
    ticks it at once, with or without a network, and Save sends the deal to the outbox
    with only the other side's morto asked."""
    from waiting import until

    phone.goto(live_server + "/matches/new")
    phone.fill("#sides-0-name", "Nós")
    phone.fill("#sides-1-name", "Eles")
    phone.get_by_role("button", name="Start the match").tap()
    phone.wait_for_url(re.compile(r"/m/[^/#]+$"))
    board = phone.url
    phone.evaluate("async () => { await navigator.serviceWorker.ready; }")
    phone.goto(board)
    phone.wait_for_function("() => navigator.serviceWorker.controller !== null")
    until(phone, """async (board) => {
        const keys = (await (await caches.open("scorekeeper-pages")).keys()).map(k => k.url);
        return keys.includes(board + "/deals/new");
    }""", board)
    phone.context.set_offline(True)
    try:
        phone.goto(board + "/deals/new")
        phone.locator("fieldset.side").nth(0).get_by_label("Counts").tap()
        phone.fill("#sides-0-table_points", "180")
        phone.locator("fieldset.side").nth(0).get_by_role(
            "button", name="+ Clean canastras", exact=True).tap()
        phone.fill("#sides-1-table_points", "60")
        phone.locator('input[name="went_out"][value="0"]').tap()
        expect(phone.locator('input[name="sides-0-morto"][value="taken"]')).to_be_checked()
        phone.get_by_role("button", name="Save the deal").tap()
        # only Eles' morto is asked
        expect(phone.locator("fieldset.side").nth(1).locator(".radios .errors")).to_have_text(
            "Did this side take its morto? Tap the answer.")
        assert phone.locator("fieldset.side").nth(0).locator(".radios .errors").count() == 0
        phone.locator('input[name="sides-1-morto"][value="taken"]').tap()
        phone.get_by_role("button", name="Save the deal").tap()
        phone.wait_for_url(re.compile(r"#outbox$"))
        expect(phone.locator("#outbox [data-count]")).to_have_text("1")
    finally:
        phone.context.set_offline(False)


def test_the_problems_list_stays_open_above_save_and_small(browser, live_server, tmp_path):
    """At 320 × 568: closed, the Save bar with its problems takes at most a fifth of the
    screen; open, the list sits full width above Save, scrolls in its own box, and the
    bar takes at most 40 %; a recount while a number field has focus leaves it open."""
    from browser_pages import phone_context

    context = phone_context(browser, 320, 568)
    page = context.new_page()
    try:
        page.goto(live_server + "/matches/new")
        page.fill("#sides-0-name", "Nós")
        page.fill("#sides-1-name", "Eles")
        page.get_by_role("button", name="Start the match").tap()
        page.wait_for_url(re.compile(r"/m/[^/#]+$"))
        page.get_by_role("link", name="Enter a deal").tap()
        page.locator("fieldset.side").nth(0).get_by_label("Counts").tap()
        # no cards make 101, 33 or 7 points (every card is a multiple of 5): three problems
        page.fill("#sides-0-table_points", "101")
        page.fill("#sides-1-table_points", "33")
        page.fill("#sides-1-hand_points", "7")
        summary = page.locator(".savebar details.problems summary")
        expect(summary).to_have_text("3 problems")
        bar = page.locator(".savebar")
        assert bar.bounding_box()["height"] <= 0.2 * 568, bar.bounding_box()
        summary.tap()
        details = page.locator(".savebar details.problems")
        expect(details).to_have_attribute("open", "")
        box, save = bar.bounding_box(), page.get_by_role("button", name="Save the deal")
        assert box["height"] <= 0.4 * 568, box
        listed = details.locator("ul").bounding_box()
        assert listed["width"] >= 0.9 * 320 - 24, listed  # full width
        assert listed["y"] + listed["height"] <= save.bounding_box()["y"] + 1  # above Save
        page.screenshot(path=str(tmp_path / "problems-open.png"))
        # a number typed while the list is open: the recount redraws the bar, still open
        page.locator("#sides-0-hand_points").focus()
        page.keyboard.type("15")
        expect(page.locator("#sides-0-hand_points")).to_have_value("15")
        expect(summary).to_have_text("3 problems")
        # counted again: 101, refused at its field, is judged held to its step (100) − 15
        expect(page.locator("#live-0")).to_have_text("+85")
        expect(details).to_have_attribute("open", "")
    finally:
        context.close()
