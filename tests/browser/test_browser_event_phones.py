"""A club's evening scored at its tables, in real browsers: every table's two sides on
their own phones (separate browser contexts, as two phones are), the director on a
phone, the room's big screen on a laptop; and a table's phone without a network."""

from __future__ import annotations

import re
from typing import Any

import pytest
from browser_pages import PHONE, STEP, ms
from event_steps import DEAL_A, DEAL_C, DEAL_D, cells, choose, enter, north_south_phone
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def _phones(browser: Any, count: int) -> list[Any]:
    pages = []
    for _ in range(count):
        context = browser.new_context(**PHONE)
        context.set_default_timeout(STEP)
        pages.append(context.new_page())
    return pages


def _side(page: Any, link: str, side: str, deals: list[Any]) -> None:
    """A side's phone: the table card's link, "which pair are you" (the pair's name on
    that side), its deals."""
    page.goto(link)
    choose(page, side)
    key = "ns" if side == "North-South" else "ew"
    for number, deal in enumerate(deals, start=1):
        # the first deal of a side whose opponents entered theirs: its own version
        page.get_by_role("link", name=re.compile(
            rf"^(Enter deal {number}|Enter our own version)$")).tap()
        page.wait_for_url(re.compile(r"/deals/new$"))
        enter(page, page.url, deal, back=rf"/{key}(#.*)?$")


PAIRS = ["Rossi – Bianchi", "Verdi – Neri", "Gialli – Bruni", "Marroni – Rosa",
         "Conti – Ferrari", "Greco – Romano", "Costa – Fontana", "Ricci – Marino"]


def _tv_sees(tv: Any, text: str) -> None:
    """The big screen shows it within 5 seconds, by itself (it is never reloaded here):
    its next look (every 2 s), then its page's 3 s on a quiet host, stretched to this
    machine's speed."""
    expect(tv.locator("[data-follow]")).to_contain_text(text, timeout=2_000 + ms(3))


def test_an_evening_scored_at_its_tables_the_room_follows(app, live_server, browser, phone):
    """Eight pairs at four tables, 2 turns of 3 deals (Mitchell). NS enters, EW confirms on
    its own phone; at table 4 of turn 1 the two sides count deal 3 differently and the
    director keeps NS's; at table 2 of turn 2 NS hands its phone across and EW confirms
    on it. The 3-deal F.I.Bur. scale (50, 150, 250, 350, 500, 650, 800, 1000, 1250, 1500):
    turn 1, table 1 (A A A) 1,800 – 330, 1,470 apart: 19 – 1; table 2 (C C C) 300 – 300:
    10 – 10; table 3 (A C D) 950 – 790, 160 apart: 12 – 8; table 4 (D D D) 750 – 1,740,
    990 apart: 3 – 17. Turn 2: every table C C C, 10 – 10."""
    from support import evening

    client = app.test_client()
    event = evening(client, "\n".join(PAIRS).replace(" – ", "\t"), turns="4x3")
    links = [re.search(r'href="https?://[^/"]+(/e/t/[^"]+)"', client.get(
        f"{event}/turns/1/tables/{t}").get_data(as_text=True)).group(1) for t in (1, 2, 3, 4)]
    room = re.search(r'href="(/e/v/[^"/]+)"', client.get(event).get_data(as_text=True)).group(1)
    tv_context = browser.new_context(viewport={"width": 1280, "height": 800})
    pages = _phones(browser, 8)
    try:
        tv = tv_context.new_page()
        tv.goto(live_server + room + "/tv")
        _tv_sees(tv, "Tables still playing: 1, 2, 3, 4")
        first = [(DEAL_A, DEAL_A, DEAL_A), (DEAL_C, DEAL_C, DEAL_C), (DEAL_A, DEAL_C, DEAL_D),
                 (DEAL_D, DEAL_D, DEAL_D)]
        for table, deals in enumerate(first, start=1):
            ns, ew = pages[2 * table - 2], pages[2 * table - 1]
            _side(ns, live_server + links[table - 1], "North-South", list(deals))
            if table == 4:  # EW counts deal 3 otherwise
                _side(ew, live_server + links[3], "East-West", [DEAL_D, DEAL_D, DEAL_C])
                expect(ew.get_by_text("The two sides entered a deal differently")).to_be_visible()
                continue
            ew.goto(live_server + links[table - 1])
            choose(ew, "East-West")
            ew.get_by_role("button", name="Confirm").tap()
            expect(ew.get_by_text("Confirmed by both sides")).to_be_visible()
            _tv_sees(tv, "Tables still playing: " + ", ".join(
                str(t) for t in range(table + 1, 5)))
        # the director: table 4 disputed, both versions, NS's kept with the reason
        phone.goto(live_server + event)
        assert cells(phone, "Turn 1")[3][3:] == ["Disputed"]
        phone.goto(live_server + event + "/turns/1/tables/4")
        assert cells(phone, "Entered by East-West")[2] == ["3", "100", "100"]
        phone.locator("#reason-ns").fill("the slip says so")
        phone.locator("form:has(#reason-ns)").get_by_role("button", name="Keep these deals").tap()
        expect(phone.get_by_text("Victory points: 3 – 17.")).to_be_visible()
        standings = [
            ["1", "Rossi – Bianchi", "19", "1,800"], ["2", "Ricci – Marino", "17", "1,740"],
            ["3", "Gialli – Bruni", "12", "950"], ["4", "Verdi – Neri", "10", "300"],
            ["4", "Greco – Romano", "10", "300"], ["6", "Costa – Fontana", "8", "790"],
            ["7", "Marroni – Rosa", "3", "750"], ["8", "Conti – Ferrari", "1", "330"]]
        _tv_sees(tv, "Standings after turn 1")
        assert cells(tv, "Standings after turn 1") == standings
        # where do I sit: the next turn's table and line, as the big screen says them
        seats = {row[0]: row[1:] for row in cells(tv, "Turn 2: where everyone sits")}
        finder = pages[0]
        finder.goto(live_server + room + "/find")
        finder.get_by_role("link", name="Conti – Ferrari").tap()
        table, line = seats["Conti – Ferrari"]
        expect(finder.locator(".found .banner")).to_contain_text(
            f"Next turn: 2 · Table {table} · {line}")
        # turn 2: the director seats it; each pair's phone follows its pair by itself
        phone.goto(live_server + event)
        first_seats = cells(phone, "Turn 1")
        phone.get_by_role("button", name="Seat turn 2").tap()
        expect(phone.locator("table.tables caption")).to_have_text("Turn 2")
        turn2 = cells(phone, "Turn 2")
        seated = {row[1]: [row[0], "North-South"] for row in turn2}
        seated.update({row[2]: [row[0], "East-West"] for row in turn2})
        assert seated == seats  # as the big screen and "where do I sit" said
        # table 1's EW pair moves on: its phone, left on its page, opens its new table and
        # side (its next look, every 3 s, and its page's time)
        moved = first_seats[0][2]
        table, _line = seats[moved]
        expect(pages[1].locator("h1")).to_have_text(f"Table {table} · Turn 2",
                                                    timeout=5_000 + ms(5))
        expect(pages[1].get_by_text(f"{moved}: table {table}, East-West now.")).to_be_visible()
        # each EW phone is its pair's: the one that sat EW at the table where that pair sat
        ew_phones = {row[2]: pages[2 * int(row[0]) - 1] for row in first_seats}
        for table in range(1, 5):
            ns, ew = pages[2 * table - 2], ew_phones[turn2[table - 1][2]]
            _side(ns, live_server + links[table - 1], "North-South", [DEAL_C] * 3)
            if table == 2:  # the same phone handed across the table: EW's code with it
                ns.get_by_role("link", name="Hand this phone across").tap()
                ns.wait_for_url(re.compile(r"/ew$"))
                expect(ns.get_by_text(f"{turn2[1][2]}: table 2, East-West now.")).to_be_visible()
                ns.get_by_label("Choose your pair’s code").fill("12")
                ns.get_by_role("button", name="Confirm").tap()
                expect(ns.get_by_text("Confirmed by both sides")).to_be_visible()
                continue
            ew.goto(live_server + links[table - 1] + "/ew")
            ew.get_by_role("button", name="Confirm").tap()
            expect(ew.get_by_text("Confirmed by both sides")).to_be_visible()
        _tv_sees(tv, "Standings after turn 2")
        assert cells(tv, "Standings after turn 2") == [
            [rank, name, str(int(vp) + 10), f"{int(mp.replace(',', '')) + 300:,}"]
            for rank, name, vp, mp in standings]
        for page in pages:
            assert page.evaluate("document.documentElement.scrollWidth") <= 390
    finally:
        for page in pages:
            page.context.close()
        tv_context.close()


def test_a_table_phone_offline_mid_turn_sends_its_deals_once(app, live_server, phone):
    """NS's phone loses the network after opening its page: its two deals wait on the
    phone, then reach the evening exactly once when the network is back, and wait there
    for EW's confirmation."""
    from support import evening
    from waiting import until

    client = app.test_client()
    event = evening(client, "Rossi\tBianchi\nVerdi\tNeri\nGialli\tBruni\nMarroni\tRosa")
    table = f"{event}/turns/1/tables/1"
    side = north_south_phone(phone, client, live_server, table)  # the phone of Rossi – Bianchi
    until(phone, """async (side) => {
        const keys = (await (await caches.open("scorekeeper-pages")).keys()).map(k => k.url);
        return keys.includes(side + "/deals/new") && keys.includes(side);
    }""", side)
    phone.context.set_offline(True)
    try:
        for count, deal in enumerate((DEAL_A, DEAL_C), start=1):
            phone.goto(side)
            # the next deal's number counts the ones waiting on the phone, its words and
            # number laid out as one line of text in the button
            # (the text as laid out, not whitespace-normalized as to_have_text reads it)
            expect(phone.locator("[data-next] a")).to_have_text(f"Enter deal {count}")
            assert phone.locator("[data-next] a").inner_text() == f"Enter deal {count}"
            phone.get_by_role("link", name=f"Enter deal {count}").tap()
            phone.wait_for_url(re.compile(r"/deals/new$"))
            expect(phone.locator("h1")).to_have_text(f"Deal {count}")
            enter(phone, phone.url, deal, back=r"/ns#outbox$")
            expect(phone.locator("#waiting [data-count]")).to_have_text(str(count))
        # the turn's 2 deals entered: none more to enter
        expect(phone.get_by_role("link", name=re.compile("Enter deal"))).to_have_count(0)
        # nothing reached the evening yet
        assert "Entered on the table’s phones" not in client.get(table).get_data(as_text=True)
    finally:
        phone.context.set_offline(False)
    phone.reload()
    # sent by themselves once the server answers: the page then shows the server's
    expect(phone.locator("table:has(caption:text-is('Our deals')) tbody tr")).to_have_count(2)
    expect(phone.locator("#waiting")).to_be_hidden()
    assert cells(phone, "Our deals") == [["1", "600", "110", "Fix"], ["2", "100", "100", "Fix"]]
    page = client.get(table).get_data(as_text=True)
    rows = re.search(r"Entered by North-South</caption>(.*?)</table>", page, re.S).group(1)
    assert len(re.findall(r"<tr><th scope=\"row\">", rows)) == 2  # once each
    assert "Waiting for confirmation" in client.get(event).get_data(as_text=True)
