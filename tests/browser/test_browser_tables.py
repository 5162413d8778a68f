"""Our table on a phone (390 × 844): a table of four made from the home page, a match among
its players in a few taps, a deal by counts, then the table's evening and head to head
as the players see them.

Seed 001: a clean canastra 200 and going out 100 (§04)."""

from __future__ import annotations

import re

import pytest
from browser_pages import PHONE, STEP
from playwright.sync_api import expect
from sqlalchemy import select
from test_browser_table import answer_rest

from scorekeeper.db import get_db
from scorekeeper.models import Table

pytestmark = pytest.mark.browser


def _widths(page, selector: str) -> int:
    """How many different widths the elements ``selector`` finds have, to the pixel."""
    return page.locator(selector).evaluate_all(
        "els => new Set(els.map(e => Math.round(e.getBoundingClientRect().width))).size")


def test_a_table_plays_a_match_and_sees_its_evening(browser, live_server, app):
    context = browser.new_context(**PHONE, timezone_id="America/Sao_Paulo")
    context.set_default_timeout(STEP)
    try:
        _play(context.new_page(), live_server, app)
    finally:
        context.close()


def _play(page, live_server, app) -> None:
    page.goto(live_server + "/")
    page.get_by_role("link", name="New table").tap()
    page.fill("#players", "Ana\nBia\nCaio\nDani")
    page.fill("#name", "Sexta")
    page.get_by_role("button", name="Create the table").tap()
    page.wait_for_url(re.compile(r"/t/[A-Za-z0-9_-]{22}$"))
    table = page.url
    expect(page.locator("h1")).to_have_text("Sexta")
    # the phone's time zone came with the form (app.js): the evenings are the phone's
    with app.app_context(), get_db().read_sessions() as db:
        assert db.scalar(select(Table.zone)) == "America/Sao_Paulo"

    # a match among its players: a tap on each of the four, the target, Start
    page.get_by_role("link", name="New match").tap()
    taps = 0
    for side, names in ((0, ("Ana", "Caio")), (1, ("Bia", "Dani"))):
        for name in names:
            page.locator("fieldset.side").nth(side).get_by_label(name, exact=True).tap()
            taps += 1
    page.fill("#target", "400")
    page.get_by_role("button", name="Start the match").tap()
    assert taps == 4
    page.wait_for_url(re.compile(r"/m/[^/]+$"))
    expect(page.locator("h1")).to_have_text("Ana & Caio × Bia & Dani")

    # who sits where and who deals first, five taps: from Ana, Dani on her left (then Caio
    # opposite her and Bia on her right, partners opposite), and Bia deals; the player on
    # the dealer's left plays first (seed 001 §01, §03)
    page.get_by_role("link", name="Who deals first?").tap()
    page.get_by_role("link", name="Who sits where?").tap()
    expect(page.locator(".around li")).to_have_text(["Ana"])
    expect(page.locator(".seats a")).to_have_text(["Bia", "Dani"])
    assert _widths(page, ".seats a") == 1  # the players side by side, each as wide
    page.locator(".seats a", has_text="Dani").tap()
    expect(page.locator(".around li")).to_have_text(["Ana", "Dani", "Caio", "Bia"])
    page.get_by_role("button", name="Save who sits where").tap()
    page.wait_for_url(re.compile(r"/dealer$"))
    expect(page.locator("form.seats button")).to_have_text(["Ana", "Dani", "Caio", "Bia"])
    assert _widths(page, "form.seats button") == 1
    page.get_by_role("button", name="Bia").tap()
    page.wait_for_url(re.compile(r"/m/[^/]+$"))
    expect(page.locator(".dealer .turn b")).to_have_text(["Bia", "Ana"])
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390

    # one deal by counts ends it: 150 + 200 + 100 = 450 against 40
    page.get_by_role("link", name="Enter a deal").tap()
    expect(page.locator(".turn b")).to_have_text(["Bia", "Ana"])
    page.locator("fieldset.side").nth(0).get_by_label("Counts").tap()
    page.fill("#sides-0-table_points", "150")
    page.fill("#sides-0-clean", "1")
    page.fill("#sides-1-table_points", "40")
    page.locator("fieldset.end").get_by_label("Ana & Caio", exact=True).tap()
    answer_rest(page)
    page.get_by_role("button", name="Save the deal").tap()
    page.wait_for_url(re.compile(r"#deal-1$"))
    expect(page.locator(".result .winner b")).to_have_text("Ana & Caio")

    # the table: the match, the evening ranked, the head to head
    page.goto(table)
    expect(page.locator("main")).to_contain_text("Finished matches")
    page.locator("h2", has_text="Evenings").locator("xpath=following-sibling::ul[1]//a").first.tap()
    rows = page.locator("table.standings").first.locator("tbody tr")
    expect(rows).to_have_count(4)
    expect(rows.nth(0)).to_contain_text("Ana")
    expect(rows.nth(0).locator("td").last).to_have_text("450")
    expect(rows.nth(3).locator("td").last).to_have_text("40")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    page.goto(table)
    page.get_by_role("link", name="Head to head").tap()
    for name in ("Ana", "Caio"):
        page.locator("fieldset").nth(0).get_by_label(name, exact=True).tap()
    for name in ("Bia", "Dani"):
        page.locator("fieldset").nth(1).get_by_label(name, exact=True).tap()
    page.get_by_role("button", name="Compare").tap()
    expect(page.locator(".versus tbody td")).to_have_text(["1", "1", "0", "+410"])
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390

    # Caio is renamed Carlos: the match, its side, its deal and the evening say Carlos
    page.goto(table)
    page.get_by_role("link", name="Players").tap()
    page.get_by_label("Player 3", exact=True).fill("Carlos")
    page.get_by_role("button", name="Save the players").tap()
    page.wait_for_url(re.compile(r"/t/[A-Za-z0-9_-]{22}$"))
    expect(page.locator("main")).to_contain_text("Ana & Carlos × Bia & Dani")
    expect(page.locator("main")).not_to_contain_text("Caio")
    page.get_by_role("link", name="Ana & Carlos × Bia & Dani").first.tap()
    expect(page.locator("h1")).to_have_text("Ana & Carlos × Bia & Dani")
    expect(page.locator(".result .winner b")).to_have_text("Ana & Carlos")
    page.locator("#deal-1").tap()
    expect(page.locator("table.breakdown thead th.name")).to_have_text(["Ana & Carlos",
                                                                         "Bia & Dani"])
