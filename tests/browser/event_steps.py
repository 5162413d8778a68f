"""What the browser tests of a club's evening share: the tables' deals as their papers
say them, a deal entered by counts on the deal form, a table's phone made a pair's, a
table's cells read back."""

from __future__ import annotations

import re

#: Italian Burraco by counts, as the tables' papers say them: (NS, EW) of each side,
#: table points, clean burracos, cards in hand; who closed (0: NS, 1: EW, "": nobody).
#: 300 + 200 + closing 100 = 600 | 150 − 40 = 110
DEAL_A = ((300, 1, 0), (150, 0, 40), "0")
#: nobody closed: 100 | 100
DEAL_C = ((100, 0, 0), (100, 0, 0), "")
#: 250 | 300 + 200 + closing 100 − 20 = 580
DEAL_D = ((250, 0, 0), (300, 1, 20), "1")


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
