"""What the browser tests of a club's evening share: an evening made on the director's
phone, the tables' deals as their papers say them, a deal entered by counts on the deal
form, a table's phone made a pair's, a table's cells read back, a page left open seen to
change by itself, and screenshots at a phone's two widths."""

from __future__ import annotations

import re
from typing import Any

from browser_pages import ms
from playwright.sync_api import expect
from waiting import under_worker, until

#: Italian Burraco by counts, as the tables' papers say them: (NS, EW) of each side,
#: table points, clean burracos, cards in hand; who closed (0: NS, 1: EW, "": nobody).
#: 300 + 200 + closing 100 = 600 | 150 − 40 = 110
DEAL_A = ((300, 1, 0), (150, 0, 40), "0")
#: nobody closed: 100 | 100
DEAL_C = ((100, 0, 0), (100, 0, 0), "")
#: 250 | 300 + 200 + closing 100 − 20 = 580
DEAL_D = ((250, 0, 0), (300, 1, 20), "1")


def seated_evening(page: Any, base: str, lines: str, pairs: int) -> str:
    """An evening made on the director's ``page`` at the server ``base`` (Italian
    Burraco, 5 turns of 2 deals, Mitchell), its pairs pasted as ``lines`` and all
    ``pairs`` of them listed, its first turn seated and its tables shown: its address."""
    page.goto(base + "/events/new")
    page.fill("#name", "Venerdì al circolo")
    page.select_option("#profile", "burraco")
    page.select_option("#format", "5x2")
    page.select_option("#movement", "mitchell")
    page.get_by_role("button", name="Create the evening").tap()
    page.wait_for_url(re.compile(r"/e/[^/]+$"))
    page.fill("#lines", lines)
    page.get_by_role("button", name="Save the list").tap()
    expect(page.locator("ol.entrants li")).to_have_count(pairs)
    page.get_by_role("button", name="Seat turn 1").tap()
    expect(page.locator("table.tables")).to_be_visible()
    return str(page.url)


def enter(page, url: str, deal, back: str = r"/tables/\d+(#.*)?$") -> None:
    """Enter a deal by counts on the one-screen deal form at ``url``; back on the page
    matching ``back`` (the form opened first unless the page shows it already)."""
    if page.url != url:
        page.goto(url)
    sides = page.locator("fieldset.side")
    for i, (points, clean, hand) in enumerate(deal[:2]):
        sides.nth(i).get_by_label("Counts").click()  # a tap on a phone, a click on a laptop
        page.fill(f"#sides-{i}-table_points", str(points))
        page.fill(f"#sides-{i}-clean", str(clean))
        page.fill(f"#sides-{i}-hand_points", str(hand))
        sides.nth(i).locator('input[name$="-morto"][value="taken"]').check()
    page.locator(f'input[name="went_out"][value="{deal[2]}"]').check()
    page.get_by_role("button", name="Save the deal").click()
    page.wait_for_url(re.compile(back))


def choose(page, side: str) -> None:
    """On a table's page that asks which pair this phone is: the pair on ``side``
    ("North-South", "East-West") chosen by its button (the pair's name, then its side);
    its side's page opens, the phone the pair's from now on."""
    key = "ns" if side == "North-South" else "ew"
    with page.expect_navigation(url=re.compile(rf"/{key}$")):  # maybe from its own address
        page.get_by_role("link", name=side).tap()


def north_south_phone(page: Any, client: Any, base: str, table: str) -> str:
    """The North-South page of the evening's table at ``table`` (the director's address of
    it) opened on ``page`` from the server ``base``, under the service worker, and the
    phone made that pair's (in the tests' evenings, Rossi – Bianchi's at table 1 of turn
    1): the side's page's address."""
    link = re.search(r'href="https?://[^/"]+(/e/t/[^"]+)"',
                     client.get(table).get_data(as_text=True)).group(1)
    side = base + link + "/ns"
    page.goto(side)
    under_worker(page, side)
    choose(page, "North-South")
    return side


def first_deal_kept(page: Any, side: str) -> None:
    """Deal 1 (``DEAL_A``) entered online from the side's page at ``side``, back on it;
    then the form kept for offline use kept again at the sheet's version 2."""
    page.get_by_role("link", name="Enter deal 1").tap()
    page.wait_for_url(re.compile(r"/deals/new$"))
    enter(page, page.url, DEAL_A, back=r"/ns(#.*)?$")
    until(page, """async (side) => {
        const kept = await caches.match(side + "/deals/new", {cacheName: "scorekeeper-pages"});
        return kept && (await kept.text()).includes('data-version="2"');
    }""", side)


def seen(page: Any, what: Any, text: str) -> None:
    """A page left open shows it by itself within 5 seconds: its next look (every 3 s),
    then the page's own 2 s on a quiet host, stretched to this machine's speed."""
    expect(what).to_contain_text(text, timeout=3_000 + ms(2))


def shots(page: Any, folder: Any, name: str) -> None:
    """The page at 390 × 844 and at 320 × 568, neither scrolling sideways."""
    for width, height in ((390, 844), (320, 568)):
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=str(folder / f"{name}-{width}.png"), full_page=True)
        assert page.evaluate("document.documentElement.scrollWidth") <= width, (name, width)
    page.set_viewport_size({"width": 390, "height": 844})


def cells(page, caption: str) -> list[list[str]]:
    """The cells of the table with this caption, row by row."""
    rows = page.locator(f"table:has(caption:text-is('{caption}')) tbody tr")
    return [[c.strip() for c in rows.nth(i).locator("th, td").all_inner_texts()]
            for i in range(rows.count())]


def post_deal(client, url: str, deal) -> None:
    """The same deal as ``enter`` types it, posted by the director's other device (a Flask
    test client on the same database): the tables a test does not type in the browser."""
    import support

    sides = [{"mode": "counts", "table_points": points, "clean": clean, "hand_points": hand,
              "morto": "taken"} for points, clean, hand in deal[:2]]
    response = support.post_deal(client, url, sides, deal[2])
    assert response.status_code == 302, response.get_data(as_text=True)[-2000:]
