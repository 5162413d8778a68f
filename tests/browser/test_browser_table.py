"""At the table, on a phone (390 × 844): a deal entered on one screen in a few taps, never
lost (Back, a reload, a server that stops while a deal is half typed).

Taps are counted as a scorer makes them: every tap on a button, a choice or a field to
type into; the digits themselves are not taps."""

from __future__ import annotations

import contextlib
import re
from pathlib import Path
from typing import Any

import pytest
from match_steps import Scorer, start_match
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

SCREENS = Path(__file__).resolve().parents[2] / "docs" / "screens"


class Server:
    """The app on waitress, on one port, that a test stops and starts again."""

    def __init__(self, app: Any) -> None:
        self.app, self.port, self.served = app, 0, contextlib.ExitStack()

    def start(self) -> str:
        from waitress.server import create_server

        from scorekeeper.server import running

        srv = create_server(self.app, host="127.0.0.1", port=self.port, threads=4)
        self.port = srv.effective_port
        self.served.enter_context(running(srv))
        return f"http://127.0.0.1:{self.port}"

    def stop(self) -> None:
        self.served.close()  # the loop ended, the port free again


@pytest.fixture
def server(app: Any) -> Any:
    app.config["POLL_INTERVAL_MS"] = 300
    app.config.setdefault("OFFLINE_PACK", False)  # as conftest's live_server
    srv = Server(app)
    yield srv
    srv.stop()


def answer(page: Any, out: str = "Nobody: the stock ran out",
           mortos: tuple[str, ...] = ("taken", "taken")) -> None:
    """Who went out and each side's morto: the deal form answers neither (seed 001 §07)."""
    page.locator("fieldset.end").get_by_label(out, exact=True).tap()
    for i, morto in enumerate(mortos):
        page.locator(f'input[name="sides-{i}-morto"][value="{morto}"]').tap()


def answer_rest(page: Any) -> None:
    """What a test left unanswered: nobody went out, each morto taken (the deal form
    answers neither, seed 001 §07)."""
    if not page.locator('input[name="went_out"]:checked').count():
        page.locator("fieldset.end").get_by_label("Nobody: the stock ran out", exact=True).tap()
    for i in range(page.locator("fieldset.side").count()):
        if not page.locator(f'input[name="sides-{i}-morto"]:checked').count():
            page.locator(f'input[name="sides-{i}-morto"][value="taken"]').tap()


def test_a_count_deal_in_ten_taps_and_one_page_load(phone, server):
    board = start_match(phone, server.start())
    phone.goto(board + "/deals/new")
    scorer = Scorer(phone)
    side = phone.locator("fieldset.side")
    scorer.tap(side.nth(0).get_by_label("Counts"))  # the other side follows
    scorer.seed_001_counts()
    # who went out, and the morto of the side that did not (the side that went out took
    # its own: seed 001 §06, so the page ticks it once the referee has counted)
    scorer.tap(phone.locator("fieldset.end").get_by_label("Nós", exact=True))
    expect(side.nth(0).locator('input[name$="-morto"][value="taken"]')).to_be_checked()
    scorer.tap(side.nth(1).locator('input[name$="-morto"][value="taken"]'))
    # the referee counts as the fields change: seed 001 §09, 180 + 200 + 100 - 15
    expect(phone.locator("#live-0")).to_have_text("+465")
    expect(phone.locator("#live-1")).to_have_text("+30")
    assert phone.locator("#deal-total-0").inner_text() == "465"
    # Save is on the screen without scrolling, with the totals next to it
    save = phone.get_by_role("button", name="Save the deal")
    box = save.bounding_box()
    assert box["y"] >= 0, box
    assert box["y"] + box["height"] <= 844, box
    scorer.tap(save)
    phone.wait_for_url(re.compile(r"#deal-1$"))
    assert phone.inner_text("#total-0") == "465"
    print(f"count deal: {scorer.taps} taps, {scorer.loads} page load")
    assert scorer.taps <= 10, scorer.taps
    assert scorer.loads == 1, scorer.loads
    # the next deal starts the way each side entered this one
    phone.goto(board + "/deals/new")
    expect(phone.locator("fieldset.side").nth(0)).to_have_attribute("data-mode", "counts")
    expect(phone.locator("fieldset.side").nth(1)).to_have_attribute("data-mode", "counts")


def test_back_after_save_never_resubmits_and_never_drops_a_deal(phone, server):
    board = start_match(phone, server.start())
    phone.goto(board + "/deals/new")
    phone.locator("fieldset.side").nth(0).get_by_label("Counts").tap()
    phone.fill("#sides-0-table_points", "70")
    phone.fill("#sides-1-table_points", "20")
    expect(phone.locator("#live-0")).to_have_text("+70")
    answer(phone)
    phone.get_by_role("button", name="Save the deal").tap()
    phone.wait_for_url(re.compile(r"#deal-1$"))
    phone.go_back()
    # no "Confirm Form Resubmission", no form of a deal already saved: the scoreboard
    phone.wait_for_url(board)
    expect(phone.locator("#total-0")).to_have_text("70")
    phone.get_by_role("link", name="Enter a deal").tap()
    expect(phone.locator("h1")).to_have_text("Deal 2")
    assert phone.input_value("#sides-0-table_points") == ""
    phone.locator("fieldset.side").nth(0).get_by_label("Counts").tap()
    phone.fill("#sides-0-table_points", "40")
    phone.fill("#sides-1-table_points", "90")
    expect(phone.locator("#live-1")).to_have_text("+90")
    answer(phone)
    phone.get_by_role("button", name="Save the deal").tap()
    phone.wait_for_url(re.compile(r"#deal-2$"))
    assert phone.inner_text("#total-0") == "110"
    assert phone.inner_text("#total-1") == "110"
    assert phone.locator("a.deal").count() == 2


def test_a_half_typed_deal_survives_the_server_stopping(phone, server):
    base = server.start()
    board = start_match(phone, base)
    phone.goto(board + "/deals/new")
    phone.locator("fieldset.side").nth(0).get_by_label("Cards", exact=True).tap()
    phone.fill("#sides-0-melds", "3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥")
    phone.fill("#sides-0-hand", "K♠")
    phone.locator("fieldset.side").nth(1).get_by_label("Counts").tap()
    phone.fill("#sides-1-table_points", "60")
    # seed 001 §09: 45 + 200 for the clean run, less the K♠ left in hand
    expect(phone.locator("#live-0")).to_have_text("+235")
    server.stop()
    phone.fill("#sides-1-hand_points", "30")
    phone.locator("fieldset.side").nth(1).get_by_role(
        "button", name="+ Clean canastras", exact=True).tap()
    phone.locator("fieldset.end").get_by_label("Eles", exact=True).tap()
    phone.locator('input[name="sides-0-morto"][value="taken"]').tap()
    # the page says the server is away, and keeps what is typed
    expect(phone.locator("#bar")).to_contain_text("cannot be reached")
    server.start()
    phone.reload()
    # offered back, never put back unasked
    offer = phone.locator("[data-offer]")
    expect(offer).to_contain_text("Continue the deal you were typing?")
    assert phone.input_value("#sides-1-table_points") == ""
    offer.get_by_role("button", name="Continue").tap()
    expect(offer).to_be_hidden()
    assert phone.input_value("#sides-0-melds") == "3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥"
    assert phone.input_value("#sides-0-hand") == "K♠"
    assert phone.input_value("#sides-1-table_points") == "60"
    assert phone.input_value("#sides-1-hand_points") == "30"
    assert phone.input_value("#sides-1-clean") == "1"
    expect(phone.locator("fieldset.side").nth(1)).to_have_attribute("data-mode", "counts")
    assert phone.locator("fieldset.end").get_by_label("Eles", exact=True).is_checked()
    phone.get_by_role("button", name="Save the deal").tap()
    phone.wait_for_url(re.compile(r"#deal-1$"))
    # saved: the form is not offered again
    phone.goto(board + "/deals/new")
    expect(phone.locator("h1")).to_have_text("Deal 2")
    assert phone.input_value("#sides-1-table_points") == ""
    expect(phone.locator("[data-offer]")).to_be_hidden()


def test_a_card_deal_in_thirty_five_taps(phone, server):
    """Seed 001 §09: the run 3♥–9♥ with K♠ kept in hand, and three more runs (10♣–K♣,
    4♦–8♦, J♠–A♠), built with the picker's run builder: a suit, a first and a last rank,
    each after "New meld"; the hand picked from its own keys."""
    board = start_match(phone, server.start())
    phone.goto(board + "/deals/new")
    scorer = Scorer(phone)
    picker = phone.locator('.picker[data-side="0"]')
    scorer.tap(picker.locator('[data-way="run"]'))
    for suit, first, last in (("H", "3", "9"), ("C", "10", "K"), ("D", "4", "8"),
                              ("S", "J", "A")):
        if suit != "H":
            scorer.tap(picker.locator('[data-action="new-meld"]'))
        scorer.tap(picker.locator(f'[data-suit="{suit}"]'))
        scorer.tap(picker.locator(f'[data-rank="{first}"]'))
        scorer.tap(picker.locator(f'[data-rank="{last}"]'))
    assert phone.input_value("#sides-0-melds") == (
        "3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥\n10♣ J♣ Q♣ K♣\n4♦ 5♦ 6♦ 7♦ 8♦\nJ♠ Q♠ K♠ A♠")
    # the hand from its own keys, opened by their button: no keyboard on the screen
    scorer.tap(phone.locator("#sides-0-hand ~ button.keys"))
    keys = phone.locator("#sides-0-hand-keys")
    scorer.tap(keys.locator('[data-suit="S"]'))
    scorer.tap(keys.locator('[data-rank="K"]'))
    assert phone.input_value("#sides-0-hand") == "K♠"
    second = phone.locator("fieldset.side").nth(1)
    scorer.tap(second.get_by_label("Counts", exact=True))
    scorer.type("#sides-1-table_points", "60")
    scorer.type("#sides-1-hand_points", "30")
    # nobody went out (the stock ran out), both took their morto: asked, never assumed
    scorer.tap(phone.locator("fieldset.end").get_by_label("Nobody: the stock ran out"))
    for i in (0, 1):
        scorer.tap(phone.locator("fieldset.side").nth(i).locator('input[name$="-morto"][value="taken"]'))
    # 45 + 200 for the clean canastra, 40 + 30 + 45 for the other runs, less 10 in hand
    expect(phone.locator("#live-0")).to_have_text("+350")
    expect(phone.locator("#live-1")).to_have_text("+30")
    scorer.tap(phone.get_by_role("button", name="Save the deal"))
    phone.wait_for_url(re.compile(r"#deal-1$"))
    assert phone.inner_text("#total-0") == "350"
    print(f"card deal: {scorer.taps} taps, {scorer.loads} page load")
    assert scorer.taps <= 35, scorer.taps
    assert scorer.loads == 1, scorer.loads


def test_the_set_builder_and_a_run_given_backwards(phone, server):
    phone.goto(server.start() + "/check")
    picker = phone.locator(".picker")
    picker.locator('[data-way="set"]').tap()
    picker.locator('[data-rank="7"]').tap()
    for suit in ("S", "H", "D"):
        picker.locator(f'[data-suit="{suit}"]').tap()
    picker.locator('[data-action="new-meld"]').tap()
    picker.locator('[data-way="run"]').tap()
    picker.locator('[data-suit="C"]').tap()
    picker.locator('[data-rank="K"]').tap()
    picker.locator('[data-rank="9"]').tap()
    # a single card after a built run adds to its line (the 2, its wildcard)
    picker.locator('[data-way="card"]').tap()
    picker.locator('[data-rank="2"]').tap()
    assert phone.input_value("#melds") == "7♠ 7♥ 7♦\n9♣ 10♣ J♣ Q♣ K♣ 2♣"


def test_the_readme_screens(phone, server):
    """The three phone screens the README shows, made from a real match: the scoreboard,
    a deal on one screen as the referee counts it, and the meld checker."""
    base = server.start()
    board = start_match(phone, base)
    for first, second in ((180, 60), (95, 210)):
        phone.goto(board + "/deals/new")
        phone.locator("fieldset.side").nth(0).get_by_label("Counts", exact=True).tap()
        phone.fill("#sides-0-table_points", str(first))
        phone.fill("#sides-1-table_points", str(second))
        answer(phone)
        phone.get_by_role("button", name="Save the deal").tap()
        phone.wait_for_url(re.compile(r"#deal-\d$"))
    phone.goto(board)
    SCREENS.mkdir(parents=True, exist_ok=True)
    phone.screenshot(path=str(SCREENS / "scoreboard.png"))
    phone.goto(board + "/deals/new")
    phone.locator("fieldset.side").nth(0).get_by_label("Cards", exact=True).tap()
    picker = phone.locator('.picker[data-side="0"]')
    picker.locator('[data-way="run"]').tap()
    for suit, first, last in (("H", "3", "9"), ("S", "10", "A")):
        if suit == "S":
            picker.locator('[data-action="new-meld"]').tap()
        picker.locator(f'[data-suit="{suit}"]').tap()
        picker.locator(f'[data-rank="{first}"]').tap()
        picker.locator(f'[data-rank="{last}"]').tap()
    phone.locator("fieldset.side").nth(1).get_by_label("Counts", exact=True).tap()
    phone.fill("#sides-1-table_points", "95")
    expect(phone.locator("#live-0")).to_have_text("+300")
    phone.screenshot(path=str(SCREENS / "deal.png"))
    phone.goto(base + "/check")
    phone.fill("#melds", "3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥\nQ♠ K♠ 2♣ A♠")
    expect(phone.locator(".verdicts li.ok")).to_have_count(2)
    phone.screenshot(path=str(SCREENS / "checker.png"))
    for name in ("scoreboard", "deal", "checker"):
        assert (SCREENS / f"{name}.png").stat().st_size > 10_000


def test_a_vulnerable_side_ticks_the_lines_it_opened_with(phone, server):
    """Seed 001 §05: at 1,500 or more the first melds of a deal must make 75. The opening is
    ticked among the meld lines as they are typed, kept through a reload, and counted."""
    board = start_match(phone, server.start())
    phone.goto(board + "/deals/new")
    phone.locator("fieldset.side").nth(0).get_by_label("Counts").tap()
    phone.fill("#sides-0-table_points", "900")
    phone.fill("#sides-0-clean", "4")
    phone.fill("#sides-1-table_points", "10")
    phone.locator("fieldset.end").get_by_label("Nós", exact=True).tap()
    phone.locator('input[name="sides-1-morto"][value="taken"]').tap()
    expect(phone.locator("#live-0")).to_have_text("+1,800")  # 900 + 4 × 200 + 100
    phone.get_by_role("button", name="Save the deal").tap()
    phone.wait_for_url(re.compile(r"#deal-1$"))

    phone.goto(board + "/deals/new")
    side = phone.locator("fieldset.side").nth(0)
    side.get_by_label("Cards", exact=True).tap()
    phone.fill("#sides-0-melds", "3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥\nJ♣ Q♣ K♣ A♣")
    ticks = phone.locator("#sides-0-opened input[type=checkbox]")
    expect(ticks).to_have_count(2)
    # nothing ticked yet: the page asks
    expect(phone.locator("#bar")).to_contain_text("Which melds were laid down together")
    ticks.nth(1).tap()  # J♣–A♣ alone: 45, below 75
    expect(phone.locator("#bar")).to_contain_text("75")
    ticks.nth(0).tap()  # with 3♥–9♥: 90 (and its clean canastra, 200, seed 001 §07)
    expect(phone.locator("#live-0")).to_have_text("+290")
    expect(phone.locator("#bar .problems")).to_have_count(0)
    phone.reload()
    phone.locator("[data-offer]").get_by_role("button", name="Continue").tap()
    ticks = phone.locator("#sides-0-opened input[type=checkbox]")
    expect(ticks.nth(0)).to_be_checked()
    expect(ticks.nth(1)).to_be_checked()
    # the typed opening has card keys too (for a meld that grew since): A♠, then taken back
    phone.locator("#sides-0-opening ~ button.keys").tap()
    keys = phone.locator("#sides-0-opening-keys")
    keys.locator('[data-suit="S"]').tap()
    keys.locator('[data-rank="A"]').tap()
    assert phone.input_value("#sides-0-opening") == "A♠"
    keys.locator('[data-action="back"]').tap()
    assert phone.input_value("#sides-0-opening") == ""
    answer(phone)
    phone.get_by_role("button", name="Save the deal").tap()
    phone.wait_for_url(re.compile(r"#deal-2$"))
    assert phone.inner_text("#total-0") == "2,090"
