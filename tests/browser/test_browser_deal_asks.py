"""The deal asks what matters, on a phone: the two 100-point facts (who went out, each
side's morto: seed 001 §07) are asked, never assumed, and a deal stays quick to enter.

Taps are counted as test_browser_table.py counts them: every tap on a button, a choice or
a field to type into; the digits themselves are not taps."""

from __future__ import annotations

import re

import pytest
from match_steps import Scorer, start_match
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_save_asks_who_went_out_and_each_morto(phone, live_server):
    board = start_match(phone, live_server)
    phone.goto(board + "/deals/new")
    side = phone.locator("fieldset.side")
    side.nth(0).get_by_label("Counts").tap()
    phone.fill("#sides-0-table_points", "70")
    phone.fill("#sides-1-table_points", "20")
    expect(phone.locator("#live-0")).to_have_text("+70")
    phone.get_by_role("button", name="Save the deal").tap()
    # refused, asked at each field, in one line each
    expect(phone.locator("fieldset.end .errors")).to_have_text(
        "Who went out? Tap a side, or “Nobody: the stock ran out”.")
    for i in (0, 1):
        expect(side.nth(i).locator(".seg .errors")).to_have_text(
            "Did this side take its morto? Tap the answer.")
    assert "/deals/new" in phone.url
    phone.goto(board)
    expect(phone.locator("a.deal")).to_have_count(0)


def test_a_first_and_a_later_count_deal_stay_quick(phone, live_server):
    board = start_match(phone, live_server)
    taps = []
    for number, out in ((1, "Nós"), (2, "Nobody: the stock ran out")):
        phone.goto(board + "/deals/new")
        scorer = Scorer(phone)
        side = phone.locator("fieldset.side")
        if number == 1:  # a later deal starts the way each side entered the last one
            scorer.tap(side.nth(0).get_by_label("Counts"))
        scorer.seed_001_counts()
        scorer.tap(phone.locator("fieldset.end").get_by_label(out, exact=True))
        if number == 1:
            # the side that went out took its morto (seed 001 §06): ticked for the scorer
            expect(side.nth(0).locator('input[name$="-morto"][value="taken"]')).to_be_checked()
        else:
            scorer.tap(side.nth(0).locator('input[name$="-morto"][value="taken"]'))
        scorer.tap(side.nth(1).locator('input[name$="-morto"][value="not_taken"]'))
        # seed 001 §09 and §07: 180 + 200 (+ 100 out) − 15; 60 − 30 − 100
        expect(phone.locator("#live-0")).to_have_text("+465" if number == 1 else "+365")
        expect(phone.locator("#live-1")).to_have_text("−70")
        scorer.tap(phone.get_by_role("button", name="Save the deal"))
        phone.wait_for_url(re.compile(rf"#deal-{number}$"))
        taps.append(scorer.taps)
    assert phone.inner_text("#total-0") == "830"
    assert phone.inner_text("#total-1") == "\u2212140"
    print(f"count deals at 390×844: first {taps[0]} taps, later {taps[1]} taps")
    assert taps == [9, 9], taps  # the last bounds: 10 taps and the digits


def _fechado(page, base: str) -> str:
    page.goto(base + "/matches/new")
    page.select_option("#profile", "buraco-fechado")
    page.fill("#sides-0-name", "Nós")
    page.fill("#sides-1-name", "Eles")
    page.get_by_role("button", name="Start the match").tap()
    page.wait_for_url(re.compile(r"/m/[^/]+$"))
    return page.url


def test_fechado_500_canasta_from_the_picker_in_one_tap(phone, live_server):
    """Seed 003 "Canastas": A♠ to K♠ clean, laid down in one go, is the 500 canasta;
    built with the run builder it is pure (200) until one tap says "in one go"."""
    board = _fechado(phone, live_server)
    phone.goto(board + "/deals/new")
    picker = phone.locator('.picker[data-side="0"]')
    picker.locator('[data-way="run"]').tap()
    picker.locator('[data-suit="S"]').tap()
    picker.locator('[data-rank="A"]').tap()
    picker.locator('[data-rank="K"]').tap()
    phone.locator("fieldset.side").nth(1).get_by_label("Counts", exact=True).tap()
    phone.fill("#sides-1-table_points", "30")
    # A 15, 2 10, 3–7 5 each, 8–K 10 each: 110 card points, + 200 as a pure canasta
    expect(phone.locator("#live-0")).to_have_text("+310")
    toggle = picker.locator("button.one-go")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    toggle.tap()
    expect(phone.locator("#live-0")).to_have_text("+610")
    expect(picker.locator("button.one-go")).to_have_attribute("aria-pressed", "true")
    assert phone.input_value("#sides-0-melds").endswith("K♠ !")


def test_the_meld_checker_asks_in_one_go_with_one_tap_too(phone, live_server):
    """The checker's picker as the deal form's: A♠…K♠ built with the run builder is judged
    pure (200) with a tap offered; the tap makes it the 500 canasta, and the Check sends
    it so (the line's "!", the checker's verdict)."""
    phone.goto(live_server + "/check?profile=buraco-fechado")
    picker = phone.locator(".picker")
    picker.locator('[data-way="run"]').tap()
    picker.locator('[data-suit="S"]').tap()
    picker.locator('[data-rank="A"]').tap()
    picker.locator('[data-rank="K"]').tap()
    toggle = phone.locator("button.one-go")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    expect(phone.locator(".verdicts li.ok")).to_contain_text("+ 200")
    toggle.tap()
    expect(phone.locator("button.one-go")).to_have_attribute("aria-pressed", "true")
    expect(phone.locator(".verdicts li.ok")).to_contain_text("+ 500")
    assert phone.input_value("#melds").endswith("K♠ !")
    phone.get_by_role("button", name="Check").tap()
    expect(phone.locator("section.review ul.melds")).to_contain_text("500")


def _bar_share(page) -> float:
    box = page.locator(".savebar").bounding_box()
    return box["height"] / page.viewport_size["height"]


def test_the_save_bar_stays_small_with_problems_and_in_landscape(browser, live_server):
    context = browser.new_context(viewport={"width": 320, "height": 568}, has_touch=True,
                                  is_mobile=True, locale="en-US")
    page = context.new_page()
    try:
        board = start_match(page, live_server)
        page.goto(board + "/deals/new")
        page.locator("fieldset.side").nth(0).get_by_label("Counts").tap()
        page.fill("#sides-0-table_points", "183")
        page.fill("#sides-1-table_points", "42")
        page.get_by_role("button", name="Save the deal").tap()
        expect(page.locator(".savebar details.problems summary")).to_have_text("5 problems")
        share = _bar_share(page)
        print(f"save bar at 320×568 with 5 problems: {share:.0%}")
        assert share <= 0.2, share
        # the keyboard up (a phone shows 300 px of the page over it): still a fifth at most
        page.set_viewport_size({"width": 320, "height": 300})
        page.locator("#sides-0-table_points").focus()
        share = _bar_share(page)
        print(f"save bar at 320×300 (the keyboard up): {share:.0%}")
        assert share <= 0.2, share
        page.set_viewport_size({"width": 320, "height": 568})
        # the problems open on a tap, and scroll within the bar
        page.locator(".savebar details.problems summary").tap()
        expect(page.locator(".savebar details.problems li")).to_have_count(5)
        # in every language, the same bar: the count and Save share one line
        for lang in ("fr", "pt_BR", "pt_PT", "it"):
            back = board.split(live_server)[1] + "/deals/new"
            page.goto(f"{live_server}/lang/{lang}?next={back}")
            page.locator("fieldset.side").nth(0).locator("input[value=counts]").tap()
            page.fill("#sides-0-table_points", "183")
            page.locator(".savebar button.primary").tap()
            expect(page.locator(".savebar details.problems summary")).to_be_visible()
            share = _bar_share(page)
            print(f"save bar at 320×568 in {lang}: {share:.0%}")
            assert share <= 0.2, (lang, share)
        page.goto(f"{live_server}/lang/en?next=/")
        page.set_viewport_size({"width": 844, "height": 390})
        page.goto(board + "/deals/new")
        page.locator("fieldset.side").nth(0).get_by_label("Counts").tap()
        page.fill("#sides-0-table_points", "70")
        expect(page.locator("#live-0")).to_have_text("+70")
        share = _bar_share(page)
        print(f"save bar at 844×390 (landscape): {share:.0%}")
        assert share <= 0.2, share
    finally:
        context.close()


def test_the_breakdown_headers_sit_over_their_own_numbers(phone, live_server):
    board = start_match(phone, live_server)
    phone.goto(board + "/deals/new")
    phone.locator("fieldset.side").nth(0).get_by_label("Counts").tap()
    phone.fill("#sides-0-table_points", "70")
    phone.fill("#sides-1-table_points", "20")
    phone.locator("fieldset.end").get_by_label("Nobody: the stock ran out").tap()
    for i in (0, 1):
        phone.locator(f'input[name="sides-{i}-morto"][value="taken"]').tap()
    phone.get_by_role("button", name="Save the deal").tap()
    phone.wait_for_url(re.compile(r"#deal-1$"))
    phone.goto(board + "/deals/1")
    table = phone.locator("table.breakdown")
    heads = table.locator("thead th.name")
    expect(heads).to_have_text(["Nós", "Eles"])
    first_row = table.locator("tbody tr").first.locator("td")
    for i in (0, 1):
        head, cell = heads.nth(i).bounding_box(), first_row.nth(i).bounding_box()
        # each name over its own column: the same left and right edges, within a pixel
        assert abs(head["x"] - cell["x"]) <= 1, (i, head, cell)
        assert abs(head["width"] - cell["width"]) <= 1, (i, head, cell)


def _overlap(a, b) -> bool:
    return not (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
                or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"])


def test_small_screens_show_whole_names_one_switcher_and_no_covered_header(browser,
                                                                          live_server):
    context = browser.new_context(viewport={"width": 320, "height": 568}, has_touch=True,
                                  is_mobile=True, locale="en-US")
    page = context.new_page()
    try:
        page.goto(live_server + "/matches/new")
        more = page.locator("details.more summary")
        # "More sides" looks like something to tap: a link's colour, a sign, 44 px or more
        assert more.evaluate("e => getComputedStyle(e).textDecorationLine") == "underline"
        assert more.evaluate("e => getComputedStyle(e, '::before').content") == '"+"'
        assert more.bounding_box()["height"] >= 44
        page.fill("#sides-0-name", "Vovó Mariazinha")
        page.fill("#sides-1-name", "Tio Joaquim Manuel")
        page.get_by_role("button", name="Start the match").tap()
        page.wait_for_url(re.compile(r"/m/[^/]+$"))
        # the names shown whole: no name box cuts its text
        for name in page.locator(".name").all():
            if name.is_visible():
                assert name.evaluate("e => e.scrollWidth <= e.clientWidth"), name.inner_text()
        # one language switcher on the page: the header's
        assert page.locator("select[name=lang]").count() == 0
        assert page.locator("details.langs").count() == 1
        # landscape: a toast (a new version, the offline pack) sits under the header
        page.set_viewport_size({"width": 844, "height": 390})
        page.evaluate("document.getElementById('update').hidden = false")
        toast = page.locator("#update").bounding_box()
        header = page.locator("header").bounding_box()
        assert not _overlap(toast, header), (toast, header)
    finally:
        context.close()
